import {
  AREA_MENU_VALUES,
  type CloudServiceQuery,
  type CollegeConfigPair,
  type ConsoleScope,
  FOOTER_KEYS,
  FOOTER_QR_CODES,
  type FooterQrKey,
  type FooterSettings,
  HOME_SECTION_KEYS,
  HOME_SECTIONS_KEY,
  parseAreaHomepageConfig,
  parseHomeSections,
  parseSchoolNavigation,
  SCHOOL_NAV_TYPES,
  SITE_SETTINGS_MSG,
  type SiteSettings,
  type SiteSettingsView,
} from '@uplus/shared';
import QRCode from 'qrcode';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import type { Actor } from '../sessions/actor';
import * as site from './site.service';

/*
 * Site settings (issue 15, portal spec 2.5-2.7): what a site's admin sets besides its content. Everything is
 * kept where the web app already reads it when a page loads (bootstrap.ts): the configuration pairs of the
 * site's config code (`GET /api/base/config/college`) and, for an area site, its website config
 * (`GET {portal}/website_configs/{code}`). So a change shows on every visitor's next page load; nothing is
 * cached in between.
 */

/** Keys written for every site type (footer, title, home sections). */
const TITLE_KEY = 'TITLE';
const NAVIGATION_KEY = 'SCHOOL_PAGE_NAVIGATION';
const SHOW_KEYS = {
  showTechClass: 'SHOW_TECHCLASS',
  showJobClass: 'SHOW_JOBCLASS',
  showJiuye: 'SHOW_JIUYE',
} as const;
const DATA_CUBE_KEY = 'DATA_CUBE_URL';

const isOneOf = <T extends string>(list: readonly T[], value: string): value is T =>
  (list as readonly string[]).includes(value);

/** The deployment behind a console scope (assertConsoleScope found it, so it exists). */
const deploymentOf = async (db: Db, scope: ConsoleScope) => {
  const deployment = await site.deploymentByCode({ db, code: scope.ownerCode });
  if (!deployment) throw AppError.notFound('站点不存在');
  return deployment;
};

/** The JSON object of an area's homepageConfig text, or an empty one (other keys are kept on save). */
const homepageObject = (text: string | undefined): Record<string, unknown> => {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : {};
  } catch {
    return {};
  }
};

/**
 * `GET /api/portal/console/site-settings`: the managed site's settings as its pages read them. Values are
 * given as stored (the form says what no longer passes its rules); only navigation entries and menus of a
 * type the console does not know are left out (the header shows those as the home page or not at all).
 */
export const getSiteSettings = async (opts: { db: Db; scope: ConsoleScope }): Promise<SiteSettingsView> => {
  const deployment = await deploymentOf(opts.db, opts.scope);
  const code = site.siteConfigCode(deployment);
  const pairs = new Map(
    (await site.getCollegeConfig({ db: opts.db, code })).map((p) => [p.configKey, p.configValue]),
  );
  const text = (key: string) => pairs.get(key) ?? '';
  const isSchool = opts.scope.siteType === 'school';
  const area =
    opts.scope.siteType === 'area' ? await site.findAreaWebsiteConfig({ db: opts.db, code }) : null;

  const footer = Object.fromEntries(FOOTER_KEYS.map((key) => [key, text(key)])) as FooterSettings;
  const navigation = isSchool
    ? parseSchoolNavigation(pairs.get(NAVIGATION_KEY)).flatMap(({ type, name, showName }) =>
        isOneOf(SCHOOL_NAV_TYPES, type) ? [{ type, name, showName }] : [],
      )
    : [];
  const areaMenus = area
    ? parseAreaHomepageConfig(area.homepageConfig).menus.flatMap(({ title, name, value, content }) =>
        isOneOf(AREA_MENU_VALUES, value)
          ? [
              {
                title,
                name,
                value,
                content: (content ?? []).map((c) => ({ name: c.name, domainUrl: c.domainUrl })),
              },
            ]
          : [],
      )
    : [];
  const title = area?.browserTabTitle || (pairs.has(TITLE_KEY) ? text(TITLE_KEY) : deployment.title);
  return {
    title,
    homeSections: parseHomeSections(pairs.get(HOME_SECTIONS_KEY)) ?? [...HOME_SECTION_KEYS],
    footer,
    navigation,
    // A school site shows 精品课程 / 职业发展课 / 求职就业 only when the pair says 'true' (spec 5).
    showTechClass: isSchool ? text(SHOW_KEYS.showTechClass) === 'true' : true,
    showJobClass: isSchool ? text(SHOW_KEYS.showJobClass) === 'true' : true,
    showJiuye: isSchool ? text(SHOW_KEYS.showJiuye) === 'true' : true,
    dataCubeUrl: isSchool ? text(DATA_CUBE_KEY) : '',
    areaMenus,
    site: opts.scope,
  };
};

/**
 * `PUT /api/portal/console/site-settings`: saves the settings (already checked by the siteSettings schema)
 * in one transaction. Empty texts remove their pair, so the pages fall back as if never set (a QR code not
 * configured is left out of the footer). School fields are saved only for a school site, the area menu only
 * for an area site (whose homepageConfig keeps its other keys, and the website config its icon, banner
 * and logo).
 */
export const saveSiteSettings = async (opts: {
  db: Db;
  scope: ConsoleScope;
  input: SiteSettings;
}): Promise<SiteSettingsView> => {
  const deployment = await deploymentOf(opts.db, opts.scope);
  const code = site.siteConfigCode(deployment);
  const { input } = opts;
  const texts: [string, string][] = [
    [TITLE_KEY, input.title],
    ...FOOTER_KEYS.map((key): [string, string] => [key, input.footer[key]]),
  ];
  const pairs: CollegeConfigPair[] = [
    { configKey: HOME_SECTIONS_KEY, configValue: JSON.stringify(input.homeSections) },
  ];
  if (opts.scope.siteType === 'school') {
    pairs.push(
      { configKey: NAVIGATION_KEY, configValue: JSON.stringify(input.navigation) },
      { configKey: SHOW_KEYS.showTechClass, configValue: String(input.showTechClass) },
      { configKey: SHOW_KEYS.showJobClass, configValue: String(input.showJobClass) },
      { configKey: SHOW_KEYS.showJiuye, configValue: String(input.showJiuye) },
    );
    texts.push([DATA_CUBE_KEY, input.dataCubeUrl]);
  }
  for (const [configKey, configValue] of texts) if (configValue) pairs.push({ configKey, configValue });
  const cleared = texts.filter(([, value]) => !value).map(([key]) => key);

  await opts.db.transaction(async (tx) => {
    await site.setCollegeConfig({ db: tx, code, pairs });
    await site.removeCollegeConfigKeys({ db: tx, code, keys: cleared });
    if (opts.scope.siteType === 'area') {
      const current = await site.findAreaWebsiteConfig({ db: tx, code });
      await site.setAreaWebsiteConfig({
        db: tx,
        code,
        homepageConfig: { ...homepageObject(current?.homepageConfig), menus: input.areaMenus },
        browserTabTitle: input.title,
        browserTabIcon: current?.browserTabIcon ?? '',
        banner: current?.banner ?? '',
        domainLogo: current?.domainLogo ?? '',
      });
    }
  });
  return getSiteSettings({ db: opts.db, scope: opts.scope });
};

/**
 * `GET /api/portal/qrcodes/{key}.svg`: the QR code (SVG) of the address the site of the request's host
 * configured for that footer code; 404 该二维码尚未配置 without one.
 */
export const footerQrSvg = async (opts: {
  db: Db;
  host: string;
  deploymentCode: string | undefined;
  key: FooterQrKey;
}): Promise<string> => {
  const deployment = await site.resolveDeployment(opts);
  const address = await site.getCollegeConfigValue({
    db: opts.db,
    code: site.siteConfigCode(deployment),
    key: FOOTER_QR_CODES[opts.key].key,
  });
  if (!address) throw AppError.notFound(SITE_SETTINGS_MSG.qrNotConfigured);
  return QRCode.toString(address, {
    type: 'svg',
    errorCorrectionLevel: 'M',
    margin: 2,
    color: { light: '#ffffff' },
  });
};

const CLOUD_PLACEHOLDERS = /\{(serviceType|projectId|repositoryId|username)\}/g;

/**
 * `GET /api/course/huawei/cloud/service_uri`: the cloud development environment's address for the user,
 * from the CLOUD_IDE_URL template (each placeholder URL-encoded); 400 云端开发环境尚未配置 without one.
 *
 * Single sign-on: when the address belongs to this platform (a path here, a PUBLIC_ORIGINS origin or a
 * deployment's host; `isPlatform`), the answer is the identity provider's sign-in address with the IDE as
 * its redirect target, so the IDE receives the same sign-in ticket the app's own /authorize page does and
 * resolves the user with it. An IDE elsewhere gets its address as it is: the provider hands tickets only to
 * the platform's own origins, because a ticket is a full access token and must not reach another site.
 */
export const cloudServiceUri = async (opts: {
  actor: Actor;
  template: string | undefined;
  query: CloudServiceQuery;
  idpBase: string;
  isPlatform: (url: URL) => boolean | Promise<boolean>;
}): Promise<{ uri: string }> => {
  if (!opts.template) throw AppError.badRequest(SITE_SETTINGS_MSG.cloudNotConfigured);
  const values: Record<string, string> = {
    serviceType: opts.query.serviceType,
    projectId: opts.query.projectId,
    repositoryId: opts.query.repositoryId,
    username: opts.actor.username,
  };
  const address = opts.template.replace(CLOUD_PLACEHOLDERS, (_, key: string) =>
    encodeURIComponent(values[key] ?? ''),
  );
  const onPlatform = address.startsWith('/') || (await opts.isPlatform(new URL(address)));
  if (!onPlatform) return { uri: address };
  return { uri: `${opts.idpBase}/login?redirect=${encodeURIComponent(address)}` };
};
