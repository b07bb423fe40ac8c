import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  basicInfo,
  fail,
  ok,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import {
  careerMentorAccess,
  hidesWorkbenchLogo,
  workbenchLogo,
  workbenchMenuItems,
  workbenchNav,
} from './workbench-model';

const counts = (unread: number) =>
  ok({ unread, byType: { System: unread, Course: 0, Internship: 0, Recruitment: 0 } });

const MODULES = [
  { code: 'course', name: '课程' },
  { code: 'exam', name: '考试' },
  { code: 'graduation', name: '毕业设计' },
  { code: 'obe', name: '专业认证' },
];

/** The calls a signed-in workbench page makes. */
const workbenchRoutes = (
  opts: { role?: string; name?: string; unread?: number | (() => StubAnswer); modules?: unknown[] } = {},
) => ({
  ...sessionRoutes(opts.role ?? 'Student', opts.name ?? '王小明'),
  'POST /api/qmn/c/counts': typeof opts.unread === 'function' ? opts.unread : counts(opts.unread ?? 0),
  'GET /api/base/organ/modules': ok(opts.modules ?? []),
  'POST /api/base/logout': ok(null),
});

const openUserMenu = async () => {
  fireEvent.click(await screen.findByTestId('user-menu'));
  return screen.findAllByRole('menuitem');
};

describe('workbench model', () => {
  it('menu by role: student pages open in a new tab; no organisation switch or college admin', () => {
    expect(workbenchMenuItems({ role: 'Student', hiddenArea: false })).toEqual([
      { key: 'myCourses', label: '我的课程', newTab: '/workbench/index/school' },
      { key: 'myInternship', label: '我的实习', newTab: '/workbench/index/internship' },
      { key: 'myResume', label: '我的简历', newTab: '/workbench/index/resume' },
      { key: 'account', label: '账号设置' },
      { key: 'logout', label: '退出登录' },
    ]);
    expect(workbenchMenuItems({ role: 'Teacher', hiddenArea: false }).map((i) => i.label)).toEqual([
      '我的课程',
      '我的习题',
      '账号设置',
      '退出登录',
    ]);
    expect(workbenchMenuItems({ role: 'Business', hiddenArea: false }).map((i) => i.key)).toEqual([
      'account',
      'logout',
    ]);
    expect(workbenchMenuItems({ role: 'Student', hiddenArea: true }).map((i) => i.key)).toEqual(['logout']);
  });

  it('logo by deployment type, hidden on Area-ito or when the deployment says so', () => {
    const config = (c: Record<string, unknown>) => ({ LOGO: '/site.png', TITLE: '平台', ...c });
    expect(workbenchLogo({ config: config({ TYPE: '' }), school: null, area: null })).toEqual({
      hidden: false,
      name: '平台',
      src: '/site.png',
    });
    expect(
      workbenchLogo({
        config: config({ TYPE: 'school', CUSTOMPAGE_LOGO: '' }),
        school: { name: '优加示范大学', logo: '/school.png' },
        area: null,
      }),
    ).toEqual({ hidden: false, name: '优加示范大学', src: '/school.png' });
    expect(
      workbenchLogo({
        config: config({ TYPE: 'school', CUSTOMPAGE_LOGO: '/custom.png' }),
        school: { name: '优加示范大学', logo: '/school.png' },
        area: null,
      }),
    ).toMatchObject({ src: '/custom.png' });
    expect(
      workbenchLogo({
        config: config({ TYPE: 'area' }),
        school: null,
        area: { domainLogo: '/area.png', browserTabTitle: '示范区域' },
      }),
    ).toEqual({ hidden: false, name: '示范区域', src: '/area.png' });
    expect(
      workbenchLogo({ config: config({ TYPE: 'area', CODE: 'Area-ito' }), school: null, area: null }),
    ).toEqual({ hidden: true });
    expect(hidesWorkbenchLogo({ CODE: 'UPLUS-C001', WORKBENCH_HIDE_LOGO: 'true' })).toBe(true);
    expect(hidesWorkbenchLogo({ CODE: 'Area-ito', WORKBENCH_HIDE_LOGO: 'false' })).toBe(false);
    expect(hidesWorkbenchLogo({ CODE: 'UPLUS-C001' })).toBe(false);
  });

  it('side navigation: pages by role, then only the known modules the organisation has, in its order', () => {
    const nav = workbenchNav({
      role: 'Student',
      modules: [
        { code: 'obe', name: '专业认证' },
        { code: 'library', name: '图书馆' },
        { code: 'exam', name: '考试' },
        { code: 'exam', name: '重复' },
      ],
      config: { EXAM_MODULE_URL: 'https://exam.example.edu' },
    });
    expect(nav.map((g) => g.title)).toEqual(['学习中心', '求职中心', '更多应用']);
    expect(nav[0]?.entries.map((e) => e.label)).toEqual([
      '我的课程',
      '职业发展课',
      '我的实习',
      '我的竞赛',
      '我的证书',
    ]);
    expect(nav[2]?.entries).toEqual([
      { kind: 'module', key: 'obe', label: '专业认证', url: null },
      { kind: 'module', key: 'exam', label: '考试', url: 'https://exam.example.edu' },
    ]);
    expect(workbenchNav({ role: 'Student', modules: [], config: {} }).map((g) => g.key)).toEqual([
      'study',
      'career',
    ]);
    expect(
      workbenchNav({ role: 'Business', modules: [], config: {} })[0]?.entries.map((e) => e.label),
    ).toEqual(['企业入口']);
  });

  it('side navigation of a teacher: the teaching pages, none of the student pages, the unbuilt one marked', () => {
    const nav = workbenchNav({ role: 'Teacher', modules: [{ code: 'exam', name: '考试' }], config: {} });
    expect(nav.map((g) => g.title)).toEqual(['教学中心', '更多应用']);
    expect(nav[0]?.entries).toEqual([
      { kind: 'page', key: 'teacherGroup', label: '我的课程', path: '/u/teacherGr/group' },
      { kind: 'page', key: 'exerciseLibs', label: '我的习题', path: '/u/teacherGr/exerciseLibs' },
      { kind: 'page', key: 'toolkit', label: 'AI工具箱', path: '/ai/toolkit' },
      { kind: 'page', key: 'openclassManage', label: '职业发展课管理', path: '/u/openclass/manage' },
      { kind: 'page', key: 'resourceStore', label: '教学资源库', path: '/u/resourceStore/theroryCourse' },
    ]);
    expect(workbenchNav({ role: 'Business', modules: [], config: {} }).map((g) => g.key)).toEqual([
      'business',
      'teaching',
    ]);
  });

  it('career mentor access: students with the QA bot only; everyone else refused once known', () => {
    const base = { roleLoading: false, permissionsLoading: false, qabotEnabled: 2 };
    expect(careerMentorAccess({ ...base, role: 'Student', qabot: 2 })).toBe('allowed');
    expect(careerMentorAccess({ ...base, role: 'Student', qabot: 1 })).toBe('refused');
    expect(careerMentorAccess({ ...base, role: 'Student', qabot: null })).toBe('refused');
    expect(careerMentorAccess({ ...base, role: 'Teacher', qabot: 2 })).toBe('refused');
    expect(careerMentorAccess({ ...base, role: 'Business', qabot: 2 })).toBe('refused');
    expect(careerMentorAccess({ ...base, role: 'Student', qabot: undefined, permissionsLoading: true })).toBe(
      'loading',
    );
    expect(careerMentorAccess({ ...base, role: null, roleLoading: true, qabot: 2 })).toBe('loading');
  });
});

describe('workbench shell', () => {
  let nav: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    setSite({ QUC: '/idp', TITLE: '优加教育平台' });
    nav = stubBrowser();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('has its own header (logo home, 工作台, bell, user) and side navigation instead of the portal header', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes({ unread: 3 }));
    renderApp('/workbench/index/school');
    const header = await screen.findByTestId('workbench-header');
    expect(screen.queryByTestId('header-product')).toBeNull();
    expect(screen.queryByTestId('footer')).toBeNull();
    expect(within(header).getByTestId('workbench-label').textContent).toBe('工作台');
    expect(within(header).getByTestId('workbench-logo').getAttribute('href')).toBe('/home/index');
    expect(await within(header).findByText('王小明')).toBeTruthy();
    const bell = within(header).getByTestId('message-bell');
    expect(bell.getAttribute('href')).toBe('/message/index');
    await waitFor(() => expect(within(header).getByTestId('message-badge').textContent).toBe('3'));
    expect(bell.getAttribute('aria-label')).toBe('消息，3条未读');
    // no help manual configured: no link at all
    expect(within(header).queryByTestId('help-manual')).toBeNull();
    // the page itself still renders inside the shell
    expect(await screen.findByRole('heading', { name: '我的课程' })).toBeTruthy();
    const current = screen.getByTestId('wb-nav-school');
    expect(current.getAttribute('aria-current')).toBe('page');
  });

  it('the bell leads to the message page', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes({ unread: 1 }));
    const { router } = renderApp('/workbench/index/resume');
    fireEvent.click(await screen.findByTestId('message-bell'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/message/index'));
  });

  it('caps the badge at 99+ and shows none for no unread messages', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes({ unread: 100 }));
    const first = renderApp('/workbench/index/school');
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('99+'));
    expect(screen.getByTestId('message-bell').getAttribute('aria-label')).toBe('消息，100条未读');
    first.unmount();

    stubFetch(workbenchRoutes({ unread: 99 }));
    const second = renderApp('/workbench/index/school');
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('99'));
    second.unmount();

    const calls = stubFetch(workbenchRoutes({ unread: 0 }));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/qmn/c/counts')).toBe(true));
    await screen.findByText('王小明');
    expect(screen.queryByTestId('message-badge')).toBeNull();
    expect(screen.getByTestId('message-bell').getAttribute('aria-label')).toBe('消息');
  });

  it('a failing count leaves the bell without a badge and without an error toast', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes({ unread: () => fail(500, '服务器内部错误，请稍后重试') }));
    renderApp('/workbench/index/school');
    await screen.findByText('王小明');
    expect(screen.queryByTestId('message-badge')).toBeNull();
    expect(screen.queryByText('服务器内部错误，请稍后重试')).toBeNull();
  });

  it('asks for the count again when the page regains focus or becomes visible', async () => {
    signIn('Student');
    let unread = 2;
    stubFetch(workbenchRoutes({ unread: () => counts(unread) }));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('2'));
    unread = 7;
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    await waitFor(() => expect(screen.getByTestId('message-badge').textContent).toBe('7'));
    unread = 0;
    act(() => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.queryByTestId('message-badge')).toBeNull());
  });

  it('shows the help manual when configured, opening in a new tab', async () => {
    setSite({ HELP_MANUAL_URL: 'https://help.example.edu/manual' });
    signIn('Student');
    stubFetch(workbenchRoutes());
    renderApp('/workbench/index/school');
    const help = await screen.findByTestId('help-manual');
    expect(help.textContent).toBe('帮助手册');
    expect(help.getAttribute('href')).toBe('https://help.example.edu/manual');
    expect(help.getAttribute('target')).toBe('_blank');
    expect(help.getAttribute('rel')).toContain('noopener');
  });

  it('logo per deployment: school logo, area logo, none on Area-ito', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes());
    setSite(
      { TYPE: 'school', CODE: 'UPLUS-C001' },
      {
        school: {
          id: '1',
          code: 'UPLUS',
          name: '优加示范大学',
          logo: '/files/school-logo.png',
          address: '',
          introduction: '',
        },
      },
    );
    const school = renderApp('/workbench/index/school');
    const img = (await screen.findByTestId('workbench-logo')).querySelector('img');
    expect(img?.getAttribute('src')).toBe('/files/school-logo.png');
    expect(img?.getAttribute('alt')).toBe('优加示范大学');
    school.unmount();

    setSite(
      { TYPE: 'area', CODE: 'Area-demo' },
      {
        area: {
          code: 'Area-demo',
          homepageConfig: '{}',
          browserTabTitle: '示范区域',
          browserTabIcon: '',
          banner: '',
          domainLogo: '/files/area-logo.png',
        },
      },
    );
    const area = renderApp('/workbench/index/school');
    expect((await screen.findByTestId('workbench-logo')).querySelector('img')?.getAttribute('src')).toBe(
      '/files/area-logo.png',
    );
    area.unmount();

    setSite({ TYPE: 'area', CODE: 'Area-ito' });
    renderApp('/workbench/index/school');
    expect(await screen.findByTestId('workbench-label')).toBeTruthy();
    expect(screen.queryByTestId('workbench-logo')).toBeNull();
  });

  it('shows the modules the organisation has: configured ones open their address, others say 暂未开放', async () => {
    setSite({ EXAM_MODULE_URL: 'https://exam.example.edu/' });
    signIn('Student');
    stubFetch(workbenchRoutes({ modules: [MODULES[1], MODULES[3], { code: 'library', name: '图书馆' }] }));
    renderApp('/workbench/index/school');
    const exam = await screen.findByTestId('wb-module-exam');
    expect(exam.textContent).toBe('考试');
    expect(exam.getAttribute('href')).toBe('https://exam.example.edu/');
    expect(exam.getAttribute('target')).toBe('_blank');
    const obe = screen.getByTestId('wb-module-obe');
    // named only: no address, so not a control (no dead button, issue 11)
    expect(obe.tagName).toBe('SPAN');
    expect(obe.getAttribute('href')).toBeNull();
    expect(obe.textContent).toContain('暂未开放');
    expect(screen.queryByRole('button', { name: /专业认证/ })).toBeNull();
    expect(screen.queryByTestId('wb-module-graduation')).toBeNull();
    expect(screen.queryByTestId('wb-module-course')).toBeNull();
    expect(screen.queryByText('图书馆')).toBeNull();
  });

  it('the course module without an address opens the role’s courses in this app (issue 11)', () => {
    const modules = [{ code: 'course', name: '课程' }];
    expect(workbenchNav({ role: 'Student', modules, config: {} }).at(-1)?.entries).toEqual([
      { kind: 'module', key: 'course', label: '课程', url: null, path: '/workbench/index/school' },
    ]);
    expect(workbenchNav({ role: 'Teacher', modules, config: {} }).at(-1)?.entries).toEqual([
      { kind: 'module', key: 'course', label: '课程', url: null, path: '/u/teacherGr/group' },
    ]);
    expect(
      workbenchNav({ role: 'Student', modules, config: { COURSE_MODULE_URL: 'https://c.example.edu' } }).at(
        -1,
      )?.entries,
    ).toEqual([{ kind: 'module', key: 'course', label: '课程', url: 'https://c.example.edu' }]);
  });

  it('an organisation without modules shows no module group', async () => {
    signIn('Student');
    const calls = stubFetch(workbenchRoutes({ modules: [] }));
    renderApp('/workbench/index/school');
    await waitFor(() => expect(calls.some((c) => c.path === '/api/base/organ/modules')).toBe(true));
    expect(calls.find((c) => c.path === '/api/base/organ/modules')?.query.get('parameter')).toBe('MY');
    await screen.findByTestId('wb-nav-school');
    expect(screen.queryByText('更多应用')).toBeNull();
  });

  it('student menu: 我的课程 / 我的实习 / 我的简历 open in a new tab, 账号设置 goes to the profile', async () => {
    signIn('Student');
    stubFetch(workbenchRoutes());
    const { router } = renderApp('/workbench/index/school');
    expect(await screen.findByText('王小明')).toBeTruthy();
    const items = await openUserMenu();
    expect(items.map((i) => i.textContent)).toEqual([
      '我的课程',
      '我的实习',
      '我的简历',
      '账号设置',
      '退出登录',
    ]);
    fireEvent.click(screen.getByTestId('menu-myInternship'));
    expect(nav.openNewTab).toHaveBeenCalledWith('/workbench/index/internship');
    expect(router.state.location.pathname).toBe('/workbench/index/school');
    fireEvent.click(screen.getByTestId('menu-myResume'));
    expect(nav.openNewTab).toHaveBeenLastCalledWith('/workbench/index/resume');
    fireEvent.click(screen.getByTestId('menu-myCourses'));
    expect(nav.openNewTab).toHaveBeenLastCalledWith('/workbench/index/school');
    fireEvent.click(screen.getByTestId('menu-account'));
    expect(nav.assign).toHaveBeenCalledWith('/idp/profile');
  });

  it('teacher menu: 我的课程 and 我的习题 in new tabs; business: only 账号设置 and 退出登录 and the enterprise page', async () => {
    signIn('Teacher');
    stubFetch(workbenchRoutes({ role: 'Teacher', name: '李静' }));
    const teacher = renderApp('/workbench/index/school');
    expect(await screen.findByText('李静')).toBeTruthy();
    expect((await openUserMenu()).map((i) => i.textContent)).toEqual([
      '我的课程',
      '我的习题',
      '账号设置',
      '退出登录',
    ]);
    fireEvent.click(screen.getByTestId('menu-myExercises'));
    expect(nav.openNewTab).toHaveBeenCalledWith('/u/teacherGr/exerciseLibs');
    teacher.unmount();

    signIn('Business');
    stubFetch(workbenchRoutes({ role: 'Business', name: '张伟' }));
    renderApp('/workbench/index/company');
    expect(await screen.findByText('张伟')).toBeTruthy();
    expect((await openUserMenu()).map((i) => i.textContent)).toEqual(['账号设置', '退出登录']);
    expect(screen.getByTestId('wb-nav-company').textContent).toBe('企业入口');
    expect(screen.queryByTestId('wb-nav-school')).toBeNull();
  });

  it('a teacher on /workbench/index/school gets the teaching navigation, not the student one', async () => {
    signIn('Teacher');
    stubFetch(workbenchRoutes({ role: 'Teacher', name: '李静' }));
    renderApp('/workbench/index/school');
    const side = await screen.findByTestId('workbench-nav');
    expect(await within(side).findByText('教学中心')).toBeTruthy();
    expect(within(side).getByTestId('wb-nav-teacherGroup').getAttribute('href')).toBe('/u/teacherGr/group');
    expect(within(side).getByTestId('wb-nav-exerciseLibs').getAttribute('href')).toBe(
      '/u/teacherGr/exerciseLibs',
    );
    expect(within(side).getByTestId('wb-nav-resourceStore').textContent).not.toContain('建设中');
    for (const student of ['school', 'internship', 'resume', 'careerMentor']) {
      expect(within(side).queryByTestId(`wb-nav-${student}`)).toBeNull();
    }
    expect(within(side).queryByText('学习中心')).toBeNull();
  });

  it('职业导师 refuses non-students with 暂无权限 and sends them to /workbench/index/school', async () => {
    for (const role of ['Teacher', 'Business'] as const) {
      signIn(role);
      stubFetch({ ...workbenchRoutes({ role }), 'GET /api/base/organ/permissions': ok({ qabot: 2 }) });
      const view = renderApp('/workbench/index/careerMentor');
      await waitFor(() => expect(view.router.state.location.pathname).toBe('/workbench/index/school'));
      expect(await screen.findByText('暂无权限')).toBeTruthy();
      expect(screen.queryByTestId('career-mentor-area')).toBeNull();
      view.unmount();
    }
  });

  it('职业导师 opens for a student whose organisation has the QA bot, and not without it', async () => {
    signIn('Student');
    stubFetch({ ...workbenchRoutes(), 'GET /api/base/organ/permissions': ok({ qabot: 2 }) });
    const allowed = renderApp('/workbench/index/careerMentor');
    expect(await screen.findByTestId('career-mentor-area')).toBeTruthy();
    expect(screen.getByRole('heading', { name: '职业导师', level: 1 })).toBeTruthy();
    expect(allowed.router.state.location.pathname).toBe('/workbench/index/careerMentor');
    allowed.unmount();

    stubFetch({ ...workbenchRoutes(), 'GET /api/base/organ/permissions': ok({ qabot: 1 }) });
    const refused = renderApp('/workbench/index/careerMentor');
    await waitFor(() => expect(refused.router.state.location.pathname).toBe('/workbench/index/school'));
    expect(screen.queryByTestId('career-mentor-area')).toBeNull();
  });

  it('退出登录 uses the session logout: keys cleared, server told, identity provider next', async () => {
    signIn('Student');
    const calls = stubFetch(workbenchRoutes());
    renderApp('/workbench/index/school');
    await screen.findByText('王小明');
    await openUserMenu();
    fireEvent.click(screen.getByTestId('logout-item'));
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    expect(nav.assign.mock.calls.at(-1)?.[0]).toMatch(/^\/idp\/logout/);
    const logoutCall = calls.find((c) => c.path === '/api/base/logout');
    expect(logoutCall?.headers.get('X-Access-Token')).toBe('token-1');
    expect(window.localStorage.getItem('AccessToken')).toBeNull();
    expect(window.localStorage.getItem('role')).toBeNull();
  });

  it('works from the keyboard: tab order through the header, menu opened and used with keys', async () => {
    const user = userEvent.setup();
    setSite({ HELP_MANUAL_URL: 'https://help.example.edu/manual' });
    signIn('Student');
    stubFetch(workbenchRoutes({ unread: 4 }));
    renderApp('/workbench/index/school');
    await screen.findByText('王小明');
    await user.tab(); // skip link
    expect(document.activeElement?.textContent).toBe('跳到主要内容');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('workbench-logo'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('help-manual'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('message-bell'));
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('user-menu'));
    await user.keyboard('{Enter}');
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(5);
    // the menu takes the focus on its first entry
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    // happy-dom lays nothing out; the menu only walks entries it can see
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue(new DOMRect(0, 0, 120, 32));
    const key = (name: string, code: number) =>
      fireEvent.keyDown(document.activeElement as Element, { key: name, keyCode: code, which: code });
    key('ArrowDown', 40);
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    key('ArrowDown', 40);
    await waitFor(() => expect(document.activeElement).toBe(items[2]));
    key('ArrowUp', 38);
    await waitFor(() => expect(document.activeElement).toBe(items[1]));
    key('Enter', 13);
    await waitFor(() => expect(nav.openNewTab).toHaveBeenCalledWith('/workbench/index/internship'));
    expect(nav.openNewTab).toHaveBeenCalledTimes(1);
    // Escape closes the menu and gives the focus back to the trigger
    await user.click(screen.getByTestId('user-menu'));
    await waitFor(() => expect(document.activeElement?.getAttribute('role')).toBe('menuitem'));
    key('Escape', 27);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('user-menu')));
    await user.tab();
    // then the side navigation
    await waitFor(() =>
      expect(screen.getByTestId('workbench-nav').contains(document.activeElement)).toBe(true),
    );
  });

  it('mounts the AI assistant container after the page when the organisation grants it (qabot = 2)', async () => {
    signIn('Student');
    stubFetch({ ...workbenchRoutes(), 'GET /api/base/organ/permissions': ok({ qabot: 2 }) });
    renderApp('/workbench/index/school');
    const launcher = await screen.findByTestId('assistant-launcher');
    const main = screen.getByRole('main');
    // after the page in the document, so the tab order reaches it last
    expect(main.compareDocumentPosition(launcher) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(main.contains(launcher)).toBe(false);
  });

  it('visitors are sent to sign in and see no bell or user menu', async () => {
    stubFetch({});
    renderApp('/workbench/index/school');
    await screen.findByTestId('workbench-header');
    await waitFor(() => expect(nav.assign).toHaveBeenCalled());
    expect(decodeURIComponent(nav.assign.mock.calls[0]?.[0] ?? '')).toContain(
      `/authorize?redirect=${encodeURIComponent('/workbench/index/school')}`,
    );
    expect(screen.queryByTestId('message-bell')).toBeNull();
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('portal pages keep the portal header', async () => {
    signIn('Student');
    stubFetch({
      ...workbenchRoutes(),
      'GET /api/portal/users/basic_info': ok(basicInfo({ name: '王小明' })),
    });
    renderApp('/cloudexperiment/index');
    expect(await screen.findByTestId('header-product')).toBeTruthy();
    expect(screen.queryByTestId('workbench-header')).toBeNull();
  });
});
