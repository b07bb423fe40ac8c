import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { App } from '../../http/context';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { addContent, productSite, schoolSite, type TestSite } from './portal-content.test-support';

const INDEX = `<!doctype html><html><head><meta name="description" content="默认" /><title>优加教育平台</title></head><body><div id="root"><div class="boot-screen" role="status">正在加载…</div></div><script type="module" src="/assets/a.js"></script></body></html>`;

describe.each(testDrivers())('pre-rendered content pages on %s', (driver) => {
  const t = useTestApp(driver);
  let dist = '';
  let app: App;
  let product: TestSite;
  let school: TestSite;
  let courseId = '';
  let schoolNewsId = '';
  beforeAll(async () => {
    dist = mkdtempSync(path.join(os.tmpdir(), 'uplus-snapshot-'));
    writeFileSync(path.join(dist, 'index.html'), INDEX);
    app = await buildApp(testConfig({ webDist: dist }), { database: t.database });
    product = await productSite(t.db);
    school = await schoolSite(t.db, '快照测试大学');
    courseId = await addContent(t.db, product, {
      kind: 'course',
      title: '软件工程导论',
      summary: '从需求到交付的软件工程入门课程',
      body: '<h2>课程介绍</h2><p>面向大一学生。</p>',
      attrs: { chapters: [{ title: '第一章 软件过程', sections: [{ title: '瀑布模型' }] }] },
    });
    schoolNewsId = await addContent(t.db, school, {
      kind: 'news',
      title: '我校举办<产教融合>论坛',
      body: '<p>正文</p>',
    });
    await addContent(t.db, product, {
      kind: 'page',
      slug: 'qualification',
      title: '资质荣誉',
      body: '<p>国家级</p>',
    });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });
  const page = (url: string, host = 'localhost') =>
    app.inject({ method: 'GET', url, headers: { accept: 'text/html', host } });

  it('a course page carries its title, description, og: tags and text', async () => {
    const res = await page(`/qualitycourse/details?id=${courseId}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toMatch(/<title>软件工程导论 - .+<\/title>/);
    expect(res.body).toContain('<meta property="og:description" content="从需求到交付的软件工程入门课程" />');
    expect(res.body).toContain('<h2>课程介绍</h2>');
    expect(res.body).toContain('瀑布模型');
    expect(res.body).not.toContain('正在加载');
    expect(res.body).not.toContain('content="默认"');
  });

  it('escapes titles, and a school row shows on its own site only', async () => {
    const own = await page(`/alliance/index/journalism/${schoolNewsId}`, school.host);
    expect(own.body).toContain('我校举办&lt;产教融合&gt;论坛');
    const elsewhere = await page(`/alliance/index/journalism/${schoolNewsId}`);
    expect(elsewhere.body).toContain('<title>优加教育平台</title>');
  });

  it('single pages, lists and the home page; an unknown id or path is index.html as it is', async () => {
    expect((await page('/qualification/index')).body).toContain('国家级');
    const list = await page('/qualitycourse/index');
    expect(list.body).toContain(`href="/qualitycourse/details?id=${courseId}"`);
    expect((await page('/home/index')).body).toContain('软件工程导论');
    expect((await page('/qualitycourse/details?id=999999')).body).toContain('正在加载');
    expect((await page('/qualitycourse/details?id=abc')).body).toContain('正在加载');
    expect((await page('/workbench/index/school')).body).toContain('正在加载');
  });

  it('is compressed when the browser accepts it', async () => {
    const res = await app.inject({
      method: 'GET',
      url: `/qualitycourse/details?id=${courseId}`,
      headers: { accept: 'text/html', 'accept-encoding': 'gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload).toString()).toContain('软件工程导论');
  });
});
