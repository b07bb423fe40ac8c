import { type Config, mediaOriginsOf } from '../config/config';
import { tileSourceOf } from '../modules/maps/maps.service';
import type { App } from './context';

/*
 * Content-Security-Policy and frame protection of every HTML page the server sends that sets none of its
 * own: the web app's index.html (every page route, `/`, /authorize which receives the ticket), the
 * "not built" note, and error pages. The identity provider's pages keep their nonce policy; the API
 * documentation (/api/docs) gets DOCS_CSP from its plugin.
 *
 * - script-src 'self': the build has no inline script (Vite emits module files only), and the app runs no
 *   eval (zod's JIT is switched off in main.tsx).
 * - style-src 'self' 'unsafe-inline': antd's CSS-in-JS adds <style> elements at runtime. A nonce
 *   (ConfigProvider csp) would cover antd's own, but not those rc-component adds without one (the scroll
 *   lock of every modal and drawer, the scrollbar measurement), so those dialogs would break; and a nonce
 *   would make index.html differ per response (no pre-compressed copy). Styles cannot run script.
 * - img-src also any host: logos, tab icons and avatars come from deployment settings and user profiles
 *   (object storage, a school's own site). The map tile provider (MAP_TILE_URL) is named besides, so that
 *   maps keep working if `*` is ever narrowed to a list.
 * - connect-src 'self': the API and its event streams are on this origin (service bases are paths); plus
 *   the origins videos and HLS streams come from (hls.js fetches playlists and segments) and the live chat.
 * - media-src 'self' blob:: uploaded videos are served here (local disk) and hls.js plays through a blob:
 *   MediaSource; plus the S3 store, the live provider's play origin and MEDIA_ORIGINS (mediaOriginsOf).
 * - frame-ancestors 'none' (and X-Frame-Options DENY for older browsers): no site may frame the app, so
 *   no click-jacking of the sign-in, the organisation switch or the admin certificate; only the hidden
 *   session-sync page may be framed, by this origin alone.
 */
const webAppCsp = (frameAncestors: string, origins: PageOrigins = NO_ORIGINS) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "script-src-attr 'none'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob: *", ...origins.image].join(' '),
    "font-src 'self' data:",
    ["connect-src 'self'", ...origins.connect].join(' '),
    ["media-src 'self' blob:", ...origins.media].join(' '),
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');

type PageOrigins = { media: string[]; connect: string[]; image: string[] };
const NO_ORIGINS: PageOrigins = { media: [], connect: [], image: [] };

/** The policy of a deployment without other media origins (no S3, no live provider, no MEDIA_ORIGINS). */
export const WEB_APP_CSP = webAppCsp("'none'");

/**
 * Pages this site frames itself, which only this origin may frame: the identity provider's page shown
 * after a sign-in loads /quc-sync hidden so that the ticket reaches the other open tabs.
 */
export const FRAMED_BY_THIS_SITE: ReadonlySet<string> = new Set(['/quc-sync']);
export const SELF_FRAMED_CSP = webAppCsp("'self'");

/** Swagger UI (/api/docs): its own files only; it styles through inline style attributes. */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

const isHtml = (type: unknown) => typeof type === 'string' && type.toLowerCase().startsWith('text/html');

/** Adds the web app's policy and frame protection to every HTML answer that brings no policy itself. */
export const registerSecurityHeaders = (
  app: App,
  config: Pick<Config, 'storage' | 'live' | 'mediaOrigins' | 'maps'>,
) => {
  const tiles = tileSourceOf(config.maps.tileUrl);
  const origins = { ...mediaOriginsOf(config), image: tiles ? [tiles] : [] };
  const page = webAppCsp("'none'", origins);
  const framedPage = webAppCsp("'self'", origins);
  app.addHook('onSend', async (request, reply) => {
    if (!isHtml(reply.getHeader('content-type'))) return;
    const framed = FRAMED_BY_THIS_SITE.has(request.url.split('?')[0] ?? '');
    if (!reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', framed ? framedPage : page);
    if (!reply.hasHeader('x-frame-options')) reply.header('x-frame-options', framed ? 'SAMEORIGIN' : 'DENY');
  });
};
