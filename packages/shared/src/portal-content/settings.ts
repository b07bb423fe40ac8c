import { z } from 'zod';
import { AREA_MENU_VALUES, SCHOOL_NAV_TYPES } from '../foundation/config';
import { consoleScope, contentCard } from './content';
import { FOOTER_QR_CODES, type FooterQrKey, HOME_SECTION_KEYS } from './site-keys';

/*
 * Site settings (issue 15, portal spec 2.5-2.7): what a site's admin configures in the console besides its
 * content: the home page sections, the footer, and (school sites) the header navigation and the SHOW_*
 * switches, or (area sites) the area menu. They are stored where the foundation already reads them, so a
 * change shows on the next page load: config pairs of the site's code (GET /api/base/config/college) and
 * the area website config (GET {portal}/website_configs/{code}).
 */

export const SITE_SETTINGS_MSG = {
  saved: '站点设置已保存',
  emailInvalid: '请输入正确的邮箱地址',
  urlInvalid: '地址需以 http:// 或 https:// 开头',
  navNameRequired: '请输入导航名称',
  navTypeInvalid: '导航类型不正确',
  navTooMany: '导航最多12项',
  menuTitleRequired: '请输入菜单名称',
  menuValueInvalid: '菜单类型不正确',
  menuLinksRequired: '外链菜单至少需要一个链接',
  linkNameRequired: '请输入链接名称',
  sectionInvalid: '首页板块不正确',
  qrNotConfigured: '该二维码尚未配置',
  cubeNotConfigured: '数据魔方尚未配置',
  cloudNotConfigured: '云端开发环境尚未配置，请联系管理员',
  serviceTypeRequired: '缺少云服务类型',
  serviceTypeInvalid: '云服务类型不正确',
  idInvalid: '项目或代码仓库编号格式不正确',
} as const;

export {
  FOOTER_QR_CODES,
  type FooterQrKey,
  footerQrPath,
  footerQrSrc,
  HOME_SECTION_KEYS,
  HOME_SECTIONS_KEY,
  type HomeSectionKey,
  parseHomeSections,
} from './site-keys';

export const homeSectionKey = z.enum(HOME_SECTION_KEYS, { error: SITE_SETTINGS_MSG.sectionInvalid });
export const footerQrKey = z.enum(Object.keys(FOOTER_QR_CODES) as [FooterQrKey, ...FooterQrKey[]]);

const httpUrl = z
  .string()
  .trim()
  .max(500)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/.test(v), SITE_SETTINGS_MSG.urlInvalid)
  .default('');

export const footerSettings = z.object({
  CONTACT_EMAIL: z
    .string()
    .trim()
    .max(100)
    .refine((v) => v === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v), SITE_SETTINGS_MSG.emailInvalid)
    .default(''),
  CONTACT_ADDRESS: z.string().trim().max(100).default(''),
  ICP_FILING: z.string().trim().max(50).default(''),
  PSB_FILING: z.string().trim().max(50).default(''),
  ALLIANCE_URL: httpUrl,
  QR_APP_URL: httpUrl,
  QR_MINIPROGRAM_URL: httpUrl,
  QR_BUSINESS_URL: httpUrl,
});
export type FooterSettings = z.infer<typeof footerSettings>;
export const FOOTER_KEYS = Object.keys(footerSettings.shape) as (keyof FooterSettings)[];

export const schoolNavEntry = z.object({
  type: z.enum(SCHOOL_NAV_TYPES, { error: SITE_SETTINGS_MSG.navTypeInvalid }),
  /** the entry's name (the demo and older configurations use the type key itself, e.g. SHOW_COMPETITION) */
  name: z.string().trim().min(1, SITE_SETTINGS_MSG.navNameRequired).max(30),
  /** the label the header shows (the name when empty) */
  showName: z.string().trim().max(10).default(''),
});
/** The Chinese name of each school navigation type (the console's type picker). */
export const SCHOOL_NAV_TYPE_TITLES: Record<(typeof SCHOOL_NAV_TYPES)[number], string> = {
  HOME_PAGE: '首页',
  RESOURCE_LIB: '资源库',
  SHOW_JOBCLASS: '职业发展课',
  INTERN_PROJECT: '实习生计划',
  SHOW_COMPETITION: '创新大赛',
  SHOW_JIUYE: '求职就业',
  IS_DATA_SCREEN: '数据大屏',
  DATA_CUBE: '数据魔方',
};

export const areaMenuEntry = z
  .object({
    title: z.string().trim().min(1, SITE_SETTINGS_MSG.menuTitleRequired).max(10),
    name: z.string().trim().max(20).default(''),
    value: z.enum(AREA_MENU_VALUES, { error: SITE_SETTINGS_MSG.menuValueInvalid }),
    content: z
      .array(
        z.object({
          name: z.string().trim().min(1, SITE_SETTINGS_MSG.linkNameRequired).max(20),
          domainUrl: httpUrl.refine((v) => v !== '', SITE_SETTINGS_MSG.urlInvalid),
        }),
      )
      .max(10)
      .default([]),
  })
  .refine((m) => !(m.value === 'linkSingle' || m.value === 'linkMultiple') || m.content.length > 0, {
    path: ['content'],
    message: SITE_SETTINGS_MSG.menuLinksRequired,
  });
/** The Chinese name of each area menu value. */
export const AREA_MENU_VALUE_TITLES: Record<(typeof AREA_MENU_VALUES)[number], string> = {
  home: '首页',
  cloudExperiment: '云端实验',
  industryProject: '产业项目',
  openClass: '职业发展课',
  internProgram: '实习生计划',
  ujob: '求职',
  competition: '创新大赛',
  alliance: '联盟',
  qualitycourse: '精品课程',
  recruitInfo: '招聘信息',
  case: '案例',
  vocationalCourse: '职教课程',
  hefeixinhuo: '学校介绍',
  linkSingle: '单个外链',
  linkMultiple: '外链下拉',
};

/**
 * `GET/PUT /api/portal/console/site-settings`. School fields are kept only for a school site, the area
 * menu only for an area site (the answer has them empty elsewhere, and a PUT ignores them).
 */
export const siteSettings = z.object({
  /** the browser tab title (TITLE; an area site: browserTabTitle) */
  title: z.string().trim().max(40).default(''),
  homeSections: z
    .array(homeSectionKey)
    .max(HOME_SECTION_KEYS.length)
    .default([...HOME_SECTION_KEYS]),
  footer: footerSettings.default(footerSettings.parse({})),
  // school sites
  navigation: z.array(schoolNavEntry).max(12, SITE_SETTINGS_MSG.navTooMany).default([]),
  showTechClass: z.boolean().default(true),
  showJobClass: z.boolean().default(true),
  showJiuye: z.boolean().default(true),
  dataCubeUrl: httpUrl,
  // area sites
  areaMenus: z.array(areaMenuEntry).max(12, SITE_SETTINGS_MSG.navTooMany).default([]),
});
export type SiteSettings = z.infer<typeof siteSettings>;
export type SiteSettingsInput = z.input<typeof siteSettings>;
/**
 * The answer of GET and PUT: the settings as stored, and the site they belong to (its type picks the
 * console's tabs). Checked loosely on purpose: a value stored before these rules (a long title, an odd
 * address) still loads into the form, which then says what to correct; the PUT body is checked strictly.
 */
export const siteSettingsView = z.object({
  title: z.string(),
  homeSections: z.array(homeSectionKey),
  footer: z.object(
    Object.fromEntries(FOOTER_KEYS.map((key) => [key, z.string()])) as Record<
      keyof FooterSettings,
      z.ZodString
    >,
  ),
  navigation: z.array(z.object({ type: z.enum(SCHOOL_NAV_TYPES), name: z.string(), showName: z.string() })),
  showTechClass: z.boolean(),
  showJobClass: z.boolean(),
  showJiuye: z.boolean(),
  dataCubeUrl: z.string(),
  areaMenus: z.array(
    z.object({
      title: z.string(),
      name: z.string(),
      value: z.enum(AREA_MENU_VALUES),
      content: z.array(z.object({ name: z.string(), domainUrl: z.string() })),
    }),
  ),
  site: consoleScope,
});
export type SiteSettingsView = z.infer<typeof siteSettingsView>;

// Section 7 catalogue calls and the cloud IDE ---------------------------------------------------

/** `GET /api/bigdata/data_cube_configs/college_config/permit?collegeId=` -> cubeAddress. */
export const dataCubeQuery = z.object({ collegeId: z.string().regex(/^[1-9][0-9]{0,14}$/, 'id格式不正确') });
export const dataCubePermit = z.object({ cubeAddress: z.string() });
export type DataCubePermit = z.infer<typeof dataCubePermit>;

/** `GET /api/course/huawei/cloud/service_uri` (foundation spec 7). */
const cloudId = z
  .string()
  .trim()
  .regex(/^[A-Za-z0-9_.:-]{0,64}$/, SITE_SETTINGS_MSG.idInvalid)
  .default('');
export const cloudServiceQuery = z.object({
  serviceType: z
    .string({ error: SITE_SETTINGS_MSG.serviceTypeRequired })
    .trim()
    .min(1, SITE_SETTINGS_MSG.serviceTypeRequired)
    .max(30)
    .regex(/^[A-Za-z0-9_.-]*$/, SITE_SETTINGS_MSG.serviceTypeInvalid),
  projectId: cloudId,
  repositoryId: cloudId,
});
export type CloudServiceQuery = z.infer<typeof cloudServiceQuery>;
export const cloudServiceUri = z.object({
  /** the address to open: the single-sign-on authorize address with the IDE address as its target */
  uri: z.string(),
});

/** `GET course/course_systems?school={schoolId}`: a school's course systems. */
export const courseSystemsQuery = z.object({
  school: z.string().regex(/^[1-9][0-9]{0,14}$/, 'id格式不正确'),
});
export const courseSystemRow = z.object({ id: z.string(), name: z.string(), sort: z.number().int() });
/** `GET course/course_system_items/matrix?systemId=`: the rows and columns with their course cards. */
export const courseSystemMatrixQuery = z.object({
  systemId: z.string().regex(/^[1-9][0-9]{0,14}$/, 'id格式不正确'),
});
/** `GET course/course_system_items/permit/authority?resourceId=&resourceType=`. */
export const resourcePermitQuery = z.object({
  resourceId: z.string().regex(/^[1-9][0-9]{0,14}$/, 'id格式不正确'),
  resourceType: z.enum(['course', 'experiment', 'project']),
});
export const resourcePermit = z.object({
  permit: z.boolean(),
  /** why not (请先登录, 暂未对您的学校开放) */
  message: z.string(),
});
/** `GET course/exclusives/school/{schoolId}/course_resources` and `…/traincases`. */
export const exclusivesParams = z.object({
  schoolId: z.string().regex(/^[1-9][0-9]{0,14}$/, 'id格式不正确'),
});
export const exclusivesQuery = z.object({ ids: z.string().max(2000).optional() });
export const courseSystemMatrix = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.object({ title: z.string(), cells: z.array(z.array(contentCard)) })),
});
export type CourseSystemMatrix = z.infer<typeof courseSystemMatrix>;
