import {
  footerQrSrc,
  HOME_SECTION_KEYS,
  MSG,
  PORTAL_CONTENT_MSG,
  parseAreaHomepageConfig,
  SITE_SETTINGS_MSG,
  type SiteSettings,
  type SiteSettingsInput,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Db } from '../../db/client';
import type { App } from '../../http/context';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildOrganisation, buildSignedInMember, buildUser, tokenFor, unique } from '../../test/factories';
import { addMembership } from '../users/users.service';
import * as site from './site.service';

const SETTINGS = '/api/portal/console/site-settings';
const ADMIN = { course: 0, qom: 2 };
const LEADER = { course: 137438953472, qom: 0 };

type Res = {
  statusCode: number;
  body: string;
  headers: Record<string, unknown>;
  json: () => { message: string; data: unknown };
};
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
};

const request = (app: App, token?: string, host?: string) => {
  const headers = { ...(token ? { 'x-access-token': token } : {}), ...(host ? { host } : {}) };
  return {
    get: (url: string) => app.inject({ method: 'GET', url, headers }),
    put: (url: string, payload: unknown) =>
      app.inject({ method: 'PUT', url, headers, payload: payload as Record<string, unknown> }),
  };
};

/** A school site (its deployment code is the school organisation's code) with its admin signed in. */
const schoolSite = async (db: Db) => {
  const admin = await buildSignedInMember(db, { identityType: 'Teacher', masks: ADMIN });
  const code = admin.school.code;
  const host = `${code.toLowerCase()}.localhost`;
  await site.createDeployment({ db, code, name: '设置测试大学', type: 'school', hosts: [host] });
  /** another member of the same school, signed in */
  const member = async (identityType: 'Student' | 'Teacher', masks = { course: 0, qom: 0 }) => {
    const user = await buildUser(db);
    await addMembership({
      db,
      userId: user.id,
      organisationId: admin.school.id,
      leafOrganisationId: identityType === 'Student' ? admin.klass.id : admin.college.id,
      identityType,
      masks,
    });
    return (await tokenFor(db, user.id)).token;
  };
  return { admin, code, host, member };
};

const full = (input: SiteSettingsInput = {}): SiteSettingsInput => ({
  title: '',
  homeSections: [...HOME_SECTION_KEYS],
  footer: {},
  navigation: [],
  areaMenus: [],
  ...input,
});

describe.each(testDrivers())('site settings on %s', (driver) => {
  const t = useTestApp(driver);

  describe('permissions', () => {
    it('lets only the site admin read and save; students, teachers, visitors and non-site admins are refused', async () => {
      const s = await schoolSite(t.db);
      expect(data<SiteSettings>(await request(t.app, s.admin.token).get(SETTINGS))).toMatchObject({
        title: '设置测试大学',
        homeSections: [...HOME_SECTION_KEYS],
        site: { ownerCode: s.code, siteName: '设置测试大学', siteType: 'school' },
      });
      for (const token of [await s.member('Student'), await s.member('Teacher', LEADER)]) {
        expectError(await request(t.app, token).get(SETTINGS), 403, PORTAL_CONTENT_MSG.noConsole);
        expectError(await request(t.app, token).put(SETTINGS, full()), 403, PORTAL_CONTENT_MSG.noConsole);
      }
      expectError(await request(t.app).get(SETTINGS), 401, MSG.unauthorized);
      expectError(await request(t.app).put(SETTINGS, full()), 401, MSG.unauthorized);
      // an admin of an organisation that has no site manages none
      const siteless = await buildSignedInMember(t.db, { identityType: 'Teacher', masks: ADMIN });
      expectError(await request(t.app, siteless.token).get(SETTINGS), 403, PORTAL_CONTENT_MSG.noConsole);
    });

    it("another site's admin saves their own site and never this one", async () => {
      const a = await schoolSite(t.db);
      const b = await schoolSite(t.db);
      data(await request(t.app, a.admin.token).put(SETTINGS, full({ title: 'A 大学' })));
      data(await request(t.app, b.admin.token).put(SETTINGS, full({ title: 'B 大学' })));
      expect(data<SiteSettings>(await request(t.app, a.admin.token).get(SETTINGS)).title).toBe('A 大学');
      const pairs = await site.getCollegeConfig({ db: t.db, code: a.code });
      expect(pairs.find((p) => p.configKey === 'TITLE')?.configValue).toBe('A 大学');
    });
  });

  describe('validation', () => {
    const cases: [string, SiteSettingsInput, string][] = [
      ['a bad e-mail', { footer: { CONTACT_EMAIL: 'not-an-email' } }, SITE_SETTINGS_MSG.emailInvalid],
      [
        'an alliance link without http',
        { footer: { ALLIANCE_URL: 'ftp://x.cn' } },
        SITE_SETTINGS_MSG.urlInvalid,
      ],
      [
        'a QR address without http',
        { footer: { QR_APP_URL: 'javascript:alert(1)' } },
        SITE_SETTINGS_MSG.urlInvalid,
      ],
      ['a data cube address without http', { dataCubeUrl: 'cube.example.edu' }, SITE_SETTINGS_MSG.urlInvalid],
      [
        'a navigation entry without a name',
        { navigation: [{ type: 'HOME_PAGE', name: ' ', showName: '' }] },
        SITE_SETTINGS_MSG.navNameRequired,
      ],
      [
        'an unknown navigation type',
        { navigation: [{ type: 'NOPE' as 'HOME_PAGE', name: '首页' }] },
        SITE_SETTINGS_MSG.navTypeInvalid,
      ],
      [
        'more than 12 navigation entries',
        { navigation: Array.from({ length: 13 }, () => ({ type: 'HOME_PAGE' as const, name: '首页' })) },
        SITE_SETTINGS_MSG.navTooMany,
      ],
      [
        'a menu without a title',
        { areaMenus: [{ title: '', value: 'home' }] },
        SITE_SETTINGS_MSG.menuTitleRequired,
      ],
      [
        'an unknown menu value',
        { areaMenus: [{ title: '首页', value: 'nope' as 'home' }] },
        SITE_SETTINGS_MSG.menuValueInvalid,
      ],
      [
        'a link menu without links',
        { areaMenus: [{ title: '合作院校', value: 'linkMultiple', content: [] }] },
        SITE_SETTINGS_MSG.menuLinksRequired,
      ],
      [
        'a link without a name',
        {
          areaMenus: [
            { title: '外链', value: 'linkSingle', content: [{ name: '', domainUrl: 'https://a.cn' }] },
          ],
        },
        SITE_SETTINGS_MSG.linkNameRequired,
      ],
      [
        'a link without an address',
        { areaMenus: [{ title: '外链', value: 'linkSingle', content: [{ name: '官网', domainUrl: '' }] }] },
        SITE_SETTINGS_MSG.urlInvalid,
      ],
      [
        'an unknown home section',
        { homeSections: ['qualitycourse', 'nope' as 'ai'] },
        SITE_SETTINGS_MSG.sectionInvalid,
      ],
    ];
    it.each(cases)('refuses %s', async (_name, input, message) => {
      const s = await schoolSite(t.db);
      expectError(await request(t.app, s.admin.token).put(SETTINGS, full(input)), 400, message);
    });
  });

  describe('school site', () => {
    it('saves title, sections, footer, navigation, switches and data cube where the pages read them', async () => {
      const s = await schoolSite(t.db);
      const api = request(t.app, s.admin.token);
      const navigation = [
        { type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' },
        { type: 'DATA_CUBE', name: '数据魔方', showName: '' },
        { type: 'SHOW_COMPETITION', name: 'SHOW_COMPETITION', showName: '创新大赛' },
      ] as const;
      const saved = data<SiteSettings>(
        await api.put(
          SETTINGS,
          full({
            title: '  新标题 ',
            homeSections: ['ai', 'qualitycourse'],
            footer: {
              CONTACT_EMAIL: 'jwc@school.edu.cn',
              CONTACT_ADDRESS: '大学城 1 号',
              ICP_FILING: '示ICP备1号',
              QR_APP_URL: 'https://app.school.edu.cn/download',
            },
            navigation: [...navigation],
            showTechClass: true,
            showJobClass: false,
            showJiuye: true,
            dataCubeUrl: 'https://cube.school.edu.cn/c1',
            areaMenus: [{ title: '首页', value: 'home' }],
          }),
        ),
      );
      expect(saved).toMatchObject({
        title: '新标题',
        homeSections: ['ai', 'qualitycourse'],
        footer: {
          CONTACT_EMAIL: 'jwc@school.edu.cn',
          CONTACT_ADDRESS: '大学城 1 号',
          ICP_FILING: '示ICP备1号',
          PSB_FILING: '',
          QR_APP_URL: 'https://app.school.edu.cn/download',
          QR_BUSINESS_URL: '',
        },
        navigation,
        showTechClass: true,
        showJobClass: false,
        showJiuye: true,
        dataCubeUrl: 'https://cube.school.edu.cn/c1',
        // a school site has no area menu
        areaMenus: [],
      });
      expect(data<SiteSettings>(await api.get(SETTINGS))).toEqual(saved);

      // What the web app merges on its next load (bootstrap asks for the site's CODE).
      const config = await t.app.inject({ method: 'GET', url: '/get_appconfig', headers: { host: s.host } });
      expect(config.json().data.CODE).toBe(s.code);
      const pairs = new Map(
        data<{ configKey: string; configValue: string }[]>(
          await request(t.app).get(`/api/base/config/college?param=${s.code}`),
        ).map((p) => [p.configKey, p.configValue]),
      );
      expect(JSON.parse(pairs.get('SCHOOL_PAGE_NAVIGATION') ?? '')).toEqual(navigation);
      expect(pairs.get('SHOW_TECHCLASS')).toBe('true');
      expect(pairs.get('SHOW_JOBCLASS')).toBe('false');
      expect(pairs.get('TITLE')).toBe('新标题');
      expect(pairs.get('HOME_SECTIONS')).toBe('["ai","qualitycourse"]');
      expect(pairs.get('DATA_CUBE_URL')).toBe('https://cube.school.edu.cn/c1');
      expect(pairs.get('CONTACT_EMAIL')).toBe('jwc@school.edu.cn');
      expect(pairs.has('QR_BUSINESS_URL')).toBe(false);

      // Cleared texts remove their pair (the footer then leaves that QR code out).
      data(
        await api.put(
          SETTINGS,
          full({ ...saved, footer: { ...saved.footer, QR_APP_URL: '', CONTACT_EMAIL: '' } }),
        ),
      );
      const after = await site.getCollegeConfig({ db: t.db, code: s.code });
      expect(after.map((p) => p.configKey)).not.toContain('QR_APP_URL');
      expect(after.map((p) => p.configKey)).not.toContain('CONTACT_EMAIL');
      expect(after.find((p) => p.configKey === 'CONTACT_ADDRESS')?.configValue).toBe('大学城 1 号');
    });

    it('reads the switches of a school that never set them as off, and leaves out navigation it cannot save', async () => {
      const s = await schoolSite(t.db);
      await site.setCollegeConfig({
        db: t.db,
        code: s.code,
        pairs: [
          {
            configKey: 'SCHOOL_PAGE_NAVIGATION',
            configValue: JSON.stringify([
              { type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' },
              { type: 'RETIRED_TYPE', name: 'x', showName: '旧入口' },
            ]),
          },
          { configKey: 'HOME_SECTIONS', configValue: 'not json' },
          // stored before the console's rules: answered as stored, so the form can say what to correct
          { configKey: 'CONTACT_EMAIL', configValue: 'office at school' },
        ],
      });
      const loaded = data<SiteSettings>(await request(t.app, s.admin.token).get(SETTINGS));
      expect(loaded).toMatchObject({
        navigation: [{ type: 'HOME_PAGE', name: 'HOME_PAGE', showName: '首页' }],
        showTechClass: false,
        showJobClass: false,
        showJiuye: false,
        homeSections: [...HOME_SECTION_KEYS],
        footer: { CONTACT_EMAIL: 'office at school' },
      });
      expectError(
        await request(t.app, s.admin.token).put(SETTINGS, loaded),
        400,
        SITE_SETTINGS_MSG.emailInvalid,
      );
    });
  });

  describe('area site', () => {
    it('round-trips the area menu, keeping the other homepageConfig keys, the banner, icon and logo', async () => {
      const area = await buildOrganisation(t.db, { type: 'area', code: unique('Area-') });
      const user = await buildUser(t.db);
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: area.id,
        identityType: 'Teacher',
        masks: ADMIN,
      });
      const { token } = await tokenFor(t.db, user.id);
      await site.createDeployment({
        db: t.db,
        code: area.code,
        name: '示范区',
        type: 'area',
        title: '示范区平台',
      });
      await site.setAreaWebsiteConfig({
        db: t.db,
        code: area.code,
        homepageConfig: { menus: [{ title: '首页', name: 'home', value: 'home' }], researchService: true },
        browserTabTitle: '旧标题',
        browserTabIcon: '/icon.png',
        banner: '/banner.png',
        domainLogo: '/logo.png',
      });
      const api = request(t.app, token);
      expect(data<SiteSettings>(await api.get(SETTINGS))).toMatchObject({
        title: '旧标题',
        areaMenus: [{ title: '首页', name: 'home', value: 'home', content: [] }],
      });
      const areaMenus: SiteSettings['areaMenus'] = [
        { title: '首页', name: 'home', value: 'home', content: [] },
        { title: '案例', name: 'case', value: 'case', content: [] },
        {
          title: '合作院校',
          name: 'linkMultiple',
          value: 'linkMultiple',
          content: [
            { name: '一中', domainUrl: 'https://a.edu.cn/' },
            { name: '二中', domainUrl: 'http://b.edu.cn/' },
          ],
        },
      ];
      const saved = data<SiteSettings>(
        await api.put(
          SETTINGS,
          full({
            title: '新区域平台',
            areaMenus,
            navigation: [{ type: 'HOME_PAGE', name: '首页' }],
            dataCubeUrl: 'https://cube.cn',
          }),
        ),
      );
      expect(saved).toMatchObject({ title: '新区域平台', areaMenus, navigation: [], dataCubeUrl: '' });
      expect(data<SiteSettings>(await api.get(SETTINGS))).toEqual(saved);

      const website = data<{ homepageConfig: string; browserTabTitle: string; banner: string }>(
        await request(t.app).get(`/api/portal/website_configs/${area.code}`),
      );
      expect(website).toMatchObject({
        browserTabTitle: '新区域平台',
        browserTabIcon: '/icon.png',
        banner: '/banner.png',
        domainLogo: '/logo.png',
      });
      expect(JSON.parse(website.homepageConfig).researchService).toBe(true);
      expect(parseAreaHomepageConfig(website.homepageConfig).menus).toEqual(areaMenus);
      // school-only pairs are not written for an area
      const keys = (await site.getCollegeConfig({ db: t.db, code: area.code })).map((p) => p.configKey);
      expect(keys).not.toContain('SCHOOL_PAGE_NAVIGATION');
      expect(keys).not.toContain('DATA_CUBE_URL');
    });
  });

  describe('footer QR codes', () => {
    const svgOf = async (host: string, key = 'app') => {
      const res = await request(t.app, undefined, host).get(`/api/portal/qrcodes/${key}.svg`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(res.headers['cache-control']).toBe('public, max-age=300');
      return res.body;
    };

    it("draws the configured address of the host's site for visitors; 404 when not configured", async () => {
      const a = await schoolSite(t.db);
      const b = await schoolSite(t.db);
      expectError(
        await request(t.app, undefined, a.host).get('/api/portal/qrcodes/app.svg'),
        404,
        SITE_SETTINGS_MSG.qrNotConfigured,
      );
      data(
        await request(t.app, a.admin.token).put(
          SETTINGS,
          full({ footer: { QR_APP_URL: 'https://a.edu.cn/app' } }),
        ),
      );
      data(
        await request(t.app, b.admin.token).put(
          SETTINGS,
          full({ footer: { QR_APP_URL: 'https://b.edu.cn/a-much-longer-download-address?from=footer' } }),
        ),
      );
      const svgA = await svgOf(a.host);
      // the footer's address carries a fingerprint of the address (a new address is a new image)
      const versioned = await request(t.app, undefined, a.host).get(
        footerQrSrc('app', 'https://a.edu.cn/app'),
      );
      expect(versioned.body).toBe(svgA);
      const svgB = await svgOf(b.host);
      expect(svgA.startsWith('<svg')).toBe(true);
      expect(svgA.trim().endsWith('</svg>')).toBe(true);
      // the dark modules are drawn as horizontal runs of a path: a real code has hundreds of them
      const runs = (svg: string) => (svg.match(/h\d+/g) ?? []).length;
      expect(runs(svgA)).toBeGreaterThan(100);
      expect(svgB).not.toBe(svgA);
      // the other two codes of site A are not configured
      expectError(
        await request(t.app, undefined, a.host).get('/api/portal/qrcodes/business.svg'),
        404,
        SITE_SETTINGS_MSG.qrNotConfigured,
      );
      expect((await request(t.app, undefined, a.host).get('/api/portal/qrcodes/other.svg')).statusCode).toBe(
        400,
      );
    });

    it('serves the product site (code uplus, CODE empty) from its own pairs, which bootstrap reads', async () => {
      const uplus = await site.ensureDefaultDeployment({ db: t.db });
      const platform = await buildOrganisation(t.db, { type: 'platform', code: uplus.code });
      const user = await buildUser(t.db);
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: platform.id,
        identityType: 'Teacher',
        masks: ADMIN,
      });
      const { token } = await tokenFor(t.db, user.id);
      const saved = data<SiteSettings>(
        await request(t.app, token).put(
          SETTINGS,
          full({ homeSections: ['case'], footer: { QR_MINIPROGRAM_URL: 'https://mp.uplus.cn/' } }),
        ),
      );
      expect(saved).toMatchObject({ homeSections: ['case'], navigation: [], areaMenus: [] });
      const config = data<{ CODE: string; code: string }>(
        await request(t.app, undefined, 'localhost').get('/get_appconfig'),
      );
      expect(config).toMatchObject({ CODE: '', code: 'uplus' });
      const pairs = data<{ configKey: string; configValue: string }[]>(
        await request(t.app).get('/api/base/config/college?param=uplus'),
      );
      expect(pairs).toContainEqual({ configKey: 'QR_MINIPROGRAM_URL', configValue: 'https://mp.uplus.cn/' });
      expect(await svgOf('localhost', 'miniprogram')).toContain('<svg');
    });
  });

  describe('data cube permit', () => {
    const PERMIT = '/api/bigdata/data_cube_configs/college_config/permit';

    it("gives the college's leader or admin the configured address; others are refused", async () => {
      const s = await schoolSite(t.db);
      await site.createCollege({
        db: t.db,
        organisationId: s.admin.school.id,
        code: s.code,
        name: '设置测试大学',
      });
      const url = `${PERMIT}?collegeId=${s.admin.school.id}`;
      const leader = await s.member('Teacher', LEADER);
      expectError(await request(t.app, leader).get(url), 404, SITE_SETTINGS_MSG.cubeNotConfigured);
      data(await request(t.app, s.admin.token).put(SETTINGS, full({ dataCubeUrl: 'https://cube.edu.cn/x' })));
      expect(data(await request(t.app, leader).get(url))).toEqual({ cubeAddress: 'https://cube.edu.cn/x' });
      expect(data(await request(t.app, s.admin.token).get(url))).toEqual({
        cubeAddress: 'https://cube.edu.cn/x',
      });

      expectError(await request(t.app, await s.member('Student')).get(url), 403, MSG.noViewPermission);
      expectError(await request(t.app, await s.member('Teacher')).get(url), 403, MSG.noViewPermission);
      const otherLeader = await buildSignedInMember(t.db, { identityType: 'Teacher', masks: LEADER });
      expectError(await request(t.app, otherLeader.token).get(url), 403, MSG.noViewPermission);
      expectError(await request(t.app).get(url), 401, MSG.unauthorized);
      expectError(await request(t.app, leader).get(`${PERMIT}?collegeId=999999999`), 404, '学院不存在');
      expectError(await request(t.app, leader).get(`${PERMIT}?collegeId=abc`), 400, 'id格式不正确');
    });
  });

  describe('cloud development environment', () => {
    const CLOUD = '/api/course/huawei/cloud/service_uri';

    it('answers 400 when CLOUD_IDE_URL is not configured, 401 to visitors, and checks its query', async () => {
      const m = await buildSignedInMember(t.db);
      const api = request(t.app, m.token);
      expectError(await api.get(`${CLOUD}?serviceType=codearts`), 400, SITE_SETTINGS_MSG.cloudNotConfigured);
      expectError(await request(t.app).get(`${CLOUD}?serviceType=codearts`), 401, MSG.unauthorized);
      expectError(await api.get(CLOUD), 400, SITE_SETTINGS_MSG.serviceTypeRequired);
      expectError(await api.get(`${CLOUD}?serviceType=a%20b`), 400, SITE_SETTINGS_MSG.serviceTypeInvalid);
      expectError(await api.get(`${CLOUD}?serviceType=ide&projectId=a/b`), 400, SITE_SETTINGS_MSG.idInvalid);
    });

    it('fills the template (URL-encoded) and sends platform addresses through the sign-in', async () => {
      const build = (cloudIdeUrl: string) =>
        buildApp(testConfig({ cloudIdeUrl, publicOrigins: ['https://uplus.example.edu'] }), {
          database: t.database,
        });
      const m = await buildSignedInMember(t.db);

      const outside = await build(
        'https://ide.example.com/{serviceType}?project={projectId}&repo={repositoryId}&u={username}',
      );
      try {
        const uri = data<{ uri: string }>(
          await request(outside, m.token).get(`${CLOUD}?serviceType=codearts&projectId=p:1&repositoryId=r.2`),
        ).uri;
        // another site gets its address only: no ticket, nothing secret
        expect(uri).toBe(
          `https://ide.example.com/codearts?project=p%3A1&repo=r.2&u=${encodeURIComponent(m.user.username)}`,
        );
        expect(uri).not.toContain(m.token);
      } finally {
        await outside.close();
      }

      const inside = await build('https://uplus.example.edu/ide/{projectId}');
      try {
        const uri = data<{ uri: string }>(
          await request(inside, m.token).get(`${CLOUD}?serviceType=ide&projectId=p1`),
        ).uri;
        expect(uri).toBe(`/idp/login?redirect=${encodeURIComponent('https://uplus.example.edu/ide/p1')}`);
        // the identity provider accepts the IDE as its redirect target (it would otherwise fall back to /authorize)
        const login = await inside.inject({ method: 'GET', url: uri });
        expect(login.statusCode).toBe(200);
        expect(login.body).toContain('name="redirect" value="https://uplus.example.edu/ide/p1"');
      } finally {
        await inside.close();
      }

      const path = await build('/ide/?user={username}');
      try {
        const uri = data<{ uri: string }>(await request(path, m.token).get(`${CLOUD}?serviceType=ide`)).uri;
        expect(uri).toBe(`/idp/login?redirect=${encodeURIComponent(`/ide/?user=${m.user.username}`)}`);
      } finally {
        await path.close();
      }
    });
  });
});
