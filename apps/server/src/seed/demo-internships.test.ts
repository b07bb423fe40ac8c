import { INTERNSHIPS_MSG, type StudentGroup } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { createCompany } from '../modules/employer/employer.service';
import { companyMemberOf } from '../modules/internships/internships.service';
import { useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, buildSignedInMember, unique } from '../test/factories';
import { DEMO_INTERNSHIPS, DEMO_INVITE_CODE, seedDemoInternships } from './demo-internships';

const O = '/api/ourea';

describe.each(testDrivers())('demo internships on %s', (driver) => {
  const t = useTestApp(driver);

  it('seeds an underway group with UPLUS2026 and a finished one with student02', async () => {
    const business = await buildSignedInMember(t.db, { identityType: 'Business' });
    const company = await createCompany({ db: t.db, userId: business.user.id, name: unique('企业') });
    const student02 = await buildSignedInMember(t.db);
    const student01 = await buildSignedInMember(t.db);
    const { finished } = await seedDemoInternships({
      db: t.db,
      companyId: company.id,
      organiserId: business.user.id,
      student02Id: student02.user.id,
      now: new Date(),
    });
    const list = (await asUser(t.app, student02.token).get(`${O}/internship_groups/student`)).json().data;
    expect(list.rows.map((r: StudentGroup) => [r.name, r.status])).toEqual([
      [DEMO_INTERNSHIPS.finished, 'Finished'],
    ]);
    const s1 = asUser(t.app, student01.token);
    expect((await s1.get(`${O}/internship_groups/student`)).json().data.total).toBe(0);
    expect(
      (await s1.get(`${O}/internship_members/joined_count?inviteCode=${DEMO_INVITE_CODE}`)).json().data,
    ).toMatchObject({ joinFlag: true, joinCount: 0, groupName: DEMO_INTERNSHIPS.current });
    const joined = await s1.post(`${O}/internship_members/join`, {
      inviteCode: DEMO_INVITE_CODE,
      internshipOccupationName: 'Java开发实习生',
    });
    expect(joined.json().message).toBe(INTERNSHIPS_MSG.joined);
    const mine: StudentGroup = (await s1.get(`${O}/internship_groups/student`)).json().data.rows[0];
    expect(mine.status).toBe('Underway');
    expect(mine.internships.map((s) => [s.name, s.isHasPerm])).toEqual([
      ['入职培训', 'Yes'],
      ['项目实战', 'No'],
      ['结项答辩', 'No'],
    ]);
    const managed = (
      await asUser(t.app, business.token).get(`${O}/internship_groups/${finished.id}/members`)
    ).json().data;
    const memberId = Number(managed.rows[0].id);
    expect(await companyMemberOf({ db: t.db, companyId: company.id, memberId })).toMatchObject({
      userId: student02.user.id,
      finished: true,
    });
  });
});
