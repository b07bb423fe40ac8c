import { DEFAULT_TILE_SUBDOMAINS, type MapsConfig } from '@uplus/shared';
import type { Config } from '../../config/config';

/*
 * The map provider (issue 14, config.maps): positions' addresses are geocoded when the employer saves them,
 * through a Nominatim-compatible search endpoint (MAP_GEOCODE_URL). The browser draws tiles itself from
 * MAP_TILE_URL (GET ourea/maps/config). Without a provider a position keeps no point and pages show the
 * address as text.
 */

/** A WGS84 point. */
export type GeoPoint = { longitude: number; latitude: number };

/** How long a save waits for the geocoder before keeping the address without a point. */
export const GEOCODE_TIMEOUT_MS = 5_000;

/**
 * Nominatim's usage policy asks for a User-Agent naming the application (a library's stock one may be
 * blocked); a commercial provider ignores it.
 */
const USER_AGENT = 'Uplus/0.1 (job address geocoding)';

/**
 * The point of `address`, or null: no geocoder configured, an empty address, nothing found, or the
 * geocoder failed or was slow (a save never fails because of the map provider).
 */
export const geocodeAddress = async (
  ctx: { config: Pick<Config, 'maps'>; fetch?: typeof fetch; timeoutMs?: number },
  address: string,
): Promise<GeoPoint | null> => {
  const endpoint = ctx.config.maps.geocodeUrl;
  const query = address.trim();
  if (!endpoint || !query) return null;
  const url = new URL(endpoint);
  url.searchParams.set('q', query);
  url.searchParams.set('format', 'jsonv2');
  url.searchParams.set('limit', '1');
  try {
    const res = await (ctx.fetch ?? fetch)(url, {
      headers: { accept: 'application/json', 'accept-language': 'zh-CN', 'user-agent': USER_AGENT },
      // covers the body too: a geocoder that sends its headers and then stalls is cut off as well
      signal: AbortSignal.timeout(ctx.timeoutMs ?? GEOCODE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) return null;
    const found = (await res.json()) as unknown;
    const first = Array.isArray(found)
      ? (found[0] as { lat?: unknown; lon?: unknown } | undefined)
      : undefined;
    // Nominatim sends the numbers as strings; an empty string or null is no number (Number would say 0)
    const numberOf = (value: unknown) =>
      (typeof value === 'string' && value.trim() !== '') || typeof value === 'number' ? Number(value) : NaN;
    const latitude = numberOf(first?.lat);
    const longitude = numberOf(first?.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { longitude, latitude };
  } catch {
    return null;
  }
};

/** What the browser needs to draw maps (`GET ourea/maps/config`); nothing when no tile provider is set. */
export const mapsConfigOf = ({ config }: { config: Pick<Config, 'maps'> }): MapsConfig => {
  const { tileUrl, attribution } = config.maps;
  if (!tileUrl) return { configured: false, tileUrl: '', attribution: '' };
  return {
    configured: true,
    tileUrl,
    attribution: attribution ?? '',
    ...(tileUrl.includes('{s}') ? { subdomains: [...DEFAULT_TILE_SUBDOMAINS] } : {}),
  };
};

/**
 * The Content-Security-Policy source that covers every tile of `tileUrl`: its origin, with the host labels
 * up to one holding a placeholder ({s}) as the wildcard (`https://{s}.tile.example.org/...` ->
 * `https://*.tile.example.org`, which CSP matches for any subdomain). Null without a usable template.
 */
export const tileSourceOf = (tileUrl: string | undefined): string | null => {
  if (!tileUrl) return null;
  let url: URL;
  try {
    url = new URL(tileUrl);
  } catch {
    return null;
  }
  if (!['http:', 'https:'].includes(url.protocol)) return null;
  const port = url.port ? `:${url.port}` : '';
  const labels = url.hostname.split('.');
  const lastTemplated = labels.findLastIndex((label) => label.includes('{'));
  if (lastTemplated < 0) return url.origin;
  const rest = labels.slice(lastTemplated + 1);
  // a placeholder in the last two labels (a whole registrable domain) would need a source for every site
  if (rest.length < 2) return null;
  return `${url.protocol}//*.${rest.join('.')}${port}`;
};
