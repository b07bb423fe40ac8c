import { COURSE_COLLEGE_LEADER_BIT, MSG, QOM_COLLEGE_ADMIN_BIT } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildSchoolTree, tokenFor } from '../../test/factories';
import { ensureDefaultDeployment } from '../site/site.service';
import { addMembership } from './users.service';

/*
 * Issue 2: bad input to the user endpoints answers 400 with a clear Chinese message; another user's or
 * organisation's data is refused (403, never the data); switching to an organisation the user does not
 * belong to changes nothing; permissions follow the organisation switched to.
 */
describe.each(testDrivers())('user endpoints: bad input and other organisations on %s', (driver) => {
  const t = useTestApp(driver);

  const expectError = (res: { statusCode: number; json: () => unknown }, code: number, message: string) => {
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ success: false, code, message, data: null });
  };

  /** A college admin (and leader) of one school who is a plain student of another. */
  const adminOfOne = async () => {
    const m = await buildMember(t.db, {
      identityType: 'Teacher',
      masks: { course: COURSE_COLLEGE_LEADER_BIT, qom: QOM_COLLEGE_ADMIN_BIT },
    });
    const other = await buildSchoolTree(t.db, { school: '学生身份学校' });
    await addMembership({
      db: t.db,
      userId: m.user.id,
      organisationId: other.school.id,
      leafOrganisationId: other.klass.id,
      identityType: 'Student',
    });
    const { token } = await tokenFor(t.db, m.user.id);
    return { ...m, other, token, api: asUser(t.app, token) };
  };

  describe('users/{id}', () => {
    it('400 with the message for an over-long or repeated organName, or an over-long id', async () => {
      const { user } = await buildMember(t.db);
      const api = asUser(t.app, (await tokenFor(t.db, user.id)).token);
      expectError(
        await api.get(`/api/portal/users/${user.id}?organName=${'名'.repeat(101)}`),
        400,
        '机构名称不能超过100个字符',
      );
      expectError(
        await api.get(`/api/portal/users/${user.id}?organName=a&organName=b`),
        400,
        '机构名称格式不正确',
      );
      expectError(await api.get(`/api/portal/users/${'1'.repeat(65)}`), 400, '用户ID格式不正确');
      // 100 characters are still a search
      expect(
        (await api.get(`/api/portal/users/${user.id}?organName=${'名'.repeat(100)}`)).json().data,
      ).toEqual([]);
    });

    it("another user's id is 403 even with a matching organName, and their organisations never show", async () => {
      const me = await buildMember(t.db);
      const them = await buildMember(t.db);
      const api = asUser(t.app, (await tokenFor(t.db, me.user.id)).token);
      const res = await api.get(
        `/api/portal/users/${them.user.id}?organName=${encodeURIComponent(them.school.name)}`,
      );
      expectError(res, 403, MSG.noPermission);
      expect(res.body).not.toContain(them.school.name);
      const mine = await api.get(
        `/api/portal/users/${me.user.id}?organName=${encodeURIComponent(them.school.name)}`,
      );
      expect(mine.json().data).toEqual([]);
    });
  });

  describe('users/switch', () => {
    it('400 with the message for an over-long, non-text or missing id, or a body that is not an object', async () => {
      const { user } = await buildMember(t.db);
      const api = asUser(t.app, (await tokenFor(t.db, user.id)).token);
      expectError(
        await api.post('/api/portal/users/switch', { switchToOrganId: '1'.repeat(65) }),
        400,
        '机构ID格式不正确',
      );
      for (const id of [5, true, null, ['1'], { id: '1' }]) {
        expectError(
          await api.post('/api/portal/users/switch', { switchToOrganId: id }),
          400,
          '机构ID格式不正确',
        );
      }
      for (const payload of ['null', '[]', '"1"']) {
        const res = await t.app.inject({
          method: 'POST',
          url: '/api/portal/users/switch',
          headers: {
            'x-access-token': (await tokenFor(t.db, user.id)).token,
            'content-type': 'application/json',
          },
          payload,
        });
        expectError(res, 400, '请求内容格式不正确');
      }
    });

    it("403 for the user's own class or college id, or another user's organisation; nothing changes", async () => {
      const s = await adminOfOne();
      const stranger = await buildMember(t.db);
      for (const id of [s.klass.id, s.college.id, s.other.klass.id, stranger.school.id, stranger.klass.id]) {
        const res = await s.api.post('/api/portal/users/switch', { switchToOrganId: String(id) });
        expectError(res, 403, MSG.notMemberOfOrgan);
      }
      const info = (await s.api.get('/api/portal/users/basic_info')).json().data;
      expect(info.organId).toBe(String(s.school.id));
      const list = (await s.api.get(`/api/portal/users/${s.user.id}`)).json().data;
      expect(list.find((o: { defaultOrgan: boolean }) => o.defaultOrgan).id).toBe(String(s.school.id));
    });

    it('after a switch the masks, role and permissions are those of the new organisation only', async () => {
      await ensureDefaultDeployment({ db: t.db });
      const s = await adminOfOne();
      expect((await s.api.get('/api/base/users/admin_certificate')).statusCode).toBe(200);
      const switched = await s.api.post('/api/portal/users/switch', {
        switchToOrganId: String(s.other.school.id),
      });
      expect(switched.json().data).toEqual({
        organId: String(s.other.school.id),
        organName: '学生身份学校',
        role: 'Student',
      });

      expect((await s.api.get('/api/base/session/refresh_token')).json().data).toEqual({
        organ: {
          id: String(s.other.school.id),
          name: '学生身份学校',
          leafOrganCode: s.other.klass.code,
          collegeCode: s.other.school.code,
          identityType: 'Student',
          majorName: '',
        },
        pms: { course: 0, qom: 0 },
      });
      expectError(await s.api.get('/api/base/users/admin_certificate'), 403, MSG.collegeAdminOnly);
      const config = (await s.api.get('/get_appconfig')).json().data;
      expect(config).toMatchObject({
        IS_COLLEGE_LEADER: false,
        HAS_COLLEGE_ADMIN_AUTH: false,
        USER_TYPE: 'Student',
      });
      // the organisation left behind is no longer readable through this session
      expectError(
        await s.api.get(`/api/base/organ/permissions?collegeId=${s.school.id}`),
        403,
        MSG.noPermission,
      );
      // and switching back restores them
      await s.api.post('/api/portal/users/switch', { switchToOrganId: String(s.school.id) });
      expect((await s.api.get('/api/base/users/admin_certificate')).statusCode).toBe(200);
    });
  });
});
