import { AI_MSG, type GeneratedQuestionInput, HOMEWORK_MSG, MSG, TEACHING_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import type { App } from '../../http/context';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourse } from '../question-bank/question-bank.service';

const C = '/api/course';

const shortAnswer: GeneratedQuestionInput = {
  qsnType: 7,
  titleText: '简述栈和队列的区别',
  answer: '栈后进先出，队列先进先出',
  everyScore: 8,
};
const single: GeneratedQuestionInput = {
  qsnType: 1,
  titleText: '栈的特点是？',
  options: [
    { id: 'A', optionContent: '先进先出' },
    { id: 'B', optionContent: '后进先出' },
  ],
  answer: 'B',
};

/** What 引用 sends: the answer judged and the (possibly edited) result. */
const APPLIED = {
  studentAnswer: '栈是后进先出的，队列是先进先出的',
  score: 6.5,
  comment: '要点基本正确',
  basis: '已答到的要点：栈后进先出。未答到的要点：无。',
};

const put = (app: App, token: string, url: string, payload: unknown) =>
  app.inject({ method: 'PUT', url, headers: { 'x-access-token': token }, payload: payload as object });

/** A teacher with a homework holding a 简答题 and a 单选题 (saved through the import call). */
const teacherWithHomework = async (t: { db: Db; app: App }) => {
  const me = await buildSignedInMember(t.db, { identityType: 'Teacher' });
  const { course, homeworks } = await createCourse({
    db: t.db,
    teacherId: me.user.id,
    name: '数据结构',
    homeworks: ['第一次作业', '第二次作业'],
  });
  const api = asUser(t.app, me.token);
  const [homeworkId, otherHomeworkId] = homeworks.map((h) => String(h.id));
  await api.post(`${C}/homeworkQuestions/batchSave?homeworkId=${homeworkId}`, [shortAnswer, single]);
  await api.post(`${C}/homeworkQuestions/batchSave?homeworkId=${otherHomeworkId}`, [shortAnswer]);
  const list = (id: string) =>
    api.get(`${C}/courses/${course.id}/homeworks/${id}/questions`).then((r) => r.json().data.rows);
  const [text, choice] = await list(homeworkId!);
  const [otherText] = await list(otherHomeworkId!);
  const base = `${C}/courses/${course.id}/homeworks/${homeworkId}`;
  return { me, api, courseId: String(course.id), homeworkId, base, text, choice, otherText };
};

describe.each(testDrivers())('judged answers on %s', (driver) => {
  const t = useTestApp(driver);

  it('引用 stores the answer with score, comment, basis, who and when; it is listed again and editable', async () => {
    const { me, api, base, text } = await teacherWithHomework(t);
    const before = Date.now();
    const created = await api.post(`${base}/questions/${text.id}/judgedAnswers`, APPLIED);
    expect(created.statusCode, created.body).toBe(200);
    const row = created.json().data;
    expect(row).toMatchObject({
      questionId: text.id,
      ...APPLIED,
      questionScore: 8,
      appliedBy: { id: String(me.user.id), name: me.user.name },
      updatedBy: null,
      updatedAt: null,
    });
    expect(row.appliedAt).toBeGreaterThanOrEqual(before - 1000);

    // What a reload reads.
    const listed = (await api.get(`${base}/judgedAnswers?pageNumber=1&pageSize=10`)).json().data;
    expect(listed).toEqual({ rows: [row], total: 1 });

    const edited = await put(t.app, me.token, `${base}/judgedAnswers/${row.id}`, {
      score: 7,
      comment: '很好',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json().data).toMatchObject({
      id: row.id,
      score: 7,
      comment: '很好',
      basis: APPLIED.basis,
      studentAnswer: APPLIED.studentAnswer,
      appliedBy: { id: String(me.user.id) },
      updatedBy: { id: String(me.user.id), name: me.user.name },
    });
    expect(edited.json().data.updatedAt).toBeGreaterThanOrEqual(row.appliedAt);
    const again = (await api.get(`${base}/judgedAnswers?questionId=${text.id}`)).json().data;
    expect(again.rows).toMatchObject([{ id: row.id, score: 7, comment: '很好' }]);
  });

  it('pages the answers (oldest first) and filters by question', async () => {
    const { api, base, text } = await teacherWithHomework(t);
    for (const score of [1, 2, 3]) {
      expect(
        (await api.post(`${base}/questions/${text.id}/judgedAnswers`, { ...APPLIED, score })).statusCode,
      ).toBe(200);
    }
    const page = (await api.get(`${base}/judgedAnswers?pageNumber=2&pageSize=2`)).json().data;
    expect(page).toMatchObject({ total: 3, rows: [{ score: 3 }] });
    expect((await api.get(`${base}/judgedAnswers?pageSize=101`)).statusCode).toBe(400);
  });

  it('checks the score against the question’s (spec 5.4), the texts, and the question', async () => {
    const { me, api, base, text, choice, otherText } = await teacherWithHomework(t);
    const create = (body: Record<string, unknown>, questionId = text.id) =>
      api.post(`${base}/questions/${questionId}/judgedAnswers`, { ...APPLIED, ...body });
    for (const [body, message] of [
      [{ score: 8.5 }, AI_MSG.resultScoreRange],
      [{ score: -1 }, AI_MSG.resultScoreRange],
      [{ score: 6.25 }, AI_MSG.resultScoreRange],
      [{ score: 1e308 }, AI_MSG.resultScoreRange],
      [{ score: undefined }, AI_MSG.resultScoreRequired],
      [{ studentAnswer: '' }, AI_MSG.studentAnswerRequired],
      [{ studentAnswer: '答'.repeat(1001) }, AI_MSG.studentAnswerTooLong],
      [{ comment: '评'.repeat(1001) }, HOMEWORK_MSG.commentTooLong],
      [{ basis: '据'.repeat(4001) }, HOMEWORK_MSG.basisTooLong],
    ] as const) {
      const res = await create(body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notJudgeable = await create({}, choice.id);
    expect(notJudgeable.statusCode).toBe(400);
    expect(notJudgeable.json().message).toBe(HOMEWORK_MSG.notJudgeable);
    // A question of another homework of the same course.
    const elsewhere = await create({}, otherText.id);
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json().message).toBe(HOMEWORK_MSG.questionNotFound);
    expect((await api.get(`${base}/judgedAnswers`)).json().data.total).toBe(0);

    const row = (await create({})).json().data;
    const bad = await put(t.app, me.token, `${base}/judgedAnswers/${row.id}`, { score: 9, comment: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe(AI_MSG.resultScoreRange);
  });

  it('only the course’s teacher: another teacher 404 (nothing stored or changed), a student 403, no token 401', async () => {
    const owner = await teacherWithHomework(t);
    const row = (
      await owner.api.post(`${owner.base}/questions/${owner.text.id}/judgedAnswers`, APPLIED)
    ).json().data;
    const other = await teacherWithHomework(t);
    const them = asUser(t.app, other.me.token);
    const list = await them.get(`${owner.base}/judgedAnswers`);
    expect(list.statusCode).toBe(404);
    expect(list.json()).toMatchObject({ message: TEACHING_MSG.homeworkNotFound, data: null });
    expect(
      (await them.post(`${owner.base}/questions/${owner.text.id}/judgedAnswers`, APPLIED)).statusCode,
    ).toBe(404);
    expect(
      (await put(t.app, other.me.token, `${owner.base}/judgedAnswers/${row.id}`, { score: 0, comment: 'x' }))
        .statusCode,
    ).toBe(404);
    // Their own homework's path with the owner's answer or question ids.
    expect(
      (
        await put(t.app, other.me.token, `${other.base}/judgedAnswers/${row.id}`, { score: 0, comment: 'x' })
      ).json(),
    ).toMatchObject({ code: 404, message: HOMEWORK_MSG.judgedAnswerNotFound });
    expect(
      (await them.post(`${other.base}/questions/${owner.text.id}/judgedAnswers`, APPLIED)).statusCode,
    ).toBe(404);
    // Their course id with the owner's homework id.
    const mixed = `${C}/courses/${other.courseId}/homeworks/${owner.homeworkId}/judgedAnswers`;
    expect((await them.get(mixed)).statusCode).toBe(404);

    expect((await owner.api.get(`${owner.base}/judgedAnswers`)).json().data.rows).toMatchObject([
      { id: row.id, score: APPLIED.score, comment: APPLIED.comment, updatedBy: null },
    ]);

    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const refused = await asUser(t.app, student.token).get(`${owner.base}/judgedAnswers`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(MSG.studentNoPermission);
    const anonymous = await t.app.inject({ method: 'GET', url: `${owner.base}/judgedAnswers` });
    expect(anonymous.statusCode).toBe(401);
    expect((await owner.api.get(`${C}/courses/0/homeworks/abc/judgedAnswers`)).statusCode).toBe(400);
  });
});
