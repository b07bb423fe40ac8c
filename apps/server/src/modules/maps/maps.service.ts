import type { Config } from '../../config/config';

/*
 * The map provider (issue 14, config.maps): positions' addresses are geocoded when the employer saves them,
 * through a Nominatim-compatible search endpoint (MAP_GEOCODE_URL). The browser draws tiles itself from
 * MAP_TILE_URL. Without a provider a position keeps no point and pages show the address as text.
 */

/** A WGS84 point. */
export type GeoPoint = { longitude: number; latitude: number };

/** How long a save waits for the geocoder before keeping the address without a point. */
const GEOCODE_TIMEOUT_MS = 5_000;

/**
 * The point of `address`, or null: no geocoder configured, an empty address, nothing found, or the
 * geocoder failed or was slow (a save never fails because of the map provider).
 */
export const geocodeAddress = async (
  ctx: { config: Pick<Config, 'maps'>; fetch?: typeof fetch },
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
      headers: { accept: 'application/json', 'accept-language': 'zh-CN' },
      signal: AbortSignal.timeout(GEOCODE_TIMEOUT_MS),
      redirect: 'error',
    });
    if (!res.ok) return null;
    const found = (await res.json()) as unknown;
    const first = Array.isArray(found)
      ? (found[0] as { lat?: unknown; lon?: unknown } | undefined)
      : undefined;
    const latitude = Number(first?.lat);
    const longitude = Number(first?.lon);
    if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null;
    if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null;
    return { longitude, latitude };
  } catch {
    return null;
  }
};
