import { MSG, QOM_COLLEGE_ADMIN_BIT } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import {
  asUser,
  buildMember,
  buildOrganisation,
  buildSchoolTree,
  buildUser,
  tokenFor,
} from '../../test/factories';
import { setCollegeConfig } from '../site/site.service';
import { addMembership } from './users.service';

describe.each(testDrivers())('users on %s', (driver) => {
  const t = useTestApp(driver);

  describe('basic_info', () => {
    it('answers every field of spec 000 section 3.2 for the current organisation', async () => {
      const user = await buildUser(t.db, { name: '赵敏', sex: '2' });
      const tree = await buildSchoolTree(t.db, { school: '第一测试大学', klass: '网络2402班' });
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: tree.school.id,
        leafOrganisationId: tree.klass.id,
        identityType: 'Student',
      });
      const { token } = await tokenFor(t.db, user.id);
      const res = await asUser(t.app, token).get('/api/portal/users/basic_info');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        success: true,
        code: 200,
        message: '操作成功',
        data: {
          name: '赵敏',
          avatar: '',
          sex: '2',
          userid: String(user.id),
          organId: String(tree.school.id),
          organName: '第一测试大学',
          organLeafOrganId: String(tree.klass.id),
          organLeafOrganName: '网络2402班',
          organCode: tree.school.code,
          username: user.username,
          organIdentityType: 'Student',
        },
      });
      expect(JSON.stringify(res.json())).not.toContain('password');
    });

    it('401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/portal/users/basic_info' });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('users/{id}: organisation list', () => {
    it("lists the caller's own organisations, default first, filtered by name", async () => {
      const { user, school } = await buildMember(t.db);
      const other = await buildSchoolTree(t.db, {
        school: '远方职业学院',
        college: '机电系',
        klass: '机电2301班',
      });
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: other.school.id,
        leafOrganisationId: other.klass.id,
        identityType: 'Teacher',
      });
      const { token } = await tokenFor(t.db, user.id);
      const all = await asUser(t.app, token).get(`/api/portal/users/${user.id}`);
      expect(all.statusCode).toBe(200);
      expect(all.json().data).toEqual([
        {
          id: String(school.id),
          name: school.name,
          leafOrganName: '软件2401班',
          identityTypeTitle: '学生',
          identityType: 'Student',
          organizedCode: school.code,
          defaultOrgan: true,
        },
        {
          id: String(other.school.id),
          name: '远方职业学院',
          leafOrganName: '机电2301班',
          identityTypeTitle: '教师',
          identityType: 'Teacher',
          organizedCode: other.school.code,
          defaultOrgan: false,
        },
      ]);
      const filtered = await asUser(t.app, token).get(
        `/api/portal/users/${user.id}?organName=${encodeURIComponent('远方')}`,
      );
      expect(filtered.json().data.map((o: { id: string }) => o.id)).toEqual([String(other.school.id)]);
      // a LIKE wildcard is a plain character here
      const none = await asUser(t.app, token).get(`/api/portal/users/${user.id}?organName=%25`);
      expect(none.json().data).toEqual([]);
    });

    it("403 for another user's id, never their data", async () => {
      const me = await buildMember(t.db);
      const them = await buildMember(t.db);
      const { token } = await tokenFor(t.db, me.user.id);
      for (const id of [String(them.user.id), '999999999', 'abc']) {
        const res = await asUser(t.app, token).get(`/api/portal/users/${id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, code: 403, message: MSG.noPermission, data: null });
      }
    });

    it('400 for an over-long organName', async () => {
      const { user } = await buildMember(t.db);
      const { token } = await tokenFor(t.db, user.id);
      const res = await asUser(t.app, token).get(`/api/portal/users/${user.id}?organName=${'x'.repeat(101)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
    });
  });

  describe('users/switch', () => {
    it('moves the session to another own organisation and makes it the default for the next sign-in', async () => {
      const { user, school } = await buildMember(t.db);
      const other = await buildSchoolTree(t.db, { school: '切换目标学院' });
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: other.school.id,
        leafOrganisationId: other.college.id,
        identityType: 'Teacher',
        majorName: '',
      });
      const { token } = await tokenFor(t.db, user.id);
      const before = await asUser(t.app, token).get('/api/portal/users/basic_info');
      expect(before.json().data.organId).toBe(String(school.id));

      const res = await asUser(t.app, token).post('/api/portal/users/switch', {
        switchToOrganId: String(other.school.id),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        organId: String(other.school.id),
        organName: '切换目标学院',
        role: 'Teacher',
      });

      const after = await asUser(t.app, token).get('/api/portal/users/basic_info');
      expect(after.json().data).toMatchObject({
        organId: String(other.school.id),
        organLeafOrganName: '信息学院',
        organIdentityType: 'Teacher',
      });
      const list = await asUser(t.app, token).get(`/api/portal/users/${user.id}`);
      expect(list.json().data.find((o: { defaultOrgan: boolean }) => o.defaultOrgan).id).toBe(
        String(other.school.id),
      );
      // the next sign-in starts there too
      const next = await tokenFor(t.db, user.id);
      const verify = await asUser(t.app, next.token).get('/api/base/session/refresh_token');
      expect(verify.json().data.organ.id).toBe(String(other.school.id));
    });

    it('403 for an organisation the user does not belong to (existing or not); nothing changes', async () => {
      const { user, school } = await buildMember(t.db);
      const foreign = await buildOrganisation(t.db, { type: 'school' });
      const { token } = await tokenFor(t.db, user.id);
      for (const id of [String(foreign.id), '987654321', 'x1']) {
        const res = await asUser(t.app, token).post('/api/portal/users/switch', { switchToOrganId: id });
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, code: 403, message: MSG.notMemberOfOrgan, data: null });
      }
      const info = await asUser(t.app, token).get('/api/portal/users/basic_info');
      expect(info.json().data.organId).toBe(String(school.id));
    });

    it('400 with the message when switchToOrganId is missing or blank', async () => {
      const { user } = await buildMember(t.db);
      const { token } = await tokenFor(t.db, user.id);
      const blank = await asUser(t.app, token).post('/api/portal/users/switch', { switchToOrganId: '  ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toEqual({ success: false, code: 400, message: '请选择机构', data: null });
      const missing = await asUser(t.app, token).post('/api/portal/users/switch', {});
      expect(missing.statusCode).toBe(400);
      expect(missing.json().message).toBe('缺少必填参数：switchToOrganId');
    });

    it('401 without a token', async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/portal/users/switch',
        payload: { switchToOrganId: '1' },
      });
      expect(res.statusCode).toBe(401);
    });
  });

  describe('admin_certificate', () => {
    it('issues a 5-minute signed certificate to a college admin, which verify accepts', async () => {
      const { user, school } = await buildMember(t.db, {
        identityType: 'Teacher',
        masks: { qom: QOM_COLLEGE_ADMIN_BIT },
      });
      const { token } = await tokenFor(t.db, user.id);
      const res = await asUser(t.app, token).get('/api/base/users/admin_certificate');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.expiresAt).toBeGreaterThan(Date.now() + 4 * 60_000);
      expect(data.expiresAt).toBeLessThanOrEqual(Date.now() + 5 * 60_000 + 1000);
      expect(data.url).toBe(`/college-admin?certificate=${encodeURIComponent(data.certificate)}`);

      const verify = await t.app.inject({
        method: 'POST',
        url: '/api/base/users/admin_certificate/verify',
        payload: { certificate: data.certificate },
      });
      expect(verify.statusCode).toBe(200);
      expect(verify.json().data).toEqual({
        userid: String(user.id),
        username: user.username,
        name: user.name,
        collegeId: String(school.id),
        collegeCode: school.code,
        collegeName: school.name,
        expiresAt: data.expiresAt,
      });
    });

    it('uses the COLLEGE_ADMIN_URL pair of the college when there is one', async () => {
      const { user, school } = await buildMember(t.db, { identityType: 'Teacher', masks: { qom: 2 } });
      await setCollegeConfig({
        db: t.db,
        code: school.code,
        pairs: [
          { configKey: 'COLLEGE_ADMIN_URL', configValue: 'https://admin.school.example/entry?from=uplus' },
        ],
      });
      const { token } = await tokenFor(t.db, user.id);
      const data = (await asUser(t.app, token).get('/api/base/users/admin_certificate')).json().data;
      expect(data.url).toBe(
        `https://admin.school.example/entry?from=uplus&certificate=${encodeURIComponent(data.certificate)}`,
      );
    });

    it('403 for a teacher without the college-admin bit, a leader, and a student', async () => {
      for (const masks of [{ qom: 0 }, { course: 137438953472, qom: 4 }, undefined]) {
        const { user } = await buildMember(t.db, { identityType: masks ? 'Teacher' : 'Student', masks });
        const { token } = await tokenFor(t.db, user.id);
        const res = await asUser(t.app, token).get('/api/base/users/admin_certificate');
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, code: 403, message: MSG.collegeAdminOnly, data: null });
      }
    });

    it('verify rejects tampered, foreign, expired and missing certificates', async () => {
      const { user } = await buildMember(t.db, { identityType: 'Teacher', masks: { qom: 2 } });
      const { token } = await tokenFor(t.db, user.id);
      const { certificate } = (await asUser(t.app, token).get('/api/base/users/admin_certificate')).json()
        .data;
      const [payload, signature] = certificate.split('.');
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const forged = Buffer.from(JSON.stringify({ ...claims, userid: '1' })).toString('base64url');
      const verify = (c: unknown) =>
        t.app.inject({
          method: 'POST',
          url: '/api/base/users/admin_certificate/verify',
          payload: { certificate: c },
        });
      for (const bad of [
        `${forged}.${signature}`,
        `${payload}.${'A'.repeat(43)}`,
        'abc',
        `${payload}.${signature}.x`,
      ]) {
        const res = await verify(bad);
        expect(res.statusCode).toBe(400);
        expect(res.json().message).toBe(MSG.certificateInvalid);
      }
      const empty = await verify('');
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toBe(MSG.certificateRequired);
      t.clock.advance(5 * 60_000 + 1000);
      try {
        const expired = await verify(certificate);
        expect(expired.statusCode).toBe(400);
        expect(expired.json().message).toBe(MSG.certificateInvalid);
      } finally {
        t.clock.reset();
      }
    });

    it('every instance on the same database shares the generated secret', async () => {
      const { user } = await buildMember(t.db, { identityType: 'Teacher', masks: { qom: 2 } });
      const { token } = await tokenFor(t.db, user.id);
      const { certificate } = (await asUser(t.app, token).get('/api/base/users/admin_certificate')).json()
        .data;
      const second = await buildApp(testConfig(), { database: t.database });
      try {
        const res = await second.inject({
          method: 'POST',
          url: '/api/base/users/admin_certificate/verify',
          payload: { certificate },
        });
        expect(res.statusCode).toBe(200);
      } finally {
        await second.close();
      }
      const otherSecret = await buildApp(testConfig({ appSecret: 'x'.repeat(40) }), { database: t.database });
      try {
        const res = await otherSecret.inject({
          method: 'POST',
          url: '/api/base/users/admin_certificate/verify',
          payload: { certificate },
        });
        expect(res.statusCode).toBe(400);
      } finally {
        await otherSecret.close();
      }
    });

    it('401 without a token', async () => {
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/base/users/admin_certificate' })).statusCode,
      ).toBe(401);
    });
  });
});
