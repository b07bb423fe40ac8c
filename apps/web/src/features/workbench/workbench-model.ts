import { type AreaWebsiteConfig, type IdentityType, type SchoolInfo, SPECIAL_CODES } from '@uplus/shared';
import { type UserMenuItemKey, userMenuModel } from '../users/menu-model';

/*
 * What the workbench shell shows (spec 001 section 2.9), as pure functions of the site, the role and the
 * organisation's modules, so the rules are tested apart from the rendering.
 */

/** The label beside the logo: spec 2.9's 'work bench', worded like the header's 学生工作台 / 教师工作台. */
export const WORKBENCH_LABEL = '工作台';

type SiteLike = {
  config: Record<string, unknown> & { TYPE?: string; CODE?: string; LOGO?: string; CUSTOMPAGE_LOGO?: string };
  school: Pick<SchoolInfo, 'logo' | 'name'> | null;
  area: Pick<AreaWebsiteConfig, 'domainLogo' | 'browserTabTitle'> | null;
};

const text = (config: Record<string, unknown>, key: string) => {
  const value = config[key];
  return typeof value === 'string' ? value.trim() : '';
};

/**
 * Deployments whose workbench shows no logo. Spec 2.9 says "hidden for one specific deployment code"
 * without naming it; of the special codes of section 9 the hidden-area site (Area-ito) is the one that
 * strips the workbench's surroundings, so it is the default. A deployment can switch the rule on for
 * itself with the config pair WORKBENCH_HIDE_LOGO = true (or off with false).
 */
export const WORKBENCH_LOGO_HIDDEN_CODES: readonly string[] = [SPECIAL_CODES.hiddenArea];

export const hidesWorkbenchLogo = (config: SiteLike['config']): boolean => {
  const flag = config.WORKBENCH_HIDE_LOGO;
  if (flag === true || flag === 'true') return true;
  if (flag === false || flag === 'false') return false;
  return WORKBENCH_LOGO_HIDDEN_CODES.includes(config.CODE ?? '');
};

export type WorkbenchLogo = { hidden: true } | { hidden: false; name: string; src: string };

/**
 * The workbench logo by deployment type: a school shows its custom page logo or the school's logo, an
 * area its domain logo, the product (blank type) its configured logo; the site's own LOGO is the
 * fallback, and with none at all the product mark is drawn (src empty).
 */
export const workbenchLogo = (site: SiteLike): WorkbenchLogo => {
  const { config } = site;
  if (hidesWorkbenchLogo(config)) return { hidden: true };
  const logo = text(config, 'LOGO');
  const title = text(config, 'TITLE') || text(config, 'name');
  if (config.TYPE === 'school') {
    return {
      hidden: false,
      name: site.school?.name || title || '学校门户',
      src: text(config, 'CUSTOMPAGE_LOGO') || site.school?.logo || logo,
    };
  }
  if (config.TYPE === 'area') {
    return {
      hidden: false,
      name: site.area?.browserTabTitle || title || '区域门户',
      src: site.area?.domainLogo || logo,
    };
  }
  return { hidden: false, name: title || '优加教育平台', src: logo };
};

/** The help manual (config key HELP_MANUAL_URL), or null: no key, no link. */
export const helpManualUrl = (config: Record<string, unknown>): string | null =>
  text(config, 'HELP_MANUAL_URL') || null;

// User menu ------------------------------------------------------------------------------------------

export type WorkbenchMenuItem = {
  key: UserMenuItemKey;
  label: string;
  /** app path opened in a new tab (my courses, my internships, my resume...) */
  newTab?: string;
};

/**
 * The avatar menu of the workbench: the role's portal menu (spec 2.8) without the organisation switch and
 * the college administration entry, its page entries opening in a new tab, then 账号设置 and 退出登录.
 * Students get 我的课程, 我的实习, 我的简历, 账号设置, 退出登录 (spec 2.9).
 */
export const workbenchMenuItems = (input: {
  role: IdentityType | null;
  hiddenArea: boolean;
}): WorkbenchMenuItem[] =>
  userMenuModel({ signedIn: true, role: input.role, hiddenArea: input.hiddenArea, collegeAdmin: false })
    .items.filter((item) => item.key !== 'switchOrgan' && item.key !== 'collegeAdmin')
    .map((item) => (item.to ? { key: item.key, label: item.label, newTab: item.to } : item));

// Side navigation ------------------------------------------------------------------------------------

/** The workbench pages (spec 2.2 children of /workbench/index) as side navigation entries. */
export const WORKBENCH_PAGES = [
  { name: 'school', label: '我的课程', path: '/workbench/index/school', group: 'study' },
  { name: 'opencourse', label: '职业发展课', path: '/workbench/index/opencourse', group: 'study' },
  { name: 'internship', label: '我的实习', path: '/workbench/index/internship', group: 'study' },
  {
    name: 'workbenchCompetition',
    label: '我的竞赛',
    path: '/workbench/index/competition',
    group: 'study',
  },
  { name: 'certificate', label: '我的证书', path: '/workbench/index/certificate', group: 'study' },
  { name: 'resume', label: '我的简历', path: '/workbench/index/resume', group: 'career' },
  { name: 'feedback', label: '投递反馈', path: '/workbench/index/feedback', group: 'career' },
  { name: 'favorite', label: '我的收藏', path: '/workbench/index/favorite', group: 'career' },
  { name: 'reservation', label: '我的预约', path: '/workbench/index/reservation', group: 'career' },
  { name: 'careerMentor', label: '职业导师', path: '/workbench/index/careerMentor', group: 'career' },
  { name: 'company', label: '企业入口', path: '/workbench/index/company', group: 'business' },
] as const;

/**
 * A teacher's side navigation (spec 2.2 teacher paths, spec 2.8's teacher menu): their courses, their
 * exercises, the AI toolkit that hosts the generator and the judge, and the resource library (issue 15).
 * An entry whose page is not built yet would carry `soon: true`: it says 建设中 in the navigation.
 */
export const TEACHER_PAGES = [
  { name: 'teacherGroup', label: '我的课程', path: '/u/teacherGr/group' },
  { name: 'exerciseLibs', label: '我的习题', path: '/u/teacherGr/exerciseLibs' },
  { name: 'toolkit', label: 'AI工具箱', path: '/ai/toolkit' },
  { name: 'openclassManage', label: '职业发展课管理', path: '/u/openclass/manage' },
  { name: 'resourceStore', label: '教学资源库', path: '/u/resourceStore/theroryCourse' },
] as const;

export type WorkbenchGroupKey = 'study' | 'career' | 'teaching' | 'business' | 'modules';
export const WORKBENCH_GROUP_TITLES: Readonly<Record<WorkbenchGroupKey, string>> = {
  study: '学习中心',
  teaching: '教学中心',
  career: '求职中心',
  business: '企业服务',
  modules: '更多应用',
};

/** The organisation modules the workbench knows (spec 2.9), their default names and address keys. */
export const WORKBENCH_MODULES = [
  { code: 'course', label: '课程中心', urlKey: 'COURSE_MODULE_URL' },
  { code: 'exam', label: '考试中心', urlKey: 'EXAM_MODULE_URL' },
  { code: 'graduation', label: '毕业设计', urlKey: 'GRADUATION_MODULE_URL' },
  { code: 'obe', label: '专业认证', urlKey: 'OBE_MODULE_URL' },
] as const;
export type WorkbenchModuleCode = (typeof WORKBENCH_MODULES)[number]['code'];

export type WorkbenchNavEntry =
  | {
      kind: 'page';
      key: string;
      label: string;
      path: string;
      /** the page is not built yet: it says 建设中, and the entry is marked so */
      soon?: boolean;
    }
  | {
      kind: 'module';
      key: WorkbenchModuleCode;
      label: string;
      /** the subsystem's address (new tab); null when the deployment has not configured it */
      url: string | null;
      /**
       * issue 11: where the module opens in this app when no address is configured (the course module opens
       * the role's course pages); absent: the module is only named, as not yet open (no dead button)
       */
      path?: string;
    };

export type WorkbenchNavGroup = { key: WorkbenchGroupKey; title: string; entries: WorkbenchNavEntry[] };

/** issue 11: the course module without its own address opens the role's courses in this app. */
const courseModulePath = (role: IdentityType | null) =>
  role === 'Teacher' || role === 'Business' ? '/u/teacherGr/group' : '/workbench/index/school';

/** The page groups by role: students (and an unknown role) study and seek jobs; teachers teach. */
const pageGroupsOf = (role: IdentityType | null): WorkbenchGroupKey[] => {
  if (role === 'Teacher') return ['teaching'];
  // business users also hold the teacher workbench button (spec 2.8)
  if (role === 'Business') return ['business', 'teaching'];
  return ['study', 'career'];
};

const pageEntries = (group: WorkbenchGroupKey): WorkbenchNavEntry[] =>
  group === 'teaching'
    ? TEACHER_PAGES.map((p) => ({
        kind: 'page',
        key: p.name,
        label: p.label,
        path: p.path,
        ...('soon' in p && p.soon ? { soon: true } : {}),
      }))
    : WORKBENCH_PAGES.filter((p) => p.group === group).map((p) => ({
        kind: 'page',
        key: p.name,
        label: p.label,
        path: p.path,
      }));

/**
 * The side navigation: students get the study and career pages, teachers the teaching pages, business
 * users the enterprise entry and the teaching pages;
 * then the modules exam, graduation, obe and course, each only when the organisation's modules list
 * (GET base/organ/modules) has it, in that list's order, named as the list names it. A module opens its
 * subsystem at the configured address (e.g. EXAM_MODULE_URL); without one it is shown as not yet open.
 */
export const workbenchNav = (input: {
  role: IdentityType | null;
  modules: readonly { code: string; name: string }[];
  config: Record<string, unknown>;
}): WorkbenchNavGroup[] => {
  const groups: WorkbenchNavGroup[] = [];
  for (const group of pageGroupsOf(input.role)) {
    groups.push({ key: group, title: WORKBENCH_GROUP_TITLES[group], entries: pageEntries(group) });
  }
  const seen = new Set<string>();
  const modules: WorkbenchNavEntry[] = [];
  for (const m of input.modules) {
    const known = WORKBENCH_MODULES.find((k) => k.code === m.code);
    if (!known || seen.has(known.code)) continue;
    seen.add(known.code);
    const url = text(input.config, known.urlKey) || null;
    modules.push({
      kind: 'module',
      key: known.code,
      label: m.name.trim() || known.label,
      url,
      ...(!url && known.code === 'course' ? { path: courseModulePath(input.role) } : {}),
    });
  }
  if (modules.length > 0) {
    groups.push({ key: 'modules', title: WORKBENCH_GROUP_TITLES.modules, entries: modules });
  }
  return groups;
};

// Career mentor -----------------------------------------------------------------------------------------

/**
 * Who may open the career mentor (spec career-job-seeker section 6): only a Student, and only when the
 * organisation's QA bot permission is on; a failed permission call (qabot null) counts as off.
 */
export const careerMentorAccess = (input: {
  role: IdentityType | null;
  roleLoading: boolean;
  qabot: number | null | undefined;
  permissionsLoading: boolean;
  qabotEnabled: number;
}): 'loading' | 'allowed' | 'refused' => {
  if (input.roleLoading) return 'loading';
  if (input.role !== 'Student') return 'refused';
  if (input.permissionsLoading) return 'loading';
  return input.qabot === input.qabotEnabled ? 'allowed' : 'refused';
};
