import {
  type AppConfig,
  type AreaWebsiteConfig,
  areaHomepageConfig,
  type CollegeConfigPair,
  type CollegeInfo,
  type DeploymentType,
  hasCollegeAdminAuth,
  isCollegeLeader,
  type SchoolInfo,
  SERVICE_BASES,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type Actor, collegeCodeOf } from '../sessions/actor';
import * as repo from './site.repo';

/** Where the browser finds the built-in identity provider. */
export const IDP_BASE = '/idp';
const CODE_RE = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;

const assertCode = (code: string, what: string) => {
  if (!CODE_RE.test(code)) throw AppError.badRequest(`${what}编码格式不正确`);
};

/** Creates a deployment (a school, area or product site). Host names are matched case-insensitively. */
export const createDeployment = async (opts: {
  db: Db;
  code: string;
  name: string;
  type: DeploymentType;
  siteCode?: string;
  hosts?: string[];
  isDefault?: boolean;
  title?: string;
  webIcon?: string;
  logo?: string;
  custompageLogo?: string;
  productCode?: string;
  schoolCode?: string;
}) => {
  assertCode(opts.code, '站点');
  if (opts.isDefault && (await repo.findDefaultDeployment(opts.db))) {
    throw AppError.badRequest('已存在默认站点');
  }
  if (await repo.findDeploymentByCode(opts.db, opts.code)) throw AppError.badRequest('站点编码已存在');
  return repo.insertDeployment(opts.db, {
    code: opts.code,
    name: opts.name,
    type: opts.type,
    siteCode: opts.siteCode ?? (opts.type === '' ? '' : opts.code),
    hosts: (opts.hosts ?? []).map((h) => h.trim().toLowerCase()).filter(Boolean),
    isDefault: opts.isDefault ?? false,
    title: opts.title ?? opts.name,
    webIcon: opts.webIcon ?? '',
    logo: opts.logo ?? '',
    custompageLogo: opts.custompageLogo ?? '',
    productCode: opts.productCode ?? 'uplus',
    schoolCode: opts.schoolCode ?? null,
  });
};

/** The product deployment every installation needs (code `uplus`, TYPE ''), created when missing. */
export const ensureDefaultDeployment = async (opts: { db: Db }) => {
  const existing = await repo.findDefaultDeployment(opts.db);
  if (existing) return existing;
  const byCode = await repo.findDeploymentByCode(opts.db, 'uplus');
  if (byCode) {
    await repo.markDefaultDeployment(opts.db, byCode.id);
    return { ...byCode, isDefault: true };
  }
  return createDeployment({
    db: opts.db,
    code: 'uplus',
    name: 'Uplus 优加',
    type: '',
    isDefault: true,
    title: 'Uplus 优加教育平台',
  });
};

/** A deployment by its code, or null (issue 15: the site a content admin manages). */
export const deploymentByCode = (opts: { db: Db; code: string }) =>
  repo.findDeploymentByCode(opts.db, opts.code);

/** The default (product) deployment, or null before the first start. */
export const defaultDeployment = (opts: { db: Db }) => repo.findDefaultDeployment(opts.db);

/** Whether a host name (no port) is configured as one of a deployment's hosts. */
export const isDeploymentHost = async (opts: { db: Db; host: string }) =>
  (await repo.findDeploymentByHost(opts.db, opts.host.trim().toLowerCase())) !== null;

/** The deployment for a request: by host name, else DEPLOYMENT_CODE, else the default product one. */
export const resolveDeployment = async (opts: {
  db: Db;
  host: string;
  deploymentCode: string | undefined;
}) => {
  const host = opts.host.trim().toLowerCase();
  const deployment =
    (host ? await repo.findDeploymentByHost(opts.db, host) : null) ??
    (opts.deploymentCode ? await repo.findDeploymentByCode(opts.db, opts.deploymentCode) : null) ??
    (await repo.findDefaultDeployment(opts.db));
  if (!deployment) throw new AppError(500, '站点尚未配置');
  return deployment;
};

/**
 * `GET /get_appconfig`: the deployment's config with the service bases. With a valid token the user
 * fields (USER_TYPE, USER_COLLEGE_CODE, IS_COLLEGE_LEADER, HAS_COLLEGE_ADMIN_AUTH) describe that user.
 */
export const getAppConfig = async (opts: {
  db: Db;
  host: string;
  deploymentCode: string | undefined;
  actor: Actor | null;
}): Promise<AppConfig> => {
  const d = await resolveDeployment(opts);
  const m = opts.actor?.membership;
  const config: AppConfig = {
    name: d.name,
    code: d.code,
    CODE: d.siteCode,
    TYPE: d.type as DeploymentType,
    QUC: IDP_BASE,
    TITLE: d.title,
    WEB_ICON: d.webIcon,
    LOGO: d.logo,
    CUSTOMPAGE_LOGO: d.custompageLogo,
    PRODUCT_CODE: d.productCode || 'uplus',
    USER_TYPE: m?.role ?? (d.userType || 'Student'),
    USER_COLLEGE_CODE: collegeCodeOf(opts.actor),
    IS_COLLEGE_LEADER: opts.actor ? isCollegeLeader(opts.actor.masks.course.toString()) : false,
    HAS_COLLEGE_ADMIN_AUTH: opts.actor ? hasCollegeAdminAuth(opts.actor.masks.qom.toString()) : false,
    services: { ...SERVICE_BASES },
  };
  if (d.schoolCode) config.SCHOOL_CODE = d.schoolCode;
  return config;
};

/** Sets configuration pairs for a code (deployment or college code). */
export const setCollegeConfig = async (opts: {
  db: Db;
  code: string;
  pairs: readonly CollegeConfigPair[];
}) => {
  assertCode(opts.code, '机构');
  await repo.upsertCollegeConfigPairs(opts.db, opts.code, opts.pairs);
};

/**
 * Removes configuration keys of a code (issue 15: a footer address or title cleared in the console, so the
 * web app falls back as if it had never been set).
 */
export const removeCollegeConfigKeys = async (opts: { db: Db; code: string; keys: readonly string[] }) => {
  assertCode(opts.code, '机构');
  await repo.deleteCollegeConfigKeys(opts.db, opts.code, opts.keys);
};

/**
 * The code whose configuration pairs (and area website config) a deployment's pages read: the web app asks
 * `GET /api/base/config/college` for its CODE, or its code when CODE is empty (the product site: `uplus`).
 */
export const siteConfigCode = (deployment: { siteCode: string; code: string }) =>
  deployment.siteCode || deployment.code;

/** `GET /api/base/config/college?param=`: the pairs of that code; an unknown code has none. */
export const getCollegeConfig = async (opts: { db: Db; code: string }): Promise<CollegeConfigPair[]> =>
  repo.listCollegeConfigPairs(opts.db, opts.code);

/** One configuration value of a code, or null. */
export const getCollegeConfigValue = (opts: { db: Db; code: string; key: string }) =>
  repo.findCollegeConfigValue(opts.db, opts.code, opts.key);

export const createSchool = async (opts: {
  db: Db;
  code: string;
  name: string;
  logo?: string;
  address?: string;
  introduction?: string;
  organisationId?: number;
}): Promise<SchoolInfo> => {
  assertCode(opts.code, '学校');
  if (await repo.findSchoolByCode(opts.db, opts.code)) throw AppError.badRequest('学校编码已存在');
  const row = await repo.insertSchool(opts.db, {
    code: opts.code,
    name: opts.name,
    logo: opts.logo ?? '',
    address: opts.address ?? '',
    introduction: opts.introduction ?? '',
    organisationId: opts.organisationId ?? null,
  });
  return schoolInfoOf(row);
};

const schoolInfoOf = (row: repo.SchoolRow): SchoolInfo => ({
  id: String(row.id),
  code: row.code,
  name: row.name,
  logo: row.logo,
  address: row.address,
  introduction: row.introduction,
});

/** `GET /api/base/schools/{schoolCode}`; 404 for an unknown code. */
export const getSchool = async (opts: { db: Db; code: string }): Promise<SchoolInfo> => {
  const row = await repo.findSchoolByCode(opts.db, opts.code);
  if (!row) throw AppError.notFound('学校不存在');
  return schoolInfoOf(row);
};

/** A college record for an organisation (its id is the organisation id). */
export const createCollege = async (opts: {
  db: Db;
  organisationId: number;
  code: string;
  name: string;
  schoolId?: number;
}): Promise<CollegeInfo> => {
  assertCode(opts.code, '学院');
  if (await repo.findCollegeByCode(opts.db, opts.code)) throw AppError.badRequest('学院编码已存在');
  const row = await repo.insertCollege(opts.db, {
    organisationId: opts.organisationId,
    code: opts.code,
    name: opts.name,
    schoolId: opts.schoolId ?? null,
  });
  return collegeInfoOf(row);
};

const collegeInfoOf = (row: repo.CollegeRow): CollegeInfo => ({
  id: String(row.organisationId),
  code: row.code,
  name: row.name,
  schoolId: row.schoolId === null ? '' : String(row.schoolId),
});

/** A college by its id (the organisation id), or null (issue 15: the data cube permit). */
export const collegeById = async (opts: { db: Db; id: number }): Promise<CollegeInfo | null> => {
  const row = await repo.findCollegeByOrganisationId(opts.db, opts.id);
  return row ? collegeInfoOf(row) : null;
};

/** `GET /api/base/colleges/{code}`; 404 for an unknown code. */
export const getCollege = async (opts: { db: Db; code: string }): Promise<CollegeInfo> => {
  const row = await repo.findCollegeByCode(opts.db, opts.code);
  if (!row) throw AppError.notFound('学院不存在');
  return collegeInfoOf(row);
};

/** Sets an area site's configuration; homepageConfig must be JSON with a valid menu list. */
export const setAreaWebsiteConfig = async (opts: {
  db: Db;
  code: string;
  homepageConfig: unknown;
  browserTabTitle?: string;
  browserTabIcon?: string;
  banner?: string;
  domainLogo?: string;
}): Promise<AreaWebsiteConfig> => {
  assertCode(opts.code, '区域');
  const text =
    typeof opts.homepageConfig === 'string' ? opts.homepageConfig : JSON.stringify(opts.homepageConfig);
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw AppError.badRequest('首页配置不是有效的 JSON');
  }
  if (!areaHomepageConfig.safeParse(parsed).success) throw AppError.badRequest('首页配置的菜单格式不正确');
  const row = await repo.upsertAreaWebsiteConfig(opts.db, {
    code: opts.code,
    homepageConfig: text,
    browserTabTitle: opts.browserTabTitle ?? '',
    browserTabIcon: opts.browserTabIcon ?? '',
    banner: opts.banner ?? '',
    domainLogo: opts.domainLogo ?? '',
  });
  return areaConfigOf(row);
};

const areaConfigOf = (row: repo.AreaWebsiteConfigRow): AreaWebsiteConfig => ({
  code: row.code,
  homepageConfig: row.homepageConfig,
  browserTabTitle: row.browserTabTitle,
  browserTabIcon: row.browserTabIcon,
  banner: row.banner,
  domainLogo: row.domainLogo,
});

/** An area site's configuration, or null when it has none yet (issue 15: the console's settings). */
export const findAreaWebsiteConfig = async (opts: { db: Db; code: string }) => {
  const row = await repo.findAreaWebsiteConfig(opts.db, opts.code);
  return row ? areaConfigOf(row) : null;
};

/** `GET {portal}/website_configs/{code}`; 404 for an unknown code. */
export const getAreaWebsiteConfig = async (opts: { db: Db; code: string }): Promise<AreaWebsiteConfig> => {
  const row = await repo.findAreaWebsiteConfig(opts.db, opts.code);
  if (!row) throw AppError.notFound('区域站点配置不存在');
  return areaConfigOf(row);
};

/**
 * The site of a school given by its id (issue 15, portal spec 7: course/exclusives/school/{schoolId}):
 * the school record and the deployment whose SCHOOL_CODE is that school's code (null when it has no
 * site); null for an unknown school.
 */
export const schoolSiteById = async (opts: { db: Db; schoolId: number }) => {
  const school = await repo.findSchoolById(opts.db, opts.schoolId);
  if (!school) return null;
  return { school, deployment: await repo.findDeploymentBySchoolCode(opts.db, school.code) };
};
