import { describe, expect, it } from 'vitest';
import {
  areaMenuEntries,
  hasPathPrefix,
  isMobileRouteName,
  isUnderConstructionSite,
  labTarget,
  loginUrl,
  logoutUrl,
  matchRoute,
  normalisePath,
  PRODUCT_TABS,
  productTabOf,
  productTabTarget,
  REDIRECTS,
  ROUTES,
  redirectOf,
  routeByName,
  safeRedirectPath,
  schoolNavLink,
  schoolNavRoute,
  selectedNavKey,
  showsResearchMenu,
  siteAccess,
} from './routes';

describe('route table', () => {
  it('has unique paths and names, absolute paths and Chinese titles', () => {
    const paths = ROUTES.map((r) => r.path);
    const names = ROUTES.map((r) => r.name);
    expect(new Set(paths).size).toBe(paths.length);
    expect(new Set(names).size).toBe(names.length);
    for (const route of ROUTES) {
      expect(route.path.startsWith('/')).toBe(true);
      expect(route.title).toMatch(/[\u4e00-\u9fa5]/);
    }
  });

  it('holds every route of spec 001 sections 2.1 and 2.2', () => {
    const required = [
      '/ai/toolkit',
      '/ability/index',
      '/alliance/index',
      '/alliance/index/about',
      '/alliance/index/member',
      '/alliance/index/journalism',
      '/alliance/index/journalism/:journalismId',
      '/alliance/index/inform',
      '/alliance/index/inform/:informId',
      '/case/index',
      '/case/caseDetails/:id',
      '/education/index',
      '/authorize',
      '/cloudexperiment/index',
      '/cloudexperiment/details',
      '/cloudexperiment/preview',
      '/cloudexperiment/sample',
      '/cloudexperiment/transfer',
      '/exclusive/internProgram',
      '/exclusive/qdecInternProgram',
      '/exclusive/version',
      '/h5/classlive',
      '/h5/talklive',
      '/home/index',
      '/home/jxjy_coursedetail',
      '/home/hefeixinhuo',
      '/area/hefeixinhuo',
      '/industryproject/index',
      '/industryproject/details',
      '/industryproject/sample',
      '/industryproject/transfer',
      '/industryproject/practicalpreview',
      '/openclass/index',
      '/openclass/openclasslive',
      '/openclass/classopenserieslive',
      '/openclass/serieslivedetail',
      '/qualification/index',
      '/qualityClassroom/index',
      '/qualitycourse/index',
      '/qualitycourse/details',
      '/qualitycourse/preview',
      '/qualitycourse/allpreview',
      '/qualitycourse/vocationalCourse',
      '/recruitinfo/index',
      '/recruitinfo/recruitinfodetail',
      '/slogin',
      '/message/index',
      '/training/openGauss',
      '/identity',
      '/publishing',
      '/workbench/index/school',
      '/workbench/index/company',
      '/workbench/index/internship',
      '/workbench/index/competition',
      '/workbench/index/certificate',
      '/workbench/index/resume',
      '/workbench/index/feedback',
      '/workbench/index/favorite',
      '/workbench/index/reservation',
      '/workbench/index/careerMentor',
      '/workbench/archivecourses',
      '/workbench/previewonlineresume',
      '/workbench/previewattachedresume',
      '/u/teacherGr/group',
      '/u/teacherGr/exerciseLibs',
      '/u/resourceStore/theroryCourse',
    ];
    const paths = new Set(ROUTES.map((r) => r.path));
    expect(required.filter((p) => !paths.has(p))).toEqual([]);
  });

  it('carries the meta flags the spec gives', () => {
    expect(routeByName('toolkit')?.meta).toMatchObject({ isFull: true, noMinHeight: true });
    expect(routeByName('home')?.meta.isFull).toBe(true);
    expect(routeByName('classopenserieslive')?.meta.bgColor).toBe('#F7F8FD');
    expect(routeByName('serieslivedetail')?.meta.hideFooter).toBe(true);
    expect(routeByName('areaHefeixinhuo')?.meta.hideFooter).toBe(true);
    expect(routeByName('internProgram')?.meta.hideFooter).toBe(true);
    expect(routeByName('qdecInternProgram')?.meta.hideFooter).toBe(true);
    expect(routeByName('openGauss')?.meta).toMatchObject({ isFull: true, hideHeader: true });
    for (const name of [
      'cloudexperimentPreview',
      'cloudexperimentSample',
      'cloudexperimentTransfer',
      'industryprojectSample',
      'industryprojectTransfer',
      'practicalpreview',
      'schoolcoursePreview',
      'schoolcourseAllPreview',
      'classlive',
      'talklive',
    ]) {
      expect(routeByName(name)?.meta, name).toMatchObject({ hideHeader: true, hideFooter: true });
    }
    for (const name of ['archivecourses', 'previewonlineresume', 'previewattachedresume']) {
      expect(routeByName(name)?.meta.hideHeader, name).toBe(true);
    }
    expect(routeByName('classlive')?.title).toBe('直播详情');
    expect(routeByName('talklive')?.title).toBe('宣讲会详情');
    expect(routeByName('certificate')?.title).toBe('全部证书');
    expect(routeByName('workbenchCompetition')?.path).toBe('/workbench/index/competition');
    expect(routeByName('slogin')?.meta.outsideLayout).toBe(true);
    expect(routeByName('message')?.meta.hideMessageBell).toBe(true);
  });

  it('redirects as the spec says', () => {
    expect(redirectOf('/')).toBe('/home/index');
    expect(redirectOf('/ai')).toBe('/ai/toolkit');
    expect(redirectOf('/ai/')).toBe('/ai/toolkit');
    expect(redirectOf('/area')).toBe('/area/hefeixinhuo');
    expect(redirectOf('/openclass')).toBe('/openclass/index');
    expect(redirectOf('/message')).toBe('/message/index');
    expect(redirectOf('/workbench')).toBe('/workbench/index/school');
    expect(redirectOf('/workbench/index')).toBe('/workbench/index/school');
    expect(REDIRECTS.find((r) => r.name === 'workbenchIndex')?.from).toBe('/workbench/index');
    expect(redirectOf('/home/index')).toBeNull();
    // every redirect lands on a real route
    for (const r of REDIRECTS) expect(matchRoute(r.to), r.to).not.toBeNull();
  });

  it('matches paths with parameters and prefers exact segments', () => {
    expect(matchRoute('/case/caseDetails/42')).toEqual({
      route: routeByName('caseDetails'),
      params: { id: '42' },
    });
    expect(matchRoute('/alliance/index/inform/7?x=1')?.params).toEqual({ informId: '7' });
    expect(matchRoute('/alliance/index/inform')?.route.name).toBe('allianceInform');
    expect(matchRoute('/home/index/')?.route.name).toBe('home');
    expect(matchRoute('/nope')).toBeNull();
    expect(normalisePath('/a/b/?q#h')).toBe('/a/b');
    expect(normalisePath('/')).toBe('/');
  });

  it('knows the mobile-capable routes', () => {
    expect(isMobileRouteName('classlive')).toBe(true);
    expect(isMobileRouteName('talklive')).toBe(true);
    expect(isMobileRouteName('home')).toBe(false);
    expect(isMobileRouteName(undefined)).toBe(false);
  });
});

describe('product header tabs', () => {
  it('lists the tabs in order', () => {
    expect(PRODUCT_TABS.map((t) => t.title)).toEqual([
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
  });

  it('selects the tab by path prefix on segment boundaries', () => {
    expect(productTabOf('/home/index')).toBe('home');
    expect(productTabOf('/qualitycourse/details?id=1')).toBe('qualitycourse');
    expect(productTabOf('/cloudexperiment/preview')).toBe('cloudexperiment');
    expect(productTabOf('/industryproject/details')).toBe('industryproject');
    expect(productTabOf('/openclass/serieslivedetail')).toBe('openclass');
    expect(productTabOf('/ai/toolkit')).toBe('ai');
    expect(productTabOf('/ability/index')).toBeNull();
    expect(productTabOf('/lab/iot')).toBe('labs');
    expect(productTabOf('/exclusive/internProgram')).toBe('internProgram');
    expect(productTabOf('/workbench/index/school')).toBeNull();
    expect(hasPathPrefix('/aix', '/ai')).toBe(false);
  });

  it('opens 创新大赛 in the same tab and 实习生计划 in a new tab, configurable', () => {
    expect(productTabTarget('competition', {})).toEqual({
      to: '/competition/index',
      external: false,
      newTab: false,
    });
    expect(productTabTarget('competition', { COMPETITION_URL: 'https://contest.example.org' })).toEqual({
      to: 'https://contest.example.org',
      external: true,
      newTab: false,
    });
    expect(productTabTarget('internProgram', {})?.newTab).toBe(true);
    expect(productTabTarget('ai', {})?.to).toBe('/ai/toolkit');
    expect(productTabTarget('labs', {})).toBeNull();
  });

  it('points the integrated-circuits lab to its own host', () => {
    expect(labTarget('ic', { IC_PLATFORM_URL: 'https://ic.example.edu' })).toEqual({
      to: 'https://ic.example.edu',
      external: true,
      newTab: true,
    });
    expect(labTarget('ic', {}).to).toBe('/lab/ic');
    expect(labTarget('iot', {}).to).toBe('/lab/iot');
    expect(labTarget('accreditation', {}).to).toBe('/education/index');
    for (const path of ['/lab/iot', '/education/index', '/training/openGauss']) {
      expect(matchRoute(path), path).not.toBeNull();
    }
  });
});

describe('school navigation', () => {
  it('maps types to routes, unknown types to home', () => {
    expect(schoolNavRoute('HOME_PAGE')).toBe('/home/index');
    expect(schoolNavRoute('RESOURCE_LIB')).toBe('/u/resourceStore/theroryCourse');
    expect(schoolNavRoute('SHOW_JOBCLASS')).toBe('/openclass/index');
    expect(schoolNavRoute('INTERN_PROJECT')).toBe('/exclusive/internProgram');
    expect(schoolNavRoute('SHOW_COMPETITION')).toBe('/competition/index');
    expect(schoolNavRoute('SHOW_JIUYE')).toBe('/ujob/index');
    expect(schoolNavRoute('IS_DATA_SCREEN')).toBe('/dataScreen/index');
    expect(schoolNavRoute('SOMETHING_NEW')).toBe('/home/index');
    for (const type of ['HOME_PAGE', 'RESOURCE_LIB', 'SHOW_JIUYE', 'IS_DATA_SCREEN']) {
      expect(matchRoute(schoolNavRoute(type))).not.toBeNull();
    }
  });

  it('builds links: showName first, competition in the same tab, data cube to its address', () => {
    const competition = schoolNavLink({ type: 'SHOW_COMPETITION', name: 'c', showName: '技能大赛' }, 0, {});
    expect(competition).toMatchObject({
      label: '技能大赛',
      to: '/competition/index',
      newTab: false,
      underConstruction: false,
    });
    expect(schoolNavLink({ type: 'HOME_PAGE', name: '首页', showName: '' }, 1, {}).label).toBe('首页');
    expect(
      schoolNavLink({ type: 'DATA_CUBE', name: '数据魔方', showName: '' }, 2, {
        DATA_CUBE_URL: 'https://cube.example.edu',
      }),
    ).toMatchObject({ to: 'https://cube.example.edu', external: true, newTab: true });
    expect(schoolNavLink({ type: 'DATA_CUBE', name: '数据魔方', showName: '' }, 2, {}).to).toBe(
      '/home/index',
    );
  });

  it('marks competition, intern programme and job tabs 建设中 on 4150014726-C002 only', () => {
    const config = { CODE: '4150014726-C002' };
    for (const type of ['SHOW_COMPETITION', 'INTERN_PROJECT', 'SHOW_JIUYE']) {
      expect(schoolNavLink({ type, name: type, showName: '' }, 0, config).underConstruction).toBe(true);
      expect(
        schoolNavLink({ type, name: type, showName: '' }, 0, { CODE: 'UPLUS-C001' }).underConstruction,
      ).toBe(false);
    }
    expect(schoolNavLink({ type: 'HOME_PAGE', name: 'h', showName: '' }, 0, config).underConstruction).toBe(
      false,
    );
    expect(isUnderConstructionSite('', '4150014726-c002.example.edu')).toBe(true);
    expect(isUnderConstructionSite('', 'school.localhost')).toBe(false);
  });

  it('selects the school tab by the longest matching prefix', () => {
    const links = [
      { key: 'a', to: '/home/index', external: false },
      { key: 'b', to: '/openclass/index', external: false },
      { key: 'c', to: 'https://x', external: true },
    ];
    expect(selectedNavKey('/openclass/openclasslive', links)).toBe('b');
    expect(selectedNavKey('/home/index', links)).toBe('a');
    expect(selectedNavKey('/case/index', links)).toBeNull();
  });
});

describe('area navigation', () => {
  it('starts with the fixed items, then adds configured items mapped to routes', () => {
    const entries = areaMenuEntries([
      { title: '联盟', name: 'alliance', value: 'alliance' },
      { title: '', name: '精品课', value: 'qualitycourse' },
      { title: '云端实验(重复)', name: 'x', value: 'cloudExperiment' },
      { title: '未知', name: 'x', value: 'whatever' },
      {
        title: '单链接',
        name: 'x',
        value: 'linkSingle',
        content: [{ name: 'a', domainUrl: 'https://a.example' }],
      },
      { title: '空链接', name: 'x', value: 'linkSingle', content: [] },
      {
        title: '合作院校',
        name: 'x',
        value: 'linkMultiple',
        content: [
          { name: '甲校', domainUrl: 'https://a.example' },
          { name: '乙校', domainUrl: 'https://b.example' },
        ],
      },
    ]);
    expect(entries.map((e) => e.label)).toEqual([
      '首页',
      '云端实验',
      '产业项目',
      '职业发展课',
      '实习生计划',
      '求职',
      '联盟',
      '精品课',
      '单链接',
      '合作院校',
    ]);
    expect(entries[6]).toMatchObject({ kind: 'link', to: '/alliance/index', external: false });
    expect(entries[8]).toMatchObject({ kind: 'link', to: 'https://a.example', external: true, newTab: true });
    const dropdown = entries[9];
    expect(dropdown?.kind).toBe('dropdown');
    if (dropdown?.kind === 'dropdown') {
      expect(dropdown.items.map((i) => [i.label, i.to])).toEqual([
        ['甲校', 'https://a.example'],
        ['乙校', 'https://b.example'],
      ]);
    }
    for (const e of entries)
      if (e.kind === 'link' && !e.external) expect(matchRoute(e.to), e.to).not.toBeNull();
  });

  it('shows the research-service menu on Area-ic only', () => {
    expect(showsResearchMenu('Area-ic')).toBe(true);
    expect(showsResearchMenu('Area-demo')).toBe(false);
    for (const p of ['/portal/cds', '/portal/vss', '/portal/cpc']) expect(matchRoute(p)).not.toBeNull();
  });
});

describe('sign-in addresses', () => {
  it('builds the login address through /authorize with the return path', () => {
    const url = loginUrl(
      'http://localhost:3000/idp/',
      'http://localhost:3000',
      '/workbench/index/school?upType=1',
    );
    const [base, query] = url.split('?redirect=');
    expect(base).toBe('http://localhost:3000/idp/login');
    const back = decodeURIComponent(query ?? '');
    expect(back).toBe('http://localhost:3000/authorize?redirect=%2Fworkbench%2Findex%2Fschool%3FupType%3D1');
    expect(decodeURIComponent(back.split('?redirect=')[1] ?? '')).toBe('/workbench/index/school?upType=1');
  });

  it('works with a relative provider address and builds logout', () => {
    expect(loginUrl('/idp', 'http://a.localhost', '/home/index')).toBe(
      `/idp/login?redirect=${encodeURIComponent('http://a.localhost/authorize?redirect=%2Fhome%2Findex')}`,
    );
    expect(logoutUrl('/idp', 'http://a.localhost')).toBe(
      `/idp/logout?redirect=${encodeURIComponent('http://a.localhost/home/index')}`,
    );
  });

  it('only accepts local redirect paths', () => {
    expect(safeRedirectPath('/home/index')).toBe('/home/index');
    expect(safeRedirectPath('//evil.example')).toBe('/');
    expect(safeRedirectPath('/\\evil.example')).toBe('/');
    expect(safeRedirectPath('https://evil.example')).toBe('/');
    expect(safeRedirectPath(null)).toBe('/');
    expect(safeRedirectPath('', '/home/index')).toBe('/home/index');
  });
});

describe('site access', () => {
  const school = { TYPE: 'school', CODE: 'UPLUS-C001', SHOW_TECHCLASS: 'false', SHOW_JOBCLASS: 'false' };
  const visitor = { signedIn: false, role: null };

  it('sends school sites without SHOW_TECHCLASS / SHOW_JOBCLASS home', () => {
    expect(siteAccess('/qualitycourse/index', { config: school, ...visitor })).toEqual({
      kind: 'redirect',
      to: '/home/index',
    });
    expect(siteAccess('/openclass/openclasslive', { config: school, ...visitor })).toEqual({
      kind: 'redirect',
      to: '/home/index',
    });
    const open = { ...school, SHOW_TECHCLASS: 'true', SHOW_JOBCLASS: 'true' };
    expect(siteAccess('/qualitycourse/index', { config: open, ...visitor }).kind).toBe('allow');
    expect(siteAccess('/openclass/index', { config: open, ...visitor }).kind).toBe('allow');
  });

  it('does not apply the school rule to qstcloud, areas or the product site', () => {
    expect(
      siteAccess('/qualitycourse/index', { config: { ...school, CODE: 'qstcloud' }, ...visitor }).kind,
    ).toBe('allow');
    expect(
      siteAccess('/openclass/index', { config: { TYPE: 'area', CODE: 'Area-demo' }, ...visitor }).kind,
    ).toBe('allow');
    expect(siteAccess('/qualitycourse/index', { config: { TYPE: '', CODE: '' }, ...visitor }).kind).toBe(
      'allow',
    );
  });

  it('asks visitors to sign in on login-required pages', () => {
    expect(siteAccess('/workbench/index/school', { config: {}, ...visitor })).toEqual({ kind: 'login' });
    expect(siteAccess('/workbench/index/school', { config: {}, signedIn: true, role: 'Student' }).kind).toBe(
      'allow',
    );
    expect(siteAccess('/home/index', { config: {}, ...visitor }).kind).toBe('allow');
    expect(siteAccess('/no/such/page', { config: {}, ...visitor }).kind).toBe('allow');
  });

  it('refuses the resource library to students', () => {
    const path = '/u/resourceStore/theroryCourse';
    expect(siteAccess(path, { config: {}, signedIn: true, role: 'Student' })).toEqual({
      kind: 'deny',
      message: '学生身份不支持查看',
    });
    expect(siteAccess(path, { config: {}, signedIn: true, role: 'Teacher' }).kind).toBe('allow');
  });

  it('opens the data screen only to a leader of this college', () => {
    const path = '/dataScreen/index';
    const leader = {
      TYPE: 'school',
      CODE: 'UPLUS-C001',
      IS_COLLEGE_LEADER: true,
      USER_COLLEGE_CODE: 'UPLUS-C001',
    };
    expect(siteAccess(path, { config: leader, signedIn: true, role: 'Teacher' }).kind).toBe('allow');
    const deny = { kind: 'deny', message: '当前用户无查看权限' };
    expect(
      siteAccess(path, {
        config: { ...leader, USER_COLLEGE_CODE: 'OTHER' },
        signedIn: true,
        role: 'Teacher',
      }),
    ).toEqual(deny);
    expect(
      siteAccess(path, { config: { ...leader, IS_COLLEGE_LEADER: false }, signedIn: true, role: 'Teacher' }),
    ).toEqual(deny);
    expect(
      siteAccess(path, {
        config: { ...leader, CODE: '', USER_COLLEGE_CODE: '' },
        signedIn: true,
        role: 'Teacher',
      }),
    ).toEqual(deny);
    expect(siteAccess(path, { config: leader, ...visitor })).toEqual({ kind: 'login' });
  });
});
