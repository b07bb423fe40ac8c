import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { courseCard, courseDetail, OC, shellRoutes } from '../test-support';

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const LIST = `GET ${OC}/open_courses`;
const INFO = `GET ${OC}/open_courses/search/info`;
const ALL = `GET ${OC}/open_courses/search/all`;
const DICT = `GET ${OC}/dictionarys`;
const routes = (extra: Record<string, Handler>, role = 'Student') => ({
  ...shellRoutes(role),
  [DICT]: (c: RecordedCall) =>
    ok(
      c.query.get('groupCode') === 'CourseClassify'
        ? [
            { code: 'CareerPlanning', title: '职业规划' },
            { code: 'JobSkills', title: '求职技巧' },
          ]
        : [{ code: 'InternetIT', title: '互联网/IT' }],
    ),
  ...extra,
});
const lastOf = (calls: RecordedCall[], key: string) =>
  calls.filter((c) => `${c.method} ${c.path}` === key).at(-1);

describe('/openclass/index', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  it('posters, cards and the dictionary and live-mode filters (kept in the address)', async () => {
    signIn('Student');
    const calls = stubFetch(
      routes({
        [`GET ${OC}/promotions/open_course/slideshow`]: ok([
          { id: '101', name: '产品经理的一天', liveMode: 'SingleLive', posterUrl: '', startAt: null },
          { id: '102', name: '求职面试系列', liveMode: 'SeriesLive', posterUrl: '', startAt: null },
        ]),
        [LIST]: ok({
          rows: [courseCard(), courseCard({ id: '104', name: '数据分析入门', liveMode: 'Video' })],
          total: 2,
        }),
      }),
    );
    const { router } = renderApp('/openclass/index');
    const cards = await screen.findAllByTestId('open-course-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0] as HTMLElement).getByText('合作院校：不限')).toBeTruthy();
    expect(within(cards[0] as HTMLElement).getByText('合作企业：优加教育平台')).toBeTruthy();
    const slide = await screen.findByTestId('slide');
    expect(slide.getAttribute('href')).toBe('/openclass/openclasslive?id=101');
    fireEvent.click(screen.getByRole('button', { name: '第2张：求职面试系列' }));
    expect(screen.getByTestId('slide').getAttribute('href')).toBe('/openclass/classopenserieslive?id=102');

    const classify = await screen.findByTestId('filter-classify');
    fireEvent.click(await within(classify).findByRole('button', { name: '求职技巧' }));
    await waitFor(() => expect(router.state.location.search).toBe('?classify=JobSkills'));
    await waitFor(() => expect(lastOf(calls, LIST)?.query.get('classifyCode')).toBe('JobSkills'));
    fireEvent.click(within(screen.getByTestId('filter-industry')).getByRole('button', { name: '互联网/IT' }));
    fireEvent.click(within(screen.getByTestId('filter-mode')).getByRole('button', { name: '视频课程' }));
    await waitFor(() => expect(lastOf(calls, LIST)?.query.get('liveMode')).toBe('Video'));
    expect(lastOf(calls, LIST)?.query.get('industryCode')).toBe('InternetIT');
    expect(
      within(screen.getByTestId('filter-mode'))
        .getByRole('button', { name: '视频课程' })
        .getAttribute('aria-pressed'),
    ).toBe('true');
  });

  it('search by course name on Enter (not while composing)', async () => {
    const calls = stubFetch(
      routes({ [LIST]: (c) => ok({ rows: c.query.get('search') ? [] : [courseCard()], total: 0 }) }),
    );
    const { router } = renderApp('/openclass/index');
    await screen.findAllByTestId('open-course-card');
    const box = screen.getByTestId('open-class-search');
    fireEvent.change(box, { target: { value: '产品' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(router.state.location.search).toBe('');
    fireEvent.keyDown(box, { key: 'Enter' });
    await waitFor(() => expect(router.state.location.search).toBe('?q=%E4%BA%A7%E5%93%81'));
    expect(await screen.findByText('没有找到与“产品”相关的课程')).toBeTruthy();
    expect(lastOf(calls, LIST)?.query.get('search')).toBe('产品');
  });

  it('search by school: matching schools, then the chosen school’s courses (search/all)', async () => {
    const calls = stubFetch(
      routes({
        [LIST]: ok({ rows: [], total: 0 }),
        [INFO]: ok({ rows: [{ id: '5', name: '优加示范大学', logoUrl: '', courseCount: 2 }], total: 1 }),
        [ALL]: ok({ rows: [courseCard({ name: '学校的课' })], total: 1 }),
      }),
    );
    const { router } = renderApp('/openclass/index?type=school&q=%E4%BC%98%E5%8A%A0');
    const row = await screen.findByTestId('search-info-row');
    expect(lastOf(calls, INFO)?.query.get('searchType')).toBe('school');
    expect(lastOf(calls, INFO)?.query.get('search')).toBe('优加');
    expect(row.textContent).toBe('优加示范大学（2）');
    fireEvent.click(row);
    await waitFor(() => expect(router.state.location.search).toContain('by=5'));
    expect(await screen.findByRole('heading', { name: '学校的课' })).toBeTruthy();
    expect(lastOf(calls, ALL)?.query.get('searchType')).toBe('school');
    expect(lastOf(calls, ALL)?.query.get('id')).toBe('5');
  });

  it('a visitor’s 订阅 asks to sign in; a student subscribes and unsubscribes (after a confirm)', async () => {
    let subscribed = false;
    const calls = stubFetch(
      routes({
        [LIST]: () => ok({ rows: [courseCard({ subscribed })], total: 1 }),
        [`POST ${OC}/open_courses/subscripte`]: () => {
          subscribed = true;
          return ok({ id: '9', openCourseId: '101', subscribed: true });
        },
        [`GET ${OC}/open_courses/101`]: () => ok(courseDetail({ subscribed, subscriptionId: '9' })),
        [`DELETE ${OC}/open_courses/subscripte/9`]: () => {
          subscribed = false;
          return ok({ id: '9' });
        },
      }),
    );
    const visitor = renderApp('/openclass/index');
    fireEvent.click(await screen.findByTestId('subscribe'));
    expect(await screen.findByText('请先登录')).toBeTruthy();
    visitor.unmount();

    signIn('Student');
    renderApp('/openclass/index');
    fireEvent.click(await screen.findByTestId('subscribe'));
    expect(await screen.findByText('订阅成功')).toBeTruthy();
    await waitFor(() => expect(screen.getByTestId('subscribe').getAttribute('data-subscribed')).toBe('true'));
    await waitFor(() => expect(screen.getByTestId('subscribe').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('subscribe'));
    fireEvent.click(await screen.findByTestId('unsubscribe-ok'));
    expect(await screen.findByText('已取消订阅')).toBeTruthy();
    expect(calls.some((c) => c.method === 'DELETE' && c.path.endsWith('/subscripte/9'))).toBe(true);
  });

  it('teachers see no 订阅; a failing list says why with 重试', async () => {
    signIn('Teacher');
    let answer: StubAnswer = fail(500, '服务器内部错误，请稍后重试');
    stubFetch(routes({ [LIST]: () => answer }, 'Teacher'));
    renderApp('/openclass/index');
    expect(await screen.findByText('服务器内部错误，请稍后重试', {}, { timeout: 4000 })).toBeTruthy();
    answer = ok({ rows: [courseCard()], total: 1 });
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('open-course-card')).toBeTruthy();
    expect(screen.queryByTestId('subscribe')).toBeNull();
  });
});
