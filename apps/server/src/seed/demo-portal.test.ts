import {
  type ContentDetail,
  type ContentPage,
  type CourseSystemMatrix,
  courseAttrs,
  LAB_KEYS,
  type LabPage,
  PAGE_SLUG_KEYS,
  recruitAttrs,
} from '@uplus/shared';
import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, portalContents, users } from '../db/schema';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { coverPng, encodePng, logoPng } from './demo-portal';
import { seedIfNeeded } from './index';
import { AREA_CONTENT, PRODUCT_CONTENT, SCHOOL_CONTENT } from './portal-content-data';

const PORTAL = '/api/portal';
const SCHOOL_HOST = 'school.localhost';
const AREA_HOST = 'area.localhost';

describe('demo portal covers', () => {
  it('are PNGs of at most 40 kB: a 16:9 cover for each kind and a square logo', () => {
    for (const kind of ['course', 'experiment', 'project', 'case', 'lab', 'news'] as const)
      for (let seed = 0; seed < 4; seed++) {
        const png = coverPng(kind, seed);
        expect(png.subarray(1, 4).toString('ascii')).toBe('PNG');
        expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([640, 360]);
        expect(png.length).toBeLessThanOrEqual(40 * 1024);
      }
    const logo = logoPng(3);
    expect([logo.readUInt32BE(16), logo.readUInt32BE(20)]).toEqual([200, 200]);
    expect(logo.length).toBeLessThanOrEqual(40 * 1024);
    // different items get different pictures
    expect(coverPng('course', 1).equals(coverPng('course', 2))).toBe(false);
  });

  it('encodes a valid PNG (signature, IHDR of the size, IEND last)', () => {
    const png = encodePng(2, 1, Uint8Array.from([255, 0, 0, 0, 0, 255]));
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(png.subarray(12, 16).toString('ascii')).toBe('IHDR');
    expect(png.subarray(png.length - 8, png.length - 4).toString('ascii')).toBe('IEND');
  });
});

describe.each(testDrivers())('the demo portal on %s', (driver) => {
  const t = useTestApp(driver);
  const get = (url: string, host = 'localhost') => t.app.inject({ method: 'GET', url, headers: { host } });
  type Row = typeof portalContents.$inferSelect;
  let rows: Row[] = [];
  let adminIds: Record<string, number> = {};

  beforeAll(async () => {
    const storage = createFileStore(testConfig().storage);
    expect(await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage })).toEqual({
      demoSeeded: true,
    });
    rows = await t.db.select().from(portalContents);
    const admins = await t.db
      .select({ id: users.id, username: users.username })
      .from(users)
      .where(inArray(users.username, ['platform01', 'admin01', 'areaadmin01']));
    adminIds = Object.fromEntries(admins.map((a) => [a.username, a.id]));
  });
  const of = (owner: string, kind?: string) =>
    rows.filter((r) => r.ownerCode === owner && (kind === undefined || r.kind === kind));

  it('creates every site’s rows on an empty database, all published, each by its site’s admin', () => {
    const counts = (owner: string) => {
      const out: Record<string, number> = {};
      for (const r of of(owner)) out[r.kind] = (out[r.kind] ?? 0) + 1;
      return out;
    };
    expect(counts('uplus')).toEqual({
      course: 8,
      experiment: 6,
      project: 5,
      case: 4,
      lab: 9,
      news: 6,
      notice: 5,
      member: 10,
      recruit: 6,
      page: 16,
    });
    expect(counts('UPLUS-C001')).toEqual({ course: 3, project: 1, news: 2, notice: 1, courseSystem: 1 });
    expect(counts('Area-demo')).toEqual({ news: 2, notice: 1, recruit: 2, page: 1 });
    for (const r of rows) {
      expect(r.status, r.title).toBe('Published');
      expect(r.publishedAt, r.title).not.toBeNull();
      expect(r.title).toMatch(/[\u4e00-\u9fa5]/);
    }
    const admin: Record<string, string> = {
      uplus: 'platform01',
      'UPLUS-C001': 'admin01',
      'Area-demo': 'areaadmin01',
    };
    for (const r of rows) expect(r.createdBy, r.title).toBe(adminIds[admin[r.ownerCode]!]);
  });

  it('the bodies are inside what the console keeps: stored as written, nothing dropped by the sanitizer', () => {
    const written = new Map<string, string>();
    for (const data of [PRODUCT_CONTENT, SCHOOL_CONTENT, AREA_CONTENT])
      for (const row of Object.values(data).flat() as { title: string; body: string }[])
        written.set(row.title, row.body);
    const changed = rows.filter((r) => written.has(r.title) && written.get(r.title) !== r.body);
    expect(changed.map((r) => r.title)).toEqual([]);
  });

  it('the product site has a page for every PAGE_SLUGS key and a lab for every platform, with 3 solutions', () => {
    expect(
      of('uplus', 'page')
        .map((r) => r.slug)
        .sort(),
    ).toEqual([...PAGE_SLUG_KEYS].sort());
    expect(
      of('uplus', 'lab')
        .map((r) => r.slug)
        .sort(),
    ).toEqual([...LAB_KEYS].sort());
    for (const lab of of('uplus', 'lab')) {
      expect((lab.attrs as { solutions: unknown[] }).solutions).toHaveLength(3);
      expect(lab.body.length).toBeGreaterThan(50);
    }
    for (const page of of('uplus', 'page')) expect(page.body).toMatch(/<h2>/);
    expect(of('uplus', 'page').find((p) => p.slug === 'version')?.body).toMatch(/<table>/);
    // every lab has something tagged to it
    const tagged = new Set(rows.flatMap((r) => r.tags));
    for (const key of LAB_KEYS) expect(tagged.has(key), key).toBe(true);
  });

  it('courses have 3-5 chapters of 2-4 sections, some free with a body; two are vocational', () => {
    const courses = [...of('uplus', 'course'), ...of('UPLUS-C001', 'course')].map((r) => ({
      title: r.title,
      attrs: courseAttrs.parse(r.attrs),
    }));
    for (const { title, attrs } of courses) {
      expect(attrs.chapters.length, title).toBeGreaterThanOrEqual(3);
      expect(attrs.chapters.length, title).toBeLessThanOrEqual(5);
      for (const chapter of attrs.chapters) {
        expect(chapter.sections.length, chapter.title).toBeGreaterThanOrEqual(2);
        expect(chapter.sections.length, chapter.title).toBeLessThanOrEqual(4);
      }
      const free = attrs.chapters.flatMap((c) => c.sections).filter((s) => s.free);
      expect(free.length, title).toBeGreaterThan(0);
      for (const s of free) expect(s.body, s.title).not.toBe('');
    }
    expect(courses.filter((c) => c.attrs.vocational).map((c) => c.title)).toEqual([
      'Python 程序设计基础',
      '物联网设备安装与调试',
    ]);
  });

  it('recruit infos: some open, some past their deadline; the course system names existing courses', () => {
    const today = new Date().toISOString().slice(0, 10);
    const deadlines = [...of('uplus', 'recruit'), ...of('Area-demo', 'recruit')].map(
      (r) => recruitAttrs.parse(r.attrs).deadline,
    );
    expect(deadlines.filter((d) => d < today).length).toBe(3);
    expect(deadlines.filter((d) => d >= today).length).toBe(5);

    const system = of('UPLUS-C001', 'courseSystem')[0]!;
    const attrs = system.attrs as { columns: string[]; rows: { title: string; cells: string[][] }[] };
    expect(attrs.columns).toEqual(['专业基础', '专业核心', '专业拓展']);
    expect(attrs.rows.map((r) => r.title)).toEqual(['第一学年', '第二学年', '第三学年']);
    const courseIds = new Set(rows.filter((r) => r.kind === 'course').map((r) => String(r.id)));
    const cells = attrs.rows.flatMap((r) => r.cells.flat());
    expect(cells.length).toBe(10);
    for (const id of cells) expect(courseIds.has(id)).toBe(true);
  });

  it('covers are contentImage files owned by the site’s admin, at most 40 kB each', async () => {
    const withCover = rows.filter((r) => r.coverFileId !== null);
    const expected = (data: object) =>
      (Object.values(data).flat() as { cover?: boolean }[]).filter((r) => r.cover).length;
    expect(withCover.length).toBe(
      expected(PRODUCT_CONTENT) + expected(SCHOOL_CONTENT) + expected(AREA_CONTENT),
    );
    for (const kind of ['course', 'experiment', 'project', 'case', 'member'])
      for (const r of of('uplus', kind)) expect(r.coverFileId, r.title).not.toBeNull();
    const stored = await t.db
      .select()
      .from(files)
      .where(
        inArray(
          files.id,
          withCover.map((r) => r.coverFileId!),
        ),
      );
    expect(stored.length).toBe(withCover.length);
    const byId = new Map(stored.map((f) => [f.id, f]));
    const admin: Record<string, string> = {
      uplus: 'platform01',
      'UPLUS-C001': 'admin01',
      'Area-demo': 'areaadmin01',
    };
    for (const r of withCover) {
      const file = byId.get(r.coverFileId!)!;
      expect(file).toMatchObject({ purpose: 'contentImage', contentType: 'image/png' });
      expect(file.size).toBeLessThanOrEqual(40 * 1024);
      expect(file.ownerId).toBe(adminIds[admin[r.ownerCode]!]);
    }
  });

  it('visitors read every page by its slug and every lab page on the product site', async () => {
    for (const slug of PAGE_SLUG_KEYS) {
      const res = await get(`${PORTAL}/contents/by-slug/page/${slug}`);
      expect(res.statusCode, slug).toBe(200);
      const page = res.json().data as ContentDetail;
      expect(page.ownerCode).toBe('uplus');
      expect(page.body).toMatch(/<h2>/);
    }
    for (const key of LAB_KEYS) {
      const res = await get(`${PORTAL}/labs/${key}`);
      expect(res.statusCode, key).toBe(200);
      const lab = res.json().data as LabPage;
      expect(lab.lab?.slug).toBe(key);
      expect(lab.experiments.length + lab.courses.length + lab.projects.length, key).toBeGreaterThan(0);
    }
  });

  it('the product lists its own rows only; the school site shows its own rows first, then the product’s', async () => {
    const list = async (kind: string, host = 'localhost') =>
      (await get(`${PORTAL}/contents?kind=${kind}&pageSize=50`, host)).json().data as ContentPage;
    const product = await list('course');
    expect(product.total).toBe(8);
    expect(product.rows.map((r) => r.title)).toEqual(PRODUCT_CONTENT.course.map((c) => c.title));
    for (const row of product.rows) expect(row.coverUrl).toMatch(/^\/api\/portal\/images\/\d+$/);

    const school = await list('course', SCHOOL_HOST);
    expect(school.total).toBe(11);
    expect(school.rows.slice(0, 3).map((r) => [r.ownerCode, r.title])).toEqual(
      SCHOOL_CONTENT.course.map((c) => ['UPLUS-C001', c.title]),
    );
    expect(school.rows.slice(3).every((r) => r.ownerCode === 'uplus')).toBe(true);
    expect((await list('news', SCHOOL_HOST)).total).toBe(8);
    expect((await list('project', SCHOOL_HOST)).rows[0]?.title).toBe('校园二手交易平台开发');

    // news newest first: the data's order
    expect((await list('news')).rows.map((r) => r.title)).toEqual(PRODUCT_CONTENT.news.map((n) => n.title));
    expect((await list('recruit', AREA_HOST)).total).toBe(8);
    const areaPage = await get(`${PORTAL}/contents/by-slug/page/areaHefeixinhuo`, AREA_HOST);
    expect(areaPage.json().data).toMatchObject({ ownerCode: 'Area-demo', title: '示范区域薪火计划' });
  });

  it('a cover’s public address leads to the image; the school’s course system lists its matrix', async () => {
    const course = (await get(`${PORTAL}/contents?kind=course&pageSize=1`)).json().data as ContentPage;
    const image = await get(course.rows[0]!.coverUrl);
    expect(image.statusCode).toBe(302);
    const file = await get(image.headers.location as string);
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');

    const school = (await get('/api/base/schools/UPLUS')).json().data as { id: string | number };
    const systems = (await get(`/api/course/course_systems?school=${school.id}`, SCHOOL_HOST)).json()
      .data as {
      id: string;
      name: string;
    }[];
    expect(systems.map((s) => s.name)).toEqual(['软件工程专业课程体系']);
    const matrix = (
      await get(`/api/course/course_system_items/matrix?systemId=${systems[0]!.id}`, SCHOOL_HOST)
    ).json().data as CourseSystemMatrix;
    expect(matrix.columns).toEqual(['专业基础', '专业核心', '专业拓展']);
    expect(matrix.rows[0]!.cells[0]!.map((c) => c.title)).toEqual(['软件工程导论', 'Python 程序设计基础']);
  });
});
