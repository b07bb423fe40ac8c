import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';

type NoticeRow = {
  id: string;
  genre: 'Course';
  title: string;
  content: string;
  publishAt: number;
  courseId: string;
  courseName: string;
  publisherName: string;
  read: boolean;
};

const PUBLISHED = new Date(2026, 2, 12, 14, 5).getTime();

const notice = (id: string, title: string, extra: Partial<NoticeRow> = {}): NoticeRow => ({
  id,
  genre: 'Course',
  title,
  content: `${title}：第一行\n第二行`,
  publishAt: PUBLISHED,
  courseId: '7',
  courseName: '数据结构',
  publisherName: '李静',
  read: false,
  ...extra,
});

/** A tiny notice server: smallBell, one notice by id, and marking read act on the same rows. */
const noticeServer = (notices: NoticeRow[], messages: Record<string, unknown>[] = []) => {
  const unread = () => notices.filter((n) => !n.read);
  return {
    ...sessionRoutes('Student', '王小明'),
    'GET /api/base/organ/modules': ok([]),
    'POST /api/qmn/c/counts': () =>
      ok({
        unread: unread().length,
        byType: { System: 0, Course: unread().length, Internship: 0, Recruitment: 0 },
      }),
    'POST /api/qmn/c/messages': () => ok({ rows: messages, total: messages.length }),
    'GET /api/qmn/notices/smallBell': (call: RecordedCall) => {
      const size = Number(call.query.get('pageSize') ?? 10);
      return ok({
        rows: unread()
          .slice(0, size)
          .map((n) => ({ ...n })),
        total: unread().length,
      });
    },
    'PATCH /api/qmn/noticeMemberStatus': (call: RecordedCall) => {
      const body = call.body as { ids?: string[]; noticeIds?: string[] };
      let noticesUpdated = 0;
      for (const n of notices) {
        if (body.noticeIds?.includes(n.id) && !n.read) {
          n.read = true;
          noticesUpdated += 1;
        }
      }
      return ok({ updated: 0, noticesUpdated });
    },
    ...Object.fromEntries(
      notices.map((n) => [`GET /api/qmn/notices/${n.id}`, () => ok({ ...n }) as StubAnswer]),
    ),
  };
};

// Both suites: a signed-in student. Mocks and stubbed globals end with each test (src/test/setup.ts).
beforeEach(() => {
  setSite();
  stubBrowser();
  signIn('Student');
});

const dialog = () => screen.findByTestId('course-notice-dialog');
const patches = (calls: RecordedCall[]) => calls.filter((c) => c.method === 'PATCH').map((c) => c.body);

describe('课程通知 dialog', () => {
  it('opens on the workbench with the unread course notice: title, course, publisher, date, content', async () => {
    const calls = stubFetch(noticeServer([notice('31', '期中考试安排')]));
    renderApp('/workbench/index/school');
    const box = await dialog();
    const modal = box.closest('[role="dialog"]') as HTMLElement;
    expect(within(modal).getByText('课程通知')).toBeTruthy();
    expect(within(box).getByRole('heading', { name: '期中考试安排' })).toBeTruthy();
    expect(within(box).getByText('数据结构')).toBeTruthy();
    expect(within(box).getByText('李静')).toBeTruthy();
    expect(within(box).getByTestId('course-notice-date').textContent).toBe('发布于 2026-03-12 14:05');
    expect(within(box).getByTestId('course-notice-content').textContent).toBe('期中考试安排：第一行\n第二行');
    // one notice: no paging
    expect(screen.queryByTestId('course-notice-next')).toBeNull();
    const bell = calls.find((c) => c.path === '/api/qmn/notices/smallBell');
    expect(Object.fromEntries(bell?.query ?? [])).toEqual({
      genre: 'Course',
      pageNumber: '1',
      pageSize: '10',
    });
    // showing it is opening it: marked read once, by notice id
    await waitFor(() => expect(patches(calls)).toEqual([{ noticeIds: ['31'] }]));
    // the shown notice's title has the focus
    await waitFor(() => expect(document.activeElement).toBe(within(box).getByRole('heading')));
  });

  it('several notices: one at a time, by buttons and by arrow keys; each marked read when shown; 知道了 closes', async () => {
    const calls = stubFetch(
      noticeServer([
        notice('33', '第三条', { publishAt: PUBLISHED + 2000 }),
        notice('32', '第二条', { publishAt: PUBLISHED + 1000 }),
        notice('31', '第一条'),
      ]),
    );
    const user = userEvent.setup();
    renderApp('/workbench/index/school');
    const box = await dialog();
    const title = () => screen.getByTestId('course-notice-title').textContent;
    expect(title()).toBe('第三条');
    expect(screen.getByText('第 1 / 3 条')).toBeTruthy();
    expect((screen.getByTestId('course-notice-prev') as HTMLButtonElement).disabled).toBe(true);

    await user.click(screen.getByTestId('course-notice-next'));
    expect(title()).toBe('第二条');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('course-notice-title')));
    fireEvent.keyDown(box, { key: 'ArrowRight' });
    expect(title()).toBe('第一条');
    expect((screen.getByTestId('course-notice-next') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(box, { key: 'ArrowLeft' });
    expect(title()).toBe('第二条');
    // the list stays as it opened, although the shown ones are read now
    await waitFor(() =>
      expect(patches(calls)).toEqual([{ noticeIds: ['33'] }, { noticeIds: ['32'] }, { noticeIds: ['31'] }]),
    );
    expect(screen.getByText('第 2 / 3 条')).toBeTruthy();

    await user.click(screen.getByTestId('course-notice-close'));
    // The leave motion may start after the click returns (a loaded machine): end it until the dialog is gone.
    await waitFor(() => {
      act(() => finishLeaveMotion());
      expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    });
    // the bell follows: nothing left unread
    await waitFor(() => expect(screen.queryByTestId('message-badge')).toBeNull());
  });

  it('Esc closes it; it does not come back while moving around the workbench', async () => {
    stubFetch(noticeServer([notice('31', '期中考试安排')]));
    const { router } = renderApp('/workbench/index/school');
    await dialog();
    const title = screen.getByTestId('course-notice-title');
    await waitFor(() => expect(document.activeElement).toBe(title));
    fireEvent.keyDown(title, { key: 'Escape' });
    await waitFor(() => {
      finishLeaveMotion();
      expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    });
    await act(() => router.navigate('/workbench/index/resume'));
    await screen.findByTestId('message-bell');
    expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
  });

  it('no unread notices, or the call failing: no dialog, no toast', async () => {
    const calls = stubFetch(noticeServer([notice('31', '已读的', { read: true })]));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/qmn/notices/smallBell')).toBe(true));
    await screen.findByTestId('message-bell');
    expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    expect(patches(calls)).toEqual([]);

    vi.unstubAllGlobals();
    stubFetch({ ...noticeServer([]), 'GET /api/qmn/notices/smallBell': fail(500, '服务暂不可用') });
    renderApp('/workbench/index/resume');
    await waitFor(() => expect(screen.getAllByTestId('message-bell').length).toBeGreaterThan(0));
    expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    expect(screen.queryByText('服务暂不可用')).toBeNull();
  });

  it('more than a page of unread notices points to the message page', async () => {
    const many = Array.from({ length: 12 }, (_, i) => notice(String(100 + i), `通知${i + 1}`));
    stubFetch(noticeServer(many));
    renderApp('/workbench/index/school');
    const box = await dialog();
    expect(screen.getByText('第 1 / 10 条')).toBeTruthy();
    expect(box.textContent).toContain('另有 2 条未读通知');
    expect(within(box).getByRole('link', { name: '到消息页查看' }).getAttribute('href')).toBe(
      '/message/index',
    );
  });
});

describe('course messages on the message page', () => {
  const courseMessage = (id: string, noticeId: string | null, body: string) => ({
    id,
    type: 'Course',
    body,
    timestamp: Date.now() - 60_000,
    createAt: Date.now(),
    read: true,
    noticeId,
  });

  it('a message announcing a notice opens it in the same dialog (by keyboard), which marks it read', async () => {
    const n = notice('41', '实验课调整', { read: true });
    const server = noticeServer(
      [n],
      [
        courseMessage('5', '41', '《数据结构》发布了课程通知：实验课调整'),
        courseMessage('6', null, '普通课程消息'),
      ],
    );
    n.read = false;
    const calls = stubFetch(server);
    const user = userEvent.setup();
    renderApp('/message/index');
    // on the message page itself nothing pops up
    const link = await screen.findByTestId('message-notice-link');
    expect(screen.getAllByTestId('message-notice-link')).toHaveLength(1);
    expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    expect(calls.some((c) => c.path === '/api/qmn/notices/smallBell')).toBe(false);

    link.focus();
    await user.keyboard('{Enter}');
    const box = await dialog();
    expect(await within(box).findByRole('heading', { name: '实验课调整' })).toBeTruthy();
    await waitFor(() => expect(patches(calls)).toContainEqual({ noticeIds: ['41'] }));
    await user.click(screen.getByTestId('course-notice-close'));
    // The leave motion may start after the click returns (a loaded machine): end it until the dialog is gone.
    await waitFor(() => {
      act(() => finishLeaveMotion());
      expect(screen.queryByTestId('course-notice-dialog')).toBeNull();
    });
    // focus goes back to the message it was opened from
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('message-notice-link')));
  });

  it("a notice that cannot be opened shows the server's message and 重试", async () => {
    let answer: StubAnswer = fail(404, '通知不存在');
    const n = notice('42', '恢复后的通知');
    const calls = stubFetch({
      ...noticeServer([n], [courseMessage('7', '42', '《数据结构》发布了课程通知：恢复后的通知')]),
      'GET /api/qmn/notices/42': () => answer,
    });
    renderApp('/message/index');
    fireEvent.click(await screen.findByTestId('message-notice-link'));
    const box = await dialog();
    expect(await within(box).findByText('通知不存在')).toBeTruthy();
    expect(within(box).getByRole('alert')).toBeTruthy();
    expect(patches(calls).filter((b) => 'noticeIds' in (b as object))).toEqual([]);
    answer = ok({ ...n });
    fireEvent.click(within(box).getByRole('button', { name: /重\s?试/ }));
    expect(await within(box).findByRole('heading', { name: '恢复后的通知' })).toBeTruthy();
  });
});
