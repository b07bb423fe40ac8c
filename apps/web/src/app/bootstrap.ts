import {
  type AreaWebsiteConfig,
  areaWebsiteConfig,
  type CollegeConfigPair,
  collegeConfigPair,
  mergeCollegeConfig,
  parseAreaHomepageConfig,
  type SchoolInfo,
  SERVICE_BASES,
  schoolInfo,
} from '@uplus/shared';
import { z } from 'zod';
import { http } from '../api/http';
import type { SiteConfig, SiteState } from '../lib/site-store';

/*
 * Configuration loaded before the app mounts (spec 000 sections 1 and 7):
 * app config -> college pairs overwrite it -> school record when SCHOOL_CODE exists ->
 * area configuration for area sites, which also names the browser tab and its icon.
 */

/** The app config as it arrives: checked loosely so a deployment's extra keys survive. */
const rawAppConfig = z
  .object({
    name: z.string().default(''),
    code: z.string().default(''),
    CODE: z.string().default(''),
    TYPE: z.string().default(''),
    QUC: z.string().default('/idp'),
    services: z.record(z.string(), z.string()).default({}),
  })
  .catchall(z.unknown());

const normaliseConfig = (raw: z.infer<typeof rawAppConfig>): SiteConfig => {
  const text = (key: string, fallback = '') =>
    typeof raw[key] === 'string' ? (raw[key] as string) : fallback;
  const TYPE = raw.TYPE === 'school' || raw.TYPE === 'area' ? raw.TYPE : '';
  return {
    ...raw,
    TYPE,
    QUC: raw.QUC || '/idp',
    TITLE: text('TITLE'),
    WEB_ICON: text('WEB_ICON'),
    LOGO: text('LOGO'),
    CUSTOMPAGE_LOGO: text('CUSTOMPAGE_LOGO'),
    PRODUCT_CODE: text('PRODUCT_CODE', 'uplus') || 'uplus',
    USER_TYPE: text('USER_TYPE', 'Student') || 'Student',
    USER_COLLEGE_CODE: text('USER_COLLEGE_CODE'),
    IS_COLLEGE_LEADER: raw.IS_COLLEGE_LEADER === true || raw.IS_COLLEGE_LEADER === 'true',
    HAS_COLLEGE_ADMIN_AUTH: raw.HAS_COLLEGE_ADMIN_AUTH === true || raw.HAS_COLLEGE_ADMIN_AUTH === 'true',
    services: { ...SERVICE_BASES, ...raw.services },
  } as SiteConfig;
};

const portalBase = (config: SiteConfig) =>
  (config.services.portal || SERVICE_BASES.portal).replace(/\/+$/, '');

/** Sets the tab title and, when given, the tab icon. */
export const applyBranding = (title: string, icon: string) => {
  if (title) document.title = title;
  if (!icon) return;
  let link = document.querySelector<HTMLLinkElement>('link[rel~="icon"]');
  if (!link) {
    link = document.createElement('link');
    link.rel = 'icon';
    document.head.appendChild(link);
  }
  link.removeAttribute('type');
  link.href = icon;
};

/** Loads everything the first render needs. Throws (with a Chinese message) when the site cannot start. */
export const loadSite = async (): Promise<SiteState> => {
  const raw = await http.get(`/get_appconfig`, {
    query: { t: Date.now() },
    silent: true,
    noAuthRedirect: true,
    schema: rawAppConfig,
  });
  let config = normaliseConfig(raw);

  const code = config.CODE || config.code;
  if (code) {
    const pairs = await http.get<CollegeConfigPair[]>('/api/base/config/college', {
      query: { param: code },
      silent: true,
      noAuthRedirect: true,
      schema: z.array(collegeConfigPair),
    });
    config = mergeCollegeConfig(config, pairs);
  }

  let school: SchoolInfo | null = null;
  const schoolCode = typeof config.SCHOOL_CODE === 'string' ? config.SCHOOL_CODE : '';
  if (schoolCode) {
    // A missing school record leaves the site usable (the header falls back to the deployment name).
    school = await http
      .get(`/api/base/schools/${encodeURIComponent(schoolCode)}`, {
        silent: true,
        noAuthRedirect: true,
        schema: schoolInfo,
      })
      .catch(() => null);
  }

  let area: AreaWebsiteConfig | null = null;
  if (config.TYPE === 'area' && config.CODE) {
    area = await http
      .get(`${portalBase(config)}/website_configs/${encodeURIComponent(config.CODE)}`, {
        silent: true,
        noAuthRedirect: true,
        schema: areaWebsiteConfig,
      })
      .catch(() => null);
  }

  if (area) applyBranding(area.browserTabTitle || config.TITLE || config.name, area.browserTabIcon);
  else applyBranding(config.TITLE || config.name, config.WEB_ICON);

  return { config, school, area, areaMenus: parseAreaHomepageConfig(area?.homepageConfig).menus };
};
