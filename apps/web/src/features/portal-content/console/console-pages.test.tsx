import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ConsoleDetail, type ConsoleRow, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';

const C = '/api/portal/console';
type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);

const SCOPE = { ownerCode: 'UPLUS-C001', siteName: '优加示范大学', siteType: 'school' };

const row = (over: Partial<ConsoleRow> = {}): ConsoleRow => ({
  id: '101',
  kind: 'news',
  slug: null,
  title: '联盟年会在合肥召开',
  summary: '',
  coverUrl: '',
  coverFileId: null,
  tags: [],
  publishedAt: 0,
  ownerCode: 'UPLUS-C001',
  attrs: { source: '联盟秘书处' },
  status: 'Draft',
  sort: 1,
  updatedAt: Date.UTC(2026, 4, 20, 2, 30),
  ...over,
});
const detail = (over: Partial<ConsoleDetail> = {}): ConsoleDetail => ({
  ...row(),
  body: '<p>正文</p>',
  ...over,
});

const routes = (extra: Record<string, Handler>) => ({
  ...sessionRoutes('Teacher', '王老师'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  [`GET ${C}/scope`]: ok(SCOPE),
  ...extra,
});

const button = (name: string, root: HTMLElement = document.body) =>
  within(root).getByRole('button', {
    name: new RegExp(`^${name.split('').join('\\s*')}$`),
  }) as HTMLButtonElement;

describe('content console', () => {
  beforeEach(() => {
    setSite({ HAS_COLLEGE_ADMIN_AUTH: true });
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  it('tells someone who manages no site so, with no buttons that would be refused', async () => {
    stubFetch(routes({ [`GET ${C}/scope`]: fail(403, PORTAL_CONTENT_MSG.noConsole) }));
    renderApp('/u/content/manage');
    expect(await screen.findByRole('heading', { name: PORTAL_CONTENT_MSG.noConsole })).toBeTruthy();
    expect(screen.queryByTestId('create-content')).toBeNull();
    expect(screen.queryByRole('navigation', { name: '内容类型' })).toBeNull();
  });

  it('shows the managed site and a kind’s rows; filters by status and searches through the address', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${C}/contents`]: (c) =>
          ok({
            rows:
              c.query.get('status') === 'Published'
                ? [row({ id: '102', title: '理事会换届通知', status: 'Published', publishedAt: 1 })]
                : [row(), row({ id: '102', title: '理事会换届通知', status: 'Published', publishedAt: 1 })],
            total: c.query.get('status') === 'Published' ? 1 : 2,
          }),
      }),
    );
    renderApp('/u/content/manage?kind=news');
    expect((await screen.findByTestId('console-site')).textContent).toContain('优加示范大学');
    expect(screen.getByTestId('console-site').textContent).toContain('学校站点');
    expect(screen.getByRole('link', { name: /站点设置/ }).getAttribute('href')).toBe('/u/content/settings');
    const nav = screen.getByRole('navigation', { name: '内容类型' });
    expect(within(nav).getByRole('link', { name: '新闻动态' }).getAttribute('aria-current')).toBe('page');
    expect(within(nav).getByRole('link', { name: '单页' })).toBeTruthy();
    expect(within(nav).getByRole('link', { name: '平台实验室' })).toBeTruthy();
    await screen.findByText('联盟年会在合肥召开');
    expect(screen.getAllByTestId('row-status').map((t) => t.textContent)).toEqual(['草稿', '已发布']);
    expect(
      screen.getByRole('link', { name: '预览《联盟年会在合肥召开》（在新标签页打开）' }).getAttribute('href'),
    ).toBe('/u/content/preview/101');
    // dated kinds are shown newest first: no ordering
    expect(screen.queryByTestId('order-mode')).toBeNull();
    const list = calls.filter((c) => c.path === `${C}/contents`);
    expect(list[0]?.query.get('kind')).toBe('news');

    const search = screen.getByLabelText('搜索标题');
    fireEvent.change(search, { target: { value: '年会' } });
    fireEvent.keyDown(search, { key: 'Enter', keyCode: 13 });
    await waitFor(() =>
      expect(calls.some((c) => c.path === `${C}/contents` && c.query.get('q') === '年会')).toBe(true),
    );
  });

  it('publishes a draft at once, and unpublishes and deletes only after confirming', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${C}/contents`]: ok({
          rows: [row(), row({ id: '102', title: '理事会换届通知', status: 'Published', publishedAt: 1 })],
          total: 2,
        }),
        [`POST ${C}/contents/101/publish`]: ok(null),
        [`POST ${C}/contents/102/unpublish`]: ok(null),
        [`DELETE ${C}/contents/101`]: ok(null),
      }),
    );
    renderApp('/u/content/manage?kind=news');
    await screen.findByText('联盟年会在合肥召开');
    fireEvent.click(screen.getByRole('button', { name: '发布《联盟年会在合肥召开》' }));
    await waitFor(() => expect(calls.some((c) => c.path === `${C}/contents/101/publish`)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: '下线《理事会换届通知》' }));
    expect((await screen.findByTestId('confirm-content')).textContent).toBe(
      PORTAL_CONTENT_MSG.unpublishConfirm,
    );
    expect(calls.some((c) => c.path === `${C}/contents/102/unpublish`)).toBe(false);
    fireEvent.click(screen.getByTestId('confirm-ok'));
    await waitFor(() => expect(calls.some((c) => c.path === `${C}/contents/102/unpublish`)).toBe(true));

    fireEvent.click(screen.getByRole('button', { name: '删除《联盟年会在合肥召开》' }));
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('confirm-content')
          .some((el) => el.textContent === PORTAL_CONTENT_MSG.deleteConfirm),
      ).toBe(true),
    );
    const oks = screen.getAllByTestId('confirm-ok');
    fireEvent.click(oks[oks.length - 1] as HTMLElement);
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `${C}/contents/101`)).toBe(true),
    );
  });

  it('orders every row of a kind with the move buttons and saves all the ids', async () => {
    const rows = [
      row({ id: '1', kind: 'course', title: '数据结构', sort: 1 }),
      row({ id: '2', kind: 'course', title: '操作系统', sort: 2 }),
      row({ id: '3', kind: 'course', title: '计算机网络', sort: 3 }),
    ];
    const calls = stubFetch(
      routes({
        [`GET ${C}/contents`]: ok({ rows, total: 3 }),
        [`PUT ${C}/contents/order`]: ok(null),
      }),
    );
    renderApp('/u/content/manage?kind=course');
    await screen.findByText('数据结构');
    fireEvent.click(screen.getByTestId('order-mode'));
    await screen.findByTestId('order-list');
    expect(calls.some((c) => c.path === `${C}/contents` && c.query.get('pageSize') === '100')).toBe(true);
    expect(button('保存排序').disabled).toBe(true);
    const up = screen.getByRole('button', { name: '上移《计算机网络》' });
    fireEvent.click(up);
    await waitFor(() =>
      expect(screen.getAllByTestId('order-item').map((li) => li.textContent)).toEqual([
        expect.stringContaining('数据结构'),
        expect.stringContaining('计算机网络'),
        expect.stringContaining('操作系统'),
      ]),
    );
    expect(screen.getByTestId('order-announce').textContent).toBe('《计算机网络》已移到第 2 位');
    // the focus stays on the moved row's button
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: '上移《计算机网络》' })),
    );
    fireEvent.click(button('保存排序'));
    await waitFor(() => {
      const put = calls.find((c) => c.method === 'PUT' && c.path === `${C}/contents/order`);
      expect(put?.body).toEqual({ kind: 'course', ids: ['1', '3', '2'] });
    });
  });
});

describe('content editor', () => {
  beforeEach(() => {
    setSite({ HAS_COLLEGE_ADMIN_AUTH: true });
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  it('creates a news item: the fields map onto the input, and the page moves to the saved row', async () => {
    const calls = stubFetch(
      routes({
        [`POST ${C}/contents`]: (c) => ok(detail({ id: '301', ...(c.body as object), body: '' })),
        [`GET ${C}/contents/301`]: ok(detail({ id: '301', title: '招生简章发布', body: '' })),
      }),
    );
    const { router } = renderApp('/u/content/edit/new?kind=news');
    expect(await screen.findByRole('heading', { name: '新建新闻动态' })).toBeTruthy();
    fireEvent.change(screen.getByTestId('title-input'), { target: { value: '招生简章发布' } });
    fireEvent.change(screen.getByLabelText('来源'), { target: { value: '招生办' } });
    fireEvent.click(screen.getByTestId('save'));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'POST' && c.path === `${C}/contents`)).toBe(true),
    );
    const post = calls.find((c) => c.method === 'POST' && c.path === `${C}/contents`);
    expect(post?.body).toEqual({
      kind: 'news',
      slug: null,
      title: '招生简章发布',
      summary: '',
      coverFileId: null,
      body: '',
      attrs: { source: '招生办' },
      tags: [],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/content/edit/301'));
  });

  it('checks the title before saving, and puts a server refusal naming a field under it', async () => {
    const calls = stubFetch(
      routes({
        [`GET ${C}/contents`]: ok({ rows: [], total: 0 }),
        [`POST ${C}/contents`]: fail(400, PORTAL_CONTENT_MSG.slugTaken),
      }),
    );
    renderApp('/u/content/edit/new?kind=page');
    await screen.findByRole('heading', { name: '新建单页' });
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(PORTAL_CONTENT_MSG.titleRequired)).toBeTruthy();
    expect(await screen.findByText(PORTAL_CONTENT_MSG.slugRequired)).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    fireEvent.change(screen.getByTestId('title-input'), { target: { value: '联盟简介' } });
    // pick the page in the select
    const slug = screen.getByRole('combobox', { name: '页面' });
    fireEvent.mouseDown(slug);
    fireEvent.click(await screen.findByText(/联盟简介（\/alliance\/index\/about）/));
    fireEvent.click(screen.getByTestId('save'));
    expect(await screen.findByText(PORTAL_CONTENT_MSG.slugTaken)).toBeTruthy();
    expect(screen.getByRole('combobox', { name: '页面' }).getAttribute('aria-invalid')).toBe('true');
    const post = calls.find((c) => c.method === 'POST');
    expect((post?.body as { slug?: string } | undefined)?.slug).toBe('allianceAbout');
  });

  it('asks before leaving with unsaved changes', async () => {
    stubFetch(
      routes({
        [`GET ${C}/contents/101`]: ok(detail()),
        [`GET ${C}/contents`]: ok({ rows: [row()], total: 1 }),
      }),
    );
    const { router } = renderApp('/u/content/edit/101');
    const title = (await screen.findByTestId('title-input')) as HTMLInputElement;
    expect(title.value).toBe('联盟年会在合肥召开');
    expect(screen.getByTestId('edit-status').textContent).toBe('草稿');
    fireEvent.change(title, { target: { value: '联盟年会在合肥隆重召开' } });
    fireEvent.click(screen.getByTestId('back'));
    expect(await screen.findByText('内容尚未保存，离开后本次修改将丢失。确定离开吗？')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/u/content/edit/101');
    fireEvent.click(screen.getByTestId('leave-ok'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/u/content/manage'));
    expect(router.state.location.search).toBe('?kind=news');
  });
});

describe('content preview', () => {
  beforeEach(() => {
    setSite({ HAS_COLLEGE_ADMIN_AUTH: true });
    stubBrowser();
    signIn('Teacher');
  });

  it('shows a draft as visitors will see it, under the admins-only banner', async () => {
    stubFetch(
      routes({
        [`GET ${C}/contents/201`]: ok(
          detail({
            id: '201',
            kind: 'experiment',
            title: 'Spark 词频统计',
            summary: '用 Spark 统计文本词频',
            coverUrl: '/api/portal/images/9',
            coverFileId: '9',
            tags: ['bigdata'],
            attrs: {
              difficulty: '中级',
              minutes: 90,
              steps: [{ title: '准备数据', body: '<p>上传文本</p>' }],
              sample: '<p>报告示例</p>',
            },
            body: '<p>实验介绍</p>',
          }),
        ),
      }),
    );
    renderApp('/u/content/preview/201');
    expect((await screen.findByTestId('preview-banner')).textContent).toContain(
      '预览（未发布内容仅管理员可见）',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Spark 词频统计' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Spark 词频统计封面' }).getAttribute('src')).toBe(
      '/api/portal/images/9',
    );
    const meta = screen.getByTestId('preview-meta').textContent ?? '';
    expect(meta).toContain('中级');
    expect(meta).toContain('90分钟');
    expect(meta).toContain('大数据实验室');
    expect(screen.getByRole('heading', { name: '实验步骤' })).toBeTruthy();
    expect(screen.getByText('上传文本')).toBeTruthy();
    expect(screen.getByText('实验介绍')).toBeTruthy();
    expect(screen.getByText('报告示例')).toBeTruthy();
    expect(screen.getByRole('link', { name: /返回编辑/ }).getAttribute('href')).toBe('/u/content/edit/201');
  });
});
