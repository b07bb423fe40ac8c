import { z } from 'zod';

/*
 * The map provider as the browser sees it (issue 14): `GET ourea/maps/config`. Positions carry a geocoded
 * point (geoLocation in jobs); pages draw it from these tiles, or show the address as text without them.
 */

/** `GET ourea/maps/config`: where the browser takes map tiles from (public, no secrets). */
export const mapsConfig = z.object({
  configured: z.boolean().describe('false: no tile provider; pages show addresses as text'),
  tileUrl: z
    .string()
    .describe(
      'an OpenStreetMap-style template ({z}/{x}/{y}, optionally {s} and {r}); "" when not configured',
    ),
  attribution: z.string().describe('plain text shown on every map (the tiles’ licence); may be ""'),
  subdomains: z
    .array(z.string())
    .optional()
    .describe('what {s} in tileUrl stands for, one per tile in turn; absent when tileUrl has no {s}'),
});
export type MapsConfig = z.infer<typeof mapsConfig>;

/** The zoom of static maps and of the map dialog when it opens (streets and their names). */
export const MAP_ZOOM = 15;

/** The static map's height in px (career spec section 9). */
export const STATIC_MAP_HEIGHT = 220;

/** The subdomains {s} stands for when a template has it (those of OpenStreetMap's former a/b/c hosts). */
export const DEFAULT_TILE_SUBDOMAINS: readonly string[] = ['a', 'b', 'c'];
