import { act, fireEvent, screen, within } from '@testing-library/react';
import { FAVOURITES_MSG, type FavouritePage } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';

const shell = {
  ...sessionRoutes('Student'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
};

const job = (id: number, onlined: 'Yes' | 'No' = 'Yes') => ({
  id: String(id),
  targetId: String(100 + id),
  targetType: 'Occupation' as const,
  content: {
    id: String(100 + id),
    name: `前端工程师${id}`,
    jobNature: 'FullTime' as const,
    jobNatureTitle: '全职',
    minSalary: 10,
    maxSalary: 999,
    cityName: '杭州',
    degreeTitle: '本科',
    skills: '',
    onlined,
    companyId: '7',
    logo: null,
    companyNickName: '小U科技',
    financingRoundTitle: 'A轮',
    industryTitle: '互联网',
    scaleTitle: '100-499人',
  },
});
const company = (id: number, videoCount: number) => ({
  id: String(id),
  targetId: String(200 + id),
  targetType: 'Company' as const,
  content: {
    id: String(200 + id),
    logo: null,
    companyNickName: `公司${id}`,
    videoCount,
    financingRoundTitle: '已上市',
    industryTitle: '金融',
    scaleTitle: '10000人以上',
    occupationCount: 3,
  },
});

describe('我的收藏', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows 暂无收藏职位 and 暂无收藏公司 when empty, asking 10 a page of the tab’s type', async () => {
    const calls = stubFetch({ ...shell, 'GET /api/ourea/favorites': ok({ rows: [], total: 0 }) });
    renderApp('/workbench/index/favorite');
    expect((await screen.findByTestId('favourites-empty')).textContent).toBe(FAVOURITES_MSG.emptyOccupation);
    const first = calls.find((c) => c.path === '/api/ourea/favorites');
    expect(first?.query.get('targetType')).toBe('Occupation');
    expect(first?.query.get('pageSize')).toBe('10');
    fireEvent.click(screen.getByTestId('favourite-tab-Company'));
    await screen.findByText(FAVOURITES_MSG.emptyCompany);
    expect(
      calls.some((c) => c.path === '/api/ourea/favorites' && c.query.get('targetType') === 'Company'),
    ).toBe(true);
  });

  it('lists job cards (面议, offline marked) opening the job in a new tab', async () => {
    const page: FavouritePage = { rows: [job(1), job(2, 'No')], total: 2 };
    stubFetch({ ...shell, 'GET /api/ourea/favorites': ok(page) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/workbench/index/favorite?upType=Occupation');
    const cards = await screen.findAllByTestId('favourite-job');
    expect(cards).toHaveLength(2);
    expect(cards[0]?.textContent).toContain('面议');
    expect(cards[1]?.textContent).toContain('职位已下线');
    fireEvent.click(cards[0] as HTMLElement);
    expect(open).toHaveBeenCalledWith('/jobdetails?id=101', '_blank', 'noopener');
    fireEvent.keyDown(cards[1] as HTMLElement, { key: 'Enter' });
    expect(open).toHaveBeenCalledWith('/jobdetails?id=102', '_blank', 'noopener');
  });

  it('company cards: video badge only with videos, counts, new-tab page, 取消收藏 after confirmation', async () => {
    let rows = [company(1, 2), company(2, 0)];
    const calls = stubFetch({
      ...shell,
      'GET /api/ourea/favorites': () => ok({ rows, total: rows.length }),
      'DELETE /api/ourea/favorites/1': () => {
        rows = rows.filter((r) => r.id !== '1');
        return ok(null);
      },
    });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/workbench/index/favorite?upType=Company');
    const cards = await screen.findAllByTestId('favourite-company');
    expect(within(cards[0] as HTMLElement).queryByTestId('company-video-badge')).toBeTruthy();
    expect(within(cards[1] as HTMLElement).queryByTestId('company-video-badge')).toBeNull();
    expect(cards[0]?.textContent).toContain('已上市 · 金融 · 10000人以上');
    expect(within(cards[0] as HTMLElement).getByTestId('company-occupation-count').textContent).toBe(
      '在招职位 3 个',
    );
    expect(screen.getByTestId('mini-program-panel')).toBeTruthy();
    fireEvent.click(cards[1] as HTMLElement);
    expect(open).toHaveBeenCalledWith('/company/details?id=202', '_blank', 'noopener');
    open.mockClear();
    fireEvent.click(within(cards[0] as HTMLElement).getByTestId('favourite-cancel'));
    expect(open).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    });
    await vi.waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    await vi.waitFor(() => expect(screen.getAllByTestId('favourite-company')).toHaveLength(1));
    expect(await screen.findByText(FAVOURITES_MSG.canceled)).toBeTruthy();
  });
});
