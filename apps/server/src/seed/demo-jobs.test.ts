import { describe, expect, it } from 'vitest';
import { findUserByUsername } from '../modules/users/users.service';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, tokenFor } from '../test/factories';
import { DEMO_JOBS } from './demo-jobs';
import { seedIfNeeded } from './index';

const testStore = createFileStore(testConfig().storage);

describe.each(testDrivers())('career demo data on %s', (driver) => {
  const t = useTestApp(driver);

  it('business01 posted positions, a programme, a talk, a fair; student02 delivered and was invited', async () => {
    await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore });
    const as = async (username: string) => {
      const user = await findUserByUsername({ db: t.db, username });
      return asUser(t.app, (await tokenFor(t.db, user!.id)).token);
    };
    const visitor = { get: (url: string) => t.app.inject({ method: 'GET', url }) };

    const jobs = (await visitor.get('/api/ourea/recruitment_occupations?pageNumber=1&pageSize=15')).json()
      .data;
    expect(jobs.total).toBe(4); // the draft stays offline
    expect(jobs.rows.map((r: { name: string }) => r.name)).toContain(DEMO_JOBS.frontEnd);
    const algorithm = jobs.rows.find((r: { name: string }) => r.name === DEMO_JOBS.algorithm);
    expect(algorithm.maxSalary).toBe(999);
    expect(algorithm.companyNickName).toBe('优加科技');

    const programs = (await visitor.get('/api/ourea/intern_programs?pageNumber=1&pageSize=10')).json().data;
    expect(programs.total).toBe(1);

    const student02 = await as('student02');
    const interviews = (
      await student02.get(
        '/api/ourea/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment&type=Interview&interviewStatus=Yes',
      )
    ).json().data;
    expect(interviews.total).toBe(1);
    expect(interviews.rows[0].feedbackRecords[0].status).toBe('ToBeProcessed');
    const delivered = (
      await student02.get(
        '/api/ourea/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment',
      )
    ).json().data;
    expect(delivered.total).toBe(2);
    const member = (await student02.get('/api/ourea/members?details=profile')).json().data;
    expect(member.unreadCounts.interview).toBe(1);

    const favourites = (
      await student02.get('/api/ourea/favorites?pageNumber=1&pageSize=10&targetType=Occupation')
    ).json().data;
    expect(favourites.total).toBe(1);
    const reserved = (
      await student02.get('/api/ourea/reservations?pageNumber=1&pageSize=12&targetType=CareerTalk')
    ).json().data;
    expect(reserved.total).toBe(1);

    const inbox = (
      await (await as('business01')).get('/api/ourea/company/delivery_records?pageNumber=1&pageSize=15')
    ).json().data;
    expect(inbox.total).toBe(2);

    const student01 = await as('student01');
    const none = (
      await student01.get(
        '/api/ourea/delivery_records?pageNumber=1&pageSize=15&campusRecruitMode=Recruitment',
      )
    ).json().data;
    expect(none.total).toBe(0);

    const competitions = (await visitor.get('/api/competition/competitions?pageNumber=1&pageSize=10')).json()
      .data;
    expect(competitions.rows.map((r: { name: string }) => r.name)).toContain(DEMO_JOBS.competition);
  });
});
