import {
  type ConsoleDetail,
  type ContentDetail,
  type ContentPage,
  type LabPage,
  PORTAL_CONTENT_MSG as M,
  MSG,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildSignedInMember, unique } from '../../test/factories';
import { SAMPLES, upload } from '../files/test-files';
import { publicContents, siteCodesFor, updateContent } from './portal-content.service';
import {
  addContent,
  areaSite,
  client,
  memberOf,
  productSite,
  schoolSite,
  type TestSite,
} from './portal-content.test-support';

const P = '/api/portal';
const C = '/api/portal/console';

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
};
const ids = (page: { rows: { id: string }[] }) => page.rows.map((r) => r.id);

describe.each(testDrivers())('portal content on %s', (driver) => {
  const t = useTestApp(driver);
  let product: TestSite;
  let schoolA: Awaited<ReturnType<typeof schoolSite>>;
  let schoolB: Awaited<ReturnType<typeof schoolSite>>;
  let area: TestSite;

  beforeAll(async () => {
    product = await productSite(t.db);
    schoolA = await schoolSite(t.db, unique('甲大学'));
    schoolB = await schoolSite(t.db, unique('乙大学'));
    area = await areaSite(t.db);
  });

  const admin = (site: TestSite) => client(t.app, site.admin.token, site.host);
  const visitor = (site: TestSite) => client(t.app, null, site.host);

  it('console scope: visitors 401, students and teachers without the admin bit 403, admins their site', async () => {
    expectError(await visitor(schoolA).get(`${C}/scope`), 401, MSG.unauthorized);
    const student = await memberOf(t.db, schoolA.organisationId, {
      identityType: 'Student',
      leafId: schoolA.klassId,
    });
    expectError(await client(t.app, student.token).get(`${C}/scope`), 403, M.noConsole);
    const teacher = await memberOf(t.db, schoolA.organisationId, { identityType: 'Teacher' });
    expectError(await client(t.app, teacher.token).get(`${C}/scope`), 403, M.noConsole);
    // an admin of an organisation without a site
    const lone = await buildSignedInMember(t.db, { identityType: 'Teacher', masks: { qom: 2 } });
    expectError(await client(t.app, lone.token).get(`${C}/scope`), 403, M.noConsole);
    for (const call of [
      () => client(t.app, teacher.token).get(`${C}/contents?kind=news`),
      () => client(t.app, teacher.token).post(`${C}/contents`, { kind: 'news', title: '标题' }),
      () => client(t.app, student.token).put(`${C}/contents/order`, { kind: 'news', ids: ['1'] }),
    ]) {
      expectError(await call(), 403, M.noConsole);
    }

    expect(data(await admin(schoolA).get(`${C}/scope`))).toEqual(schoolA.scope);
    expect(data(await admin(product).get(`${C}/scope`))).toEqual(product.scope);
    expect(data(await admin(area).get(`${C}/scope`))).toEqual(area.scope);
  });

  it('validates what an admin saves, with each message', async () => {
    const api = admin(schoolA);
    const post = (body: Record<string, unknown>) => api.post(`${C}/contents`, body);
    expectError(await post({ kind: 'news' }), 400, M.titleRequired);
    expectError(await post({ kind: 'news', title: '   ' }), 400, M.titleRequired);
    expectError(await post({ kind: 'news', title: '长'.repeat(61) }), 400, M.titleTooLong);
    expectError(
      await post({ kind: 'news', title: '标题', summary: '摘'.repeat(301) }),
      400,
      M.summaryTooLong,
    );
    expectError(await post({ kind: 'news', title: '标题', body: 'x'.repeat(200_001) }), 400, M.bodyTooLong);
    expectError(await post({ kind: 'nonsense', title: '标题' }), 400, M.kindInvalid);
    expectError(await post({ kind: 'page', title: '单页' }), 400, M.slugRequired);
    expectError(await post({ kind: 'page', title: '单页', slug: 'nowhere' }), 400, M.slugRequired);
    expectError(await post({ kind: 'lab', title: '实验室' }), 400, M.labRequired);
    expectError(await post({ kind: 'lab', title: '实验室', slug: 'mars' }), 400, M.labRequired);
    expectError(
      await post({ kind: 'recruit', title: '招聘', attrs: { deadline: '2026/01/01' } }),
      400,
      '截止日期格式不正确',
    );
    expectError(
      await post({ kind: 'member', title: '成员', attrs: { website: 'ftp://a.example' } }),
      400,
      '网址需以 http:// 或 https:// 开头',
    );
    expectError(
      await post({ kind: 'course', title: '课程', attrs: { chapters: [{ title: '' }] } }),
      400,
      '请输入章节名称',
    );
    expectError(await post({ kind: 'course', title: '课程', coverFileId: '99999999' }), 400, M.coverInvalid);
    expectError(await post({ kind: 'course', title: '课程', coverFileId: 'abc' }), 400, M.idInvalid);
    // a file uploaded for another purpose is no cover
    const poster = data<{ id: number }>(
      await upload(t.app, schoolA.admin.token, 'poster', 'p.png', SAMPLES.png),
    );
    expectError(
      await post({ kind: 'course', title: '课程', coverFileId: String(poster.id) }),
      400,
      M.coverInvalid,
    );

    // a page of a site once: a second one is refused, another site may have its own
    const page = data<ConsoleDetail>(
      await post({ kind: 'page', slug: 'qualification', title: '资质荣誉', body: '<p>荣誉</p>' }),
    );
    expectError(await post({ kind: 'page', slug: 'qualification', title: '又一个' }), 400, M.slugTaken);
    data(await admin(schoolB).post(`${C}/contents`, { kind: 'page', slug: 'qualification', title: '乙' }));
    const other = data<ConsoleDetail>(await post({ kind: 'page', slug: 'education', title: '认证' }));
    expectError(
      await api.put(`${C}/contents/${other.id}`, { kind: 'page', slug: 'qualification', title: '认证' }),
      400,
      M.slugTaken,
    );
    // saving a page under its own slug is no clash; its kind cannot change
    data(await api.put(`${C}/contents/${page.id}`, { kind: 'page', slug: 'qualification', title: '资质' }));
    expectError(
      await api.put(`${C}/contents/${page.id}`, { kind: 'news', title: '资质' }),
      400,
      M.kindInvalid,
    );

    // ids and queries
    expectError(await api.get(`${C}/contents/0`), 400, M.idInvalid);
    expectError(await api.get(`${C}/contents/abc`), 400, M.idInvalid);
    expectError(await api.get(`${C}/contents/99999999`), 404, M.notFound);
    expectError(await api.get(`${C}/contents?kind=news&q=${'搜'.repeat(31)}`), 400, M.queryTooLong);
    expectError(await visitor(schoolA).get(`${P}/contents?q=${encodeURIComponent('搜'.repeat(31))}`), 400);
    expect(
      (await visitor(schoolA).get(`${P}/contents?q=${encodeURIComponent('搜'.repeat(31))}`)).json().message,
    ).toBe(M.queryTooLong);
    expectError(await visitor(schoolA).get(`${P}/contents?ids=1,x`), 400, M.idInvalid);
    expectError(await visitor(schoolA).get(`${P}/contents/abc`), 400, M.idInvalid);
  });

  it('sanitizes bodies and the rich fields of attrs, keeps attrs parsed, gives covers a stable address', async () => {
    const api = admin(schoolA);
    const image = data<{ id: number }>(
      await upload(t.app, schoolA.admin.token, 'contentImage', 'c.png', SAMPLES.png),
    );
    const saved = data<ConsoleDetail>(
      await api.post(`${C}/contents`, {
        kind: 'course',
        title: ' 安全课程 ',
        coverFileId: String(image.id),
        body: '<p onclick="x()">正文<script>alert(1)</script><a href="javascript:alert(1)">链接</a></p>',
        attrs: {
          category: '软件工程',
          unknownField: 'dropped',
          chapters: [
            {
              title: '第一章',
              sections: [{ title: '1.1', body: '<img src="x" onerror="alert(1)"><p style="a">节</p>' }],
            },
          ],
        },
        tags: ['harmony', 'harmony'],
      }),
    );
    expect(saved).toMatchObject({
      title: '安全课程',
      status: 'Draft',
      body: '<p>正文链接</p>',
      coverFileId: String(image.id),
      coverUrl: `/api/portal/images/${image.id}`,
      tags: ['harmony'],
      ownerCode: schoolA.code,
      publishedAt: 0,
    });
    expect(saved.attrs).toEqual({
      category: '软件工程',
      courseType: 'Theory',
      vocational: false,
      hours: 0,
      teacher: '',
      school: '',
      chapters: [
        { title: '第一章', sections: [{ title: '1.1', minutes: 0, free: false, body: '<p>节</p>' }] },
      ],
    });
    const experiment = data<ConsoleDetail>(
      await api.post(`${C}/contents`, {
        kind: 'experiment',
        title: '实验',
        attrs: {
          steps: [{ title: '步骤', body: '<iframe src="https://x.example"></iframe><p>做</p>' }],
          sample: '<p>样例<style>p{}</style></p>',
        },
      }),
    );
    expect(experiment.attrs).toMatchObject({
      steps: [{ title: '步骤', body: '<p>做</p>' }],
      sample: '<p>样例</p>',
    });
    const project = data<ConsoleDetail>(
      await api.post(`${C}/contents`, {
        kind: 'project',
        title: '项目',
        attrs: {
          stages: [{ title: '阶段', body: '<p onmouseover="x">一</p>' }],
          practical: [{ title: '任务', body: '<object></object><p>二</p>' }],
          sample: '<a href="https://a.example">交付</a>',
        },
      }),
    );
    expect(project.attrs).toMatchObject({
      stages: [{ body: '<p>一</p>' }],
      practical: [{ body: '<p>二</p>' }],
      sample: '<a href="https://a.example" target="_blank" rel="noopener noreferrer">交付</a>',
    });

    // public cards leave the rich fields out; the detail has them
    data(await api.post(`${C}/contents/${saved.id}/publish`));
    const page = data<ContentPage>(await visitor(schoolA).get(`${P}/contents?kind=course&ids=${saved.id}`));
    expect(page.rows[0]).toMatchObject({ id: saved.id, coverUrl: `/api/portal/images/${image.id}` });
    expect(page.rows[0]?.attrs).toMatchObject({ chapters: [{ sections: [{ title: '1.1', body: '' }] }] });
  });

  it('serves content images only: 302 to the signed address, 404 for other files', async () => {
    const image = data<{ id: number }>(
      await upload(t.app, schoolA.admin.token, 'contentImage', 'c.png', SAMPLES.png),
    );
    const res = await visitor(product).get(`${P}/images/${image.id}`);
    expect(res.statusCode, res.body).toBe(302);
    expect(res.headers.location).toMatch(
      new RegExp(`^/api/files/${image.id}/content\\?expires=\\d+&signature=`),
    );
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    const bytes = await t.app.inject({ method: 'GET', url: String(res.headers.location) });
    expect(bytes.statusCode).toBe(200);
    expect(bytes.rawPayload.equals(SAMPLES.png)).toBe(true);

    const poster = data<{ id: number }>(
      await upload(t.app, schoolA.admin.token, 'poster', 'p.png', SAMPLES.png),
    );
    expectError(await visitor(product).get(`${P}/images/${poster.id}`), 404);
    expectError(await visitor(product).get(`${P}/images/99999999`), 404);
    expectError(await visitor(product).get(`${P}/images/abc`), 400, M.idInvalid);
  });

  it('searches Chinese by n-grams and latin words by prefix, with excerpts', async () => {
    const site = await schoolSite(t.db);
    const marker = unique('tag').replace(/[^a-z0-9]/g, '');
    const a = await addContent(t.db, site, {
      kind: 'course',
      title: '课程甲',
      body: `<p>本课程介绍${'背景知识，'.repeat(10)}我们的软件工程实践方法与团队协作。</p><p>${marker}</p>`,
    });
    const b = await addContent(t.db, site, {
      kind: 'experiment',
      title: 'Python 数据分析',
      summary: '学习Python编程',
      body: `<p>${marker}</p>`,
    });
    const c = await addContent(t.db, site, {
      kind: 'news',
      title: '新闻',
      body: `<p>软件学院召开大会</p><p>${marker}</p>`,
      attrs: { source: '宣传部' },
    });
    const draft = await addContent(
      t.db,
      site,
      { kind: 'course', title: '草稿', body: `<p>软件工程实践</p><p>${marker}</p>` },
      { publish: false },
    );
    const search = async (q: string, extra = '') =>
      data<ContentPage>(
        await visitor(site).get(`${P}/contents?q=${encodeURIComponent(q)}&pageSize=50${extra}`),
      );
    const found = async (q: string) => ids(await search(q)).filter((id) => [a, b, c, draft].includes(id));

    expect(await found('软件工程')).toEqual([a]);
    expect(await found('工程')).toEqual([a]);
    expect(await found('件工')).toEqual([a]);
    expect((await found('软')).sort()).toEqual([a, c].sort());
    expect(await found('pyth')).toEqual([b]);
    expect(await found('PYTHON')).toEqual([b]);
    expect(await found('编程')).toEqual([b]);
    expect(await found('宣传部')).toEqual([c]);
    expect(await found('java')).toEqual([]);
    expect(await found('软件 java')).toEqual([]);
    expect(await found(marker)).toHaveLength(3);
    expect((await search('!!!')).total).toBe(0);
    expect(await found("'; drop table x; --")).toEqual([]);
    expect((await found("软件' & !:*")).sort()).toEqual([a, c].sort());
    expect(await found('\\软件工程\\')).toEqual([a]);

    const hit = (await search('软件工程')).rows.find((r) => r.id === a);
    expect(hit?.excerpt).toContain('软件工程实践');
    expect(hit?.excerpt?.length).toBeLessThanOrEqual(82);
    expect(hit?.excerpt?.startsWith('…')).toBe(true);
    expect((await search('软件工程')).rows.every((r) => typeof r.excerpt === 'string')).toBe(true);
    // with a kind the search stays in it
    expect(ids(await search('软', '&kind=news')).filter((id) => [a, c].includes(id))).toEqual([c]);
    // the console searches the site's drafts too
    const consoleHits = data<ContentPage>(
      await admin(site).get(`${C}/contents?kind=course&q=${encodeURIComponent('软件工程')}`),
    );
    expect(ids(consoleHits).sort()).toEqual([a, draft].sort());
  });

  it('search: hits with the query in their title before body-only hits, then the list order', async () => {
    const site = await schoolSite(t.db);
    const marker = unique('rank').replace(/[^a-z0-9]/g, '');
    // made in this order, each goes to the top of its kind: bodyOnly and later come before titleHit
    const titleHit = await addContent(t.db, site, {
      kind: 'course',
      title: '云原生架构实践',
      body: `<p>${marker}</p>`,
    });
    const bodyOnly = await addContent(t.db, site, {
      kind: 'course',
      title: '容器技术',
      body: `<p>本课程讲解云原生架构的基本概念。${marker}</p>`,
    });
    const bodyOnlyToo = await addContent(t.db, site, {
      kind: 'experiment',
      title: '实验',
      body: `<p>云原生架构实验。${marker}</p>`,
    });
    const search = async (q: string) =>
      ids(
        data<ContentPage>(await visitor(site).get(`${P}/contents?q=${encodeURIComponent(q)}&pageSize=50`)),
      ).filter((id) => [titleHit, bodyOnly, bodyOnlyToo].includes(id));
    expect((await search('云原生架构'))[0]).toBe(titleHit);
    expect((await search('云原生架构')).slice(1).sort()).toEqual([bodyOnly, bodyOnlyToo].sort());
    // without the query in any title: the list order (the newest course first)
    expect((await search(marker)).filter((id) => id !== bodyOnlyToo)).toEqual([bodyOnly, titleHit]);
    // paged: every page counts all hits, past the end too
    const paged = async (pageNumber: number) =>
      data<ContentPage>(
        await visitor(site).get(`${P}/contents?q=${marker}&pageSize=2&pageNumber=${pageNumber}`),
      );
    expect((await paged(1)).total).toBe(3);
    expect(ids(await paged(2))).toHaveLength(1);
    expect(await paged(3)).toEqual({ rows: [], total: 3 });
    // latin words match the title case-insensitively
    const latin = await addContent(t.db, site, {
      kind: 'course',
      title: 'Kubernetes 入门',
      body: `<p>${marker}</p>`,
    });
    const latinBody = await addContent(t.db, site, {
      kind: 'course',
      title: '运维',
      body: `<p>kubernetes ${marker}</p>`,
    });
    const hits = ids(data<ContentPage>(await visitor(site).get(`${P}/contents?q=KUBERNETES&pageSize=50`)));
    expect(hits.filter((id) => [latin, latinBody].includes(id))).toEqual([latin, latinBody]);
  });

  it('site rules: a site shows its own rows first, then the product site’s; never another site’s', async () => {
    const marker = unique('m').replace(/[^a-z0-9]/g, '');
    const mine = await addContent(t.db, schoolA, { kind: 'case', title: `甲案例 ${marker}` });
    const theirs = await addContent(t.db, schoolB, { kind: 'case', title: `乙案例 ${marker}` });
    const areas = await addContent(t.db, area, { kind: 'case', title: `区域案例 ${marker}` });
    const shared = await addContent(t.db, product, { kind: 'case', title: `平台案例 ${marker}` });
    const list = async (site: TestSite) =>
      ids(data<ContentPage>(await visitor(site).get(`${P}/contents?kind=case&q=${marker}&pageSize=50`)));
    expect(await list(schoolA)).toEqual([mine, shared]);
    expect(await list(schoolB)).toEqual([theirs, shared]);
    expect(await list(area)).toEqual([areas, shared]);
    expect(await list(product)).toEqual([shared]);

    // details follow the same rule
    data(await visitor(schoolA).get(`${P}/contents/${shared}`));
    data(await visitor(schoolA).get(`${P}/contents/${mine}`));
    expectError(await visitor(product).get(`${P}/contents/${mine}`), 404, M.notFound);
    expectError(await visitor(area).get(`${P}/contents/${mine}`), 404, M.notFound);
    expectError(await visitor(schoolB).get(`${P}/contents/${mine}`), 404, M.notFound);

    // the service agrees with the routes
    expect(await siteCodesFor({ db: t.db, host: schoolA.host, deploymentCode: undefined })).toEqual([
      schoolA.code,
      product.code,
    ]);
    expect(await siteCodesFor({ db: t.db, host: 'unknown.example', deploymentCode: undefined })).toEqual([
      product.code,
    ]);
    const page = await publicContents({
      db: t.db,
      site: { codes: [schoolA.code, product.code] },
      query: { kind: 'case', q: marker, pageNumber: 1, pageSize: 10 },
    });
    expect(ids(page)).toEqual([mine, shared]);
  });

  it('drafts are not public; publishing keeps its first date; saving keeps the status', async () => {
    const api = admin(schoolA);
    const created = data<ConsoleDetail>(
      await api.post(`${C}/contents`, { kind: 'notice', title: '通知', body: '<p>内容</p>' }),
    );
    expect(created.status).toBe('Draft');
    expectError(await visitor(schoolA).get(`${P}/contents/${created.id}`), 404, M.notFound);
    const published = await api.post(`${C}/contents/${created.id}/publish`);
    expect(published.json().message).toBe(M.published);
    const first = data<ConsoleDetail>(published);
    expect(first.status).toBe('Published');
    expect(first.publishedAt).toBeGreaterThan(0);
    expect(data<ContentDetail>(await visitor(schoolA).get(`${P}/contents/${created.id}`)).body).toBe(
      '<p>内容</p>',
    );

    t.clock.advance(60_000);
    const saved = await api.put(`${C}/contents/${created.id}`, {
      kind: 'notice',
      title: '新通知',
      body: '<p>新</p>',
    });
    expect(saved.json().message).toBe(M.saved);
    expect(data<ConsoleDetail>(saved)).toMatchObject({ status: 'Published', publishedAt: first.publishedAt });
    expect(data<ContentDetail>(await visitor(schoolA).get(`${P}/contents/${created.id}`)).title).toBe(
      '新通知',
    );

    const off = await api.post(`${C}/contents/${created.id}/unpublish`);
    expect(off.json().message).toBe(M.unpublished);
    expect(data<ConsoleDetail>(off).status).toBe('Draft');
    expectError(await visitor(schoolA).get(`${P}/contents/${created.id}`), 404, M.notFound);
    t.clock.advance(60_000);
    expect(data<ConsoleDetail>(await api.post(`${C}/contents/${created.id}/publish`)).publishedAt).toBe(
      first.publishedAt,
    );
    t.clock.reset();

    const removed = await api.delete(`${C}/contents/${created.id}`);
    expect(removed.json().message).toBe(M.deleted);
    expectError(await api.get(`${C}/contents/${created.id}`), 404, M.notFound);
    expectError(await visitor(schoolA).get(`${P}/contents/${created.id}`), 404, M.notFound);
  });

  it('an admin acts on their own site only', async () => {
    const a = admin(schoolA);
    const bRow = data<ConsoleDetail>(
      await admin(schoolB).post(`${C}/contents`, { kind: 'member', title: '乙的成员单位' }),
    );
    expectError(await a.get(`${C}/contents/${bRow.id}`), 403, M.notOwner);
    expectError(await a.put(`${C}/contents/${bRow.id}`, { kind: 'member', title: '改' }), 403, M.notOwner);
    expectError(await a.post(`${C}/contents/${bRow.id}/publish`), 403, M.notOwner);
    expectError(await a.post(`${C}/contents/${bRow.id}/unpublish`), 403, M.notOwner);
    expectError(await a.delete(`${C}/contents/${bRow.id}`), 403, M.notOwner);
    expectError(await a.put(`${C}/contents/order`, { kind: 'member', ids: [bRow.id] }), 403, M.notOwner);
    const mine = data<ContentPage>(await a.get(`${C}/contents?kind=member&pageSize=100`));
    expect(ids(mine)).not.toContain(bRow.id);
    expect(mine.rows.every((r) => r.ownerCode === schoolA.code)).toBe(true);
    // the product site's admin does not manage a school's rows either
    expectError(await admin(product).get(`${C}/contents/${bRow.id}`), 403, M.notOwner);
    // B's row is untouched
    expect(data<ConsoleDetail>(await admin(schoolB).get(`${C}/contents/${bRow.id}`)).title).toBe(
      '乙的成员单位',
    );
  });

  it('console lists: by kind, status and search, paged, new rows on top; ordering', async () => {
    const site = await schoolSite(t.db);
    const api = admin(site);
    const made: string[] = [];
    for (const title of ['一', '二', '三']) {
      made.push(data<ConsoleDetail>(await api.post(`${C}/contents`, { kind: 'experiment', title })).id);
    }
    const list = async (query = '') =>
      data<{ rows: ConsoleDetail[]; total: number }>(await api.get(`${C}/contents?kind=experiment${query}`));
    // the newest on top
    expect(ids(await list())).toEqual([...made].reverse());
    data(await api.post(`${C}/contents/${made[0]}/publish`));
    expect(ids(await list('&status=Published'))).toEqual([made[0]]);
    expect(ids(await list('&status=Draft'))).toEqual([made[2], made[1]]);
    const paged = await list('&pageSize=2&pageNumber=2');
    expect(paged).toMatchObject({ total: 3 });
    expect(ids(paged)).toEqual([made[0]]);
    expect(ids(await list(`&q=${encodeURIComponent('二')}`))).toEqual([made[1]]);
    expect((await list()).rows.map((r) => r.status)).toEqual(['Draft', 'Draft', 'Published']);

    // order: exactly the site's rows of the kind
    const order = [made[1], made[0], made[2]] as string[];
    const res = await api.put(`${C}/contents/order`, { kind: 'experiment', ids: order });
    expect(res.json().message).toBe(M.saved);
    data(res);
    expect(ids(await list())).toEqual(order);
    expect((await list()).rows.map((r) => r.sort)).toEqual([0, 1, 2]);
    for (const bad of [
      [made[0], made[1]],
      [...order, order[0]],
      [...order, '99999999'],
    ]) {
      expectError(
        await api.put(`${C}/contents/order`, { kind: 'experiment', ids: bad }),
        400,
        M.orderInvalid,
      );
    }
    expectError(await api.put(`${C}/contents/order`, { kind: 'news', ids: order }), 400, M.orderInvalid);
    expect(ids(await list())).toEqual(order);
    // the public list follows the console order
    for (const id of made) data(await api.post(`${C}/contents/${id}/publish`));
    expect(
      ids(data<ContentPage>(await visitor(site).get(`${P}/contents?kind=experiment`))).filter((id) =>
        made.includes(id),
      ),
    ).toEqual(order);
    // a new row goes above the ordered ones
    const fresh = data<ConsoleDetail>(await api.post(`${C}/contents`, { kind: 'experiment', title: '四' }));
    expect(ids(await list())[0]).toBe(fresh.id);
  });

  it('news-like kinds newest first, with neighbours; public filters and paging', async () => {
    const site = await schoolSite(t.db);
    const at = (day: number) => new Date(Date.UTC(2026, 0, day));
    const older = await addContent(t.db, site, { kind: 'news', title: '旧闻' }, { now: at(1) });
    const newest = await addContent(t.db, site, { kind: 'news', title: '新闻' }, { now: at(3) });
    const middle = await addContent(t.db, site, { kind: 'news', title: '中间' }, { now: at(2) });
    const productNews = await addContent(t.db, product, { kind: 'news', title: '平台新闻' }, { now: at(9) });
    const news = data<ContentPage>(await visitor(site).get(`${P}/contents?kind=news&pageSize=50`));
    // the site's own first, newest first; then the product's
    expect(ids(news).slice(0, 3)).toEqual([newest, middle, older]);
    expect(ids(news)).toContain(productNews);
    expect(ids(news).indexOf(productNews)).toBeGreaterThan(2);
    const detail = data<ContentDetail>(await visitor(site).get(`${P}/contents/${middle}`));
    expect(detail.prev).toEqual({ id: newest, title: '新闻' });
    expect(detail.next).toEqual({ id: older, title: '旧闻' });
    expect(data<ContentDetail>(await visitor(site).get(`${P}/contents/${newest}`)).prev).toBeNull();
    expect(detail.publishedAt).toBe(at(2).getTime());

    // filters: category, industry, vocational, tag, ids, paging
    const course = (title: string, attrs: Record<string, unknown>, tags: string[] = []) =>
      addContent(t.db, site, { kind: 'course', title, attrs, tags: tags as never });
    const se = await course('软工课', { category: '软件工程', courseType: 'Train' });
    const voc = await course('职教课', { category: '大数据', vocational: true }, ['bigdata']);
    const plain = await course('普通课', { category: '大数据' }, ['ai']);
    const proj = await addContent(t.db, site, {
      kind: 'project',
      title: '项目',
      attrs: { industry: '金融' },
    });
    const own = async (query: string) =>
      ids(data<ContentPage>(await visitor(site).get(`${P}/contents?${query}&pageSize=50`))).filter((id) =>
        [se, voc, plain, proj].includes(id),
      );
    expect(await own(`kind=course&category=${encodeURIComponent('大数据')}`)).toEqual([plain, voc]);
    expect(await own('kind=course&vocational=true')).toEqual([voc]);
    expect(await own('kind=course&vocational=false')).toEqual([plain, se]);
    expect(await own('kind=course&courseType=Train')).toEqual([se]);
    expect(await own('kind=course&courseType=Theory')).toEqual([plain, voc]);
    expect((await visitor(site).get(`${P}/contents?kind=course&courseType=Lab`)).statusCode).toBe(400);
    expect(await own('kind=course&tag=bigdata')).toEqual([voc]);
    expect(await own(`kind=project&category=${encodeURIComponent('金融')}`)).toEqual([proj]);
    expect(await own(`kind=course&ids=${se},${proj}`)).toEqual([se]);
    const first = data<ContentPage>(await visitor(site).get(`${P}/contents?kind=course&pageSize=2`));
    const second = data<ContentPage>(
      await visitor(site).get(`${P}/contents?kind=course&pageSize=2&pageNumber=2`),
    );
    expect(first.total).toBeGreaterThanOrEqual(3);
    expect(second.total).toBe(first.total);
    expect(ids(first)).toEqual([plain, voc]);
    expect(ids(second)[0]).toBe(se);
    expectError(await visitor(site).get(`${P}/contents?kind=course&tag=mars`), 400, M.labRequired);
  });

  it('pages and neighbours run across the end of the own list into the product site’s', async () => {
    const site = await schoolSite(t.db);
    const at = (day: number) => new Date(Date.UTC(2025, 5, day));
    for (const [kind, dated] of [
      ['experiment', false],
      ['recruit', true],
    ] as const) {
      for (let n = 0; n < 3; n++) {
        await addContent(
          t.db,
          site,
          { kind, title: `本校${n}`, attrs: dated ? { company: '甲' } : {} },
          { now: at(n + 1) },
        );
        await addContent(
          t.db,
          product,
          { kind, title: `平台${n}`, attrs: dated ? { company: '乙' } : {} },
          { now: at(n + 1) },
        );
      }
      const page = async (pageSize: number, pageNumber: number) =>
        data<ContentPage>(
          await visitor(site).get(`${P}/contents?kind=${kind}&pageSize=${pageSize}&pageNumber=${pageNumber}`),
        );
      const all = await page(50, 1);
      expect(all.rows.length, 'the product site has fewer than 47 rows of the kind').toBe(all.total);
      const own = all.rows.filter((r) => r.ownerCode === site.code).length;
      expect(own).toBe(3);
      expect(all.rows.slice(0, 3).every((r) => r.ownerCode === site.code)).toBe(true);
      // a page of 2 holds the last own row and the product site's first
      for (const pageNumber of [1, 2, 3]) {
        const p = await page(2, pageNumber);
        expect(p.total).toBe(all.total);
        expect(ids(p)).toEqual(ids(all).slice((pageNumber - 1) * 2, pageNumber * 2));
      }
      expect(ids(await page(2, 100))).toEqual([]);
      // 上一篇 / 下一篇 of the rows on both sides of the boundary and at both ends
      for (const i of [0, 1, 2, 3, 4, all.total - 1]) {
        const detail = data<ContentDetail>(await visitor(site).get(`${P}/contents/${all.rows[i]!.id}`));
        const link = (r: ContentPage['rows'][number] | undefined) =>
          r ? { id: r.id, title: r.title } : null;
        expect(detail.prev, `${kind} ${i}`).toEqual(link(all.rows[i - 1]));
        expect(detail.next, `${kind} ${i}`).toEqual(link(all.rows[i + 1]));
      }
    }
  });

  it('single pages and lab pages by key: the site’s own before the product site’s', async () => {
    const site = await schoolSite(t.db);
    const theirs = await addContent(t.db, product, { kind: 'page', slug: 'ability', title: '平台测评' });
    const slug = (s: TestSite, kind: string, key: string) =>
      visitor(s).get(`${P}/contents/by-slug/${kind}/${key}`);
    expect(data<ContentDetail>(await slug(site, 'page', 'ability')).id).toBe(theirs);
    const mine = await addContent(t.db, site, { kind: 'page', slug: 'ability', title: '本校测评' });
    expect(data<ContentDetail>(await slug(site, 'page', 'ability'))).toMatchObject({
      id: mine,
      title: '本校测评',
    });
    expect(data<ContentDetail>(await slug(product, 'page', 'ability')).id).toBe(theirs);
    expectError(await slug(site, 'page', 'version'), 404, M.notFound);
    expectError(await slug(site, 'news', 'ability'), 404, M.notFound);
    const draft = await addContent(
      t.db,
      site,
      { kind: 'page', slug: 'version', title: '版本' },
      { publish: false },
    );
    expect(draft).toBeTruthy();
    expectError(await slug(site, 'page', 'version'), 404, M.notFound);

    // a lab page: its row and what is tagged to it
    const empty = data<LabPage>(await visitor(site).get(`${P}/labs/iot`));
    expect(empty).toMatchObject({ key: 'iot', lab: null });
    const lab = await addContent(t.db, site, {
      kind: 'lab',
      slug: 'iot',
      title: '物联网实验室',
      attrs: { solutions: [{ title: '方案', description: '说明' }] },
    });
    const exp = await addContent(t.db, site, { kind: 'experiment', title: '传感器实验', tags: ['iot'] });
    const crs = await addContent(t.db, product, { kind: 'course', title: '物联网导论', tags: ['iot', 'ai'] });
    const prj = await addContent(t.db, site, { kind: 'project', title: '智能家居', tags: ['iot'] });
    await addContent(t.db, site, { kind: 'experiment', title: '无关实验', tags: ['ai'] });
    await addContent(
      t.db,
      site,
      { kind: 'experiment', title: '草稿实验', tags: ['iot'] },
      { publish: false },
    );
    const page = data<LabPage>(await visitor(site).get(`${P}/labs/iot`));
    expect(page.lab).toMatchObject({
      id: lab,
      title: '物联网实验室',
      attrs: { solutions: [{ title: '方案' }] },
    });
    expect(page.experiments.map((r) => r.id)).toEqual([exp]);
    expect(page.courses.map((r) => r.id)).toContain(crs);
    expect(page.projects.map((r) => r.id)).toEqual([prj]);
    expectError(await visitor(site).get(`${P}/labs/mars`), 400, M.labRequired);
  });

  it('visitors get a course’s free sections only; signed-in users all of them', async () => {
    const id = await addContent(t.db, schoolA, {
      kind: 'course',
      title: '章节课',
      attrs: {
        chapters: [
          {
            title: '第一章',
            sections: [
              { title: '试看', free: true, body: '<p>免费</p>' },
              { title: '正课', body: '<p>付费</p>' },
            ],
          },
        ],
      },
    });
    const sections = (d: ContentDetail) =>
      (d.attrs as { chapters: { sections: { body: string }[] }[] }).chapters[0]?.sections.map((s) => s.body);
    expect(sections(data(await visitor(schoolA).get(`${P}/contents/${id}`)))).toEqual(['<p>免费</p>', '']);
    const student = await buildSignedInMember(t.db);
    expect(
      sections(data(await client(t.app, student.token, schoolA.host).get(`${P}/contents/${id}`))),
    ).toEqual(['<p>免费</p>', '<p>付费</p>']);
  });

  it('course systems: cells are courses the site may show; section 7 catalogue calls', async () => {
    const site = await schoolSite(t.db);
    const api = admin(site);
    const own = await addContent(t.db, site, { kind: 'course', title: '本校课程' });
    const ownDraft = await addContent(t.db, site, { kind: 'course', title: '草稿课程' }, { publish: false });
    const shared = await addContent(t.db, product, { kind: 'course', title: '平台课程' });
    const sharedDraft = await addContent(
      t.db,
      product,
      { kind: 'course', title: '平台草稿' },
      { publish: false },
    );
    const foreign = await addContent(t.db, schoolB, { kind: 'course', title: '乙校课程' });
    const experiment = await addContent(t.db, site, { kind: 'experiment', title: '实验' });
    const system = (cells: string[][]) => ({
      kind: 'courseSystem',
      title: '软件工程课程体系',
      attrs: { columns: ['基础', '核心'], rows: [{ title: '第一学期', cells }] },
    });
    for (const bad of [[[foreign]], [[sharedDraft]], [[experiment]], [['99999999']]]) {
      expectError(await api.post(`${C}/contents`, system(bad)), 400, M.courseSystemCellInvalid);
    }
    const saved = data<ConsoleDetail>(await api.post(`${C}/contents`, system([[own, ownDraft], [shared]])));
    expectError(
      await api.put(`${C}/contents/${saved.id}`, system([[own], [foreign]])),
      400,
      M.courseSystemCellInvalid,
    );

    const course = '/api/course';
    expect(data(await visitor(site).get(`${course}/course_systems?school=${site.schoolId}`))).toEqual([]);
    expectError(
      await visitor(site).get(`${course}/course_system_items/matrix?systemId=${saved.id}`),
      404,
      M.notFound,
    );
    data(await api.post(`${C}/contents/${saved.id}/publish`));
    expect(data(await visitor(site).get(`${course}/course_systems?school=${site.schoolId}`))).toEqual([
      { id: saved.id, name: '软件工程课程体系', sort: saved.sort },
    ]);
    expectError(await visitor(site).get(`${course}/course_systems?school=99999999`), 404, '学校不存在');
    expectError(await visitor(site).get(`${course}/course_systems?school=x`), 400, M.idInvalid);
    const matrix = data<{ columns: string[]; rows: { title: string; cells: { id: string }[][] }[] }>(
      await visitor(product).get(`${course}/course_system_items/matrix?systemId=${saved.id}`),
    );
    expect(matrix.columns).toEqual(['基础', '核心']);
    // the draft course is left out until it is published
    expect(
      matrix.rows.map((r) => ({ title: r.title, cells: r.cells.map((c) => c.map((x) => x.id)) })),
    ).toEqual([{ title: '第一学期', cells: [[own], [shared]] }]);
    expectError(
      await visitor(site).get(`${course}/course_system_items/matrix?systemId=${own}`),
      404,
      M.notFound,
    );

    // exclusives: the school site's own published rows only
    const project = await addContent(t.db, site, { kind: 'project', title: '实训项目' });
    const ex = `${course}/exclusives/school/${site.schoolId}`;
    expect(ids({ rows: data(await visitor(product).get(`${ex}/course_resources`)) })).toEqual([own]);
    expect(
      ids({
        rows: data(await visitor(product).get(`${ex}/course_resources?ids=${shared},${own},${ownDraft}`)),
      }),
    ).toEqual([own]);
    expect(ids({ rows: data(await visitor(product).get(`${ex}/traincases`)) })).toEqual([project]);
    expectError(
      await visitor(product).get(`${course}/exclusives/school/99999999/traincases`),
      404,
      '学校不存在',
    );
    expectError(await visitor(product).get(`${ex}/course_resources?ids=a`), 400, M.idInvalid);

    // permit: visitors, members of the school, others; the product site's resources for anyone signed in
    const permit = (token: string | null, id: string, type = 'course') =>
      client(t.app, token).get(
        `${course}/course_system_items/permit/authority?resourceId=${id}&resourceType=${type}`,
      );
    expect(data(await permit(null, own))).toEqual({ permit: false, message: M.needLogin });
    const member = await memberOf(t.db, site.organisationId, {
      identityType: 'Student',
      leafId: site.klassId,
    });
    expect(data(await permit(member.token, own))).toEqual({ permit: true, message: '' });
    const outsider = await buildSignedInMember(t.db);
    expect(data(await permit(outsider.token, own))).toEqual({ permit: false, message: MSG.schoolNotOpen });
    expect(data(await permit(outsider.token, shared))).toEqual({ permit: true, message: '' });
    expectError(await permit(member.token, ownDraft), 404, M.notFound);
    expectError(await permit(member.token, own, 'project'), 404, M.notFound);
  });

  it('the service saves for the seed with a scope built directly', async () => {
    const site = await schoolSite(t.db);
    const id = await addContent(t.db, site, { kind: 'recruit', title: '招聘', attrs: { company: '优加' } });
    const saved = await updateContent({
      db: t.db,
      scope: site.scope,
      id,
      input: { kind: 'recruit', title: '招聘启事', attrs: { company: '优加科技', positions: ['前端'] } },
    });
    expect(saved).toMatchObject({ title: '招聘启事', status: 'Published', attrs: { company: '优加科技' } });
    await expect(
      updateContent({ db: t.db, scope: schoolB.scope, id, input: { kind: 'recruit', title: 'x' } }),
    ).rejects.toMatchObject({ code: 403, message: M.notOwner });
    await expect(
      updateContent({ db: t.db, scope: site.scope, id, input: { kind: 'recruit', title: '' } }),
    ).rejects.toMatchObject({ code: 400, message: M.titleRequired });
  });
});
