import { MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, tokenFor } from '../../test/factories';
import { setOrganisationModules, setOrganisationPermissions } from './organisations.service';

/*
 * Issue 2: bad input to organ/permissions and organ/modules answers 400 with a clear Chinese message, and
 * another organisation's permissions or modules never show.
 */
describe.each(testDrivers())('organisation endpoints: bad input on %s', (driver) => {
  const t = useTestApp(driver);

  const expectError = (res: { statusCode: number; json: () => unknown }, code: number, message: string) => {
    expect(res.statusCode).toBe(code);
    expect(res.json()).toEqual({ success: false, code, message, data: null });
  };

  it('organ/permissions: an empty, over-long or repeated collegeId', async () => {
    const m = await buildMember(t.db);
    const api = asUser(t.app, (await tokenFor(t.db, m.user.id)).token);
    expectError(await api.get('/api/base/organ/permissions?collegeId='), 400, '请提供机构ID');
    expectError(
      await api.get(`/api/base/organ/permissions?collegeId=${'1'.repeat(65)}`),
      400,
      '机构ID格式不正确',
    );
    expectError(
      await api.get(`/api/base/organ/permissions?collegeId=${m.school.id}&collegeId=${m.school.id}`),
      400,
      '机构ID格式不正确',
    );
  });

  it('organ/modules: a parameter other than MY, or a repeated one', async () => {
    const m = await buildMember(t.db);
    const api = asUser(t.app, (await tokenFor(t.db, m.user.id)).token);
    for (const url of [
      '/api/base/organ/modules?parameter=ALL',
      '/api/base/organ/modules?parameter=my',
      '/api/base/organ/modules?parameter=',
      '/api/base/organ/modules?parameter=MY&parameter=MY',
    ]) {
      expectError(await api.get(url), 400, '参数 parameter 只能为 MY');
    }
  });

  it("another organisation's permissions stay hidden, also behind the caller's own class id forms", async () => {
    const m = await buildMember(t.db);
    const other = await buildMember(t.db);
    await setOrganisationPermissions({
      db: t.db,
      organisationId: other.college.id,
      permissions: { secretFlag: 7 },
    });
    await setOrganisationModules({
      db: t.db,
      organisationId: other.school.id,
      modules: [{ code: 'hidden', name: '隐藏模块' }],
    });
    const api = asUser(t.app, (await tokenFor(t.db, m.user.id)).token);
    for (const id of [
      ` ${other.college.id}`,
      `0${other.college.id}`,
      `${other.college.id}.0`,
      `-${other.college.id}`,
    ]) {
      const res = await api.get(`/api/base/organ/permissions?collegeId=${encodeURIComponent(id)}`);
      expectError(res, 403, MSG.noPermission);
    }
    const modules = await api.get('/api/base/organ/modules?parameter=MY');
    expect(modules.body).not.toContain('隐藏模块');
  });
});
