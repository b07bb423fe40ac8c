import { MSG, parseAreaHomepageConfig, SERVICE_BASES } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildMember, tokenFor, unique } from '../../test/factories';
import * as site from './site.service';

describe.each(testDrivers())('site configuration on %s', (driver) => {
  const t = useTestApp(driver);
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers });

  describe('get_appconfig', () => {
    it('answers the default product deployment with the service bases and the built-in identity provider', async () => {
      await site.ensureDefaultDeployment({ db: t.db });
      const res = await get('/get_appconfig?t=1700000000000');
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const data = res.json().data;
      expect(data).toMatchObject({
        code: 'uplus',
        CODE: '',
        TYPE: '',
        QUC: '/idp',
        PRODUCT_CODE: 'uplus',
        USER_TYPE: 'Student',
        IS_COLLEGE_LEADER: false,
        HAS_COLLEGE_ADMIN_AUTH: false,
        services: SERVICE_BASES,
      });
      expect(data.SCHOOL_CODE).toBeUndefined();
      const text = JSON.stringify(data).toLowerCase();
      for (const secret of ['secret', 'password', 'hash', 'database']) expect(text).not.toContain(secret);
    });

    it('chooses the deployment by host name (any case, any port), else DEPLOYMENT_CODE, else the default', async () => {
      const code = unique('SCH-');
      await site.createDeployment({
        db: t.db,
        code,
        name: '主机测试学校',
        type: 'school',
        hosts: [`${code.toLowerCase()}.localhost`],
        schoolCode: 'SC-HOST',
      });
      const byHost = await get('/get_appconfig', { host: `${code.toUpperCase()}.LOCALHOST:3000` });
      expect(byHost.json().data).toMatchObject({ code, CODE: code, TYPE: 'school', SCHOOL_CODE: 'SC-HOST' });
      expect((await get('/get_appconfig', { host: 'unknown.localhost' })).json().data.code).toBe('uplus');

      const pinned = await buildApp(testConfig({ deploymentCode: code }), { database: t.database });
      try {
        const res = await pinned.inject({
          method: 'GET',
          url: '/get_appconfig',
          headers: { host: 'other.example' },
        });
        expect(res.json().data.code).toBe(code);
      } finally {
        await pinned.close();
      }
    });

    it('describes the signed-in user when a valid token comes along; an invalid one is ignored', async () => {
      const m = await buildMember(t.db, { identityType: 'Teacher', masks: { course: 137438953472, qom: 2 } });
      const { token } = await tokenFor(t.db, m.user.id);
      const res = await get('/get_appconfig', { 'x-access-token': token });
      expect(res.json().data).toMatchObject({
        USER_TYPE: 'Teacher',
        USER_COLLEGE_CODE: m.school.code,
        IS_COLLEGE_LEADER: true,
        HAS_COLLEGE_ADMIN_AUTH: true,
      });
      const bad = await get('/get_appconfig', { 'x-access-token': 'garbage' });
      expect(bad.statusCode).toBe(200);
      expect(bad.json().data.USER_TYPE).toBe('Student');
    });
  });

  describe('config/college', () => {
    it('answers the pairs of a code in their order; an unknown code has none', async () => {
      const code = unique('C-');
      await site.setCollegeConfig({
        db: t.db,
        code,
        pairs: [
          { configKey: 'SHOW_TECHCLASS', configValue: 'true' },
          {
            configKey: 'SCHOOL_PAGE_NAVIGATION',
            configValue: '[{"type":"HOME_PAGE","name":"HOME_PAGE","showName":"首页"}]',
          },
        ],
      });
      const res = await get(`/api/base/config/college?param=${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { configKey: 'SHOW_TECHCLASS', configValue: 'true' },
        {
          configKey: 'SCHOOL_PAGE_NAVIGATION',
          configValue: '[{"type":"HOME_PAGE","name":"HOME_PAGE","showName":"首页"}]',
        },
      ]);
      expect((await get('/api/base/config/college?param=NOPE-404')).json()).toMatchObject({
        success: true,
        data: [],
      });
    });

    it('400 with the message when param is missing or blank', async () => {
      const blank = await get('/api/base/config/college?param=%20');
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ success: false, code: 400, message: '请提供机构编码', data: null });
      const missing = await get('/api/base/config/college');
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('缺少必填参数：param');
    });
  });

  describe('schools, colleges and area configs', () => {
    it('answers a school record; 404 for an unknown code', async () => {
      const code = unique('S');
      const school = await site.createSchool({
        db: t.db,
        code,
        name: '示例大学',
        address: '示例路 1 号',
        introduction: '简介',
      });
      const res = await get(`/api/base/schools/${code}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        id: school.id,
        code,
        name: '示例大学',
        logo: '',
        address: '示例路 1 号',
        introduction: '简介',
      });
      expect(typeof res.json().data.id).toBe('string');
      const missing = await get('/api/base/schools/NO-SUCH-SCHOOL');
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual({ success: false, code: 404, message: '学校不存在', data: null });
    });

    it('answers a college record whose id is its organisation id; 404 for an unknown code', async () => {
      const m = await buildMember(t.db);
      const code = unique('COL-');
      await site.createCollege({ db: t.db, organisationId: m.school.id, code, name: '示例学院' });
      const res = await get(`/api/base/colleges/${code}`);
      expect(res.json().data).toEqual({ id: String(m.school.id), code, name: '示例学院', schoolId: '' });
      expect((await get('/api/base/colleges/NO-SUCH')).statusCode).toBe(404);
    });

    it('answers an area configuration whose menus parse; 404 for an unknown code', async () => {
      const code = unique('Area-');
      const menus = [
        { title: '首页', name: 'home', value: 'home' },
        {
          title: '合作院校',
          name: 'links',
          value: 'linkMultiple',
          content: [{ name: '示范大学', domainUrl: 'http://a.localhost/' }],
        },
      ];
      await site.setAreaWebsiteConfig({
        db: t.db,
        code,
        homepageConfig: { menus },
        browserTabTitle: '区域平台',
      });
      const res = await get(`/api/portal/website_configs/${code}`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        code,
        browserTabTitle: '区域平台',
        browserTabIcon: '',
        banner: '',
        domainLogo: '',
      });
      expect(parseAreaHomepageConfig(data.homepageConfig).menus).toEqual(menus);
      const missing = await get('/api/portal/website_configs/Area-none');
      expect(missing.statusCode).toBe(404);
      expect(missing.json().success).toBe(false);
    });

    it('refuses an area configuration that is not valid JSON with menus', async () => {
      await expect(
        site.setAreaWebsiteConfig({ db: t.db, code: 'Area-bad', homepageConfig: '{oops' }),
      ).rejects.toThrow('首页配置不是有效的 JSON');
      await expect(
        site.setAreaWebsiteConfig({ db: t.db, code: 'Area-bad', homepageConfig: { menus: [{ title: 1 }] } }),
      ).rejects.toThrow('首页配置的菜单格式不正确');
    });

    it('these endpoints are public: no token needed, a bad token is not a 401', async () => {
      const res = await get('/api/base/config/college?param=ANY', { 'x-access-token': 'expired-or-bad' });
      expect(res.statusCode).toBe(200);
      expect(res.json().message).not.toBe(MSG.unauthorized);
    });
  });
});
