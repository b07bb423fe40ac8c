import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  renderApp,
  type StubAnswer,
  type StubHandler,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { ASSISTANT_VISIBLE_KEY } from './assistant-model';

const PERMISSIONS = 'GET /api/base/organ/permissions';

/** The calls a signed-in workbench page makes, with the organisation's permissions. */
const routes = (opts: { role?: string; permissions?: Record<string, number> | StubHandler } = {}) => ({
  ...sessionRoutes(opts.role ?? 'Student', opts.role === 'Teacher' ? '李静' : '王小明'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  [PERMISSIONS]:
    typeof opts.permissions === 'function' ? opts.permissions : ok(opts.permissions ?? { qabot: 2 }),
});

const launcher = () => screen.findByTestId('assistant-launcher');
const panel = () => screen.getByTestId('assistant-panel');

describe('assistant container', () => {
  beforeEach(() => {
    setSite({ QUC: '/idp', TITLE: '优加教育平台' });
    stubBrowser();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('student with qabot = 2: 学习伴侣 launcher toggles the panel (aria-expanded, aria-controls)', async () => {
    signIn('Student');
    const calls = stubFetch(routes());
    renderApp('/workbench/index/school');
    const button = await launcher();
    expect(button.textContent).toBe('学习伴侣');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().hidden).toBe(true);
    // the organisation the user acts in: no collegeId (see api.ts)
    expect(calls.find((c) => `${c.method} ${c.path}` === PERMISSIONS)?.query.get('collegeId')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
    expect(within(panel()).getByRole('heading', { name: '学习伴侣' })).toBeTruthy();
    expect(within(panel()).getByTestId('assistant-coming').textContent).toContain('对话功能即将开放');
    expect(
      within(panel())
        .getAllByRole('listitem')
        .map((li) => li.querySelector('strong')?.textContent),
    ).toEqual(['知识问答', '项目设计', '编程助手']);
    // nothing clickable that does nothing: the only control is the close button
    expect(
      within(panel())
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-label')),
    ).toEqual(['收起学习伴侣']);
    expect(within(panel()).queryAllByRole('link')).toHaveLength(0);
    expect(window.sessionStorage.getItem(ASSISTANT_VISIBLE_KEY)).toBe('1');

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(window.sessionStorage.getItem(ASSISTANT_VISIBLE_KEY)).toBe('0');
  });

  it('by keyboard: reached after the page, Enter opens, Escape closes and gives the focus back', async () => {
    const user = userEvent.setup();
    signIn('Student');
    stubFetch(routes());
    renderApp('/workbench/index/school');
    const button = await launcher();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // the panel follows the launcher in the tab order
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('assistant-close'));
    await user.keyboard('{Escape}');
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    // space toggles too; Escape on the launcher itself closes
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
    // the close button also hands the focus back
    await user.keyboard('{Enter}');
    await user.tab();
    await user.keyboard('{Enter}');
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(button);
  });

  it('stays visible across navigation and a new mount in the same tab (sessionStorage)', async () => {
    signIn('Student');
    stubFetch(routes());
    const first = renderApp('/workbench/index/school');
    fireEvent.click(await launcher());
    await act(() => first.router.navigate('/workbench/index/resume'));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/workbench/index/resume'));
    expect(panel().hidden).toBe(false);
    first.unmount();

    renderApp('/message/index');
    expect((await launcher()).getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
  });

  it('shows a loading state while the permissions load, then the launcher', async () => {
    signIn('Student');
    let release: (answer: StubAnswer) => void = () => {};
    stubFetch(routes({ permissions: () => new Promise<StubAnswer>((resolve) => (release = resolve)) }));
    renderApp('/workbench/index/school');
    const loading = await screen.findByTestId('assistant-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toContain('正在加载学习伴侣');
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    release(ok({ qabot: 2 }));
    expect(await launcher()).toBeTruthy();
    expect(screen.queryByTestId('assistant-loading')).toBeNull();
  });

  it('disabled (no launcher) when qabot is not 2, for business users, and when the call fails (no toast)', async () => {
    const cases: Record<string, number>[] = [{ qabot: 1 }, {}, { qabot: 0, batchAiQuestion: 2 }];
    for (const permissions of cases) {
      signIn('Student');
      const calls = stubFetch(routes({ permissions }));
      const view = renderApp('/workbench/index/school');
      await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(true));
      await screen.findByText('王小明');
      await waitFor(() => expect(screen.queryByTestId('assistant-loading')).toBeNull());
      expect(screen.queryByTestId('assistant-launcher')).toBeNull();
      view.unmount();
    }

    signIn('Business');
    const calls = stubFetch(routes({ role: 'Business' }));
    const business = renderApp('/workbench/index/company');
    await screen.findByTestId('wb-nav-company');
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    expect(screen.queryByTestId('assistant-loading')).toBeNull();
    // no role that could have it: the permissions are not even asked for
    expect(calls.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(false);
    business.unmount();

    signIn('Teacher');
    const failing = stubFetch(routes({ role: 'Teacher', permissions: () => fail(500, '服务器内部错误') }));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(failing.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('assistant-loading')).toBeNull());
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
    expect(screen.getByTestId('workbench-nav')).toBeTruthy();
  });

  it('teacher: 教学助手 with the spec 2.15 menu; 智能出题 leads to /ai/toolkit, unbuilt entries say 即将开放', async () => {
    const user = userEvent.setup();
    signIn('Teacher');
    stubFetch(
      routes({ role: 'Teacher', permissions: { qabot: 2, batchAiQuestion: 2, aiTeachingAnalysis: 1 } }),
    );
    const { router } = renderApp('/workbench/index/school');
    const button = await launcher();
    expect(button.textContent).toBe('教学助手');
    await user.click(button);
    const menu = within(panel()).getByTestId('assistant-teacher-menu');
    expect(within(panel()).getByTestId('assistant-coming').textContent).toContain('对话功能即将开放');
    expect(
      within(menu)
        .getAllByRole('heading')
        .map((h) => h.textContent),
    ).toEqual(['课程建设', '实践教学', '智能评估', '教学管理']);
    expect(
      within(menu)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['智能出题', '/ai/toolkit'],
      ['智能判题', '/ai/toolkit'],
    ]);
    const soon = within(menu).getAllByRole('button');
    expect(soon.map((b) => b.textContent?.replace('即将开放', ''))).toEqual([
      '知识图谱',
      '教学案例',
      '思政案例',
      '教学计划',
      '实验推荐',
      '实验案例',
      '实践题目生成',
      '共性洞察',
      '课程分析',
    ]);
    for (const b of soon) expect(b.getAttribute('aria-disabled')).toBe('true');
    // an unbuilt entry explains itself on hover and leads nowhere
    const graph = within(menu).getByTestId('assistant-entry-knowledgeGraph');
    await user.hover(graph);
    expect((await screen.findByRole('tooltip')).textContent).toBe('即将开放');
    await user.click(graph);
    expect(router.state.location.pathname).toBe('/workbench/index/school');

    await user.click(within(menu).getByTestId('assistant-entry-smartQuestion'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ai/toolkit'));
  });

  it('teacher: 智能判题 needs batchAiQuestion = 2, 课程分析 needs aiTeachingAnalysis', async () => {
    signIn('Teacher');
    stubFetch(routes({ role: 'Teacher', permissions: { qabot: 2, batchAiQuestion: 1 } }));
    renderApp('/workbench/index/school');
    fireEvent.click(await launcher());
    const menu = within(panel()).getByTestId('assistant-teacher-menu');
    expect(within(menu).queryByTestId('assistant-entry-smartGrading')).toBeNull();
    expect(within(menu).queryByTestId('assistant-entry-courseAnalysis')).toBeNull();
    expect(within(menu).queryByText('教学管理')).toBeNull();
    expect(within(menu).getByTestId('assistant-entry-smartQuestion').getAttribute('href')).toBe(
      '/ai/toolkit',
    );
  });
});
