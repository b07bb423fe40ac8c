import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ContentCard, type ContentDetail, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  setSite,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';

const LIST = 'GET /api/portal/contents';
const card = (over: Partial<ContentCard> = {}): ContentCard => ({
  id: '1',
  kind: 'news',
  slug: null,
  title: '联盟年会在合肥召开',
  summary: '来自全国的示范性软件学院代表齐聚一堂',
  coverUrl: '',
  tags: [],
  publishedAt: new Date(2026, 2, 18).getTime(),
  ownerCode: 'uplus',
  attrs: {},
  ...over,
});
const detail = (over: Partial<ContentDetail> = {}): ContentDetail => ({
  ...card(),
  body: '<p>年会正文</p>',
  updatedAt: 0,
  prev: null,
  next: null,
  ...over,
});
const byKind = (rows: Partial<Record<string, ContentCard[]>>, total?: number) => (call: RecordedCall) => {
  const list = rows[call.query.get('kind') ?? ''] ?? [];
  return ok({ rows: list, total: total ?? list.length });
};

describe('alliance and recruit pages', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.unstubAllGlobals();
  });

  it('the alliance home: its text, the latest news and notices, the member strip', async () => {
    const calls = stubFetch({
      'GET /api/portal/contents/by-slug/page/allianceHome': ok(
        detail({
          kind: 'page',
          slug: 'allianceHome',
          title: '优加产教融合创新联盟',
          summary: '校企协同育人',
          body: '<p>联盟成立于2005年</p>',
        }),
      ),
      [LIST]: byKind({
        news: [card()],
        notice: [card({ id: '2', kind: 'notice', title: '关于召开理事会的通知' })],
        member: [card({ id: '3', kind: 'member', title: '北京大学软件与微电子学院' })],
      }),
    });
    renderApp('/alliance/index');
    // the site's alliance page names the alliance (banner, breadcrumbs, tab title)
    expect(await screen.findByRole('heading', { level: 1, name: '优加产教融合创新联盟' })).toBeTruthy();
    expect(screen.getByText('校企协同育人')).toBeTruthy();
    expect(await screen.findByText('联盟成立于2005年')).toBeTruthy();
    await waitFor(() => expect(document.title).toContain('优加产教融合创新联盟'));
    const news = await screen.findByTestId('alliance-latest-news');
    expect((await within(news).findByRole('link', { name: '联盟年会在合肥召开' })).getAttribute('href')).toBe(
      '/alliance/index/journalism/1',
    );
    const notices = screen.getByTestId('alliance-latest-notice');
    expect(
      (await within(notices).findByRole('link', { name: '关于召开理事会的通知' })).getAttribute('href'),
    ).toBe('/alliance/index/inform/2');
    expect((await screen.findByTestId('member-strip')).textContent).toContain('北京');
    expect(
      calls.filter((c) => c.path === '/api/portal/contents').map((c) => c.query.get('pageSize')),
    ).toContain('5');
    // the section navigation marks where the visitor is
    const nav = screen.getByRole('navigation', { name: '联盟栏目' });
    expect(within(nav).getByRole('link', { name: '联盟首页' }).getAttribute('aria-current')).toBe('page');
  });

  it('the alliance home without its own text still shows the lists', async () => {
    stubFetch({
      'GET /api/portal/contents/by-slug/page/allianceHome': fail(404, PORTAL_CONTENT_MSG.notFound),
      [LIST]: byKind({}),
    });
    renderApp('/alliance/index');
    expect(await screen.findByRole('heading', { level: 1, name: '示范性软件学院联盟' })).toBeTruthy();
    const news = await screen.findByTestId('alliance-latest-news');
    expect(await within(news).findByText(PORTAL_CONTENT_MSG.empty)).toBeTruthy();
    expect(screen.queryByTestId('alliance-intro')).toBeNull();
    expect(screen.queryByText(PORTAL_CONTENT_MSG.notFound)).toBeNull();
  });

  it('members by rank: logos or initials, websites in a new tab', async () => {
    stubFetch({
      [LIST]: byKind({
        member: [
          card({ id: '1', kind: 'member', title: '复旦大学软件学院', attrs: { memberType: '成员单位' } }),
          card({
            id: '2',
            kind: 'member',
            title: '北京大学软件与微电子学院',
            coverUrl: '/api/portal/images/9',
            attrs: { memberType: '理事长单位', website: 'https://www.ss.pku.edu.cn' },
          }),
        ],
      }),
    });
    renderApp('/alliance/index/member');
    const groups = await screen.findAllByTestId('member-group');
    expect(groups.map((g) => within(g).getByRole('heading', { level: 2 }).textContent)).toEqual([
      '理事长单位（1）',
      '成员单位（1）',
    ]);
    const site = within(groups[0] as HTMLElement).getByRole('link', { name: /北京大学软件与微电子学院/ });
    expect(site.getAttribute('href')).toBe('https://www.ss.pku.edu.cn');
    expect(site.getAttribute('target')).toBe('_blank');
    expect(site.getAttribute('rel')).toContain('noopener');
    expect(groups[0]?.querySelector('img')?.getAttribute('src')).toBe('/api/portal/images/9');
    expect(within(groups[1] as HTMLElement).queryByRole('link')).toBeNull();
    expect(groups[1]?.querySelector('.member-logo')?.textContent).toBe('复旦');
  });

  it('news list pages through the address (?page=2)', async () => {
    const calls = stubFetch({
      [LIST]: (call) =>
        ok({
          rows: [
            card({
              id: call.query.get('pageNumber') === '2' ? '12' : '1',
              title: `第${call.query.get('pageNumber')}页新闻`,
            }),
          ],
          total: 15,
        }),
    });
    const { router } = renderApp('/alliance/index/journalism');
    expect(await screen.findByRole('heading', { level: 1, name: '新闻动态' })).toBeTruthy();
    expect(await screen.findByText('第1页新闻')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: '下一页' }));
    expect(await screen.findByText('第2页新闻')).toBeTruthy();
    expect(router.state.location.search).toBe('?page=2');
    expect(calls.at(-1)?.query.get('kind')).toBe('news');
    expect(calls.at(-1)?.query.get('pageSize')).toBe('10');
  });

  it('a news item: breadcrumbs, title, date, source, body, neighbours and the tab title', async () => {
    stubFetch({
      'GET /api/portal/contents/7': ok(
        detail({
          id: '7',
          attrs: { source: '联盟秘书处' },
          prev: { id: '8', title: '更新的一篇' },
          next: null,
        }),
      ),
    });
    renderApp('/alliance/index/journalism/7');
    expect(await screen.findByRole('heading', { level: 1, name: '联盟年会在合肥召开' })).toBeTruthy();
    expect(screen.getByText('年会正文')).toBeTruthy();
    expect(screen.getByText('来源：联盟秘书处')).toBeTruthy();
    expect(screen.getByText('2026-03-18')).toBeTruthy();
    const crumbs = screen.getByRole('navigation', { name: '当前位置' });
    expect(within(crumbs).getByRole('link', { name: '新闻动态' }).getAttribute('href')).toBe(
      '/alliance/index/journalism',
    );
    const neighbours = screen.getByTestId('article-neighbours');
    expect(within(neighbours).getByRole('link', { name: '更新的一篇' }).getAttribute('href')).toBe(
      '/alliance/index/journalism/8',
    );
    expect(neighbours.textContent).toContain('下一篇：没有了');
    await waitFor(() => expect(document.title).toContain('联盟年会在合肥召开'));
  });

  it('a notice id under journalism/ goes to its own address; an unknown id says 内容不存在或已下线', async () => {
    stubFetch({
      'GET /api/portal/contents/2': ok(detail({ id: '2', kind: 'notice', title: '理事会通知' })),
      'GET /api/portal/contents/3': fail(404, PORTAL_CONTENT_MSG.notFound),
    });
    const { router } = renderApp('/alliance/index/journalism/2');
    expect(await screen.findByRole('heading', { level: 1, name: '理事会通知' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/alliance/index/inform/2');
    await router.navigate('/alliance/index/inform/3');
    expect((await screen.findByTestId('article-missing')).textContent).toContain(PORTAL_CONTENT_MSG.notFound);
  });

  it('recruit list: facts, 已截止 after the deadline, the search words in the address', async () => {
    const calls = stubFetch({
      [LIST]: (call) =>
        ok(
          call.query.get('q') === '无此职位'
            ? { rows: [], total: 0 }
            : {
                rows: [
                  card({
                    id: '4',
                    kind: 'recruit',
                    title: '优加科技2027届校园招聘',
                    attrs: {
                      company: '优加科技有限公司',
                      city: '合肥',
                      salary: '10-15K',
                      deadline: '2020-01-01',
                      positions: ['Java开发工程师', '测试工程师'],
                    },
                  }),
                  card({ id: '5', kind: 'recruit', title: '长期招聘', attrs: { company: '某公司' } }),
                ],
                total: 2,
              },
        ),
    });
    const { router } = renderApp('/recruitinfo/index');
    const items = await screen.findAllByTestId('recruit-item');
    expect(items[0]?.textContent).toContain('优加科技有限公司');
    expect(items[0]?.textContent).toContain('Java开发工程师 / 测试工程师');
    expect(items[0]?.textContent).toContain('10-15K');
    expect(within(items[0] as HTMLElement).getByTestId('recruit-deadline').textContent).toBe(
      '2020-01-01已截止',
    );
    expect(within(items[1] as HTMLElement).getByTestId('recruit-deadline').textContent).toBe('长期有效');
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/recruitinfo/recruitinfodetail?id=4');
    const box = screen.getByTestId('recruit-search');
    fireEvent.change(box, { target: { value: '无此职位' } });
    // the Enter that ends an IME composition does not search
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(router.state.location.search).toBe('');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(await screen.findByText(PORTAL_CONTENT_MSG.searchEmpty)).toBeTruthy();
    expect(decodeURIComponent(router.state.location.search)).toBe('?q=无此职位');
    expect(calls.at(-1)?.query.get('q')).toBe('无此职位');
  });

  it('recruit details: facts, contact and the link to more campus jobs', async () => {
    stubFetch({
      'GET /api/portal/contents/4': ok(
        detail({
          id: '4',
          kind: 'recruit',
          title: '优加科技2027届校园招聘',
          attrs: {
            company: '优加科技有限公司',
            contact: 'hr@uplus.example（王老师）',
            deadline: '2099-12-31',
          },
        }),
      ),
    });
    renderApp('/recruitinfo/recruitinfodetail?id=4');
    expect(await screen.findByRole('heading', { level: 1, name: '优加科技2027届校园招聘' })).toBeTruthy();
    expect(screen.getByTestId('recruit-contact').textContent).toBe('hr@uplus.example（王老师）');
    expect(screen.getByTestId('recruit-deadline').textContent).toBe('2099-12-31');
    expect(screen.getByTestId('recruit-more-jobs').getAttribute('href')).toBe('/ujob/index');
  });

  it('recruit details without an id say 内容不存在或已下线 without calling', async () => {
    const calls = stubFetch({});
    renderApp('/recruitinfo/recruitinfodetail');
    expect((await screen.findByTestId('recruit-missing')).textContent).toContain(PORTAL_CONTENT_MSG.notFound);
    expect(calls.some((c) => c.path.startsWith('/api/portal/contents'))).toBe(false);
  });
});
