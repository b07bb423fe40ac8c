import { z } from 'zod';
import type { ServiceBases } from '../core/services';

/** Deployment types: school, area, or '' (the internal default product deployment). */
export const DEPLOYMENT_TYPES = ['school', 'area', ''] as const;
export type DeploymentType = (typeof DEPLOYMENT_TYPES)[number];

/** Special deployment codes (spec 001 section 9). */
export const SPECIAL_CODES = {
  qstcloud: 'qstcloud',
  qstlss: 'QST-C082',
  jxjy: 'QST-C099',
  nmsf: 'IMNU-C001',
  hiddenArea: 'Area-ito',
  areaIc: 'Area-ic',
  areaXinhuo: 'Area-xinhuo',
  areaXasoftpark: 'Area-xasoftpark',
  /** the school-specific host whose competition/intern/job tabs show 建设中 */
  underConstructionSchool: '4150014726-C002',
} as const;

/** One configuration pair from `GET /api/base/config/college`. */
export const collegeConfigPair = z.object({
  configKey: z.string().describe('config key, e.g. SHOW_TECHCLASS'),
  configValue: z.string().describe('value as text (JSON text for structured values)'),
});
export type CollegeConfigPair = z.infer<typeof collegeConfigPair>;

/** The application config (spec 000 section 3.1, spec 001 section 3 config keys). */
export const appConfig = z
  .object({
    name: z.string().describe('deployment display name'),
    code: z.string().describe('deployment code'),
    CODE: z.string().describe('deployment code (school/college/area code, or empty for the product site)'),
    TYPE: z.enum(DEPLOYMENT_TYPES).describe('school, area or empty'),
    QUC: z.string().describe('address of the identity provider'),
    TITLE: z.string(),
    WEB_ICON: z.string(),
    LOGO: z.string(),
    CUSTOMPAGE_LOGO: z.string(),
    PRODUCT_CODE: z.string().describe('default uplus'),
    USER_TYPE: z.string().describe('default Student'),
    USER_COLLEGE_CODE: z.string(),
    IS_COLLEGE_LEADER: z.boolean(),
    HAS_COLLEGE_ADMIN_AUTH: z.boolean(),
    SCHOOL_CODE: z.string().optional().describe('school record linked to the deployment'),
    services: z
      .object({
        base: z.string(),
        course: z.string(),
        portal: z.string(),
        opencourse: z.string(),
        live: z.string(),
        competition: z.string(),
        qmn: z.string(),
        ourea: z.string(),
      })
      .describe('service base addresses'),
  })
  .catchall(z.unknown());
export type AppConfig = z.infer<typeof appConfig> & { services: ServiceBases };

/** Config keys that hold booleans when they arrive as text pairs. */
const BOOLEAN_KEYS = new Set(['IS_COLLEGE_LEADER', 'HAS_COLLEGE_ADMIN_AUTH']);

/** College configuration pairs overwrite the app config, key by key (spec 000 section 7). */
export const mergeCollegeConfig = <T extends Record<string, unknown>>(
  config: T,
  pairs: readonly CollegeConfigPair[] | null | undefined,
): T => {
  const merged: Record<string, unknown> = { ...config };
  for (const pair of pairs ?? []) {
    if (!pair?.configKey) continue;
    merged[pair.configKey] = BOOLEAN_KEYS.has(pair.configKey)
      ? pair.configValue === 'true'
      : pair.configValue;
  }
  return merged as T;
};

/** Which chrome and home page a site shows (spec 001 section 2.3). */
export type HomeType = 'product' | 'custom' | 'nmsf' | 'area' | 'qstlss' | 'jxjy';

export const homeTypeOf = (config: Pick<AppConfig, 'TYPE' | 'CODE'>): HomeType => {
  if (config.TYPE === 'area') return 'area';
  if (config.TYPE === 'school') {
    if (config.CODE === SPECIAL_CODES.qstlss) return 'qstlss';
    if (config.CODE === SPECIAL_CODES.jxjy) return 'jxjy';
    if (config.CODE === SPECIAL_CODES.nmsf) return 'nmsf';
    return 'custom';
  }
  return 'product';
};

/** qstlss and jxjy sites show neither header nor footer. */
export const homeTypeHidesChrome = (type: HomeType) => type === 'qstlss' || type === 'jxjy';

/** Hidden-area sites hide workbench, enterprise entry and most menu items. */
export const isHiddenArea = (config: Pick<AppConfig, 'CODE'>) => config.CODE === SPECIAL_CODES.hiddenArea;

/** Area website configuration (spec 000 section 3.1). homepageConfig is JSON text. */
export const areaWebsiteConfig = z.object({
  code: z.string(),
  homepageConfig: z.string().describe('JSON text: { menus: AreaMenuItem[], ... }'),
  browserTabTitle: z.string(),
  browserTabIcon: z.string(),
  banner: z.string(),
  domainLogo: z.string(),
});
export type AreaWebsiteConfig = z.infer<typeof areaWebsiteConfig>;

export const AREA_MENU_VALUES = [
  'home',
  'cloudExperiment',
  'industryProject',
  'openClass',
  'internProgram',
  'ujob',
  'competition',
  'alliance',
  'qualitycourse',
  'recruitInfo',
  'case',
  'vocationalCourse',
  'hefeixinhuo',
  'linkSingle',
  'linkMultiple',
] as const;

/** Area menu item (spec 001 section 3). */
export const areaMenuItem = z.object({
  title: z.string(),
  name: z.string(),
  value: z.string().describe(`one of ${AREA_MENU_VALUES.join(', ')}`),
  content: z.array(z.object({ name: z.string(), domainUrl: z.string() })).optional(),
});
export type AreaMenuItem = z.infer<typeof areaMenuItem>;

export const areaHomepageConfig = z
  .object({ menus: z.array(areaMenuItem).default([]) })
  .catchall(z.unknown());

/** Parses homepageConfig text; broken JSON gives an empty menu rather than a broken page. */
export const parseAreaHomepageConfig = (text: string | null | undefined) => {
  try {
    const parsed = areaHomepageConfig.safeParse(JSON.parse(text || '{}'));
    return parsed.success ? parsed.data : { menus: [] };
  } catch {
    return { menus: [] };
  }
};

/** School navigation item types (spec 001 section 3). Unknown types fall back to the home page. */
export const SCHOOL_NAV_TYPES = [
  'HOME_PAGE',
  'RESOURCE_LIB',
  'SHOW_JOBCLASS',
  'INTERN_PROJECT',
  'SHOW_COMPETITION',
  'SHOW_JIUYE',
  'IS_DATA_SCREEN',
  'DATA_CUBE',
] as const;

export const schoolNavItem = z.object({ type: z.string(), name: z.string(), showName: z.string() });
export type SchoolNavItem = z.infer<typeof schoolNavItem>;

/** Parses SCHOOL_PAGE_NAVIGATION (JSON text); invalid entries are dropped. */
export const parseSchoolNavigation = (text: unknown): SchoolNavItem[] => {
  if (typeof text !== 'string' || !text) return Array.isArray(text) ? parseList(text) : [];
  try {
    return parseList(JSON.parse(text));
  } catch {
    return [];
  }
};
const parseList = (value: unknown): SchoolNavItem[] =>
  Array.isArray(value)
    ? value.flatMap((v) => (schoolNavItem.safeParse(v).success ? [v as SchoolNavItem] : []))
    : [];
