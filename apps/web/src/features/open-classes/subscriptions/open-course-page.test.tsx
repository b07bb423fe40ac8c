import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Subscription } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { HOUR, OC, shellRoutes, subscriptionRow } from '../test-support';

const LIST = `GET ${OC}/open_courses/subscriptions`;
const DELETE = (id: string) => `DELETE ${OC}/open_courses/subscripte/${id}`;

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({ ...shellRoutes(), ...extra });
const page = (rows: Subscription[], total = rows.length) => ok({ rows, total });

const cardOf = async (name: string) => {
  const heading = await screen.findByRole('heading', { name });
  return heading.closest('[data-testid="subscription-card"]') as HTMLElement;
};

describe('职业发展课 subscriptions', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  it('cards as spec 2.11 and 4: tag, live label and icon, start, progress, partners, count, buttons', async () => {
    const now = Date.now();
    const rows = [
      // not started live course: 直播 label, no icon, 不限 and the platform's name
      subscriptionRow({ id: '1' }, now),
      // living series: room-status title with the live icon
      subscriptionRow(
        {
          id: '2',
          courseId: '102',
          roomStatus: 'Living',
          roomStatusTitle: '直播中',
          opencourseModel: { opencourseStartAt: now - HOUR, liveMode: 'SeriesLive', status: 'Online' },
          subscriptContentModel: {
            name: '求职面试系列',
            tabulationPosterUrl: '/poster.png',
            liveMode: 'SeriesLive',
            partnerSchools: [
              { id: 's1', name: '优加示范大学' },
              { id: 's2', name: '第二大学' },
            ],
            enterpriseNames: ['优加信息技术有限公司'],
            liveCount: 4,
          },
        },
        now,
      ),
      // started, finished live course: 回放 label without icon
      subscriptionRow(
        {
          id: '3',
          courseId: '103',
          roomStatus: 'Playback',
          roomStatusTitle: '回放',
          opencourseModel: { opencourseStartAt: now - 48 * HOUR, liveMode: 'SingleLive', status: 'Online' },
          subscriptContentModel: { ...subscriptionRow().subscriptContentModel, name: '简历怎么写' },
        },
        now,
      ),
      // video course: no live tag, progress bar with a rounded percent
      subscriptionRow(
        {
          id: '4',
          courseId: '104',
          progressPercentage: 0.456,
          roomStatus: 'Playback',
          roomStatusTitle: '回放',
          opencourseModel: { opencourseStartAt: now - HOUR, liveMode: 'Video', status: 'Online' },
          subscriptContentModel: {
            ...subscriptionRow().subscriptContentModel,
            name: '数据分析入门',
            liveMode: 'Video',
            liveCount: 6,
          },
        },
        now,
      ),
    ];
    const calls = stubFetch(routes({ [LIST]: page(rows) }));
    const { router } = renderApp('/workbench/index/opencourse');
    expect(await screen.findByRole('heading', { name: '职业发展课', level: 1 })).toBeTruthy();

    const first = within(await cardOf('产品经理的一天'));
    expect(first.getByTestId('career-tag').textContent).toBe('职业发展课');
    expect(first.getByTestId('live-tag').textContent).toBe('直播');
    expect(first.queryByTestId('live-icon')).toBeNull();
    expect(first.getByTestId('partner-schools').textContent).toBe('合作院校：不限');
    expect(first.getByTestId('partner-enterprises').textContent).toBe('合作企业：优加教育平台');
    expect(first.getByTestId('live-count').textContent).toBe('共1节');
    expect(first.getByTestId('start-time').textContent).toMatch(/^开课时间：\d{4}-\d\d-\d\d \d\d:\d\d$/);
    expect(first.queryByTestId('progress')).toBeNull();
    expect(first.queryByTestId('delete-subscription')).toBeNull();
    expect(first.getByTestId('start-learning').textContent).toContain('开始学习');

    const second = within(await cardOf('求职面试系列'));
    expect(second.getByTestId('live-tag').textContent).toBe('直播中');
    expect(second.getByTestId('live-icon')).toBeTruthy();
    expect(second.getByTestId('partner-schools').textContent).toBe('合作院校：优加示范大学、第二大学');
    expect(second.getByTestId('partner-enterprises').textContent).toBe('合作企业：优加信息技术有限公司');
    expect(second.getByTestId('live-count').textContent).toBe('共4节');

    const third = within(await cardOf('简历怎么写'));
    expect(third.getByTestId('live-tag').textContent).toBe('回放');
    expect(third.queryByTestId('live-icon')).toBeNull();

    const video = within(await cardOf('数据分析入门'));
    expect(video.queryByTestId('live-tag')).toBeNull();
    expect(video.getByTestId('progress').textContent).toContain('46%');

    // 开始学习 opens the course by its mode
    fireEvent.click(second.getByTestId('start-learning'));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(
        '/openclass/classopenserieslive?id=102',
      ),
    );
    const asked = calls.find((c) => `${c.method} ${c.path}` === LIST);
    expect(asked?.query.get('sort')).toBe('recentStudy');
    expect(asked?.query.get('order')).toBe('desc');
  });

  it('开始学习 on a single live or video course opens openclasslive', async () => {
    stubFetch(routes({ [LIST]: page([subscriptionRow()]) }));
    const { router } = renderApp('/workbench/index/opencourse');
    fireEvent.click(within(await cardOf('产品经理的一天')).getByTestId('start-learning'));
    await waitFor(() => expect(router.state.location.search).toBe('?id=101'));
    expect(router.state.location.pathname).toBe('/openclass/openclasslive');
  });

  it('an expired subscription (Offline or no status) is greyed, not openable, 课程已过期, deletable after a confirm', async () => {
    const rows = [
      subscriptionRow({
        id: '7',
        opencourseModel: { opencourseStartAt: Date.now() - HOUR, liveMode: 'SingleLive', status: 'Offline' },
        subscriptContentModel: { ...subscriptionRow().subscriptContentModel, name: '已下线的课' },
      }),
      subscriptionRow({
        id: '8',
        opencourseModel: { opencourseStartAt: null, liveMode: 'Video', status: null },
        subscriptContentModel: {
          ...subscriptionRow().subscriptContentModel,
          name: '不存在的课',
          liveMode: 'Video',
        },
      }),
    ];
    let remaining = rows;
    const calls = stubFetch(
      routes({
        [LIST]: () => page(remaining),
        [DELETE('7')]: () => {
          remaining = rows.slice(1);
          return ok({ id: '7' });
        },
      }),
    );
    renderApp('/workbench/index/opencourse');
    for (const name of ['已下线的课', '不存在的课']) {
      const card = await cardOf(name);
      expect(card.getAttribute('data-expired')).toBe('true');
      expect(card.className).toContain('is-expired');
      const inside = within(card);
      expect(inside.queryByTestId('live-tag')).toBeNull();
      expect(inside.queryByRole('link')).toBeNull();
      expect(inside.queryByTestId('start-learning')).toBeNull();
      const expired = inside.getByTestId('course-expired') as HTMLButtonElement;
      expect(expired.textContent).toBe('课程已过期');
      expect(expired.disabled).toBe(true);
      expect(inside.getByTestId('delete-subscription')).toBeTruthy();
    }

    // cancel: nothing deleted
    fireEvent.click(within(await cardOf('已下线的课')).getByTestId('delete-subscription'));
    expect(await screen.findByText('删除后该课程将从您的订阅中移除，确定删除吗？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /取\s*消/ }));
    finishLeaveMotion();
    expect(calls.some((c) => `${c.method} ${c.path}` === DELETE('7'))).toBe(false);

    // confirm: deleted, list asked again
    fireEvent.click(within(await cardOf('已下线的课')).getByTestId('delete-subscription'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === DELETE('7'))).toBe(true));
    expect(await screen.findByText('已删除')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('heading', { name: '已下线的课' })).toBeNull());
  });

  it('a refused delete shows the server’s message and keeps the dialog', async () => {
    const row = subscriptionRow({
      opencourseModel: { opencourseStartAt: null, liveMode: 'SingleLive', status: 'Offline' },
    });
    stubFetch(routes({ [LIST]: page([row]), [DELETE('1')]: fail(404, '订阅不存在') }));
    renderApp('/workbench/index/opencourse');
    fireEvent.click(within(await cardOf('产品经理的一天')).getByTestId('delete-subscription'));
    fireEvent.click(await screen.findByTestId('confirm-ok'));
    expect(await screen.findByText('订阅不存在')).toBeTruthy();
    expect(screen.getByTestId('confirm-content')).toBeTruthy();
  });

  it('tabs 最近学习 / 最近订阅 ask with the tab’s sort and keep it in the address', async () => {
    const calls = stubFetch(routes({ [LIST]: page([subscriptionRow()]) }));
    const { router } = renderApp('/workbench/index/opencourse');
    await cardOf('产品经理的一天');
    expect(screen.getByTestId('subscription-tab-recentStudy').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('subscription-tab-recentStudy').textContent).toBe('最近学习');
    fireEvent.click(screen.getByTestId('subscription-tab-recentSubscribe'));
    await waitFor(() => expect(router.state.location.search).toBe('?sort=recentSubscribe'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === LIST)
          .at(-1)
          ?.query.get('sort'),
      ).toBe('recentSubscribe'),
    );
    expect(screen.getByTestId('subscription-tab-recentSubscribe').textContent).toBe('最近订阅');
    expect(screen.getByTestId('subscription-tab-recentSubscribe').getAttribute('aria-current')).toBe('page');
  });

  it('loading, then empty with a link to /openclass/index; an error offers 重试', async () => {
    let release: () => void = () => {};
    let answer: StubAnswer = fail(500, '服务器内部错误，请稍后重试');
    let first = true;
    stubFetch(
      routes({
        [LIST]: () =>
          first
            ? new Promise<StubAnswer>((r) => {
                first = false;
                release = () => r(answer);
              })
            : answer,
      }),
    );
    renderApp('/workbench/index/opencourse');
    expect(await screen.findByText('正在加载课程…')).toBeTruthy();
    release();
    expect(await screen.findByText('服务器内部错误，请稍后重试', {}, { timeout: 4000 })).toBeTruthy();
    answer = page([]);
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    const empty = await screen.findByTestId('courses-empty');
    expect(empty.textContent).toContain('暂无订阅的课程');
    expect(within(empty).getByRole('link').getAttribute('href')).toBe('/openclass/index');
  });

  it('pages when there are more than 12', async () => {
    const rows = Array.from({ length: 12 }, (_, i) =>
      subscriptionRow({
        id: String(i + 1),
        subscriptContentModel: { ...subscriptionRow().subscriptContentModel, name: `课程${i + 1}` },
      }),
    );
    const calls = stubFetch(routes({ [LIST]: page(rows, 13) }));
    const { router } = renderApp('/workbench/index/opencourse');
    await cardOf('课程1');
    const pager = screen.getByTestId('courses-pager');
    fireEvent.click(within(pager).getByTitle('2'));
    await waitFor(() => expect(router.state.location.search).toBe('?page=2'));
    await waitFor(() =>
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === LIST)
          .at(-1)
          ?.query.get('pageNumber'),
      ).toBe('2'),
    );
  });

  it('a teacher is sent to 职业发展课管理 instead of a subscription list', async () => {
    signIn('Teacher');
    const calls = stubFetch({ ...shellRoutes('Teacher'), [LIST]: page([]) });
    renderApp('/workbench/index/opencourse');
    const hint = await screen.findByTestId('opencourse-organiser-hint');
    expect(within(hint).getByRole('link').getAttribute('href')).toBe('/u/openclass/manage');
    expect(calls.some((c) => `${c.method} ${c.path}` === LIST)).toBe(false);
  });

  it('the side navigation has 职业发展课 after 我的课程', async () => {
    stubFetch(routes({ [LIST]: page([]) }));
    renderApp('/workbench/index/opencourse');
    const nav = await screen.findByTestId('workbench-nav');
    const link = await within(nav).findByTestId('wb-nav-opencourse');
    expect(link.getAttribute('aria-current')).toBe('page');
    const labels = within(nav)
      .getAllByRole('link')
      .map((a) => a.textContent);
    expect(labels.slice(0, 2)).toEqual(['我的课程', '职业发展课']);
  });
});
