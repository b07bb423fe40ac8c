import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildOrganisation, buildUser, tokenFor } from '../../test/factories';
import { addMembership } from '../users/users.service';
import {
  createOrganisation,
  setOrganisationModules,
  setOrganisationPermissions,
} from './organisations.service';

describe.each(testDrivers())('organisations on %s', (driver) => {
  const t = useTestApp(driver);

  describe('organ/permissions', () => {
    it("answers the caller's organisation permissions, inherited down the tree (nearer wins)", async () => {
      const m = await buildMember(t.db);
      await setOrganisationPermissions({
        db: t.db,
        organisationId: m.school.id,
        permissions: { qabot: 2, batchAiQuestion: 2 },
      });
      await setOrganisationPermissions({
        db: t.db,
        organisationId: m.college.id,
        permissions: { batchAiQuestion: 0 },
      });
      const { token } = await tokenFor(t.db, m.user.id);
      const api = asUser(t.app, token);

      const mine = await api.get('/api/base/organ/permissions');
      expect(mine.statusCode).toBe(200);
      expect(mine.json().data).toEqual({ qabot: 2, batchAiQuestion: 0 });

      const ofSchool = await api.get(`/api/base/organ/permissions?collegeId=${m.school.id}`);
      expect(ofSchool.json().data).toEqual({ qabot: 2, batchAiQuestion: 2 });
      const ofCollege = await api.get(`/api/base/organ/permissions?collegeId=${m.college.id}`);
      expect(ofCollege.json().data).toEqual({ qabot: 2, batchAiQuestion: 0 });
    });

    it("403 for another organisation's permissions (existing or not), never the data", async () => {
      const m = await buildMember(t.db);
      const other = await buildMember(t.db);
      await setOrganisationPermissions({
        db: t.db,
        organisationId: other.school.id,
        permissions: { qabot: 2 },
      });
      const { token } = await tokenFor(t.db, m.user.id);
      for (const id of [other.school.id, other.klass.id, 99999999, 'abc']) {
        const res = await asUser(t.app, token).get(`/api/base/organ/permissions?collegeId=${id}`);
        expect(res.statusCode).toBe(403);
        expect(res.json()).toEqual({ success: false, code: 403, message: '暂无权限', data: null });
      }
    });

    it('a user in no organisation gets 403 for any collegeId', async () => {
      const user = await buildUser(t.db);
      const { token } = await tokenFor(t.db, user.id);
      const res = await asUser(t.app, token).get('/api/base/organ/permissions?collegeId=1');
      expect(res.statusCode).toBe(403);
    });

    it('400 for an over-long collegeId, 401 without a token', async () => {
      const m = await buildMember(t.db);
      const { token } = await tokenFor(t.db, m.user.id);
      const res = await asUser(t.app, token).get(`/api/base/organ/permissions?collegeId=${'1'.repeat(65)}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: '/api/base/organ/permissions' })).statusCode).toBe(
        401,
      );
    });
  });

  describe('organ/modules', () => {
    it("lists the modules of the caller's organisation and its ancestors", async () => {
      const m = await buildMember(t.db);
      await setOrganisationModules({
        db: t.db,
        organisationId: m.school.id,
        modules: [
          { code: 'course', name: '课程' },
          { code: 'exam', name: '考试' },
          { code: 'obe', name: '专业认证' },
        ],
      });
      await setOrganisationModules({
        db: t.db,
        organisationId: m.college.id,
        modules: [{ code: 'graduation', name: '毕业设计' }],
      });
      const { token } = await tokenFor(t.db, m.user.id);
      const res = await asUser(t.app, token).get('/api/base/organ/modules?parameter=MY');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([
        { code: 'course', name: '课程' },
        { code: 'graduation', name: '毕业设计' },
        { code: 'exam', name: '考试' },
        { code: 'obe', name: '专业认证' },
      ]);
      // parameter defaults to MY
      expect((await asUser(t.app, token).get('/api/base/organ/modules')).json().data).toHaveLength(4);
    });

    it("does not show another organisation's modules", async () => {
      const other = await buildMember(t.db);
      await setOrganisationModules({
        db: t.db,
        organisationId: other.school.id,
        modules: [{ code: 'exam', name: '考试' }],
      });
      const m = await buildMember(t.db);
      const { token } = await tokenFor(t.db, m.user.id);
      expect((await asUser(t.app, token).get('/api/base/organ/modules?parameter=MY')).json().data).toEqual(
        [],
      );
    });

    it('400 for a parameter other than MY, 401 without a token', async () => {
      const m = await buildMember(t.db);
      const { token } = await tokenFor(t.db, m.user.id);
      const res = await asUser(t.app, token).get('/api/base/organ/modules?parameter=ALL');
      expect(res.statusCode).toBe(400);
      expect(res.json().success).toBe(false);
      expect(
        (await t.app.inject({ method: 'GET', url: '/api/base/organ/modules?parameter=MY' })).statusCode,
      ).toBe(401);
    });
  });

  describe('organisation rules', () => {
    it('keeps the tree shape and unique codes', async () => {
      const area = await buildOrganisation(t.db, { type: 'area' });
      const school = await buildOrganisation(t.db, { type: 'school', parentId: area.id });
      await expect(buildOrganisation(t.db, { type: 'class', parentId: area.id })).rejects.toThrow(
        '上级机构类型不正确',
      );
      await expect(buildOrganisation(t.db, { type: 'area', parentId: school.id })).rejects.toThrow(
        '上级机构类型不正确',
      );
      await expect(
        createOrganisation({ db: t.db, code: school.code, name: '重复', type: 'school' }),
      ).rejects.toThrow('机构编码已存在');
    });

    it('a membership leaf must lie inside its organisation', async () => {
      const a = await buildMember(t.db);
      const b = await buildMember(t.db);
      await expect(
        addMembership({
          db: t.db,
          userId: a.user.id,
          organisationId: b.school.id,
          leafOrganisationId: a.klass.id,
          identityType: 'Student',
        }),
      ).rejects.toThrow('所在班级或院系不属于该机构');
    });
  });
});
