import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubIntersectionObserver } from '../../test/fake-intersection-observer';
import {
  ok,
  type RecordedCall,
  renderApp,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { groupByDay } from './message-groups';
import { SEEN_BATCH_MS, SEEN_DWELL_MS } from './message-page';

const at = (y: number, m: number, d: number, h = 9, i = 0) => new Date(y, m - 1, d, h, i).getTime();

describe('groupByDay', () => {
  const now = at(2026, 3, 10, 15);
  it('groups by local calendar day, newest day and newest message first, with Chinese day labels', () => {
    const items = [
      { id: '1', timestamp: at(2025, 12, 31, 23, 59) },
      { id: '2', timestamp: at(2026, 3, 9, 8) },
      { id: '3', timestamp: at(2026, 3, 10, 0, 1) },
      { id: '4', timestamp: at(2026, 3, 10, 14) },
      { id: '5', timestamp: at(2026, 2, 1, 12) },
      { id: '6', timestamp: at(2026, 3, 9, 23, 59) },
    ];
    const groups = groupByDay(items, now);
    expect(groups.map((g) => [g.label, g.items.map((i) => i.id)])).toEqual([
      ['今天', ['4', '3']],
      ['昨天', ['6', '2']],
      ['2月1日', ['5']],
      ['2025年12月31日', ['1']],
    ]);
    expect(groups[0]?.day).toBe('2026-03-10');
  });

  it('breaks ties by the newer id and gives nothing for no messages', () => {
    const t = at(2026, 3, 10, 9);
    expect(
      groupByDay(
        [
          { id: '7', timestamp: t },
          { id: '12', timestamp: t },
        ],
        now,
      )[0]?.items.map((i) => i.id),
    ).toEqual(['12', '7']);
    expect(groupByDay([], now)).toEqual([]);
  });
});

type Row = {
  id: string;
  type: string;
  body: string;
  timestamp: number;
  createAt: number;
  read: boolean;
  noticeId?: string | null;
};

/** A tiny in-memory message server: pages, counts and mark-read act on the same rows. */
const messageServer = (rows: Row[]) => {
  const unread = () => rows.filter((r) => !r.read).length;
  return {
    'POST /api/qmn/c/counts': () =>
      ok({ unread: unread(), byType: { System: unread(), Course: 0, Internship: 0, Recruitment: 0 } }),
    'POST /api/qmn/c/messages': (call: RecordedCall) => {
      const pageNumber = Number(call.query.get('pageNumber') ?? 1);
      const pageSize = Number(call.query.get('pageSize') ?? 10);
      const sorted = [...rows].sort((a, b) => b.timestamp - a.timestamp);
      return ok({
        rows: sorted
          .slice((pageNumber - 1) * pageSize, pageNumber * pageSize)
          .map((r) => ({ noticeId: null, ...r })),
        total: rows.length,
      });
    },
    'PATCH /api/qmn/noticeMemberStatus': (call: RecordedCall) => {
      const ids = (call.body as { ids: string[] }).ids;
      let updated = 0;
      for (const r of rows) {
        if (ids.includes(r.id) && !r.read) {
          r.read = true;
          updated += 1;
        }
      }
      return ok({ updated, noticesUpdated: 0 });
    },
    'GET /api/base/organ/modules': ok([]),
  };
};

describe('message page', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('lists the messages by day, newest first, inside the workbench header without the bell', async () => {
    signIn('Student');
    const now = Date.now();
    // noon of today and of earlier days: stable whatever the time the suite runs
    const noon = (daysAgo: number) => {
      const d = new Date();
      return new Date(d.getFullYear(), d.getMonth(), d.getDate() - daysAgo, 12).getTime();
    };
    const rows: Row[] = [
      {
        id: '1',
        type: 'Course',
        body: '课程通知：实验课调整',
        timestamp: noon(3),
        createAt: now,
        read: true,
      },
      {
        id: '2',
        type: 'System',
        body: '欢迎使用优加教育平台',
        timestamp: noon(0),
        createAt: now,
        read: true,
      },
      {
        id: '3',
        type: 'Internship',
        body: '实习进入第二阶段',
        timestamp: noon(1),
        createAt: now,
        read: true,
      },
    ];
    stubFetch({ ...sessionRoutes('Student', '王小明'), ...messageServer(rows) });
    renderApp('/message/index');
    expect(await screen.findByRole('heading', { name: '系统消息', level: 1 })).toBeTruthy();
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(3));
    const days = screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent);
    expect(days.slice(-3)[0]).toBe('今天');
    expect(days.slice(-3)[1]).toBe('昨天');
    expect(screen.getAllByTestId('message-item').map((li) => li.textContent)).toEqual([
      expect.stringContaining('欢迎使用优加教育平台'),
      expect.stringContaining('实习进入第二阶段'),
      expect.stringContaining('课程通知：实验课调整'),
    ]);
    expect(
      within(screen.getAllByTestId('message-item')[0] as HTMLElement).getByText('系统消息'),
    ).toBeTruthy();
    expect(screen.getByTestId('workbench-header')).toBeTruthy();
    expect(screen.queryByTestId('message-bell')).toBeNull();
  });

  it('marks an unread message read only once it has been in view, in batches, and the bell follows', async () => {
    const io = stubIntersectionObserver();
    signIn('Student');
    const now = Date.now();
    const rows: Row[] = [
      { id: '10', type: 'System', body: '未读一', timestamp: now - 1000, createAt: now, read: false },
      { id: '11', type: 'Course', body: '已读', timestamp: now - 2000, createAt: now, read: true },
      { id: '12', type: 'System', body: '未读二', timestamp: now - 3000, createAt: now, read: false },
      { id: '13', type: 'System', body: '未读三', timestamp: now - 4000, createAt: now, read: false },
    ];
    const calls = stubFetch({ ...sessionRoutes('Student', '王小明'), ...messageServer(rows) });
    const patches = () => calls.filter((c) => c.method === 'PATCH');
    const { router } = renderApp('/workbench/index/school');
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('3'));
    await act(() => router.navigate('/message/index'));
    await waitFor(() => expect(screen.getAllByTestId('message-item')).toHaveLength(4));
    const itemOf = (text: string) =>
      screen.getAllByTestId('message-item').find((li) => li.textContent?.includes(text)) as HTMLElement;

    // loading the list marks nothing: nothing has been shown yet
    await new Promise((resolve) => setTimeout(resolve, SEEN_DWELL_MS + SEEN_BATCH_MS + 200));
    expect(patches()).toHaveLength(0);

    // the first two are on screen; 未读三 is below the fold
    act(() => io.show([itemOf('未读一'), itemOf('未读二')]));
    await waitFor(() => expect(patches()).toHaveLength(1), { timeout: 3000 });
    expect(patches()[0]?.body).toEqual({ ids: ['10', '12'] });
    await waitFor(() => expect(document.querySelectorAll('.message-item.is-unread')).toHaveLength(1));
    expect(itemOf('未读三').classList.contains('is-unread')).toBe(true);

    // scrolled to it: now it is read too, and nothing is marked twice
    act(() => io.show(itemOf('未读三')));
    await waitFor(() => expect(patches()).toHaveLength(2), { timeout: 3000 });
    expect(patches()[1]?.body).toEqual({ ids: ['13'] });
    await waitFor(() => expect(document.querySelectorAll('.message-item.is-unread')).toHaveLength(0));
    await act(() => router.navigate('/workbench/index/school'));
    await screen.findByTestId('message-bell');
    await waitFor(() => expect(screen.queryByTestId('message-badge')).toBeNull());
    expect(patches()).toHaveLength(2);
  });

  it('says 暂无消息 when there are none', async () => {
    signIn('Student');
    stubFetch({ ...sessionRoutes('Student', '王小明'), ...messageServer([]) });
    renderApp('/message');
    expect(await screen.findByText('暂无消息')).toBeTruthy();
  });
});
