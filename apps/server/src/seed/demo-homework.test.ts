import { describe, expect, it } from 'vitest';
import { C, clientOf, enrol } from '../modules/homework/homework.test-support';
import { createCourse } from '../modules/question-bank/question-bank.service';
import { createFileStore } from '../storage';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { buildSignedInMember } from '../test/factories';
import { DEMO_PASSWORD } from './demo';
import { seedDemoHomework } from './demo-homework';
import { seedIfNeeded } from './index';

const testStore = createFileStore(testConfig().storage);

describe.each(testDrivers())('demo homework on %s', (driver) => {
  const t = useTestApp(driver);

  it('publishes a homework of every type; student01’s submission is graded but for the short answer', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const student01 = await buildSignedInMember(t.db);
    const classmate = await buildSignedInMember(t.db);
    const { course } = await createCourse({ db: t.db, teacherId: teacher.user.id, name: '数据结构' });
    await enrol(t.db, course.id, student01.user.id);
    await enrol(t.db, course.id, classmate.user.id);
    const homeworkId = await seedDemoHomework({
      db: t.db,
      course: { id: course.id, name: '数据结构', teacherId: teacher.user.id },
      student01Id: student01.user.id,
      now: t.clock.now(),
    });

    const asTeacher = clientOf(t.app, teacher.token);
    const base = `${C}/courses/${course.id}/homeworks`;
    const [row] = (await asTeacher.get(base)).json().data.rows;
    expect(row).toMatchObject({
      id: String(homeworkId),
      questionCount: 7,
      totalScore: 70,
      submittedCount: 1,
    });
    expect(row.publishedAt).toBeGreaterThan(0);
    expect(row.pendingCount).toBe(1);

    const roster = (await asTeacher.get(`${base}/${homeworkId}/submissions`)).json().data.rows;
    const mine = roster.find((r: { studentId: string }) => r.studentId === String(student01.user.id));
    expect(mine).toMatchObject({ status: 'submitted', totalScore: 45, pendingCount: 1 });
    expect(roster.find((r: { studentId: string }) => r.studentId === String(classmate.user.id)).status).toBe(
      'draft',
    );
    const detail = (await asTeacher.get(`${base}/${homeworkId}/submissions/${mine.submissionId}`)).json()
      .data;
    const types = detail.answers.map((a: { question: { qsnType: number } }) => a.question.qsnType);
    expect(types.sort()).toEqual([1, 2, 3, 5, 6, 7, 8]);
    const short = detail.answers.find((a: { question: { qsnType: number } }) => a.question.qsnType === 7);
    expect(short).toMatchObject({ gradeState: 'pending', score: null });
    expect(short.answer).toContain('顺序栈');

    const study = (await clientOf(t.app, student01.token).get(`${base}/study`)).json().data.rows;
    expect(study).toMatchObject([{ statusText: '已提交' }]);
    const theirs = (await clientOf(t.app, classmate.token).get(`${base}/study`)).json().data.rows;
    expect(theirs).toMatchObject([{ statusText: '进行中' }]);
  });
});

describe.each(testDrivers())('the demo set’s homework on %s', (driver) => {
  const t = useTestApp(driver);

  it('the demo set holds it in teacher01’s 数据结构: student01 submitted, student02 halfway', async () => {
    await seedIfNeeded({ db: t.db, demoData: true, port: 3000, storage: testStore });
    const signIn = async (username: string) => {
      const res = await t.app.inject({
        method: 'POST',
        url: '/idp/api/login',
        payload: { username, password: DEMO_PASSWORD },
        remoteAddress: `10.9.1.${username.length}`,
      });
      return clientOf(t.app, res.json().data.ticket as string);
    };
    const teacher = await signIn('teacher01');
    const [course] = (await teacher.get(`${C}/courses/mine`)).json().data;
    const base = `${C}/courses/${course.id}/homeworks`;
    const published = (await teacher.get(base))
      .json()
      .data.rows.find((r: { publishedAt: number | null }) => r.publishedAt !== null);
    expect(published).toMatchObject({
      questionCount: 7,
      submittedCount: 1,
      studentCount: 2,
      pendingCount: 1,
    });
    const roster = (await teacher.get(`${base}/${published.id}/submissions`)).json().data.rows;
    expect(roster.map((r: { username: string; status: string }) => [r.username, r.status])).toEqual([
      ['student01', 'submitted'],
      ['student02', 'draft'],
    ]);
    const study = (await (await signIn('student01')).get(`${base}/study`)).json().data.rows;
    expect(study).toMatchObject([{ id: published.id, statusText: '已提交' }]);
  });
});
