import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { aiScene } from '../ai-generator/ai-scene';

const HOMEWORK_API = '/api/course/courses/7/homeworks/999/questions';
const SET_API = '/api/course/courses/7/exerciseSets/999/questions';
const HOMEWORK_PATH = '/u/teacherGr/course/7/homework/999';
const SET_PATH = '/u/teacherGr/course/7/exerciseSet/999';

const teacherRoutes = (routes: Record<string, StubAnswer | (() => StubAnswer)>) => ({
  ...sessionRoutes('Teacher', '李静'),
  'GET /api/course/programExecution/languages': ok([]),
  ...routes,
});

const crumbs = () => screen.getByRole('navigation', { name: '位置' });

describe('course page states', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(() => {
    aiScene.closeGenerator();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  for (const page of [
    { what: 'homework', path: HOMEWORK_PATH, api: HOMEWORK_API, message: '作业不存在' },
    { what: 'exercise set', path: SET_PATH, api: SET_API, message: '练习集不存在' },
  ]) {
    it(`a missing ${page.what} says ${page.message} with the way back, no 重试, no made-up course crumb`, async () => {
      const calls = stubFetch(teacherRoutes({ [`GET ${page.api}`]: fail(404, page.message) }));
      const { router } = renderApp(page.path);
      const missing = await screen.findByTestId('course-not-found');
      expect(missing.textContent).toContain(page.message);
      expect(screen.queryByRole('button', { name: /重\s*试/ })).toBeNull();
      expect(crumbs().textContent).toBe('我的课程');
      expect(screen.queryByText('课程')).toBeNull();
      // asked once: a 404 is not retried either
      expect(calls.filter((c) => c.path === page.api)).toHaveLength(1);
      fireEvent.click(screen.getByRole('link', { name: '返回我的课程' }));
      await waitFor(() => expect(router.state.location.pathname).toBe('/u/teacherGr/group'));
    });
  }

  it('a failure that may pass still offers 重试; the crumb names the course once it is known', async () => {
    let answer: StubAnswer = fail(500, '服务器内部错误，请稍后重试');
    stubFetch(teacherRoutes({ [`GET ${HOMEWORK_API}`]: () => answer }));
    renderApp(HOMEWORK_PATH);
    const retry = await screen.findByRole('button', { name: /重\s*试/ }, { timeout: 4000 });
    expect(screen.queryByTestId('course-not-found')).toBeNull();
    expect(crumbs().textContent).toBe('我的课程');
    answer = ok({
      course: { id: '7', name: '数据结构' },
      homework: { id: '999', name: '作业九' },
      rows: [],
      total: 0,
    });
    fireEvent.click(retry);
    expect(await screen.findByText('该作业暂无题目，可使用AI出题导入')).toBeTruthy();
    expect(crumbs().textContent).toBe('我的课程 / 数据结构');
  });
});
