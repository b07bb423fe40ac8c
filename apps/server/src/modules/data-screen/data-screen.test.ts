import {
  COURSE_COLLEGE_LEADER_BIT,
  DATA_SCREEN_SUMMARY_PATH,
  MSG,
  QOM_COLLEGE_ADMIN_BIT,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { codeEvaluations } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildUser, tokenFor } from '../../test/factories';
import { createCourse } from '../question-bank/question-bank.service';
import { addMembership } from '../users/users.service';

/** A code run as the runner's queue stores it (the data screen only counts them). */
const insertEvaluation = async (db: Db, values: typeof codeEvaluations.$inferInsert) => {
  await db.insert(codeEvaluations).values(values);
};

const summaryOf = (code: string) => `${DATA_SCREEN_SUMMARY_PATH}?collegeCode=${encodeURIComponent(code)}`;

describe.each(testDrivers())('data screen on %s', (driver) => {
  const t = useTestApp(driver);

  /** A college (school tree) with its leader, and a way to add members to it. */
  const college = async () => {
    const leader = await buildMember(t.db, {
      identityType: 'Teacher',
      masks: { course: COURSE_COLLEGE_LEADER_BIT },
    });
    const join = async (identityType: 'Student' | 'Teacher', masks?: { course?: number; qom?: number }) => {
      const user = await buildUser(t.db);
      await addMembership({
        db: t.db,
        userId: user.id,
        organisationId: leader.school.id,
        leafOrganisationId: identityType === 'Student' ? leader.klass.id : leader.college.id,
        identityType,
        masks,
      });
      const { token } = await tokenFor(t.db, user.id);
      return { user, api: asUser(t.app, token) };
    };
    const { token } = await tokenFor(t.db, leader.user.id);
    return { ...leader, code: leader.school.code, api: asUser(t.app, token), join };
  };

  it("counts the college's courses, homeworks, members and code runs, and follows the data", async () => {
    const c = await college();
    const teacher = await c.join('Teacher');
    const student = await c.join('Student');
    await c.join('Student');
    await createCourse({
      db: t.db,
      teacherId: teacher.user.id,
      name: '数据结构',
      homeworks: ['作业一', '作业二'],
    });
    await createCourse({ db: t.db, teacherId: teacher.user.id, name: '算法', exerciseSets: ['练习一'] });
    await insertEvaluation(t.db, {
      userId: student.user.id,
      languageId: 'python3',
      timeLimitMs: 1000,
      sourceCode: 'print(1)',
    });
    // another college's data is not counted
    const other = await buildMember(t.db, { identityType: 'Teacher' });
    await createCourse({ db: t.db, teacherId: other.user.id, name: '别的课', homeworks: ['别的作业'] });
    await insertEvaluation(t.db, {
      userId: other.user.id,
      languageId: 'c',
      timeLimitMs: 1000,
      sourceCode: 'x',
    });

    const res = await c.api.get(summaryOf(c.code));
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      collegeCode: c.code,
      collegeName: c.school.name,
      courses: 2,
      homeworks: 2,
      exerciseSets: 1,
      teachers: 2, // the leader is a teacher of the college too
      students: 2,
      codeRuns: 1,
      countedAt: expect.any(Number),
    });

    await createCourse({ db: t.db, teacherId: c.user.id, name: '操作系统', homeworks: ['实验报告'] });
    await insertEvaluation(t.db, {
      userId: teacher.user.id,
      languageId: 'c',
      timeLimitMs: 1000,
      sourceCode: 'y',
    });
    await c.join('Student');
    const after = (await c.api.get(summaryOf(c.code))).json().data;
    expect(after).toMatchObject({ courses: 3, homeworks: 3, students: 3, codeRuns: 2 });
  });

  it("the college's administrator may read it too", async () => {
    const c = await college();
    const admin = await c.join('Teacher', { qom: QOM_COLLEGE_ADMIN_BIT });
    expect((await admin.api.get(summaryOf(c.code))).statusCode).toBe(200);
  });

  it('refuses students, plain teachers and another college’s leader with 当前用户无查看权限', async () => {
    const c = await college();
    const student = await c.join('Student');
    const teacher = await c.join('Teacher');
    const otherLeader = await buildMember(t.db, {
      identityType: 'Teacher',
      masks: { course: COURSE_COLLEGE_LEADER_BIT },
    });
    const otherApi = asUser(t.app, (await tokenFor(t.db, otherLeader.user.id)).token);
    const refusals = [
      await student.api.get(summaryOf(c.code)),
      await teacher.api.get(summaryOf(c.code)),
      await otherApi.get(summaryOf(c.code)),
      // the leader's own college under another code (the leaf college's code) is not theirs either
      await c.api.get(summaryOf(c.college.code)),
    ];
    for (const res of refusals) {
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ success: false, message: MSG.noViewPermission });
    }
    // another college's leader reads their own college
    expect((await otherApi.get(summaryOf(otherLeader.school.code))).statusCode).toBe(200);
  });

  it('401 without a token; 400 with a Chinese message without a college code', async () => {
    const c = await college();
    expect((await t.app.inject({ method: 'GET', url: summaryOf(c.code) })).statusCode).toBe(401);
    const res = await c.api.get(DATA_SCREEN_SUMMARY_PATH);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/[\u4e00-\u9fa5]/);
    expect((await c.api.get(`${DATA_SCREEN_SUMMARY_PATH}?collegeCode=`)).json().message).toBe(
      '请提供学院编码',
    );
  });
});
