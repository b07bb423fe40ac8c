import { HOMEWORK_LIFECYCLE_MSG as M, MSG, TEACHING_MSG } from '@uplus/shared';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homeworks } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { C, courseWithHomework, DAY, QUESTIONS } from './homework.test-support';

describe.each(testDrivers())('homework lifecycle on %s', (driver) => {
  const t = useTestApp(driver);
  const later = () => t.clock.now().getTime() + 3 * DAY;

  it('creates, lists with figures (paginated, newest first), edits and deletes an unpublished homework', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'] });
    const list = await f.teacher.get(`${f.courseBase}?pageNumber=1&pageSize=10`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toMatchObject({
      total: 1,
      rows: [
        {
          id: f.homeworkId,
          courseId: f.courseId,
          name: '第一次作业',
          description: '栈与队列',
          publishedAt: null,
          releasedAt: null,
          questionCount: 2,
          totalScore: 20,
          submittedCount: 0,
          studentCount: 2,
          pendingCount: 0,
        },
      ],
    });
    const second = await f.teacher.post(f.courseBase, { name: '  第二次作业 ', deadline: later() });
    expect(second.statusCode, second.body).toBe(200);
    expect(second.json().data).toMatchObject({ name: '第二次作业', description: '', questionCount: 0 });
    const page = (await f.teacher.get(`${f.courseBase}?pageNumber=1&pageSize=1`)).json().data;
    expect(page.total).toBe(2);
    expect(page.rows.map((r: { name: string }) => r.name)).toEqual(['第二次作业']);
    expect((await f.teacher.get(`${f.courseBase}?pageSize=101`)).statusCode).toBe(400);

    const deadline = later() + DAY;
    const edited = await f.teacher.put(`${f.courseBase}/${second.json().data.id}`, {
      name: '第二次作业（修订）',
      description: '链表',
      deadline,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({ name: '第二次作业（修订）', description: '链表', deadline });

    const one = await f.teacher.get(`${f.courseBase}/${second.json().data.id}`);
    expect(one.json().data).toEqual(edited.json().data);
    const removed = await f.teacher.delete(`${f.courseBase}/${second.json().data.id}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await f.teacher.get(f.courseBase)).json().data.total).toBe(1);
  });

  it('checks name, description and deadline', async () => {
    const f = await courseWithHomework(t, { questions: [] });
    for (const [body, message] of [
      [{ name: '', deadline: later() }, M.nameRequired],
      [{ name: '   ', deadline: later() }, M.nameRequired],
      [{ name: '作'.repeat(51), deadline: later() }, M.nameTooLong],
      [{ name: '作业', description: '说'.repeat(1001), deadline: later() }, M.descriptionTooLong],
      [{ name: '作业' }, M.deadlineRequired],
      [{ name: '作业', deadline: 1.5 }, M.deadlineInvalid],
      [{ name: '作业', deadline: t.clock.now().getTime() - 1000 }, M.deadlinePast],
    ] as const) {
      const res = await f.teacher.post(f.courseBase, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 60)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // An edit: a new deadline in the past is refused; an unchanged one that has passed is kept.
    const past = new Date(t.clock.now().getTime() - DAY);
    await t.db
      .update(homeworks)
      .set({ deadline: past })
      .where(eq(homeworks.id, Number(f.homeworkId)));
    const moved = await f.teacher.put(f.base, { name: '作业', deadline: past.getTime() - DAY });
    expect(moved.json().message).toBe(M.deadlinePast);
    const renamed = await f.teacher.put(f.base, { name: '改名', deadline: past.getTime() });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json().data).toMatchObject({ name: '改名', deadline: past.getTime() });
    expect((await f.teacher.get(f.courseBase)).json().data.total).toBe(1);
  });

  it('sets a question’s score (1 to 9999, kept in the question list) and removes questions until published', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short', 'judgment'] });
    const score = (id: string, body: unknown) => f.teacher.put(`${f.base}/questions/${id}/score`, body);
    for (const bad of [0, 10000, 2.5, '8', undefined]) {
      const res = await score(f.ids.single, { score: bad });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(M.scoreRange);
    }
    const set = await score(f.ids.single, { score: 15 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data).toMatchObject({ totalScore: 35, questionCount: 3 });
    const questions = (await f.teacher.get(`${f.base}/questions`)).json().data.rows;
    expect(questions.find((q: { id: string }) => q.id === f.ids.single).score).toBe(15);

    const removed = await f.teacher.delete(`${f.base}/questions/${f.ids.judgment}`);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().data).toMatchObject({ totalScore: 25, questionCount: 2 });
    const gone = await f.teacher.delete(`${f.base}/questions/${f.ids.judgment}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().message).toBe(M.questionNotFound);

    // A question of another homework of the same course is not this homework's.
    const other = await f.teacher.post(f.courseBase, { name: '另一次作业', deadline: later() });
    const otherBase = `${f.courseBase}/${other.json().data.id}`;
    expect(
      (await f.teacher.put(`${otherBase}/questions/${f.ids.short}/score`, { score: 5 })).statusCode,
    ).toBe(404);
    expect((await f.teacher.delete(`${otherBase}/questions/${f.ids.short}`)).statusCode).toBe(404);

    expect((await f.teacher.post(`${f.base}/publish`)).statusCode).toBe(200);
    const locked = await score(f.ids.short, { score: 5 });
    expect(locked.statusCode).toBe(400);
    expect(locked.json().message).toBe(M.publishedScoreLocked);
    const kept = await f.teacher.delete(`${f.base}/questions/${f.ids.short}`);
    expect(kept.statusCode).toBe(400);
    expect(kept.json().message).toBe(M.publishedQuestionsLocked);
    const imported = await f.teacher.post(`${C}/homeworkQuestions/batchSave?homeworkId=${f.homeworkId}`, [
      QUESTIONS.multiple,
    ]);
    expect(imported.statusCode).toBe(400);
    expect(imported.json().message).toBe(M.publishedQuestionsLocked);
    expect((await f.teacher.get(`${f.base}/questions`)).json().data.total).toBe(2);
    // The import into an unpublished homework still works.
    const open = await f.teacher.post(`${C}/homeworkQuestions/batchSave?homeworkId=${other.json().data.id}`, [
      { ...QUESTIONS.multiple, everyScore: 6 },
    ]);
    expect(open.json().data.fieldList).toEqual([]);
    expect((await f.teacher.get(otherBase.replace(/\/\d+$/, ''))).json().data.rows[0]).toMatchObject({
      questionCount: 1,
      totalScore: 6,
    });
  });

  it('publishes once with a question and a deadline ahead; the students get a course notice', async () => {
    const f = await courseWithHomework(t, { questions: [] });
    const publish = () => f.teacher.post(`${f.base}/publish`);
    const empty = await publish();
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(M.publishNoQuestions);
    await f.teacher.post(`${C}/homeworkQuestions/batchSave?homeworkId=${f.homeworkId}`, [QUESTIONS.single]);
    // A homework made before deadlines existed has none.
    await t.db
      .update(homeworks)
      .set({ deadline: null })
      .where(eq(homeworks.id, Number(f.homeworkId)));
    expect((await publish()).json().message).toBe(M.publishDeadlineMissing);
    await t.db
      .update(homeworks)
      .set({ deadline: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(homeworks.id, Number(f.homeworkId)));
    const late = await publish();
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.publishDeadlinePast);
    await f.teacher.put(f.base, { name: '第一次作业', deadline: later() });

    const ok = await publish();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.publishedAt).toBeGreaterThan(0);
    expect((await publish()).json().message).toBe(M.alreadyPublished);
    const removed = await f.teacher.delete(f.base);
    expect(removed.statusCode).toBe(400);
    expect(removed.json().message).toBe(M.publishedNoDelete);

    for (const who of [f.asStudent, f.asClassmate]) {
      const notices = (await who.get('/api/qmn/notices?genre=Course')).json().data;
      expect(notices.rows).toMatchObject([
        { title: M.publishNoticeTitle('第一次作业'), courseName: '数据结构' },
      ]);
    }
    expect((await f.asOutsider.get('/api/qmn/notices?genre=Course')).json().data.total).toBe(0);
  });

  it('releases a published homework once', async () => {
    const f = await courseWithHomework(t, { questions: ['single'] });
    const release = () => f.teacher.post(`${f.base}/release`);
    const early = await release();
    expect(early.statusCode).toBe(400);
    expect(early.json().message).toBe(M.releaseUnpublished);
    await f.teacher.post(`${f.base}/publish`);
    const ok = await release();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.releasedAt).toBeGreaterThan(0);
    expect((await release()).json().message).toBe(M.alreadyReleased);
  });

  it('only the course’s teacher: another teacher 404 (nothing changed), students 403, no token 401', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'] });
    const calls = [
      ['GET', f.courseBase],
      ['GET', f.base],
      ['POST', f.courseBase, { name: '别人的', deadline: later() }],
      ['PUT', f.base, { name: '改名', deadline: later() }],
      ['DELETE', f.base],
      ['PUT', `${f.base}/questions/${f.ids.single}/score`, { score: 3 }],
      ['DELETE', `${f.base}/questions/${f.ids.single}`],
      ['POST', `${f.base}/publish`],
      ['POST', `${f.base}/release`],
    ] as const;
    const send = (token: string | undefined, [method, url, body]: (typeof calls)[number]) =>
      t.app.inject({
        method,
        url,
        headers: token ? { 'x-access-token': token } : {},
        ...(body ? { payload: body } : {}),
      });
    for (const call of calls) {
      const other = await send(f.otherTeacherMember.token, call);
      expect(other.statusCode, `${call[0]} ${call[1]}`).toBe(404);
      expect([TEACHING_MSG.courseNotFound, TEACHING_MSG.homeworkNotFound]).toContain(other.json().message);
      for (const student of [f.student, f.outsider]) {
        const res = await send(student.token, call);
        expect(res.statusCode, `${call[0]} ${call[1]}`).toBe(403);
        expect(res.json().message).toBe(MSG.studentNoPermission);
      }
      expect((await send(undefined, call)).statusCode).toBe(401);
    }
    // The homework through the other teacher's own course id: not theirs either.
    const crossed = `${C}/courses/${f.otherCourseId}/homeworks/${f.homeworkId}`;
    expect((await f.asOtherTeacher.put(crossed, { name: '改名', deadline: later() })).statusCode).toBe(404);
    expect((await f.asOtherTeacher.post(`${crossed}/publish`)).statusCode).toBe(404);
    expect((await f.asOtherTeacher.get(`${C}/courses/${f.otherCourseId}/homeworks`)).json().data.total).toBe(
      0,
    );
    // Nothing changed.
    expect((await f.teacher.get(f.courseBase)).json().data.rows).toMatchObject([
      { name: '第一次作业', questionCount: 2, totalScore: 20, publishedAt: null },
    ]);
    expect((await f.teacher.get(`${C}/courses/abc/homeworks`)).statusCode).toBe(400);
  });
});
