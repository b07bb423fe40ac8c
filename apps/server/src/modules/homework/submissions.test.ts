import { AI_MSG, SUBMISSION_MSG as M, MSG, OBJECTIVE_MSG, PROGRAM_EXECUTION_MSG } from '@uplus/shared';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { homeworks } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { C, courseWithHomework, DAY, QUESTIONS } from './homework.test-support';

type Item = {
  question: { id: string; qsnType: number };
  answer: string;
  result: Record<string, unknown> | null;
};

describe.each(testDrivers())('homework submissions on %s', (driver) => {
  const t = useTestApp(driver);

  /** The answers of a student who gets single, judgment right, multiple wrong, one blank of two right. */
  const answersOf = (ids: Record<string, string>) => [
    { questionId: ids.single!, answer: 'B' },
    { questionId: ids.multiple!, answer: 'A' },
    { questionId: ids.judgment!, answer: 'true' },
    { questionId: ids.fill!, answer: JSON.stringify(['push', 'Top']) },
    { questionId: ids.short!, answer: '栈是后进先出，队列是先进先出' },
    { questionId: ids.program!, answer: 'print(sum(map(int, input().split())))' },
  ];

  it('the study list shows published homework with the student’s state from 未开始 to 已批改', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'] });
    const study = () => f.asStudent.get(`${f.courseBase}/study?pageNumber=1&pageSize=10`);
    expect((await study()).json().data).toEqual({ rows: [], total: 0 });
    await f.teacher.post(`${f.base}/publish`);
    const statusOf = async () => {
      const row = (await study()).json().data.rows[0];
      return [row.status, row.statusText, row.score];
    };
    expect((await study()).json().data.rows[0]).toMatchObject({
      id: f.homeworkId,
      name: '第一次作业',
      questionCount: 2,
      totalScore: 20,
      submittedAt: null,
    });
    expect(await statusOf()).toEqual(['not_started', '未开始', null]);
    await f.asStudent.put(`${f.base}/draft`, { answers: [{ questionId: f.ids.single, answer: 'B' }] });
    expect(await statusOf()).toEqual(['in_progress', '进行中', null]);
    await f.asStudent.post(`${f.base}/submit`, { answers: [] });
    expect(await statusOf()).toEqual(['submitted', '已提交', null]);
    await f.teacher.post(`${f.base}/release`);
    expect(await statusOf()).toEqual(['graded', '已批改', 10]);

    // A second homework whose deadline passed without a submission: 已截止. Newest published first.
    const second = await f.teacher.post(f.courseBase, {
      name: '第二次作业',
      deadline: t.clock.now().getTime() + DAY,
    });
    const secondId = second.json().data.id;
    await f.teacher.post(`${C}/homeworkQuestions/batchSave?homeworkId=${secondId}`, [QUESTIONS.judgment]);
    await f.teacher.post(`${f.courseBase}/${secondId}/publish`);
    await t.db
      .update(homeworks)
      .set({ deadline: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(homeworks.id, Number(secondId)));
    const page = (await f.asStudent.get(`${f.courseBase}/study?pageNumber=1&pageSize=1`)).json().data;
    expect(page.total).toBe(2);
    expect(page.rows).toMatchObject([{ id: secondId, status: 'closed', statusText: '已截止' }]);
    expect((await f.asStudent.get(`${f.courseBase}/study?pageSize=0`)).statusCode).toBe(400);
  });

  it('the paper holds no answers, tips or test outputs; fill blanks give their count, functions their starter code', async () => {
    const f = await courseWithHomework(t, { publish: true });
    const res = await f.asStudent.get(`${f.base}/paper`);
    expect(res.statusCode, res.body).toBe(200);
    const paper = res.json().data;
    expect(paper).toMatchObject({
      homework: { id: f.homeworkId, name: '第一次作业', totalScore: 70 },
      status: 'not_started',
      editable: true,
      score: null,
    });
    const byType = Object.fromEntries(paper.items.map((i: Item) => [i.question.qsnType, i.question]));
    expect(byType[6]).toMatchObject({ blankCount: 2, options: [] });
    expect(byType[8]).toMatchObject({ codeModel: QUESTIONS.func.codeModel, language: 'python3' });
    expect(byType[5]).toMatchObject({ description: QUESTIONS.program.description, codeModel: null });
    expect(byType[1].options).toEqual([
      { id: 'A', content: '先进先出' },
      { id: 'B', content: '后进先出' },
    ]);
    for (const secret of [
      QUESTIONS.short.answer,
      QUESTIONS.program.answer,
      QUESTIONS.func.answer,
      '"Push"',
      '入栈',
      '"output"',
      '"answer":"B"',
      '"tip"',
      'testcases',
    ])
      expect(res.body).not.toContain(secret);
    expect(paper.items.every((i: Item) => i.result === null && i.answer === '')).toBe(true);
  });

  it('drafts are saved over each other per question and shown on the paper', async () => {
    const f = await courseWithHomework(t, { publish: true });
    const draft = (answers: unknown) => f.asStudent.put(`${f.base}/draft`, { answers });
    const first = await draft([
      { questionId: f.ids.single, answer: 'a' },
      { questionId: f.ids.fill, answer: JSON.stringify(['push', '']) },
      { questionId: f.ids.judgment, answer: '错误' },
    ]);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ status: 'draft', answered: 3, submittedAt: null });
    const second = await draft([{ questionId: f.ids.single, answer: 'B' }]);
    expect(second.json().data.answered).toBe(3);
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    const answerOf = (id: string) => paper.items.find((i: Item) => i.question.id === id).answer;
    expect(answerOf(f.ids.single)).toBe('B');
    expect(answerOf(f.ids.judgment)).toBe('false');
    expect(answerOf(f.ids.fill)).toBe(JSON.stringify(['push', '']));
    expect(paper).toMatchObject({ status: 'in_progress', statusText: '进行中', editable: true });
    expect(paper.savedAt).toBeGreaterThan(0);
    // The classmate's paper is their own.
    const theirs = (await f.asClassmate.get(`${f.base}/paper`)).json().data;
    expect(theirs.items.every((i: Item) => i.answer === '')).toBe(true);
  });

  it('refuses bad answers with a clear message and keeps what was saved', async () => {
    const f = await courseWithHomework(t, { publish: true });
    await f.asStudent.put(`${f.base}/draft`, {
      answers: [{ questionId: f.ids.short, answer: '原来的答案' }],
    });
    const other = await courseWithHomework(t, { questions: ['single'] });
    for (const [answers, message] of [
      [[{ questionId: other.ids.single, answer: 'B' }], M.questionNotFound],
      [[{ questionId: f.ids.short, answer: '答'.repeat(1001) }], M.answerTooLong],
      [
        [{ questionId: f.ids.program, answer: `#${'中'.repeat(22_000)}` }],
        PROGRAM_EXECUTION_MSG.sourceTooLong,
      ],
      [[{ questionId: f.ids.single, answer: 'C' }], M.notAnOption],
      [[{ questionId: f.ids.single, answer: 'AB' }], M.singleOneOption],
      [[{ questionId: f.ids.multiple, answer: 'AZ' }], M.notAnOption],
      [[{ questionId: f.ids.judgment, answer: '也许' }], M.judgmentValue],
      [[{ questionId: f.ids.fill, answer: JSON.stringify(['a', 'b', 'c']) }], M.tooManyBlanks],
      [[{ questionId: f.ids.fill, answer: JSON.stringify(['空'.repeat(1001)]) }], M.blankTooLong],
      [
        [
          { questionId: f.ids.short, answer: '一' },
          { questionId: f.ids.short, answer: '二' },
        ],
        M.duplicateQuestion,
      ],
      [[{ questionId: 'x', answer: '' }], M.questionIdInvalid],
      [[{ questionId: f.ids.short, answer: 'a'.repeat(70_000) }], M.answerTooLarge],
    ] as const) {
      for (const call of [
        () => f.asStudent.put(`${f.base}/draft`, { answers }),
        () => f.asStudent.post(`${f.base}/submit`, { answers }),
      ]) {
        const res = await call();
        expect(res.statusCode, message).toBe(400);
        expect(res.json().message).toBe(message);
      }
    }
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper.status).toBe('in_progress');
    expect(paper.items.find((i: Item) => i.question.id === f.ids.short).answer).toBe('原来的答案');
  });

  it('submit grades objective answers at once, leaves short and code answers pending, and is taken once', async () => {
    const f = await courseWithHomework(t, { publish: true });
    await f.asStudent.put(`${f.base}/draft`, { answers: [{ questionId: f.ids.single, answer: 'A' }] });
    const res = await f.asStudent.post(`${f.base}/submit`, { answers: answersOf(f.ids) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ status: 'submitted', answered: 6 });
    expect(res.json().data.submittedAt).toBeGreaterThan(0);

    const again = await f.asStudent.post(`${f.base}/submit`, { answers: [] });
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toBe(M.alreadySubmitted);
    const draft = await f.asStudent.put(`${f.base}/draft`, { answers: [] });
    expect(draft.json().message).toBe(M.alreadySubmitted);

    // Before release the student sees no score.
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper).toMatchObject({ status: 'submitted', editable: false, score: null, pendingCount: null });
    expect(paper.items.every((i: Item) => i.result === null)).toBe(true);

    const list = (await f.teacher.get(`${f.base}/submissions`)).json().data;
    const mine = list.rows.find((r: { studentId: string }) => r.studentId === String(f.student.user.id));
    expect(mine).toMatchObject({ status: 'submitted', totalScore: 25, pendingCount: 2 });
    const detail = (await f.teacher.get(`${f.base}/submissions/${mine.submissionId}`)).json().data;
    const graded = Object.fromEntries(
      detail.answers.map((a: { question: { qsnType: number } }) => [a.question.qsnType, a]),
    );
    expect(graded[1]).toMatchObject({ answer: 'B', score: 10, gradeState: 'graded', gradeSource: 'auto' });
    expect(graded[2]).toMatchObject({ score: 0, gradeSource: 'auto', comment: OBJECTIVE_MSG.wrong });
    expect(graded[3]).toMatchObject({ score: 10, gradeSource: 'auto' });
    expect(graded[6]).toMatchObject({ score: 5, comment: OBJECTIVE_MSG.blanksCorrect(1, 2) });
    expect(graded[7]).toMatchObject({ score: null, gradeState: 'pending', gradeSource: null });
    expect(graded[5]).toMatchObject({ score: null, gradeState: 'pending' });
    expect(graded[8]).toMatchObject({
      answer: '',
      score: 0,
      gradeState: 'graded',
      comment: OBJECTIVE_MSG.unanswered,
    });
    expect(detail).toMatchObject({ status: 'submitted', totalScore: 25, maxScore: 70, pendingCount: 2 });

    const homeworkRow = (await f.teacher.get(f.courseBase)).json().data.rows[0];
    expect(homeworkRow).toMatchObject({ submittedCount: 1, studentCount: 2, pendingCount: 2 });
  });

  it('takes no answers after the deadline or the release', async () => {
    const f = await courseWithHomework(t, { questions: ['single'], publish: true });
    await f.asStudent.put(`${f.base}/draft`, { answers: [{ questionId: f.ids.single, answer: 'B' }] });
    await t.db
      .update(homeworks)
      .set({ deadline: new Date(t.clock.now().getTime() - 1000) })
      .where(eq(homeworks.id, Number(f.homeworkId)));
    const late = await f.asStudent.post(`${f.base}/submit`, { answers: [] });
    expect(late.statusCode).toBe(400);
    expect(late.json().message).toBe(M.deadlinePassed);
    const lateDraft = await f.asStudent.put(`${f.base}/draft`, { answers: [] });
    expect(lateDraft.json().message).toBe(M.deadlinePassedDraft);
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper).toMatchObject({ status: 'closed', statusText: '已截止', editable: false });
    expect(paper.items[0].answer).toBe('B');

    await t.db
      .update(homeworks)
      .set({ deadline: new Date(t.clock.now().getTime() + DAY) })
      .where(eq(homeworks.id, Number(f.homeworkId)));
    await f.teacher.post(`${f.base}/release`);
    const released = await f.asClassmate.post(`${f.base}/submit`, { answers: [] });
    expect(released.statusCode).toBe(400);
    expect(released.json().message).toBe(M.released);
  });

  it('a submit that fails midway leaves the previous draft whole', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'], publish: true });
    await f.asStudent.put(`${f.base}/draft`, {
      answers: [
        { questionId: f.ids.single, answer: 'A' },
        { questionId: f.ids.short, answer: '草稿' },
      ],
    });
    // The last write of the submit (marking it submitted) fails.
    await t.db.execute(sql`
      create function homework_test_fail_submit() returns trigger language plpgsql as $$
      begin raise exception 'submit failed on purpose'; end $$`);
    await t.db.execute(sql`
      create trigger homework_test_fail_submit before update on homework_submissions
      for each row when (new.status = 'submitted') execute function homework_test_fail_submit()`);
    try {
      const res = await f.asStudent.post(`${f.base}/submit`, {
        answers: [
          { questionId: f.ids.single, answer: 'B' },
          { questionId: f.ids.short, answer: '提交的答案' },
        ],
      });
      expect(res.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger homework_test_fail_submit on homework_submissions`);
      await t.db.execute(sql`drop function homework_test_fail_submit()`);
    }
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper.status).toBe('in_progress');
    expect(paper.items.map((i: Item) => i.answer)).toEqual(['A', '草稿']);
    const detail = await f.teacher.get(`${f.base}/submissions?status=draft`);
    expect(detail.json().data.total).toBe(1);
    // Submitting again works.
    const ok = await f.asStudent.post(`${f.base}/submit`, { answers: [] });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('after release the student sees each answer’s grade and the reference answer', async () => {
    const f = await courseWithHomework(t, { publish: true });
    await f.asStudent.post(`${f.base}/submit`, { answers: answersOf(f.ids) });
    const list = (await f.teacher.get(`${f.base}/submissions?status=submitted`)).json().data;
    const submissionId = list.rows[0].submissionId;
    const detail = (await f.teacher.get(`${f.base}/submissions/${submissionId}`)).json().data;
    const short = detail.answers.find((a: { question: { id: string } }) => a.question.id === f.ids.short);
    await f.teacher.put(`${f.base}/submissions/${submissionId}/answers/${short.answerId}/grade`, {
      score: 8.5,
      comment: '要点齐全',
      basis: '答到了后进先出和先进先出',
      source: 'ai',
    });
    await f.teacher.post(`${f.base}/release`);
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper).toMatchObject({ status: 'graded', statusText: '已批改', score: 33.5, pendingCount: 1 });
    const item = paper.items.find((i: Item) => i.question.id === f.ids.short);
    expect(item.result).toMatchObject({
      score: 8.5,
      maxScore: 10,
      gradeSource: 'ai',
      comment: '要点齐全',
      basis: '答到了后进先出和先进先出',
      reference: { answer: QUESTIONS.short.answer },
    });
    const fill = paper.items.find((i: Item) => i.question.id === f.ids.fill);
    expect(fill.result.reference.answerList).toEqual(['Push', 'Pop']);
  });

  it('student calls: only student members of the course, published homework; others 404, no token 401', async () => {
    const f = await courseWithHomework(t, { questions: ['single'] });
    const calls = [
      ['GET', `${f.courseBase}/study`],
      ['GET', `${f.base}/paper`],
      ['PUT', `${f.base}/draft`, { answers: [] }],
      ['POST', `${f.base}/submit`, { answers: [] }],
    ] as const;
    const send = (token: string | undefined, [method, url, body]: (typeof calls)[number]) =>
      t.app.inject({
        method,
        url,
        headers: token ? { 'x-access-token': token } : {},
        ...(body ? { payload: body } : {}),
      });
    // Unpublished: the members see nothing either.
    for (const call of calls.slice(1)) expect((await send(f.student.token, call)).statusCode).toBe(404);
    await f.teacher.post(`${f.base}/publish`);
    for (const call of calls) {
      for (const token of [f.outsider.token, f.teacherMember.token, f.otherTeacherMember.token]) {
        const res = await send(token, call);
        expect(res.statusCode, `${call[0]} ${call[1]}`).toBe(404);
        expect(res.json().data).toBeNull();
      }
      expect((await send(undefined, call)).statusCode).toBe(401);
    }
    // The homework through another course's id.
    const crossed = `${C}/courses/${f.otherCourseId}/homeworks/${f.homeworkId}`;
    expect((await f.asStudent.get(`${crossed}/paper`)).statusCode).toBe(404);
    expect((await f.asStudent.post(`${crossed}/submit`, { answers: [] })).statusCode).toBe(404);
    expect((await f.teacher.get(`${f.base}/submissions?status=draft`)).json().data.total).toBe(0);
  });

  it('the teacher’s list is the roster with each submission, filtered and paginated', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'], publish: true });
    await f.asStudent.post(`${f.base}/submit`, {
      answers: [
        { questionId: f.ids.single, answer: 'B' },
        { questionId: f.ids.short, answer: '答案' },
      ],
    });
    const all = (await f.teacher.get(`${f.base}/submissions?pageNumber=1&pageSize=10`)).json().data;
    expect(all.total).toBe(2);
    const byStudent = Object.fromEntries(all.rows.map((r: { studentId: string }) => [r.studentId, r]));
    expect(byStudent[String(f.student.user.id)]).toMatchObject({
      name: f.student.user.name,
      username: f.student.user.username,
      status: 'submitted',
      totalScore: 10,
      pendingCount: 1,
    });
    expect(byStudent[String(f.classmate.user.id)]).toMatchObject({
      status: 'not_submitted',
      submissionId: null,
      submittedAt: null,
      totalScore: null,
      pendingCount: 0,
    });
    const notSubmitted = (await f.teacher.get(`${f.base}/submissions?status=not_submitted`)).json().data;
    expect(notSubmitted.rows.map((r: { studentId: string }) => r.studentId)).toEqual([
      String(f.classmate.user.id),
    ]);
    // 待批改: submitted with an answer still waiting (the short answer); nobody once it is graded
    const toReview = (await f.teacher.get(`${f.base}/submissions?status=to_review`)).json().data;
    expect(toReview.rows.map((r: { studentId: string }) => r.studentId)).toEqual([String(f.student.user.id)]);
    expect(toReview.total).toBe(1);
    expect(
      (await f.teacher.get(`${f.base}/submissions?pageNumber=2&pageSize=1`)).json().data.rows,
    ).toHaveLength(1);
    expect((await f.teacher.get(`${f.base}/submissions?status=late`)).statusCode).toBe(400);
  });

  it('the teacher grades any answer (override or 引用 of the AI judge) and the totals follow', async () => {
    const f = await courseWithHomework(t, { publish: true });
    await f.asStudent.post(`${f.base}/submit`, { answers: answersOf(f.ids) });
    await f.asClassmate.put(`${f.base}/draft`, { answers: [{ questionId: f.ids.single, answer: 'B' }] });
    const rows = (await f.teacher.get(`${f.base}/submissions`)).json().data.rows;
    const mine = rows.find((r: { status: string }) => r.status === 'submitted').submissionId;
    const drafted = rows.find((r: { status: string }) => r.status === 'draft').submissionId;
    const detail = (await f.teacher.get(`${f.base}/submissions/${mine}`)).json().data;
    const answerOf = (id: string) =>
      detail.answers.find((a: { question: { id: string } }) => a.question.id === id).answerId;
    const grade = (answerId: string, body: unknown, submissionId = mine) =>
      f.teacher.put(`${f.base}/submissions/${submissionId}/answers/${answerId}/grade`, body);

    const applied = await grade(answerOf(f.ids.short), {
      score: 7.5,
      comment: '基本正确',
      basis: '要点：后进先出（已答）',
      source: 'ai',
    });
    expect(applied.statusCode, applied.body).toBe(200);
    expect(applied.json().data).toMatchObject({
      answer: { score: 7.5, gradeSource: 'ai', gradeState: 'graded', basis: '要点：后进先出（已答）' },
      totalScore: 32.5,
      pendingCount: 1,
    });
    // The teacher overrides it; the basis stays when none is sent.
    const overridden = await grade(answerOf(f.ids.short), { score: 9, comment: '很好', source: 'teacher' });
    expect(overridden.json().data).toMatchObject({
      answer: { score: 9, gradeSource: 'teacher', comment: '很好', basis: '要点：后进先出（已答）' },
      totalScore: 34,
    });
    const objective = await grade(answerOf(f.ids.multiple), {
      score: 5,
      comment: '部分正确',
      source: 'teacher',
    });
    expect(objective.json().data).toMatchObject({ totalScore: 39, pendingCount: 1 });
    const code = await grade(answerOf(f.ids.program), { score: 10, comment: '', source: 'teacher' });
    expect(code.json().data).toMatchObject({ totalScore: 49, pendingCount: 0 });

    for (const [body, message] of [
      [{ score: 10.5, comment: '', source: 'teacher' }, AI_MSG.resultScoreRange],
      [{ score: -1, comment: '', source: 'teacher' }, AI_MSG.resultScoreRange],
      [{ score: 1.25, comment: '', source: 'teacher' }, AI_MSG.resultScoreRange],
      [{ comment: '', source: 'teacher' }, AI_MSG.resultScoreRequired],
      [{ score: 1, comment: '评'.repeat(1001), source: 'teacher' }, M.commentTooLong],
      [{ score: 1, comment: '', basis: '据'.repeat(4001), source: 'ai' }, M.basisTooLong],
    ] as const) {
      const res = await grade(answerOf(f.ids.short), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 50)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const notJudgeable = await grade(answerOf(f.ids.single), { score: 1, comment: '', source: 'ai' });
    expect(notJudgeable.json().message).toBe(M.aiSourceNotJudgeable);
    const draftAnswers = (await f.teacher.get(`${f.base}/submissions/${drafted}`)).json().data;
    expect(draftAnswers).toMatchObject({ status: 'draft', totalScore: null });
    const draftAnswerId = draftAnswers.answers.find((a: { answerId: string | null }) => a.answerId).answerId;
    const onDraft = await grade(draftAnswerId, { score: 1, comment: '', source: 'teacher' }, drafted);
    expect(onDraft.statusCode).toBe(400);
    expect(onDraft.json().message).toBe(M.notSubmitted);
    // An answer of another submission through this one.
    const crossed = await grade(draftAnswerId, { score: 1, comment: '', source: 'teacher' });
    expect(crossed.statusCode).toBe(404);
    expect(crossed.json().message).toBe(M.answerNotFound);
    expect((await f.teacher.get(`${f.base}/submissions/${mine}`)).json().data).toMatchObject({
      totalScore: 49,
      pendingCount: 0,
    });
  });

  it('teacher calls: another teacher 404 (nothing changed), students 403, another homework’s ids 404, no token 401', async () => {
    const f = await courseWithHomework(t, { questions: ['single', 'short'], publish: true });
    await f.asStudent.post(`${f.base}/submit`, { answers: [{ questionId: f.ids.short, answer: '答' }] });
    const submissionId = (await f.teacher.get(`${f.base}/submissions?status=submitted`)).json().data.rows[0]
      .submissionId;
    const detail = (await f.teacher.get(`${f.base}/submissions/${submissionId}`)).json().data;
    const answerId = detail.answers[1].answerId;
    const grade = { score: 3, comment: '', source: 'teacher' };
    const calls = [
      ['GET', `${f.base}/submissions`],
      ['GET', `${f.base}/submissions/${submissionId}`],
      ['PUT', `${f.base}/submissions/${submissionId}/answers/${answerId}/grade`, grade],
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
      expect(other.json().data).toBeNull();
      for (const student of [f.student, f.outsider]) {
        const res = await send(student.token, call);
        expect(res.statusCode).toBe(403);
        expect(res.json().message).toBe(MSG.studentNoPermission);
      }
      expect((await send(undefined, call)).statusCode).toBe(401);
    }
    // The submission through another homework of the same course.
    const second = await f.teacher.post(f.courseBase, {
      name: '第二次作业',
      deadline: t.clock.now().getTime() + DAY,
    });
    const otherBase = `${f.courseBase}/${second.json().data.id}`;
    const viaOther = await f.teacher.get(`${otherBase}/submissions/${submissionId}`);
    expect(viaOther.statusCode).toBe(404);
    expect(viaOther.json().message).toBe(M.submissionNotFound);
    expect(
      (await f.teacher.put(`${otherBase}/submissions/${submissionId}/answers/${answerId}/grade`, grade))
        .statusCode,
    ).toBe(404);
    expect((await f.teacher.get(`${f.base}/submissions/${submissionId}`)).json().data).toMatchObject({
      totalScore: 0,
      pendingCount: 1,
    });
  });
});
