/*
 * Web Mercator tile maths for the static map (issue 14): which OpenStreetMap-style tiles (256 px, slippy
 * map numbering) cover a box centred on a point, and where each one goes. Pure; no DOM.
 */

/** A tile's edge in px (every OpenStreetMap-compatible provider). */
export const TILE_SIZE = 256;

/** Web Mercator's limit: beyond it a latitude has no tile. */
const MAX_LATITUDE = 85.0511287798;

/** A point (WGS84 degrees). */
export type LonLat = { longitude: number; latitude: number };

/** The point's position in px on the whole world's map at `zoom` (0,0 = the north-west corner). */
export const worldPixelOf = ({ longitude, latitude }: LonLat, zoom: number) => {
  const size = TILE_SIZE * 2 ** zoom;
  const lat = Math.max(-MAX_LATITUDE, Math.min(MAX_LATITUDE, latitude));
  const sin = Math.sin((lat * Math.PI) / 180);
  return {
    x: ((longitude + 180) / 360) * size,
    y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size,
  };
};

/** The tile holding the point at `zoom`, and the point's offset in px inside it. */
export const tileOf = (point: LonLat, zoom: number) => {
  const { x, y } = worldPixelOf(point, zoom);
  const last = 2 ** zoom - 1;
  const tileX = Math.min(last, Math.floor(x / TILE_SIZE));
  const tileY = Math.min(last, Math.floor(y / TILE_SIZE));
  return { z: zoom, x: tileX, y: tileY, offsetX: x - tileX * TILE_SIZE, offsetY: y - tileY * TILE_SIZE };
};

/** One tile of a static map: its numbers and its place relative to the box's centre (the point), in px. */
export type PlacedTile = { z: number; x: number; y: number; left: number; top: number };

/**
 * The tiles covering a `width` x `height` box whose centre is the point, each placed relative to that
 * centre (left/top of the tile's corner). Columns wrap around the antimeridian; rows beyond the poles are
 * left out (the box shows its background there).
 */
export const staticTilesOf = ({
  point,
  zoom,
  width,
  height,
}: {
  point: LonLat;
  zoom: number;
  width: number;
  height: number;
}): PlacedTile[] => {
  const centre = worldPixelOf(point, zoom);
  const left = centre.x - width / 2;
  const top = centre.y - height / 2;
  const count = 2 ** zoom;
  const tiles: PlacedTile[] = [];
  for (let row = Math.floor(top / TILE_SIZE); row * TILE_SIZE < top + height; row++) {
    if (row < 0 || row >= count) continue;
    for (let column = Math.floor(left / TILE_SIZE); column * TILE_SIZE < left + width; column++) {
      tiles.push({
        z: zoom,
        x: ((column % count) + count) % count,
        y: row,
        // rounded from whole tile corners, so neighbours meet without a seam
        left: Math.round(column * TILE_SIZE - centre.x),
        top: Math.round(row * TILE_SIZE - centre.y),
      });
    }
  }
  return tiles;
};

/**
 * A tile's address from an OpenStreetMap-style template: {z} {x} {y}, {-y} (TMS rows), {s} (one of the
 * subdomains, as Leaflet picks it) and {r} (retina suffix: none, the static map asks for 256 px tiles).
 */
export const tileUrlOf = (
  template: string,
  tile: { z: number; x: number; y: number },
  subdomains: readonly string[] = [],
): string =>
  template.replace(/\{(-?y|x|z|s|r)\}/g, (_, key: string) => {
    if (key === 'z') return String(tile.z);
    if (key === 'x') return String(tile.x);
    if (key === 'y') return String(tile.y);
    if (key === '-y') return String(2 ** tile.z - 1 - tile.y);
    if (key === 's')
      return subdomains.length ? (subdomains[(tile.x + tile.y) % subdomains.length] ?? '') : '';
    return '';
  });
