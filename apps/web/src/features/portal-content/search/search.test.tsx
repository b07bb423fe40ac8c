import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTENT_QUERY_MAX } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { ok, renderApp, renderWithRouter, setSite, stubBrowser, stubFetch } from '../../../test/helpers';
import { card } from '../catalogue/test-data';
import { HEADER_QUERY_MAX, HeaderSearch } from './header-search';

afterEach(async () => {
  await deferredLoadsSettled();
});

describe('搜索 (/search)', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });

  it('searches across kinds, marks the matches, and offers kind tabs in the address', async () => {
    const calls = stubFetch({
      'GET /api/portal/contents': (call) =>
        call.query.get('kind') === 'news'
          ? ok({ rows: [], total: 0 })
          : ok({
              rows: [
                card({ id: '1', title: '大数据技术导论', excerpt: '……讲授大数据采集与处理……' }),
                card({ id: '2', kind: 'experiment', title: 'Spark 实验', summary: '用 Spark 处理大数据' }),
              ],
              total: 2,
            }),
    });
    const { router } = renderApp(`/search?q=${encodeURIComponent('大数据')}`);
    expect(await screen.findByRole('heading', { name: '“大数据”的搜索结果', level: 1 })).toBeTruthy();
    const hit = await screen.findByTestId('hit-1');
    const link = within(hit).getByRole('link');
    expect(link.textContent).toBe('大数据技术导论');
    expect(link.getAttribute('href')).toBe('/qualitycourse/details?id=1');
    expect(Array.from(hit.querySelectorAll('mark')).map((m) => m.textContent)).toEqual(['大数据', '大数据']);
    expect(within(screen.getByTestId('hit-2')).getByText('云端实验')).toBeTruthy();
    const first = calls.find((c) => c.path === '/api/portal/contents');
    expect(first?.query.get('q')).toBe('大数据');
    expect(first?.query.has('kind')).toBe(false);

    fireEvent.click(screen.getByRole('link', { name: '新闻动态' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe(`?${new URLSearchParams('q=大数据&kind=news')}`),
    );
    expect(await screen.findByText('没有找到相关内容')).toBeTruthy();
    expect(screen.getByRole('link', { name: '新闻动态' }).getAttribute('aria-current')).toBe('page');
  });

  it('asks for a keyword before searching, and refuses one longer than 30 characters', async () => {
    const calls = stubFetch({});
    const first = renderApp('/search');
    expect(await screen.findByText('输入关键词，搜索课程、实验、项目、案例与资讯。')).toBeTruthy();
    first.unmount();
    renderApp(`/search?q=${'长'.repeat(31)}`);
    expect(await screen.findByText('搜索词不能超过30个字符')).toBeTruthy();
    expect(calls.some((c) => c.path === '/api/portal/contents')).toBe(false);
  });
});

describe('the product header search box', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    stubFetch({});
  });

  it('goes to /search?q= on Enter, but not on the Enter that ends an IME composition', async () => {
    const { router } = renderWithRouter(<HeaderSearch />, '/home/index');
    const box = await screen.findByRole('searchbox', { name: '搜索全站内容' });
    fireEvent.change(box, { target: { value: 'ruan' } });
    // the input method's Enter: keydown marked composing (keyCode 229); its default (submitting) is cancelled
    const composing = fireEvent.keyDown(box, { key: 'Enter', keyCode: 229, isComposing: true });
    expect(composing).toBe(false);
    expect(router.state.location.pathname).toBe('/home/index');
    fireEvent.change(box, { target: { value: ' 软件工程 ' } });
    expect(fireEvent.keyDown(box, { key: 'Enter' })).toBe(true);
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('软件工程')}`);
  });

  it('cuts a query where the search does', () => {
    expect(HEADER_QUERY_MAX).toBe(CONTENT_QUERY_MAX);
  });

  it('does not search for nothing, and shows the query on the search page', async () => {
    const { router } = renderWithRouter(<HeaderSearch />, `/search?q=${encodeURIComponent('鸿蒙')}`);
    const box = (await screen.findByRole('searchbox', { name: '搜索全站内容' })) as HTMLInputElement;
    expect(box.value).toBe('鸿蒙');
    fireEvent.change(box, { target: { value: '   ' } });
    fireEvent.submit(box.closest('form') as HTMLFormElement);
    expect(router.state.location.search).toBe(`?q=${encodeURIComponent('鸿蒙')}`);
    expect(document.activeElement).toBe(box);
  });
});
