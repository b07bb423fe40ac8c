import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  renderApp,
  renderWithRouter,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../test/helpers';
import { AreaHeader } from './area-header';
import { ProductHeader } from './product-header';
import { SchoolHeader } from './school-header';

const NAVIGATION = JSON.stringify([
  { type: 'HOME_PAGE', name: 'home', showName: '学校首页' },
  { type: 'SHOW_JOBCLASS', name: 'jobclass', showName: '职业发展课' },
  { type: 'SHOW_COMPETITION', name: 'competition', showName: '技能大赛' },
  { type: 'INTERN_PROJECT', name: 'intern', showName: '实习项目' },
  { type: 'SHOW_JIUYE', name: 'job', showName: '就业服务' },
  { type: 'RESOURCE_LIB', name: 'lib', showName: '资源库' },
  { type: 'SOMETHING_NEW', name: 'x', showName: '新栏目' },
]);

const schoolSite = (code = 'UPLUS-C001') =>
  setSite({
    TYPE: 'school',
    CODE: code,
    name: '优加示范大学',
    SCHOOL_PAGE_NAVIGATION: NAVIGATION,
    SHOW_TECHCLASS: 'true',
    SHOW_JOBCLASS: 'true',
  });

const tab = (name: string) => screen.getByRole('link', { name });

// Visitors (the fetch stub answers 404) whose browser navigation is stubbed; each test sets its site.
beforeEach(() => {
  stubBrowser();
  stubFetch({});
});

describe('product header', () => {
  beforeEach(() => setSite());

  it('shows the tabs and selects the one whose prefix matches the path', async () => {
    renderWithRouter(<ProductHeader />, '/qualitycourse/details?id=3');
    const header = await screen.findByTestId('header-product');
    const names = within(header)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toEqual([
      '首页',
      '精品课程',
      '云端实验',
      '产业项目实训',
      '创新大赛',
      '职业发展课',
      '实习生计划',
      '平台实验室',
      'AI应用',
    ]);
    expect(tab('精品课程').getAttribute('aria-current')).toBe('page');
    expect(tab('首页').getAttribute('aria-current')).toBeNull();
  });

  it('selects AI应用 under /ai and 平台实验室 under a lab path', async () => {
    const first = renderWithRouter(<ProductHeader />, '/ai/toolkit');
    expect((await screen.findByRole('link', { name: 'AI应用' })).getAttribute('aria-current')).toBe('page');
    expect(tab('AI应用').getAttribute('href')).toBe('/ai/toolkit');
    first.unmount();
    renderWithRouter(<ProductHeader />, '/lab/iot');
    expect((await screen.findByRole('button', { name: /平台实验室/ })).getAttribute('aria-current')).toBe(
      'page',
    );
  });

  it('opens 实习生计划 in a new tab and 创新大赛 in the same tab', async () => {
    renderWithRouter(<ProductHeader />);
    await screen.findByTestId('header-product');
    expect(tab('实习生计划').getAttribute('target')).toBe('_blank');
    expect(tab('创新大赛').getAttribute('target')).toBeNull();
  });

  it('lists nine platforms under 平台实验室; the integrated-circuits one opens its own host', async () => {
    setSite({ IC_PLATFORM_URL: 'https://ic.example.edu' });
    const nav = stubBrowser();
    renderWithRouter(<ProductHeader />);
    fireEvent.click(await screen.findByRole('button', { name: /平台实验室/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items).toHaveLength(9);
    fireEvent.click(screen.getByText('集成电路实验室'));
    expect(nav.openNewTab).toHaveBeenCalledWith('https://ic.example.edu');
  });

  it('navigates inside the app on a plain click', async () => {
    const { router } = renderWithRouter(<ProductHeader />);
    fireEvent.click(await screen.findByRole('link', { name: '云端实验' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/cloudexperiment/index'));
  });
});

describe('school header', () => {
  it('maps navigation types to routes, unknown types to home, labels by showName', async () => {
    schoolSite();
    renderWithRouter(<SchoolHeader />, '/openclass/openclasslive');
    await screen.findByTestId('header-school');
    expect(tab('学校首页').getAttribute('href')).toBe('/home/index');
    expect(tab('职业发展课').getAttribute('href')).toBe('/openclass/index');
    expect(tab('技能大赛').getAttribute('href')).toBe('/competition/index');
    expect(tab('技能大赛').getAttribute('target')).toBeNull();
    expect(tab('实习项目').getAttribute('href')).toBe('/exclusive/internProgram');
    expect(tab('就业服务').getAttribute('href')).toBe('/ujob/index');
    expect(tab('资源库').getAttribute('href')).toBe('/u/resourceStore/theroryCourse');
    expect(tab('新栏目').getAttribute('href')).toBe('/home/index');
    expect(tab('职业发展课').getAttribute('aria-current')).toBe('page');
    expect(screen.getByText('优加示范大学')).toBeTruthy();
  });

  it('shows 建设中 on competition, intern programme and job tabs of 4150014726-C002, without navigating', async () => {
    schoolSite('4150014726-C002');
    const { router } = renderWithRouter(<SchoolHeader />, '/home/index');
    await screen.findByTestId('header-school');
    for (const name of ['技能大赛', '实习项目', '就业服务']) {
      expect(screen.queryByRole('link', { name })).toBeNull();
      const button = screen.getByRole('button', { name });
      expect(button.getAttribute('aria-disabled')).toBe('true');
    }
    expect(tab('职业发展课')).toBeTruthy();
    const competition = screen.getByRole('button', { name: '技能大赛' });
    fireEvent.mouseEnter(competition);
    fireEvent.focus(competition);
    // The tooltip loads after the first paint; a hover before then shows the tip once it is there.
    expect(await screen.findByText('建设中', undefined, { timeout: 5000 })).toBeTruthy();
    fireEvent.click(competition);
    expect(router.state.location.pathname).toBe('/home/index');
  });

  it('tells a student the resource library is for teachers instead of opening it', async () => {
    schoolSite();
    signIn('Student');
    stubFetch(sessionRoutes('Student'));
    const { router } = renderWithRouter(<SchoolHeader />, '/home/index');
    fireEvent.click(await screen.findByRole('link', { name: '资源库' }));
    expect(await screen.findByText('学生身份不支持查看')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/home/index');
  });
});

describe('area header', () => {
  const areaMenus = [
    { title: '联盟', name: 'alliance', value: 'alliance' },
    { title: '案例', name: 'case', value: 'case' },
    {
      title: '合作院校',
      name: 'schools',
      value: 'linkMultiple',
      content: [
        { name: '甲职业学院', domainUrl: 'https://a.example.edu' },
        { name: '乙职业学院', domainUrl: 'https://b.example.edu' },
      ],
    },
  ];

  it('shows the fixed items, then the configured ones; linkMultiple is a dropdown of links', async () => {
    setSite(
      { TYPE: 'area', CODE: 'Area-demo', name: '示范区域' },
      {
        areaMenus,
        area: {
          code: 'Area-demo',
          homepageConfig: '',
          browserTabTitle: '示范区域产教融合平台',
          browserTabIcon: '',
          banner: '',
          domainLogo: '',
        },
      },
    );
    const nav = stubBrowser();
    renderWithRouter(<AreaHeader />, '/case/index');
    const header = await screen.findByTestId('header-area');
    const labels = within(header)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(labels).toEqual([
      '首页',
      '云端实验',
      '产业项目',
      '职业发展课',
      '实习生计划',
      '求职',
      '联盟',
      '案例',
      '合作院校',
    ]);
    expect(tab('案例').getAttribute('aria-current')).toBe('page');
    expect(tab('联盟').getAttribute('href')).toBe('/alliance/index');
    expect(screen.getByText('示范区域产教融合平台')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /科研服务/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /合作院校/ }));
    fireEvent.click(await screen.findByText('乙职业学院'));
    expect(nav.openNewTab).toHaveBeenCalledWith('https://b.example.edu');
  });

  it('adds the research-service dropdown on Area-ic', async () => {
    setSite({ TYPE: 'area', CODE: 'Area-ic' });
    const { router } = renderWithRouter(<AreaHeader />, '/home/index');
    fireEvent.click(await screen.findByRole('button', { name: /科研服务/ }));
    const items = await screen.findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['设计服务平台', '流片服务平台', '定制研发平台']);
    fireEvent.click(screen.getByText('流片服务平台'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/vss'));
  });
});

describe('layout by site type and route flags', () => {
  it('redirects / to /home/index with the product header and footer', async () => {
    setSite();
    const { router } = renderApp('/');
    expect(await screen.findByTestId('header-product')).toBeTruthy();
    expect(screen.getByTestId('footer').textContent).toContain('© 2025');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
    expect(await screen.findByRole('heading', { name: '平台板块' })).toBeTruthy();
  });

  it('uses the school header on school sites and the area header on area sites', async () => {
    schoolSite();
    const first = renderApp('/home/index');
    expect(await screen.findByTestId('header-school')).toBeTruthy();
    first.unmount();
    setSite({ TYPE: 'area', CODE: 'Area-demo' });
    renderApp('/home/index');
    expect(await screen.findByTestId('header-area')).toBeTruthy();
  });

  it('shows neither header nor footer on qstlss and jxjy sites', async () => {
    setSite({ TYPE: 'school', CODE: 'QST-C082' });
    renderApp('/home/index');
    expect(await screen.findByRole('heading', { name: '平台板块' })).toBeTruthy();
    expect(screen.queryByTestId('header-school')).toBeNull();
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('hides header and footer by route flags', async () => {
    setSite();
    // (without an id the preview says the experiment is not there, still without header and footer)
    const first = renderApp('/cloudexperiment/preview');
    expect(await screen.findByRole('heading', { name: '内容不存在或已下线' })).toBeTruthy();
    expect(screen.queryByTestId('header-product')).toBeNull();
    expect(screen.queryByTestId('footer')).toBeNull();
    first.unmount();
    renderApp('/exclusive/internProgram');
    expect(await screen.findByRole('heading', { name: '名校名企实习生计划' })).toBeTruthy();
    expect(screen.getByTestId('header-product')).toBeTruthy();
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('shows unknown paths as 404 with the way home', async () => {
    setSite();
    renderApp('/no/such/page');
    expect(await screen.findByText('抱歉，您访问的页面不存在或已被移除。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '返回首页' }).getAttribute('href')).toBe('/home/index');
  });

  it('sends school sites without SHOW_TECHCLASS away from quality courses', async () => {
    setSite({ TYPE: 'school', CODE: 'UPLUS-C001', SHOW_TECHCLASS: 'false', SHOW_JOBCLASS: 'true' });
    const { router } = renderApp('/qualitycourse/index');
    await waitFor(() => expect(router.state.location.pathname).toBe('/home/index'));
  });

  it('refuses the data screen to a user who is not this college’s leader', async () => {
    setSite({ TYPE: 'school', CODE: 'UPLUS-C001' });
    signIn('Teacher');
    stubFetch(sessionRoutes('Teacher'));
    renderApp('/dataScreen/index');
    expect(await screen.findByText('当前用户无查看权限')).toBeTruthy();
  });
});
