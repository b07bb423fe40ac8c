import { type AreaMenuItem, type IdentityType, MSG, type SchoolNavItem, SPECIAL_CODES } from '@uplus/shared';

/*
 * The web app's route table (spec 001 sections 2.1 and 2.2) and the pure rules around it:
 * tab selection by path prefix, school and area navigation mapping, site-access decisions
 * (spec 001 section 5) and the sign-in / sign-out addresses (spec 000 section 4).
 * Pure data and functions: no DOM, no React, so both the browser and tests use them.
 */

/** Route meta flags (spec 001 section 2.3) plus the access flags the guards read. */
export type RouteMeta = {
  /** content spans the full width (no centred container) */
  isFull?: boolean;
  /** content area has no minimum height */
  noMinHeight?: boolean;
  hideHeader?: boolean;
  hideFooter?: boolean;
  /** page background colour */
  bgColor?: string;
  /** header drawn on a dark background */
  headerTheme?: 'dark';
  /** the page needs a signed-in user; visitors are sent to sign in */
  requiresLogin?: boolean;
  /** resource library: teachers only (students get 学生身份不支持查看) */
  teacherOnly?: boolean;
  /** data screen: only a college leader of this site's college (当前用户无查看权限) */
  collegeLeaderOnly?: boolean;
  /** rendered outside the shared layout (no header, footer or guards) */
  outsideLayout?: boolean;
  /** the message bell is hidden on this page */
  hideMessageBell?: boolean;
};

export type RouteDef = {
  /** absolute path; `:name` segments are parameters */
  path: string;
  /** route name, as the specs call it */
  name: string;
  /** Chinese page title */
  title: string;
  meta: RouteMeta;
};

export type RedirectDef = { from: string; to: string; name?: string };

const HIDE_CHROME: RouteMeta = { hideHeader: true, hideFooter: true };
const LOGIN: RouteMeta = { requiresLogin: true };

/** Every page route of the app (each has its page in router.tsx PAGES). */
export const ROUTES: readonly RouteDef[] = [
  // spec 001 section 2.1: public routes
  { path: '/home/index', name: 'home', title: '首页', meta: { isFull: true } },
  { path: '/home/jxjy_coursedetail', name: 'jxjyCourseDetail', title: '课程详情', meta: {} },
  { path: '/home/hefeixinhuo', name: 'homeHefeixinhuo', title: '合肥薪火计划', meta: {} },
  { path: '/ai/toolkit', name: 'toolkit', title: 'AI应用', meta: { isFull: true, noMinHeight: true } },
  { path: '/ability/index', name: 'ability', title: '能力测评', meta: {} },
  { path: '/alliance/index', name: 'alliance', title: '示范性软件学院联盟', meta: {} },
  { path: '/alliance/index/about', name: 'allianceAbout', title: '联盟简介', meta: {} },
  { path: '/alliance/index/member', name: 'allianceMember', title: '联盟成员', meta: {} },
  { path: '/alliance/index/journalism', name: 'allianceJournalism', title: '新闻动态', meta: {} },
  {
    path: '/alliance/index/journalism/:journalismId',
    name: 'allianceJournalismDetail',
    title: '新闻详情',
    meta: {},
  },
  { path: '/alliance/index/inform', name: 'allianceInform', title: '通知公告', meta: {} },
  { path: '/alliance/index/inform/:informId', name: 'allianceInformDetail', title: '公告详情', meta: {} },
  { path: '/case/index', name: 'case', title: '案例中心', meta: {} },
  { path: '/case/caseDetails/:id', name: 'caseDetails', title: '案例详情', meta: {} },
  { path: '/education/index', name: 'education', title: '工程教育认证', meta: {} },
  { path: '/authorize', name: 'authorize', title: '登录', meta: {} },
  { path: '/cloudexperiment/index', name: 'cloudexperiment', title: '云端实验', meta: {} },
  { path: '/cloudexperiment/details', name: 'cloudexperimentDetails', title: '实验详情', meta: {} },
  { path: '/cloudexperiment/preview', name: 'cloudexperimentPreview', title: '实验预览', meta: HIDE_CHROME },
  { path: '/cloudexperiment/sample', name: 'cloudexperimentSample', title: '实验样例', meta: HIDE_CHROME },
  {
    path: '/cloudexperiment/transfer',
    name: 'cloudexperimentTransfer',
    title: '实验环境',
    meta: HIDE_CHROME,
  },
  {
    path: '/exclusive/internProgram',
    name: 'internProgram',
    title: '名校名企实习生计划',
    meta: { hideFooter: true },
  },
  {
    path: '/exclusive/qdecInternProgram',
    name: 'qdecInternProgram',
    title: '职业院校智能制造产教联盟实习计划',
    meta: { hideFooter: true },
  },
  { path: '/exclusive/version', name: 'version', title: '版本介绍', meta: {} },
  { path: '/h5/classlive', name: 'classlive', title: '直播详情', meta: HIDE_CHROME },
  { path: '/h5/talklive', name: 'talklive', title: '宣讲会详情', meta: HIDE_CHROME },
  { path: '/area/hefeixinhuo', name: 'areaHefeixinhuo', title: '合肥薪火计划', meta: { hideFooter: true } },
  { path: '/industryproject/index', name: 'industryproject', title: '产业项目实训', meta: {} },
  { path: '/industryproject/details', name: 'industryprojectDetails', title: '项目详情', meta: {} },
  { path: '/industryproject/sample', name: 'industryprojectSample', title: '项目样例', meta: HIDE_CHROME },
  {
    path: '/industryproject/transfer',
    name: 'industryprojectTransfer',
    title: '实训环境',
    meta: HIDE_CHROME,
  },
  {
    path: '/industryproject/practicalpreview',
    name: 'practicalpreview',
    title: '实训预览',
    meta: HIDE_CHROME,
  },
  { path: '/openclass/index', name: 'openclass', title: '职业发展课', meta: {} },
  { path: '/openclass/openclasslive', name: 'openclasslive', title: '直播课程', meta: {} },
  {
    path: '/openclass/classopenserieslive',
    name: 'classopenserieslive',
    title: '系列直播',
    meta: { bgColor: '#F7F8FD' },
  },
  {
    path: '/openclass/serieslivedetail',
    name: 'serieslivedetail',
    title: '系列直播详情',
    meta: { hideFooter: true },
  },
  { path: '/qualification/index', name: 'qualification', title: '资质荣誉', meta: {} },
  { path: '/qualityClassroom/index', name: 'qualityClassroom', title: '优质课堂', meta: {} },
  { path: '/qualitycourse/index', name: 'schoolcourse', title: '精品课程', meta: {} },
  { path: '/qualitycourse/details', name: 'schoolcourseDetails', title: '课程详情', meta: {} },
  { path: '/qualitycourse/preview', name: 'schoolcoursePreview', title: '课程预览', meta: HIDE_CHROME },
  { path: '/qualitycourse/allpreview', name: 'schoolcourseAllPreview', title: '课程总览', meta: HIDE_CHROME },
  { path: '/qualitycourse/vocationalCourse', name: 'vocationalCourse', title: '职教课程', meta: {} },
  { path: '/recruitinfo/index', name: 'recruitinfo', title: '招聘信息', meta: {} },
  { path: '/recruitinfo/recruitinfodetail', name: 'recruitinfodetail', title: '招聘详情', meta: {} },
  { path: '/slogin', name: 'slogin', title: '登录', meta: { outsideLayout: true } },
  // Not in spec 001: where 学院管理 leads while no college admin site is configured (COLLEGE_ADMIN_URL).
  { path: '/college-admin', name: 'collegeAdmin', title: '学院管理', meta: {} },
  {
    path: '/message/index',
    name: 'message',
    title: '系统消息',
    meta: { requiresLogin: true, hideMessageBell: true },
  },
  {
    path: '/training/openGauss',
    name: 'openGauss',
    title: 'openGauss 实训',
    meta: { isFull: true, hideHeader: true },
  },
  { path: '/identity', name: 'identity', title: '身份认证', meta: {} },
  // issue 12 (certificates): the public verification address of a certificate; a company's certificates
  { path: '/certificate/verify/:code', name: 'certificateVerify', title: '证书验证', meta: {} },
  { path: '/u/enterprise/certificates', name: 'enterpriseCertificates', title: '证书管理', meta: LOGIN },
  { path: '/publishing', name: 'publishing', title: '教材中心', meta: {} },
  // targets of header tabs and navigation types whose pages the specs do not route in detail
  { path: '/competition/index', name: 'competition', title: '创新大赛', meta: {} },
  { path: '/ujob/index', name: 'ujob', title: '求职', meta: {} },
  { path: '/lab/:platform', name: 'lab', title: '平台实验室', meta: {} },
  { path: '/portal/cds', name: 'researchDesign', title: '设计服务平台', meta: {} },
  { path: '/portal/vss', name: 'researchTapeout', title: '流片服务平台', meta: {} },
  { path: '/portal/cpc', name: 'researchCustom', title: '定制研发平台', meta: {} },
  {
    path: '/dataScreen/index',
    name: 'dataScreen',
    title: '数据大屏',
    meta: { requiresLogin: true, collegeLeaderOnly: true },
  },
  // spec 000 section 2.3: the hidden session-sync frame
  { path: '/quc-sync', name: 'qucSync', title: '会话同步', meta: { outsideLayout: true } },
  // spec 001 section 2.2: workbench
  { path: '/workbench/index/school', name: 'school', title: '我的课程', meta: LOGIN },
  { path: '/workbench/index/opencourse', name: 'opencourse', title: '职业发展课', meta: LOGIN },
  { path: '/workbench/index/company', name: 'company', title: '企业入口', meta: LOGIN },
  { path: '/workbench/index/internship', name: 'internship', title: '我的实习', meta: LOGIN },
  { path: '/workbench/index/competition', name: 'workbenchCompetition', title: '我的竞赛', meta: LOGIN },
  { path: '/workbench/index/certificate', name: 'certificate', title: '全部证书', meta: LOGIN },
  { path: '/workbench/index/resume', name: 'resume', title: '我的简历', meta: LOGIN },
  { path: '/workbench/index/feedback', name: 'feedback', title: '投递反馈', meta: LOGIN },
  { path: '/workbench/index/favorite', name: 'favorite', title: '我的收藏', meta: LOGIN },
  { path: '/workbench/index/reservation', name: 'reservation', title: '我的预约', meta: LOGIN },
  { path: '/workbench/index/careerMentor', name: 'careerMentor', title: '职业导师', meta: LOGIN },
  {
    path: '/workbench/archivecourses',
    name: 'archivecourses',
    title: '归档课程',
    meta: { requiresLogin: true, hideHeader: true },
  },
  {
    path: '/workbench/previewonlineresume',
    name: 'previewonlineresume',
    title: '在线简历预览',
    meta: { requiresLogin: true, hideHeader: true, hideFooter: true, isFull: true },
  },
  {
    path: '/workbench/previewattachedresume',
    name: 'previewattachedresume',
    title: '附件简历预览',
    meta: { requiresLogin: true, hideHeader: true },
  },
  // issue 12 (internships): a stage of the student's internship; the company's internship pages
  { path: '/workbench/internship/stage/:stageId', name: 'internshipStage', title: '实习阶段', meta: LOGIN },
  { path: '/u/enterprise/internships', name: 'enterpriseInternships', title: '实习管理', meta: LOGIN },
  {
    path: '/u/enterprise/internships/:groupId',
    name: 'enterpriseInternship',
    title: '实习计划管理',
    meta: LOGIN,
  },
  // issue 14 (favres): career talks and job fairs (public), the company's talk and fair consoles
  { path: '/careertalk/index', name: 'careertalk', title: '宣讲会', meta: {} },
  { path: '/careertalk/details', name: 'careertalkDetails', title: '宣讲会详情', meta: {} },
  { path: '/jobfair/index', name: 'jobfair', title: '双选会', meta: {} },
  { path: '/jobfair/details', name: 'jobfairDetails', title: '双选会详情', meta: {} },
  { path: '/u/enterprise/talks', name: 'enterpriseTalks', title: '宣讲会管理', meta: LOGIN },
  { path: '/u/enterprise/fairs', name: 'enterpriseFairs', title: '双选会管理', meta: LOGIN },
  { path: '/u/teacherGr/group', name: 'teacherGroup', title: '我的课程', meta: LOGIN },
  { path: '/u/teacherGr/exerciseLibs', name: 'exerciseLibs', title: '我的习题', meta: LOGIN },
  // issue 11 (courses-web): a teacher's course page (classes, roster, homework, notices)
  { path: '/u/teacherGr/course/:courseId', name: 'teacherCourse', title: '课程管理', meta: LOGIN },
  {
    path: '/u/resourceStore/theroryCourse',
    name: 'resourceStore',
    title: '资源库',
    meta: { requiresLogin: true, teacherOnly: true },
  },
  // issue 4 part 9: a teacher's homework and exercise set (pages hosting the common AI panels)
  {
    path: '/u/teacherGr/course/:courseId/homework/:homeworkId',
    name: 'teacherHomework',
    title: '作业题目',
    meta: LOGIN,
  },
  {
    path: '/u/teacherGr/course/:courseId/exerciseSet/:setId',
    name: 'teacherExerciseSet',
    title: '练习集题目',
    meta: LOGIN,
  },
  // issue 12 (ocweb): an organiser's open courses (teachers, and business users for their company)
  { path: '/u/openclass/manage', name: 'openclassManage', title: '职业发展课管理', meta: LOGIN },
  { path: '/u/openclass/manage/:id', name: 'openclassEdit', title: '编辑职业发展课', meta: LOGIN },
  // issue 11 (helper homework-web): a student's course and homework; a teacher's homework list and submissions
  { path: '/u/course/:courseId', name: 'studentCourse', title: '课程', meta: LOGIN },
  { path: '/u/course/:courseId/homework/:homeworkId', name: 'studentHomework', title: '作业', meta: LOGIN },
  {
    path: '/u/teacherGr/course/:courseId/homeworks',
    name: 'teacherHomeworks',
    title: '作业管理',
    meta: LOGIN,
  },
  {
    path: '/u/teacherGr/course/:courseId/homework/:homeworkId/submissions',
    name: 'teacherSubmissions',
    title: '提交情况',
    meta: LOGIN,
  },
  // issue 14 (employer): 职位管理 and the public company page
  { path: '/u/enterprise/jobs', name: 'enterpriseJobs', title: '职位管理', meta: LOGIN },
  { path: '/company/details', name: 'companyDetails', title: '企业详情', meta: {} },
  // issue 14 (competitions): details, the apply page, the team link page, the organiser's competitions
  { path: '/competition/details', name: 'competitionDetails', title: '竞赛详情', meta: {} },
  { path: '/competition/apply', name: 'competitionApply', title: '竞赛报名', meta: LOGIN },
  { path: '/competition/link', name: 'competitionLink', title: '加入队伍', meta: LOGIN },
  { path: '/u/competitions/manage', name: 'competitionsManage', title: '竞赛管理', meta: LOGIN },
  // issue 14 (applications): the employer's applications inbox
  { path: '/u/enterprise/applications', name: 'enterpriseApplications', title: '投递管理', meta: LOGIN },
  // issue 14 (delivery): the public job detail and an internship programme's page (both open in new tabs)
  { path: '/jobdetails', name: 'jobdetails', title: '职位详情', meta: {} },
  { path: '/internprogram/details', name: 'internprogramDetails', title: '实习项目详情', meta: {} },
  // issue 15 (portal content): search across the catalogue; the content console and the site settings
  { path: '/search', name: 'search', title: '搜索', meta: {} },
  { path: '/u/content/manage', name: 'contentConsole', title: '内容管理', meta: LOGIN },
  { path: '/u/content/edit/:id', name: 'contentEdit', title: '编辑内容', meta: LOGIN },
  { path: '/u/content/preview/:id', name: 'contentPreview', title: '内容预览', meta: LOGIN },
  { path: '/u/content/settings', name: 'siteSettings', title: '站点设置', meta: LOGIN },
];

/** Redirects (spec 001 sections 2.1 and 2.2). */
export const REDIRECTS: readonly RedirectDef[] = [
  { from: '/', to: '/home/index' },
  { from: '/home', to: '/home/index' },
  { from: '/ai', to: '/ai/toolkit' },
  { from: '/area', to: '/area/hefeixinhuo' },
  { from: '/openclass', to: '/openclass/index' },
  { from: '/message', to: '/message/index' },
  { from: '/alliance', to: '/alliance/index' },
  { from: '/workbench', to: '/workbench/index/school' },
  { from: '/workbench/index', to: '/workbench/index/school', name: 'workbenchIndex' },
];

/** Route names treated as mobile-capable (spec 000 section 2.3). */
export const MOBILE_ROUTE_NAMES = ['classlive', 'talklive'] as const;
export const isMobileRouteName = (name: string | null | undefined) =>
  (MOBILE_ROUTE_NAMES as readonly string[]).includes(name ?? '');

/** Path without query, hash or trailing slash ('/' stays '/'). */
export const normalisePath = (path: string): string => {
  const bare = path.split(/[?#]/)[0] || '/';
  return bare.length > 1 ? bare.replace(/\/+$/, '') || '/' : bare;
};

const segmentsOf = (path: string) => normalisePath(path).split('/').filter(Boolean);

/** The route a path opens, with its parameters, or null (not found). Exact paths win over patterns. */
export const matchRoute = (path: string): { route: RouteDef; params: Record<string, string> } | null => {
  const parts = segmentsOf(path);
  let best: { route: RouteDef; params: Record<string, string>; score: number } | null = null;
  for (const route of ROUTES) {
    const pattern = segmentsOf(route.path);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    let score = 0;
    let ok = true;
    pattern.forEach((seg, i) => {
      const part = parts[i] ?? '';
      if (seg.startsWith(':')) params[seg.slice(1)] = decodeURIComponent(part);
      else if (seg === part) score += 1;
      else ok = false;
    });
    if (ok && (!best || score > best.score)) best = { route, params, score };
  }
  return best ? { route: best.route, params: best.params } : null;
};

export const routeByName = (name: string): RouteDef | undefined => ROUTES.find((r) => r.name === name);

/** Where a redirecting path goes, or null. */
export const redirectOf = (path: string): string | null =>
  REDIRECTS.find((r) => r.from === normalisePath(path))?.to ?? null;

/** Whether `path` is `prefix` or lies below it (segment boundary: /ai does not match /ability). */
export const hasPathPrefix = (path: string, prefix: string): boolean => {
  const p = normalisePath(path);
  const pre = normalisePath(prefix);
  return pre === '/' ? true : p === pre || p.startsWith(`${pre}/`);
};

// ---------------------------------------------------------------------------------------------
// Navigation targets

/** A resolved navigation target: an app path (`external` false) or another site's address. */
export type NavTarget = { to: string; external: boolean; newTab: boolean };

/** Config values the navigation reads (catch-all keys of the app config). */
export type NavConfig = Record<string, unknown> & { CODE?: string; TYPE?: string };

const configText = (config: NavConfig, key: string): string => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/** An address from a config key, else an app path. */
const configuredOr = (config: NavConfig, key: string, fallback: string, newTab: boolean): NavTarget => {
  const url = configText(config, key);
  return url ? { to: url, external: true, newTab } : { to: fallback, external: false, newTab };
};

/** Platform laboratories (spec 001 section 1), shown in the product header dropdown and the footer. */
export const LAB_PLATFORMS = [
  { key: 'harmony', title: '鸿蒙实验室', description: '鸿蒙应用开发与生态实训' },
  { key: 'accreditation', title: '工程教育认证平台', description: '专业认证材料与达成度评价' },
  { key: 'bigdata', title: '大数据实验室', description: '数据采集、处理与分析实训' },
  { key: 'ai', title: '人工智能实验室', description: '机器学习与大模型应用实训' },
  { key: 'ic', title: '集成电路实验室', description: '芯片设计与验证实训' },
  { key: 'xinchuang', title: '信创实验室', description: '国产基础软硬件适配实训' },
  { key: 'iot', title: '物联网实验室', description: '感知、通信与边缘计算实训' },
  { key: 'manufacturing', title: '智能制造实验室', description: '工业软件与产线数字化实训' },
  { key: 'practice', title: '综合实践教学平台', description: '实践教学全过程管理' },
] as const;
export type LabPlatformKey = (typeof LAB_PLATFORMS)[number]['key'];

/**
 * Where a laboratory platform entry leads. The integrated-circuits platform lives on its own host
 * (config key IC_PLATFORM_URL); until a deployment names that host it opens the in-app lab page.
 */
export const labTarget = (key: LabPlatformKey, config: NavConfig): NavTarget => {
  if (key === 'ic') return configuredOr(config, 'IC_PLATFORM_URL', '/lab/ic', true);
  if (key === 'accreditation') return { to: '/education/index', external: false, newTab: false };
  if (key === 'xinchuang') return { to: '/training/openGauss', external: false, newTab: false };
  return { to: `/lab/${key}`, external: false, newTab: false };
};

/** Product header tabs (spec 001 section 2.4). `prefixes` select the tab. */
export const PRODUCT_TABS = [
  { key: 'home', title: '首页', prefixes: ['/home'] },
  { key: 'qualitycourse', title: '精品课程', prefixes: ['/qualitycourse'] },
  { key: 'cloudexperiment', title: '云端实验', prefixes: ['/cloudexperiment'] },
  { key: 'industryproject', title: '产业项目实训', prefixes: ['/industryproject'] },
  { key: 'competition', title: '创新大赛', prefixes: ['/competition'] },
  { key: 'openclass', title: '职业发展课', prefixes: ['/openclass'] },
  { key: 'internProgram', title: '实习生计划', prefixes: ['/exclusive/internProgram'] },
  { key: 'labs', title: '平台实验室', prefixes: ['/lab', '/education', '/training'] },
  { key: 'ai', title: 'AI应用', prefixes: ['/ai'] },
] as const;
export type ProductTabKey = (typeof PRODUCT_TABS)[number]['key'];

/** The product tab selected for a path (by path prefix), or null. */
export const productTabOf = (path: string): ProductTabKey | null =>
  PRODUCT_TABS.find((tab) => tab.prefixes.some((p) => hasPathPrefix(path, p)))?.key ?? null;

/**
 * Where a product tab leads. 创新大赛 goes to the competition site (COMPETITION_URL) in the same tab,
 * 实习生计划 to the intern-programme site (INTERN_PROGRAM_URL) in a new tab; without those keys
 * they open the app's own pages. The labs tab is a dropdown and has no target of its own.
 */
export const productTabTarget = (key: ProductTabKey, config: NavConfig): NavTarget | null => {
  switch (key) {
    case 'home':
      return { to: '/home/index', external: false, newTab: false };
    case 'qualitycourse':
      return { to: '/qualitycourse/index', external: false, newTab: false };
    case 'cloudexperiment':
      return { to: '/cloudexperiment/index', external: false, newTab: false };
    case 'industryproject':
      return { to: '/industryproject/index', external: false, newTab: false };
    case 'competition':
      return configuredOr(config, 'COMPETITION_URL', '/competition/index', false);
    case 'openclass':
      return { to: '/openclass/index', external: false, newTab: false };
    case 'internProgram':
      return configuredOr(config, 'INTERN_PROGRAM_URL', '/exclusive/internProgram', true);
    case 'ai':
      return { to: '/ai/toolkit', external: false, newTab: false };
    default:
      return null;
  }
};

// School navigation (spec 001 sections 2.7 and 3) ------------------------------------------------

/** School navigation type -> app path. Unknown types fall back to the home page. */
export const SCHOOL_NAV_ROUTES: Readonly<Record<string, string>> = {
  HOME_PAGE: '/home/index',
  RESOURCE_LIB: '/u/resourceStore/theroryCourse',
  SHOW_JOBCLASS: '/openclass/index',
  INTERN_PROJECT: '/exclusive/internProgram',
  SHOW_COMPETITION: '/competition/index',
  SHOW_JIUYE: '/ujob/index',
  IS_DATA_SCREEN: '/dataScreen/index',
};

export const schoolNavRoute = (type: string): string => SCHOOL_NAV_ROUTES[type] ?? '/home/index';

/** Tabs that show 建设中 on the one school-specific site. */
export const UNDER_CONSTRUCTION_NAV_TYPES = ['SHOW_COMPETITION', 'INTERN_PROJECT', 'SHOW_JIUYE'] as const;

/** Whether this site (by code or host name) is the one whose some tabs are 建设中. */
export const isUnderConstructionSite = (code: string | null | undefined, hostname = ''): boolean => {
  const special = SPECIAL_CODES.underConstructionSchool.toLowerCase();
  return (code ?? '').toLowerCase() === special || hostname.toLowerCase().split('.').includes(special);
};

export type SchoolNavLink = NavTarget & {
  key: string;
  type: string;
  label: string;
  /** shows the 建设中 tooltip and does not navigate */
  underConstruction: boolean;
};

/**
 * A school header tab. DATA_CUBE opens the configured data-cube address (DATA_CUBE_URL) in a new tab;
 * competition opens in the same tab like every other app page.
 */
export const schoolNavLink = (
  item: SchoolNavItem,
  index: number,
  config: NavConfig,
  hostname = '',
): SchoolNavLink => {
  const label = item.showName || item.name;
  const underConstruction =
    (UNDER_CONSTRUCTION_NAV_TYPES as readonly string[]).includes(item.type) &&
    isUnderConstructionSite(config.CODE, hostname);
  const target =
    item.type === 'DATA_CUBE'
      ? configuredOr(config, 'DATA_CUBE_URL', '/home/index', true)
      : { to: schoolNavRoute(item.type), external: false, newTab: false };
  return { key: `${item.type}-${index}`, type: item.type, label, underConstruction, ...target };
};

/** The school tab selected for a path: the longest app path that prefixes it. */
export const selectedNavKey = (
  path: string,
  links: readonly { key: string; to: string; external: boolean }[],
) => {
  let best: { key: string; length: number } | null = null;
  for (const link of links) {
    if (link.external) continue;
    const prefix = link.to.replace(/\/index$/, '');
    if (hasPathPrefix(path, prefix) && (!best || prefix.length > best.length)) {
      best = { key: link.key, length: prefix.length };
    }
  }
  return best?.key ?? null;
};

// Area navigation (spec 001 section 2.6) ---------------------------------------------------------

/** Area menu value -> app path. */
export const AREA_MENU_ROUTES: Readonly<Record<string, string>> = {
  home: '/home/index',
  cloudExperiment: '/cloudexperiment/index',
  industryProject: '/industryproject/index',
  openClass: '/openclass/index',
  internProgram: '/exclusive/internProgram',
  ujob: '/ujob/index',
  competition: '/competition/index',
  alliance: '/alliance/index',
  qualitycourse: '/qualitycourse/index',
  recruitInfo: '/recruitinfo/index',
  case: '/case/index',
  vocationalCourse: '/qualitycourse/vocationalCourse',
  hefeixinhuo: '/area/hefeixinhuo',
};

/** The fixed area header items, before the configured ones. */
export const AREA_FIXED_MENU = [
  { value: 'home', title: '首页' },
  { value: 'cloudExperiment', title: '云端实验' },
  { value: 'industryProject', title: '产业项目' },
  { value: 'openClass', title: '职业发展课' },
  { value: 'internProgram', title: '实习生计划' },
  { value: 'ujob', title: '求职' },
] as const;

export type AreaNavEntry =
  | ({ kind: 'link'; key: string; label: string } & NavTarget)
  | { kind: 'dropdown'; key: string; label: string; items: ({ key: string; label: string } & NavTarget)[] };

/** Where one area menu value leads, or null for link types and unknown values. */
export const areaMenuRoute = (value: string): string | null => AREA_MENU_ROUTES[value] ?? null;

/**
 * The area header: the fixed items, then the configured menu items in order. Configured items that
 * repeat a fixed value, unknown values, and link items without addresses are left out.
 * linkSingle opens its one address in a new tab; linkMultiple is a dropdown of its content links.
 */
export const areaMenuEntries = (menus: readonly AreaMenuItem[]): AreaNavEntry[] => {
  const entries: AreaNavEntry[] = AREA_FIXED_MENU.map((item) => ({
    kind: 'link',
    key: item.value,
    label: item.title,
    to: AREA_MENU_ROUTES[item.value] ?? '/home/index',
    external: false,
    newTab: false,
  }));
  const seen = new Set<string>(AREA_FIXED_MENU.map((i) => i.value));
  menus.forEach((menu, index) => {
    const label = menu.title || menu.name;
    const key = `${menu.value}-${index}`;
    const links = (menu.content ?? []).filter((c) => c.domainUrl);
    if (menu.value === 'linkSingle') {
      const first = links[0];
      if (first)
        entries.push({ kind: 'link', key, label, to: first.domainUrl, external: true, newTab: true });
      return;
    }
    if (menu.value === 'linkMultiple') {
      if (links.length === 0) return;
      entries.push({
        kind: 'dropdown',
        key,
        label,
        items: links.map((c, i) => ({
          key: `${key}-${i}`,
          label: c.name,
          to: c.domainUrl,
          external: true,
          newTab: true,
        })),
      });
      return;
    }
    const to = areaMenuRoute(menu.value);
    if (!to || seen.has(menu.value)) return;
    seen.add(menu.value);
    entries.push({ kind: 'link', key, label, to, external: false, newTab: false });
  });
  return entries;
};

/** The research-service dropdown of the Area-ic site. */
export const AREA_IC_RESEARCH_MENU = {
  title: '科研服务',
  items: [
    { key: 'cds', title: '设计服务平台', to: '/portal/cds' },
    { key: 'vss', title: '流片服务平台', to: '/portal/vss' },
    { key: 'cpc', title: '定制研发平台', to: '/portal/cpc' },
  ],
} as const;
export const showsResearchMenu = (code: string | null | undefined) => code === SPECIAL_CODES.areaIc;

// Sign-in and sign-out addresses (spec 000 section 4) --------------------------------------------

const trimEnd = (url: string) => url.replace(/\/+$/, '');

/**
 * The identity provider's sign-in address, coming back to `/authorize` with the path to return to:
 * `<QUC>/login?redirect=<origin>/authorize?redirect=<path>` (each level URL-encoded).
 */
export const loginUrl = (quc: string, origin: string, returnPath: string): string => {
  const back = `${trimEnd(origin)}/authorize?redirect=${encodeURIComponent(safeRedirectPath(returnPath))}`;
  return `${trimEnd(quc)}/login?redirect=${encodeURIComponent(back)}`;
};

/** The identity provider's sign-out address, coming back to the home page. */
export const logoutUrl = (quc: string, origin: string): string =>
  `${trimEnd(quc)}/logout?redirect=${encodeURIComponent(`${trimEnd(origin)}/home/index`)}`;

/** The identity provider's account settings page. */
export const profileUrl = (quc: string): string => `${trimEnd(quc)}/profile`;

/**
 * A redirect target from a query parameter, kept only when it is a path of this site
 * (starts with one '/', not '//' or '/\'), so a crafted link cannot send users elsewhere.
 */
export const safeRedirectPath = (value: string | null | undefined, fallback = '/'): string => {
  if (!value?.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
};

// Site access (spec 001 section 5) ---------------------------------------------------------------

export type SiteAccessContext = {
  config: NavConfig;
  signedIn: boolean;
  role: IdentityType | null;
};

export type AccessDecision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string }
  | { kind: 'login' }
  | { kind: 'deny'; message: string };

const isTrue = (value: unknown) => value === true || value === 'true';

/**
 * Whether a path may be opened:
 * - a school site other than qstcloud sends /qualitycourse without SHOW_TECHCLASS 'true' and /openclass
 *   without SHOW_JOBCLASS 'true' to /home/index;
 * - login-required pages ask visitors to sign in;
 * - the resource library refuses students (学生身份不支持查看);
 * - the data screen is only for a college leader whose USER_COLLEGE_CODE equals the site CODE
 *   (当前用户无查看权限).
 */
export const siteAccess = (path: string, ctx: SiteAccessContext): AccessDecision => {
  const { config } = ctx;
  if (config.TYPE === 'school' && config.CODE !== SPECIAL_CODES.qstcloud) {
    if (hasPathPrefix(path, '/qualitycourse') && config.SHOW_TECHCLASS !== 'true') {
      return { kind: 'redirect', to: '/home/index' };
    }
    if (hasPathPrefix(path, '/openclass') && config.SHOW_JOBCLASS !== 'true') {
      return { kind: 'redirect', to: '/home/index' };
    }
  }
  const meta = matchRoute(path)?.route.meta;
  if (!meta) return { kind: 'allow' };
  if (meta.requiresLogin && !ctx.signedIn) return { kind: 'login' };
  if (meta.teacherOnly && ctx.role === 'Student') {
    return { kind: 'deny', message: MSG.studentCannotView };
  }
  if (meta.collegeLeaderOnly) {
    const code = typeof config.CODE === 'string' ? config.CODE : '';
    const leader = isTrue(config.IS_COLLEGE_LEADER) && !!code && config.USER_COLLEGE_CODE === code;
    if (!leader) return { kind: 'deny', message: MSG.noViewPermission };
  }
  return { kind: 'allow' };
};
