import { describe, expect, it } from 'vitest';
import { staticTilesOf, TILE_SIZE, tileOf, tileUrlOf, worldPixelOf } from './tiles';

// Expected numbers from OpenStreetMap's own formula (wiki "Slippy map tilenames": asinh(tan(lat))),
// computed apart from the code under test.
describe('tile maths', () => {
  it('finds the tile and the offset inside it of a point', () => {
    const tiananmen = tileOf({ longitude: 116.3975, latitude: 39.9087 }, 15);
    expect(tiananmen).toMatchObject({ z: 15, x: 26978, y: 12416 });
    expect(tiananmen.offsetX).toBeCloseTo(194.332, 2);
    expect(tiananmen.offsetY).toBeCloseTo(31.479, 2);

    // the wiki's example: the Brandenburg Gate at zoom 17
    expect(tileOf({ longitude: 13.377704, latitude: 52.516275 }, 17)).toMatchObject({ x: 70406, y: 42987 });
    // southern and eastern hemispheres
    const sydney = tileOf({ longitude: 151.2093, latitude: -33.8688 }, 15);
    expect(sydney).toMatchObject({ x: 30147, y: 19663 });
    expect(sydney.offsetX).toBeCloseTo(104.066, 2);
    expect(sydney.offsetY).toBeCloseTo(210.661, 2);
  });

  it('puts the equator and the prime meridian in the middle of the world, and clamps the poles', () => {
    expect(worldPixelOf({ longitude: 0, latitude: 0 }, 0)).toEqual({ x: 128, y: 128 });
    expect(worldPixelOf({ longitude: 0, latitude: 90 }, 0).y).toBeCloseTo(0, 6);
    expect(worldPixelOf({ longitude: 0, latitude: -90 }, 0).y).toBeCloseTo(TILE_SIZE, 6);
    // the east edge belongs to the last tile, not to a tile past it
    expect(tileOf({ longitude: 180, latitude: -90 }, 2)).toMatchObject({ x: 3, y: 3 });
  });

  it('covers a box centred on the point with tiles that meet without gaps', () => {
    const point = { longitude: 116.3975, latitude: 39.9087 };
    const tiles = staticTilesOf({ point, zoom: 15, width: 600, height: 220 });
    const { x, y, offsetX, offsetY } = tileOf(point, 15);
    // the point's own tile sits so that the point is at the centre (0,0)
    const own = tiles.find((t) => t.x === x && t.y === y);
    expect(own).toEqual({ z: 15, x, y, left: Math.round(-offsetX), top: Math.round(-offsetY) });
    // 300 px either side of 194 px into a tile (-106..494): 3 columns; 110 px either side of 31 px: 2 rows
    expect(new Set(tiles.map((t) => t.x))).toEqual(new Set([x - 1, x, x + 1]));
    expect(new Set(tiles.map((t) => t.y))).toEqual(new Set([y - 1, y]));
    expect(tiles).toHaveLength(6);
    for (const t of tiles) {
      expect(t.left - (own?.left ?? 0)).toBe((t.x - x) * TILE_SIZE);
      expect(t.top - (own?.top ?? 0)).toBe((t.y - y) * TILE_SIZE);
      // every tile touches the box (-300..300, -110..110)
      expect(t.left).toBeLessThan(300);
      expect(t.left + TILE_SIZE).toBeGreaterThan(-300);
      expect(t.top).toBeLessThan(110);
      expect(t.top + TILE_SIZE).toBeGreaterThan(-110);
    }
  });

  it('wraps columns around the antimeridian and leaves out rows beyond the poles', () => {
    const tiles = staticTilesOf({
      point: { longitude: -179.99, latitude: 85 },
      zoom: 2,
      width: 400,
      height: 400,
    });
    expect(new Set(tiles.map((t) => t.x))).toEqual(new Set([3, 0]));
    expect(tiles.every((t) => t.y >= 0 && t.y < 4)).toBe(true);
    expect(tiles.find((t) => t.x === 3)?.left).toBe(-256);
  });
});

describe('tileUrlOf', () => {
  it('fills an OpenStreetMap-style template', () => {
    const tile = { z: 15, x: 26978, y: 12416 };
    expect(tileUrlOf('https://tile.openstreetmap.org/{z}/{x}/{y}.png', tile)).toBe(
      'https://tile.openstreetmap.org/15/26978/12416.png',
    );
    expect(tileUrlOf('https://{s}.tile.example.org/{z}/{x}/{y}{r}.png', tile, ['a', 'b', 'c'])).toBe(
      'https://b.tile.example.org/15/26978/12416.png',
    );
    expect(tileUrlOf('https://{s}.t.example/{z}/{x}/{y}', { z: 1, x: 1, y: 0 }, ['a', 'b', 'c'])).toBe(
      'https://b.t.example/1/1/0',
    );
    // TMS rows count from the south
    expect(tileUrlOf('/tms/{z}/{x}/{-y}.png', { z: 2, x: 1, y: 0 })).toBe('/tms/2/1/3.png');
    // a query string's own braces that are no placeholder stay
    expect(tileUrlOf('/t/{z}/{x}/{y}?key={key}', { z: 1, x: 0, y: 1 })).toBe('/t/1/0/1?key={key}');
  });
});
