import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ASSISTANT_PERMISSION_KEYS, type CourseDetail, QABOT_ENABLED } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  ok,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { usePageScene } from '../scene';
import { assistantTabsShown, QABOT_RULE } from './knowledge-base-gate';

/*
 * The teacher's course page with the assistant (issue 16): it declares the TeacherQA scene of the course,
 * and has the 知识库 and AI助手使用 tabs where the organisation has the assistant (spec 6: qabot = 2).
 */

const detail = (over: Partial<CourseDetail> = {}): CourseDetail => ({
  id: '7',
  name: '数据结构',
  type: 'Theory',
  startTime: new Date(2026, 8, 1).getTime(),
  endTime: new Date(2027, 0, 15, 23, 59).getTime(),
  creator: '李静',
  coverStyle: 2,
  archived: false,
  role: 'Teacher',
  selfArchived: false,
  focus: false,
  ...over,
});

const routes = (qabot: number, extra: Record<string, StubAnswer> = {}) => ({
  ...sessionRoutes('Teacher', '李静'),
  'GET /api/base/organ/permissions': ok({ qabot }),
  'GET /api/course/courses/7': ok(detail()),
  'GET /api/course/courses/7/classes': ok({ rows: [], total: 0 }),
  'GET /api/course/intelligent/courses/7/materials': ok({ rows: [], total: 0 }),
  'GET /api/course/intelligent/courses/7/usage': ok({
    courseId: 7,
    days: [],
    totalQuestions: 0,
    activeStudents: 0,
    byChatType: [],
    conversationsVisible: false,
  }),
  ...extra,
});

/** Shows the scene the page declared (a second root reading the same store). */
function SceneProbe() {
  const scene = usePageScene();
  return <output data-testid="scene">{scene ? JSON.stringify(scene) : 'none'}</output>;
}

const tab = (name: string) => screen.queryByRole('tab', { name });

describe('assistantTabsShown (spec 6: qabot = 2)', () => {
  it('holds the shared key and value; shown while loading, hidden when off or unreadable', () => {
    expect(QABOT_RULE).toEqual({ key: ASSISTANT_PERMISSION_KEYS.qabot, enabled: QABOT_ENABLED });
    expect(assistantTabsShown({ isSuccess: false, isError: false, data: undefined })).toBe(true);
    expect(assistantTabsShown({ isSuccess: true, isError: false, data: { qabot: 2 } })).toBe(true);
    expect(assistantTabsShown({ isSuccess: true, isError: false, data: { qabot: 1 } })).toBe(false);
    expect(assistantTabsShown({ isSuccess: true, isError: false, data: {} })).toBe(false);
    expect(assistantTabsShown({ isSuccess: false, isError: true, data: undefined })).toBe(false);
  });
});

describe('teacher course page with the assistant', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('declares the TeacherQA scene of the course once it is the teacher’s, and drops it on leaving', async () => {
    stubFetch(routes(2));
    render(<SceneProbe />);
    const { router } = renderApp('/u/teacherGr/course/7');
    await screen.findByRole('heading', { name: '数据结构', level: 1 });
    await waitFor(() =>
      expect(JSON.parse(screen.getByTestId('scene').textContent ?? '')).toEqual({
        scene: 'TeacherQA',
        courseId: 7,
      }),
    );
    await router.navigate('/u/teacherGr/group');
    await waitFor(() => expect(screen.getByTestId('scene').textContent).toBe('none'));
  });

  it('qabot = 2: 知识库 and AI助手使用 are tabs kept in the address, loading their parts', async () => {
    const calls = stubFetch(routes(2));
    const { router } = renderApp('/u/teacherGr/course/7');
    await screen.findByRole('heading', { name: '数据结构', level: 1 });
    await waitFor(() => expect(tab('知识库')).toBeTruthy());
    fireEvent.click(tab('知识库') as HTMLElement);
    expect(await screen.findByTestId('kb-empty')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=knowledge');
    fireEvent.click(tab('AI助手使用') as HTMLElement);
    expect(await screen.findByTestId('usage-empty')).toBeTruthy();
    expect(router.state.location.search).toBe('?tab=usage');
    expect(calls.find((c) => c.path === '/api/course/intelligent/courses/7/usage')?.query.get('days')).toBe(
      '14',
    );
  });

  it('an organisation without the assistant has neither tab; ?tab=knowledge falls back to 教学班', async () => {
    const calls = stubFetch(routes(1));
    renderApp('/u/teacherGr/course/7?tab=knowledge');
    await screen.findByRole('heading', { name: '数据结构', level: 1 });
    await waitFor(() => expect(calls.some((c) => c.path === '/api/base/organ/permissions')).toBe(true));
    await waitFor(() => expect(tab('知识库')).toBeNull());
    expect(tab('AI助手使用')).toBeNull();
    expect(tab('教学班')?.getAttribute('aria-selected')).toBe('true');
    expect(calls.some((c) => c.path.startsWith('/api/course/intelligent/'))).toBe(false);
  });
});
