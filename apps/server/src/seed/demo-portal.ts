import { deflateSync } from 'node:zlib';
import { type ConsoleScope, type ContentInput, type ContentKind, DATED_KINDS } from '@uplus/shared';
import type { Db } from '../db/client';
import { storeFileBytes } from '../modules/files/files.service';
import * as portalContent from '../modules/portal-content/portal-content.service';
import { deploymentByCode } from '../modules/site/site.service';
import type { FileStore } from '../storage';
import {
  AREA_CONTENT,
  type DemoCourseSystem,
  type DemoRow,
  PRODUCT_CONTENT,
  SCHOOL_CONTENT,
  SCHOOL_COURSE_SYSTEM,
} from './portal-content-data';

/*
 * The demo portal (issue 15): the product site's catalogue, laboratories, alliance, recruit infos and single
 * pages, the demo school site's own courses, train case, news and course system, and the demo area site's
 * news, notices, recruit infos and 薪火计划 page. Every row goes through the content console's service as
 * its site's admin would create it (created, then published; the listed kinds put in order), with covers
 * generated here as small PNGs and kept as the admin's contentImage uploads. Texts: portal-content-data.ts.
 */

const DAY = 24 * 3600_000;

/** A site's content admin (one of the seed's users). */
export type DemoAdmin = { id: number };

/** What was created, per site and kind: the ids in the data's order (tests and callers read them). */
export type DemoPortalIds = Record<'product' | 'school' | 'area', Partial<Record<ContentKind, string[]>>>;

// ---------------------------------------------------------------------------------------------
// Covers: a tiny PNG encoder (RGB, 8 bit) and a painter of gradients and soft geometric shapes.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (bytes: Buffer) => {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const pngChunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/**
 * PNG bytes of an RGB image, rows unfiltered: a cover's diagonal gradient makes each row the one above
 * shifted by a pixel, which deflate finds as long matches (smaller and faster than the per-row filters).
 */
export const encodePng = (width: number, height: number, rgb: Uint8Array): Buffer => {
  const stride = width * 3;
  const out = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const at = y * (stride + 1);
    const row = y * stride;
    out[at] = 0;
    out.set(rgb.subarray(row, row + stride), at + 1);
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 2, 0, 0, 0], 8); // 8 bit, truecolour, deflate, adaptive filters, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', ihdr),
    pngChunk('IDAT', deflateSync(out, { level: 9 })),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
};

type Rgb = readonly [number, number, number];
const hex = (value: string): Rgb => [
  Number.parseInt(value.slice(1, 3), 16),
  Number.parseInt(value.slice(3, 5), 16),
  Number.parseInt(value.slice(5, 7), 16),
];
const WHITE: Rgb = [255, 255, 255];

/** Each kind's colours (gradient from, to). Members get one hue each, by their place in the list. */
const KIND_COLOURS: Partial<Record<ContentKind, [Rgb, Rgb]>> = {
  course: [hex('#1c5fd4'), hex('#5aa9ff')],
  experiment: [hex('#0b7d6e'), hex('#3cc8b4')],
  project: [hex('#d9480f'), hex('#ffa94d')],
  case: [hex('#5f3dc4'), hex('#b197fc')],
  lab: [hex('#1e3a8a'), hex('#4dabf7')],
  news: [hex('#c92a2a'), hex('#ff8787')],
};
const MEMBER_HUES = [
  '#1c5fd4',
  '#d9480f',
  '#0b7d6e',
  '#5f3dc4',
  '#c2255c',
  '#2b8a3e',
  '#e67700',
  '#1864ab',
  '#862e9c',
  '#0c8599',
];

/** A small deterministic random source, so the same item always gets the same picture. */
const random = (seed: number) => {
  let s = (seed * 2654435761) >>> 0 || 1;
  return () => {
    s ^= s << 13;
    s ^= s >>> 17;
    s ^= s << 5;
    return ((s >>> 0) % 10_000) / 10_000;
  };
};

class Canvas {
  readonly px: Uint8Array;
  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.px = new Uint8Array(width * height * 3);
  }
  /** a diagonal gradient from the top left to the bottom right */
  gradient(from: Rgb, to: Rgb) {
    const span = this.width + this.height;
    for (let y = 0; y < this.height; y++)
      for (let x = 0; x < this.width; x++) {
        const t = (x + y) / span;
        const i = (y * this.width + x) * 3;
        for (let k = 0; k < 3; k++) this.px[i + k] = Math.round(from[k]! + (to[k]! - from[k]!) * t);
      }
  }
  private blend(x: number, y: number, colour: Rgb, alpha: number) {
    if (alpha <= 0 || x < 0 || y < 0 || x >= this.width || y >= this.height) return;
    const i = (y * this.width + x) * 3;
    for (let k = 0; k < 3; k++)
      this.px[i + k] = Math.round(this.px[i + k]! * (1 - alpha) + colour[k]! * alpha);
  }
  /** a filled circle (ring: only a band `ring` wide), edges smoothed */
  circle(cx: number, cy: number, r: number, colour: Rgb, alpha: number, ring = 0) {
    for (let y = Math.floor(cy - r - 1); y <= Math.ceil(cy + r + 1); y++)
      for (let x = Math.floor(cx - r - 1); x <= Math.ceil(cx + r + 1); x++) {
        const dx = x + 0.5 - cx;
        const dy = y + 0.5 - cy;
        const d = Math.sqrt(dx * dx + dy * dy);
        let cover = Math.min(1, Math.max(0, r - d + 0.5));
        if (ring > 0) cover = Math.min(cover, Math.min(1, Math.max(0, d - (r - ring) + 0.5)));
        this.blend(x, y, colour, alpha * cover);
      }
  }
  /** a rectangle with rounded corners */
  roundRect(x0: number, y0: number, w: number, h: number, radius: number, colour: Rgb, alpha: number) {
    for (let y = Math.floor(y0); y < Math.ceil(y0 + h); y++)
      for (let x = Math.floor(x0); x < Math.ceil(x0 + w); x++) {
        const dx = Math.max(x0 + radius - (x + 0.5), 0, x + 0.5 - (x0 + w - radius));
        const dy = Math.max(y0 + radius - (y + 0.5), 0, y + 0.5 - (y0 + h - radius));
        const d = Math.sqrt(dx * dx + dy * dy);
        this.blend(x, y, colour, alpha * Math.min(1, Math.max(0, radius - d + 0.5)));
      }
  }
  /** a filled polygon (even-odd, sampled at pixel centres) */
  polygon(points: readonly (readonly [number, number])[], colour: Rgb, alpha: number) {
    const ys = points.map((p) => p[1]);
    for (let y = Math.floor(Math.min(...ys)); y <= Math.ceil(Math.max(...ys)); y++) {
      const cy = y + 0.5;
      const xs: number[] = [];
      for (let i = 0; i < points.length; i++) {
        const [ax, ay] = points[i]!;
        const [bx, by] = points[(i + 1) % points.length]!;
        if ((ay <= cy && by > cy) || (by <= cy && ay > cy)) xs.push(ax + ((cy - ay) / (by - ay)) * (bx - ax));
      }
      xs.sort((a, b) => a - b);
      for (let k = 0; k + 1 < xs.length; k += 2)
        for (let x = Math.round(xs[k]!); x < Math.round(xs[k + 1]!); x++) this.blend(x, y, colour, alpha);
    }
  }
  png() {
    return encodePng(this.width, this.height, this.px);
  }
}

/** The glyph in each kind's round badge (a play button on courses, a terminal on experiments …). */
const BADGE_GLYPHS: Partial<Record<ContentKind, 'play' | 'square' | 'diamond' | 'dot' | 'hexagon' | 'bars'>> =
  {
    course: 'play',
    experiment: 'square',
    project: 'diamond',
    case: 'dot',
    lab: 'hexagon',
    news: 'bars',
  };

/** A 16:9 cover (640 x 360) in the kind's colours: soft circles, a dotted grid, a card and a badge; no text. */
export const coverPng = (kind: ContentKind, seed: number): Buffer => {
  const [from, to] = KIND_COLOURS[kind] ?? KIND_COLOURS.course!;
  const rnd = random(seed + 7);
  const S = 4 / 3; // drawn on a 480 x 270 grid
  const c = new Canvas(640, 360);
  c.gradient(from, to);
  c.circle((360 + rnd() * 80) * S, (40 + rnd() * 60) * S, (120 + rnd() * 50) * S, WHITE, 0.12);
  c.circle((40 + rnd() * 100) * S, (250 + rnd() * 30) * S, (70 + rnd() * 40) * S, WHITE, 0.1);
  for (let gx = 0; gx < 6; gx++)
    for (let gy = 0; gy < 4; gy++) c.circle((36 + gx * 16) * S, (34 + gy * 16) * S, 2.2 * S, WHITE, 0.45);
  // a card with a few bars (a page, a chart or a board, by the seed)
  const x0 = (120 + rnd() * 40) * S;
  const y0 = 70 * S;
  c.roundRect(x0, y0, 170 * S, 120 * S, 12 * S, WHITE, 0.9);
  c.roundRect(x0 + 16 * S, y0 + 16 * S, 70 * S, 10 * S, 5 * S, from, 0.85);
  const style = seed % 3;
  if (style === 0) {
    for (let i = 0; i < 4; i++)
      c.roundRect(x0 + 16 * S, y0 + (38 + i * 18) * S, (90 + rnd() * 48) * S, 7 * S, 3.5 * S, from, 0.28);
  } else if (style === 1) {
    for (let i = 0; i < 5; i++) {
      const h = (20 + rnd() * 50) * S;
      c.roundRect(x0 + (20 + i * 28) * S, y0 + 106 * S - h, 16 * S, h, 4 * S, i % 2 ? to : from, 0.75);
    }
  } else {
    for (let i = 0; i < 3; i++)
      for (let j = 0; j < 2; j++)
        c.roundRect(
          x0 + (16 + i * 50) * S,
          y0 + (38 + j * 38) * S,
          40 * S,
          30 * S,
          6 * S,
          from,
          0.18 + 0.2 * ((i + j) % 2),
        );
  }
  // the kind's badge, right of the card
  const bx = (370 + rnd() * 40) * S;
  const by = (175 + rnd() * 30) * S;
  const r = 40 * S;
  c.circle(bx, by, r, WHITE, 0.22);
  c.circle(bx, by, r, WHITE, 0.85, 4 * S);
  const g = 16 * S;
  const glyph = BADGE_GLYPHS[kind] ?? 'dot';
  if (glyph === 'play')
    c.polygon(
      [
        [bx - g * 0.7, by - g],
        [bx + g, by],
        [bx - g * 0.7, by + g],
      ],
      WHITE,
      0.95,
    );
  else if (glyph === 'square') c.roundRect(bx - g, by - g * 0.8, g * 2, g * 1.6, 4 * S, WHITE, 0.95);
  else if (glyph === 'diamond')
    c.polygon(
      [
        [bx, by - g * 1.1],
        [bx + g * 1.1, by],
        [bx, by + g * 1.1],
        [bx - g * 1.1, by],
      ],
      WHITE,
      0.95,
    );
  else if (glyph === 'hexagon')
    c.polygon(
      Array.from(
        { length: 6 },
        (_, i) => [bx + g * Math.cos((Math.PI / 3) * i), by + g * Math.sin((Math.PI / 3) * i)] as const,
      ),
      WHITE,
      0.95,
    );
  else if (glyph === 'bars')
    for (let i = 0; i < 3; i++)
      c.roundRect(bx - g, by - g * 0.8 + i * g * 0.65, g * 2 - i * g * 0.4, g * 0.35, 2 * S, WHITE, 0.95);
  else c.circle(bx, by, g * 0.75, WHITE, 0.95);
  return c.png();
};

/** A square logo for an alliance member: a light badge with an emblem in one hue (by its place). */
export const logoPng = (seed: number): Buffer => {
  const hue = hex(MEMBER_HUES[seed % MEMBER_HUES.length]!);
  const light: Rgb = [
    hue[0] + (255 - hue[0]) * 0.9,
    hue[1] + (255 - hue[1]) * 0.9,
    hue[2] + (255 - hue[2]) * 0.9,
  ];
  const c = new Canvas(200, 200);
  c.gradient(light, WHITE);
  c.circle(100, 100, 70, hue, 1, 10);
  const shape = seed % 4;
  if (shape === 0) c.circle(100, 100, 34, hue, 0.9);
  else if (shape === 1)
    c.polygon(
      [
        [100, 58],
        [142, 130],
        [58, 130],
      ],
      hue,
      0.9,
    );
  else if (shape === 2) c.roundRect(68, 68, 64, 64, 10, hue, 0.9);
  else
    c.polygon(
      [
        [100, 56],
        [144, 100],
        [100, 144],
        [56, 100],
      ],
      hue,
      0.9,
    );
  c.circle(100, 100, 14, WHITE, 0.95);
  return c.png();
};

// ---------------------------------------------------------------------------------------------

const yyyyMmDd = (time: number) => new Date(time).toISOString().slice(0, 10);

/** One site's author: creates, publishes and orders rows as its admin. */
const siteAuthor = async (opts: {
  db: Db;
  storage: FileStore;
  now: Date;
  code: string;
  admin: DemoAdmin;
}) => {
  const { db, storage, now, admin } = opts;
  const deployment = await deploymentByCode({ db, code: opts.code });
  if (!deployment) throw new Error(`demo portal: no deployment ${opts.code}`);
  const scope: ConsoleScope = {
    ownerCode: deployment.code,
    siteName: deployment.name,
    siteType: deployment.type as ConsoleScope['siteType'],
  };
  const actor = { userId: admin.id };
  let images = 0;

  const storeImage = async (bytes: Buffer, name: string) =>
    storeFileBytes(
      { db, storage, now: () => now },
      { ownerId: admin.id, purpose: 'contentImage', name, bytes },
    );

  /** Creates and publishes one row; dated kinds are published `daysAgo` days before now. */
  const add = async <K extends ContentKind>(kind: K, row: DemoRow<K>, index: number) => {
    let coverFileId: string | null = null;
    if (row.cover) {
      images += 1;
      const bytes = kind === 'member' ? logoPng(index) : coverPng(kind, index + scope.ownerCode.length * 13);
      coverFileId = String((await storeImage(bytes, `${kind}-${index + 1}.png`)).id);
    }
    const attrs: Record<string, unknown> = { ...row.attrs };
    if (row.deadlineInDays !== undefined) attrs.deadline = yyyyMmDd(now.getTime() + row.deadlineInDays * DAY);
    // Dated rows a few hours apart within their day, so the order is the data's even on the same day.
    const at = new Date(
      now.getTime() - (row.daysAgo ?? 0) * DAY - (DATED_KINDS.includes(kind) ? index * 3600_000 : 0),
    );
    const input: ContentInput = {
      kind,
      slug: row.slug ?? null,
      title: row.title,
      summary: row.summary,
      coverFileId,
      body: row.body,
      attrs,
      tags: row.tags ?? [],
    };
    const created = await portalContent.createContent({ db, scope, actor, input, now: at });
    await portalContent.publishContent({ db, scope, id: created.id, now: at });
    return created.id;
  };

  /** Adds a kind's rows in the data's order and, for the kinds shown by their order, fixes that order. */
  const addAll = async <K extends ContentKind>(kind: K, rows: readonly DemoRow<K>[]) => {
    const ids: string[] = [];
    for (const [index, row] of rows.entries()) ids.push(await add(kind, row, index));
    if (ids.length > 0 && !DATED_KINDS.includes(kind) && kind !== 'page')
      await portalContent.orderContents({ db, scope, kind, ids });
    return ids;
  };

  return { scope, addAll, images: () => images };
};

/** The course system row of a school: course titles turned into the ids of the rows created. */
const courseSystemRow = (
  system: DemoCourseSystem,
  courseIds: Map<string, string>,
): DemoRow<'courseSystem'> => ({
  title: system.title,
  summary: system.summary,
  body: '',
  attrs: {
    columns: system.columns,
    rows: system.rows.map((row) => ({
      title: row.title,
      cells: row.cells.map((cell) =>
        cell.map((title) => {
          const id = courseIds.get(title);
          if (!id) throw new Error(`demo portal: course system names an unknown course ${title}`);
          return id;
        }),
      ),
    })),
  },
});

/**
 * Seeds the three demo sites' content through the console's service. `admins`: the content admin of the
 * product site (platform01), the school site (admin01) and the area site (areaadmin01).
 */
export const seedDemoPortal = async (opts: {
  db: Db;
  storage: FileStore;
  now: Date;
  admins: { platform: DemoAdmin; school: DemoAdmin; area: DemoAdmin };
}): Promise<DemoPortalIds & { images: number }> => {
  const { db, storage, now } = opts;
  const ids: DemoPortalIds = { product: {}, school: {}, area: {} };

  const product = await siteAuthor({ db, storage, now, code: 'uplus', admin: opts.admins.platform });
  for (const [kind, rows] of Object.entries(PRODUCT_CONTENT) as [ContentKind, DemoRow[]][])
    ids.product[kind] = await product.addAll(kind, rows);

  const school = await siteAuthor({ db, storage, now, code: 'UPLUS-C001', admin: opts.admins.school });
  for (const [kind, rows] of Object.entries(SCHOOL_CONTENT) as [ContentKind, DemoRow[]][])
    ids.school[kind] = await school.addAll(kind, rows);
  const courseIds = new Map<string, string>();
  for (const [site, data] of [
    [ids.product, PRODUCT_CONTENT],
    [ids.school, SCHOOL_CONTENT],
  ] as const)
    for (const [i, course] of data.course.entries()) courseIds.set(course.title, site.course![i]!);
  ids.school.courseSystem = await school.addAll('courseSystem', [
    courseSystemRow(SCHOOL_COURSE_SYSTEM, courseIds),
  ]);

  const area = await siteAuthor({ db, storage, now, code: 'Area-demo', admin: opts.admins.area });
  for (const [kind, rows] of Object.entries(AREA_CONTENT) as [ContentKind, DemoRow[]][])
    ids.area[kind] = await area.addAll(kind, rows);

  return { ...ids, images: product.images() + school.images() + area.images() };
};
