import { crc32, deflateSync } from 'node:zlib';

/*
 * A red round official seal drawn in code (issue 12): the demo company's seal and the tests' seal file. Two
 * rings and a five-pointed star on a transparent background, encoded as an RGBA PNG by a minimal encoder
 * (signature, IHDR, one IDAT of unfiltered rows through zlib, IEND). Edges are anti-aliased by 4x4
 * supersampling, so it looks like a stamp when it overlaps the company name on a certificate.
 */

const SEAL_RED = [200, 22, 29] as const;

const chunk = (type: string, data: Buffer) => {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
};

/** An RGBA image (`pixels` row by row, 4 bytes each) as PNG bytes. */
export const encodePng = (width: number, height: number, pixels: Uint8Array): Buffer => {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const rows = Buffer.alloc((width * 4 + 1) * height);
  for (let y = 0; y < height; y++) {
    // filter byte 0 (none), then the row
    rows.set(pixels.subarray(y * width * 4, (y + 1) * width * 4), y * (width * 4 + 1) + 1);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

/** Whether (x, y) is inside the five-pointed star centred at (cx, cy) with outer radius r (point up). */
const inStar = (x: number, y: number, cx: number, cy: number, r: number) => {
  const inner = r * 0.382;
  const points: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const angle = -Math.PI / 2 + (i * Math.PI) / 5;
    const radius = i % 2 === 0 ? r : inner;
    points.push([cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]);
  }
  // even-odd ray casting over the star's outline
  let inside = false;
  for (let i = 0, j = points.length - 1; i < points.length; j = i++) {
    const [xi, yi] = points[i] as [number, number];
    const [xj, yj] = points[j] as [number, number];
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
};

/** The seal as PNG bytes, `size` pixels square. */
export const drawSealPng = (size = 320): Buffer => {
  const pixels = new Uint8Array(size * size * 4);
  const c = size / 2;
  const outer = size * 0.48;
  const ring = size * 0.045;
  const innerRing = size * 0.36;
  const thin = size * 0.012;
  const star = size * 0.2;
  const samples = 4;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      let hits = 0;
      for (let sy = 0; sy < samples; sy++) {
        for (let sx = 0; sx < samples; sx++) {
          const px = x + (sx + 0.5) / samples;
          const py = y + (sy + 0.5) / samples;
          const d = Math.hypot(px - c, py - c);
          if (
            (d <= outer && d >= outer - ring) ||
            (d <= innerRing && d >= innerRing - thin) ||
            inStar(px, py, c, c, star)
          )
            hits++;
        }
      }
      if (!hits) continue;
      const at = (y * size + x) * 4;
      pixels[at] = SEAL_RED[0];
      pixels[at + 1] = SEAL_RED[1];
      pixels[at + 2] = SEAL_RED[2];
      pixels[at + 3] = Math.round((255 * hits) / (samples * samples));
    }
  }
  return encodePng(size, size, pixels);
};

/** Width and height from a PNG's IHDR (the first chunk); null when the bytes are no PNG. */
export const pngSize = (bytes: Buffer): { width: number; height: number } | null => {
  if (bytes.length < 24 || bytes.toString('ascii', 12, 16) !== 'IHDR') return null;
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
};
