import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { userMenuModel } from '../../features/users/menu-model';
import {
  basicInfo,
  ok,
  refresh,
  renderWithRouter,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { ProductHeader } from './product-header';

const openMenu = async () => {
  fireEvent.click(await screen.findByTestId('user-menu'));
  const items = await screen.findAllByRole('menuitem');
  return items.map((item) => item.textContent);
};

const buttonTexts = () =>
  Array.from(document.querySelectorAll('.user-area > button')).map((b) => b.textContent?.replace(/\s/g, ''));

describe('user menu model', () => {
  it('gives each role its buttons and items', () => {
    const base = { signedIn: true, hiddenArea: false, collegeAdmin: false };
    expect(userMenuModel({ ...base, role: 'Student' }).items.map((i) => i.key)).toEqual([
      'myCourses',
      'myInternship',
      'myResume',
      'switchOrgan',
      'account',
      'logout',
    ]);
    expect(userMenuModel({ ...base, role: 'Teacher', collegeAdmin: true }).items[0]?.key).toBe(
      'collegeAdmin',
    );
    expect(userMenuModel({ ...base, role: 'Teacher' }).items.some((i) => i.key === 'collegeAdmin')).toBe(
      false,
    );
    // issue 15: a site's admins reach the content console from the menu, whatever their role
    expect(userMenuModel({ ...base, role: 'Teacher', collegeAdmin: true }).items[1]).toEqual({
      key: 'contentConsole',
      label: '内容管理',
      to: '/u/content/manage',
    });
    for (const role of ['Student', 'Business'] as const) {
      expect(userMenuModel({ ...base, role, collegeAdmin: true }).items.map((i) => i.key)).toContain(
        'contentConsole',
      );
      expect(userMenuModel({ ...base, role }).items.map((i) => i.key)).not.toContain('contentConsole');
    }
    expect(userMenuModel({ ...base, role: 'Business' }).buttons.map((b) => b.label)).toEqual([
      '企业入口',
      '教师工作台',
    ]);
    expect(userMenuModel({ ...base, role: null }).buttons.map((b) => b.label)).toEqual(['学生工作台']);
    expect(userMenuModel({ ...base, role: 'Student', hiddenArea: true })).toEqual({
      buttons: [],
      items: [
        { key: 'switchOrgan', label: '切换机构' },
        { key: 'logout', label: '退出登录' },
      ],
    });
    expect(userMenuModel({ ...base, signedIn: false, role: null }).buttons.map((b) => b.label)).toEqual([
      '企业入口',
    ]);
    expect(userMenuModel({ ...base, signedIn: false, role: null, hiddenArea: true }).buttons).toEqual([]);
  });
});

describe('user area in the header', () => {
  let nav: ReturnType<typeof stubBrowser>;
  beforeEach(() => {
    setSite({ QUC: '/idp' });
    nav = stubBrowser();
  });

  it('visitors see 企业入口 and 登录/注册, which goes to the identity provider', async () => {
    stubFetch({});
    renderWithRouter(<ProductHeader />, '/cloudexperiment/index');
    const login = await screen.findByTestId('login-register');
    expect(login.textContent).toBe('登录/注册');
    expect(buttonTexts()).toEqual(['企业入口', '登录/注册']);
    expect(screen.queryByTestId('user-menu')).toBeNull();
    fireEvent.click(login);
    const target = nav.assign.mock.calls[0]?.[0] ?? '';
    expect(target.startsWith('/idp/login?redirect=')).toBe(true);
    expect(decodeURIComponent(target)).toContain('/authorize?redirect=');
  });

  it('visitors who pick 企业入口 are asked to sign in first', async () => {
    stubFetch({});
    renderWithRouter(<ProductHeader />);
    fireEvent.click(await screen.findByRole('button', { name: '企业入口' }));
    expect(decodeURIComponent(nav.assign.mock.calls[0]?.[0] ?? '')).toContain(
      `/authorize?redirect=${encodeURIComponent('/workbench/index/company')}`,
    );
  });

  it('students: 学生工作台, name, and 我的课程 / 我的实习 / 我的简历 / 切换机构 / 账号设置 / 退出登录', async () => {
    signIn('Student');
    stubFetch(sessionRoutes('Student', '张同学'));
    const { router } = renderWithRouter(<ProductHeader />);
    expect(await screen.findByText('张同学')).toBeTruthy();
    expect(screen.getByTestId('user-name').textContent).toBe('张同学');
    expect(buttonTexts()[0]).toBe('学生工作台');
    expect(screen.queryByTestId('login-register')).toBeNull();
    expect(await openMenu()).toEqual([
      '我的课程',
      '我的实习',
      '我的简历',
      '切换机构',
      '账号设置',
      '退出登录',
    ]);
    fireEvent.click(screen.getByText('账号设置'));
    expect(nav.assign).toHaveBeenCalledWith('/idp/profile');
    fireEvent.click(screen.getByText('我的实习'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/workbench/index/internship'));
  });

  it('shows the current organisation under the name, whole in its tooltip and atop the menu', async () => {
    signIn('Student');
    stubFetch({
      ...sessionRoutes('Student', '张同学'),
      'GET /api/portal/users/basic_info': ok(
        basicInfo({
          organName: '优加示范大学继续教育与职业技能培训学院',
          organLeafOrganName: '软件工程2301班',
        }),
      ),
    });
    renderWithRouter(<ProductHeader />);
    const organ = await screen.findByTestId('current-organ');
    expect(organ.textContent).toBe('优加示范大学继续教育与职业技能培训学院');
    expect(organ.getAttribute('title')).toBe(
      '当前机构：优加示范大学继续教育与职业技能培训学院 / 软件工程2301班',
    );
    // the button's name still begins with what it is and contains what it shows
    expect(screen.getByTestId('user-menu').textContent).toContain('用户菜单：张同学');
    fireEvent.click(screen.getByTestId('user-menu'));
    expect((await screen.findByTestId('menu-current-organ')).textContent).toBe(
      '当前机构：优加示范大学继续教育与职业技能培训学院 / 软件工程2301班',
    );
  });

  it('teachers: 教师工作台; 学院管理 first for college admins, opening the admin site with its certificate', async () => {
    signIn('Teacher');
    const tab = { closed: false, opener: {} as unknown, location: { href: '' }, close: vi.fn() };
    const open = vi.spyOn(window, 'open').mockReturnValue(tab as unknown as Window);
    const calls = stubFetch({
      'GET /api/portal/users/basic_info': ok(basicInfo({ name: '王老师', organIdentityType: 'Teacher' })),
      'GET /api/base/session/refresh_token': ok(refresh('Teacher', { course: 0, qom: 2 })),
      'GET /api/base/users/admin_certificate': ok({
        certificate: 'cert-1',
        expiresAt: Date.now() + 60_000,
        url: 'https://admin.example.edu/sso?certificate=cert-1',
      }),
    });
    renderWithRouter(<ProductHeader />);
    expect(await screen.findByText('王老师')).toBeTruthy();
    expect(buttonTexts()[0]).toBe('教师工作台');
    // HAS_COLLEGE_ADMIN_AUTH comes from the qom bit of the session sync
    await waitFor(() => expect(calls.some((c) => c.path === '/api/base/session/refresh_token')).toBe(true));
    await waitFor(async () => {
      fireEvent.click(screen.getByTestId('user-menu'));
      expect((await screen.findAllByRole('menuitem'))[0]?.textContent).toBe('学院管理');
    });
    expect((await screen.findAllByRole('menuitem')).map((i) => i.textContent)).toEqual([
      '学院管理',
      '内容管理',
      '我的课程',
      '我的习题',
      '切换机构',
      '账号设置',
      '退出登录',
    ]);
    fireEvent.click(screen.getByText('学院管理'));
    await waitFor(() => expect(tab.location.href).toBe('https://admin.example.edu/sso?certificate=cert-1'));
    expect(open).toHaveBeenCalledWith('about:blank', '_blank');
    expect(tab.opener).toBeNull();
  });

  it('teachers without the admin bit have no 学院管理', async () => {
    signIn('Teacher');
    stubFetch(sessionRoutes('Teacher', '赵老师'));
    renderWithRouter(<ProductHeader />);
    expect(await screen.findByText('赵老师')).toBeTruthy();
    expect(await openMenu()).toEqual(['我的课程', '我的习题', '切换机构', '账号设置', '退出登录']);
  });

  it('business users: 企业入口 and 教师工作台; menu 切换机构 / 账号设置 / 退出登录', async () => {
    signIn('Business');
    stubFetch(sessionRoutes('Business', '孙经理'));
    renderWithRouter(<ProductHeader />);
    expect(await screen.findByText('孙经理')).toBeTruthy();
    expect(buttonTexts().slice(0, 2)).toEqual(['企业入口', '教师工作台']);
    expect(await openMenu()).toEqual(['切换机构', '账号设置', '退出登录']);
  });

  it('the hidden area hides workbench, enterprise entry and most items', async () => {
    setSite({ TYPE: 'area', CODE: 'Area-ito' });
    signIn('Student');
    stubFetch(sessionRoutes('Student', '周同学'));
    renderWithRouter(<ProductHeader />);
    expect(await screen.findByText('周同学')).toBeTruthy();
    expect(buttonTexts()).toEqual(['用户菜单：周同学优加示范大学']);
    expect(await openMenu()).toEqual(['切换机构', '退出登录']);
  });
});
