import { CODE_GRADE_MSG, programScore } from '@uplus/shared';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../app';
import type { Database, Db } from '../../../db/client';
import { codeEvaluationCases, codeEvaluationStages, codeEvaluations, codeRunners } from '../../../db/schema';
import type { App } from '../../../http/context';
import { createJobQueue, type JobQueue } from '../../../jobs/queue';
import { createLlmClient } from '../../../llm/client';
import { testConfig } from '../../../test/app';
import { type Driver, openTestDatabase, testDrivers } from '../../../test/database';
import { asUser, buildSignedInMember } from '../../../test/factories';
import { testLlmConfig } from '../../../test/llm';
import {
  type CodeExecutionConfig,
  DEFAULT_CODE_EXECUTION,
} from '../../program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from '../../program-execution/program-execution.runner';
import { type GradingWorkers, startGradingWorkers } from './grading.jobs';
import { gradeSubmissionCode, MAX_CODE_RUNS, queueCodeGrading } from './grading.service';
import {
  buildHomework,
  buildSubmission,
  type FixtureQuestion,
  gradeByTeacher,
  readAnswer,
  readSubmission,
} from './grading.test-support';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const TIMINGS = { leaseMs: 5000, pollMs: 20, retryMs: 50, evaluationTimeoutMs: 60_000 };

type Ctx = {
  app: App;
  db: Db;
  database: Database;
  jobs: JobQueue;
  config: CodeExecutionConfig;
  runner: CodeRunner | null;
  workers: GradingWorkers | null;
};

/** A database, app, job queue, and (with `runner`) a code runner and grading workers in this process. */
const useCodeGrading = (
  driver: Driver,
  options: { runner: boolean; config?: Partial<CodeExecutionConfig> },
) => {
  const ctx = { runner: null, workers: null } as Ctx;
  beforeAll(async () => {
    ctx.database = await openTestDatabase(driver);
    ctx.db = ctx.database.db;
    ctx.config = { ...DEFAULT_CODE_EXECUTION, workers: 2, pollingIntervalMs: 500, ...options.config };
    ctx.jobs = createJobQueue({ db: ctx.db, log: quiet });
    ctx.app = await buildApp(testConfig(), {
      database: ctx.database,
      jobs: ctx.jobs,
      codeExecution: ctx.config,
    });
    await ctx.app.ready();
    if (options.runner) {
      ctx.runner = await startCodeRunner({
        db: ctx.db,
        driver,
        jobs: ctx.jobs,
        log: quiet,
        config: ctx.config,
      });
      ctx.workers = await startGradingWorkers({
        db: ctx.db,
        jobs: ctx.jobs,
        llm: createLlmClient(testLlmConfig()),
        llmLimits: {},
        codeExecution: ctx.config,
        log: quiet,
        timings: TIMINGS,
      });
    }
  });
  afterAll(async () => {
    await ctx.workers?.stop();
    await ctx.runner?.stop({ timeoutMs: 5000 });
    await ctx.app?.close();
    await ctx.jobs?.stop({ timeoutMs: 1000 });
    await ctx.database?.close();
  });
  return ctx;
};

const SUM_PY = 'a, b = map(int, input().split())\nprint(a + b)\n';
/** Right only while a < 5 (so the 2nd and 3rd cases below fail). */
const HALF_PY = 'a, b = map(int, input().split())\nprint(a + b if a < 2 else a - b)\n';

const CASES = [
  { input: '1 2', output: '3', weight: 20 },
  { input: '2 3', output: '5', weight: 30 },
  { input: '5 5', output: '10', weight: 50 },
];

const codeQuestion = (qsnType: number, extra: Record<string, unknown> = {}): FixtureQuestion => ({
  qsnType,
  score: 10,
  question: {
    titleText: 'A+B',
    description: '输入两个整数，输出它们的和',
    language: 'python3',
    maxTime: 2000,
    programScoreStrategy: 'Part',
    isPerformance: 0,
    testcases: CASES,
    ...extra,
  },
});

/** Waits until no answer of the list is pending. */
const waitForGrades = async (db: Db, answerIds: number[], timeoutMs = 60_000) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const rows = await Promise.all(answerIds.map((id) => readAnswer(db, id)));
    if (rows.every((r) => r.gradeState !== 'pending')) return rows;
    if (Date.now() > deadline) throw new Error(`answers still pending: ${JSON.stringify(rows)}`);
    await sleep(50);
  }
};

const evaluationsOf = async (db: Db, userId: number) =>
  db.select().from(codeEvaluations).where(eq(codeEvaluations.userId, userId));

describe.each(testDrivers())('code grading in the sandbox on %s', (driver) => {
  const t = useCodeGrading(driver, { runner: true });

  it('runs each code answer against every case: Part weights, the detail per case, source code, totals', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [
      codeQuestion(5),
      codeQuestion(8),
      codeQuestion(4),
    ]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [
        { questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 },
        { questionId: hw.questionIds[1]!, answer: HALF_PY, maxScore: 10 },
        { questionId: hw.questionIds[2]!, answer: '   ', maxScore: 10 },
      ],
    });
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ pendingCount: 3, totalScore: 0 });
    expect(await queueCodeGrading({ db: t.db, jobs: t.jobs, submissionId: sub.submissionId })).toBe(true);
    const [right, half, blank] = await waitForGrades(t.db, sub.answerIds);

    expect(right).toMatchObject({
      gradeState: 'graded',
      gradeSource: 'code',
      score: 10,
      judgeClaimedAt: null,
    });
    expect(right!.codeDetail).toMatchObject({ strategy: 'Part', performance: null, message: '' });
    expect(right!.codeDetail!.cases.map((c) => [c.qualified, c.verdict])).toEqual([
      [true, ''],
      [true, ''],
      [true, ''],
    ]);
    expect(right!.codeDetail!.cases.every((c) => typeof c.timeUsedMs === 'number')).toBe(true);

    // 20 % of 10.
    expect(half).toMatchObject({ gradeState: 'graded', gradeSource: 'code', score: 2 });
    expect(half!.codeDetail!.cases.map((c) => [c.weight, c.qualified, c.verdict])).toEqual([
      [20, true, ''],
      [30, false, '答案错误'],
      [50, false, '答案错误'],
    ]);
    expect(blank).toMatchObject({ gradeState: 'graded', score: 0 });
    expect(blank!.codeDetail!.message).toBe(CODE_GRADE_MSG.blankCode);
    // The answers are kept as written; the student's code ran as their evaluations (blank: not run).
    expect(right!.answer).toBe(SUM_PY);
    const runs = await evaluationsOf(t.db, student.user.id);
    expect(runs.map((r) => r.sourceCode).sort()).toEqual([HALF_PY, SUM_PY].sort());
    expect(runs.every((r) => r.timeLimitMs === 2000 && r.languageId === 'python3')).toBe(true);
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ totalScore: 12, pendingCount: 0 });
  });

  it('All: 0 unless every case passes; performance: S*(1-x%) + S*x%*(Tmin/(Ti*0.9)) on the slowest case', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [
      codeQuestion(5, { programScoreStrategy: 'All' }),
      codeQuestion(5, { programScoreStrategy: 'All', isPerformance: 1, ratePerformance: 40, runtime: 1 }),
    ]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [
        { questionId: hw.questionIds[0]!, answer: HALF_PY, maxScore: 10 },
        { questionId: hw.questionIds[1]!, answer: SUM_PY, maxScore: 10 },
      ],
    });
    await queueCodeGrading({ db: t.db, jobs: t.jobs, submissionId: sub.submissionId });
    const [all, perf] = await waitForGrades(t.db, sub.answerIds);
    expect(all).toMatchObject({ gradeState: 'graded', score: 0 });
    expect(perf!.codeDetail).toMatchObject({
      strategy: 'All',
      performance: { sharePercent: 40, referenceTimeMs: 1 },
    });
    const times = perf!.codeDetail!.cases.map((c) => c.timeUsedMs ?? 0);
    const slowest = Math.max(...times);
    // A Python run takes far more than 1 ms: the performance part is nearly lost.
    expect(slowest).toBeGreaterThan(1);
    const expected = Math.round((10 * 0.6 + 10 * 0.4 * Math.min(1, 1 / (slowest * 0.9))) * 10) / 10;
    expect(perf!.score).toBe(expected);
    expect(perf!.score).toBeLessThan(10);
    expect(perf!.score).toBeGreaterThanOrEqual(6);
    expect(perf!.score).toBe(
      programScore({
        questionScore: 10,
        strategy: 'All',
        cases: perf!.codeDetail!.cases,
        performance: { sharePercent: 40, referenceTimeMs: 1 },
      }),
    );
  });

  it('a compile error scores 0 with the compiler’s message', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5, { language: 'c' })]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: 'int main(void) { return 0 }\n', maxScore: 10 }],
    });
    await queueCodeGrading({ db: t.db, jobs: t.jobs, submissionId: sub.submissionId });
    const [answer] = await waitForGrades(t.db, sub.answerIds);
    expect(answer).toMatchObject({ gradeState: 'graded', gradeSource: 'code', score: 0 });
    expect(answer!.codeDetail!.message).toMatch(/编译失败[\s\S]*error/);
    expect(answer!.codeDetail!.cases.map((c) => c.verdict)).toEqual(['编译错误', '编译错误', '编译错误']);
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ totalScore: 0, pendingCount: 0 });
  });

  it('never overwrites a teacher’s grade, skips drafts, and queues nothing without code answers', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [
      codeQuestion(5),
      { ...codeQuestion(5), qsnType: 7 },
    ]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
    });
    await gradeByTeacher(t.db, sub.answerIds[0]!, 4);
    expect(await queueCodeGrading({ db: t.db, jobs: t.jobs, submissionId: sub.submissionId })).toBe(false);
    await gradeSubmissionCode({
      db: t.db,
      jobs: t.jobs,
      codeExecution: t.config,
      log: quiet,
      timings: TIMINGS,
      submissionId: sub.submissionId,
    });
    expect(await readAnswer(t.db, sub.answerIds[0]!)).toMatchObject({ gradeSource: 'teacher', score: 4 });

    const other = await buildSignedInMember(t.db, { identityType: 'Student' });
    const draft = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: other.user.id,
      draft: true,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
    });
    await gradeSubmissionCode({
      db: t.db,
      jobs: t.jobs,
      codeExecution: t.config,
      log: quiet,
      timings: TIMINGS,
      submissionId: draft.submissionId,
    });
    expect(await readAnswer(t.db, draft.answerIds[0]!)).toMatchObject({ gradeState: 'pending', score: null });
    expect(await evaluationsOf(t.db, student.user.id)).toHaveLength(0);
    expect(await evaluationsOf(t.db, other.user.id)).toHaveLength(0);
  });

  it('a process starting resumes the grading of submissions whose worker died', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5)]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    // Submitted, its job lost with its worker (none was queued here); the dead worker's claim ran out.
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
    });
    await t.db.execute(
      sql`update homework_answers set judge_claimed_at = now() - interval '1 hour' where id = ${sub.answerIds[0]!}`,
    );
    const otherJobs = createJobQueue({ db: t.db, log: quiet });
    const other = await startGradingWorkers({
      db: t.db,
      jobs: otherJobs,
      llm: createLlmClient(testLlmConfig()),
      llmLimits: {},
      codeExecution: t.config,
      log: quiet,
      timings: TIMINGS,
    });
    try {
      const [answer] = await waitForGrades(t.db, sub.answerIds);
      expect(answer).toMatchObject({ gradeState: 'graded', gradeSource: 'code', score: 10 });
    } finally {
      await other.stop();
      await otherJobs.stop({ timeoutMs: 1000 });
    }
  });

  it('a worker dying mid-grading while this process runs: its answer is graded once its lease ran out', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5)]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    // Claimed by a process killed since (its job stays active in the queue for an hour), lease just run out.
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
      submittedAt: new Date(Date.now() - 60_000),
    });
    await t.db.execute(
      sql`update homework_answers set judge_claimed_at = now() - interval '6 seconds' where id = ${sub.answerIds[0]!}`,
    );
    // This process's grading workers started long before: only their periodic look finds it.
    const [answer] = await waitForGrades(t.db, sub.answerIds, 20_000);
    expect(answer).toMatchObject({ gradeState: 'graded', gradeSource: 'code', score: 10 });
    expect(await evaluationsOf(t.db, student.user.id)).toHaveLength(1);
  });

  it('two workers on one submission run each answer once', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5), codeQuestion(5)]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [
        { questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 },
        { questionId: hw.questionIds[1]!, answer: SUM_PY, maxScore: 10 },
      ],
    });
    const grade = () =>
      gradeSubmissionCode({
        db: t.db,
        jobs: t.jobs,
        codeExecution: t.config,
        log: quiet,
        timings: TIMINGS,
        submissionId: sub.submissionId,
      });
    await Promise.all([grade(), grade()]);
    expect(await evaluationsOf(t.db, student.user.id)).toHaveLength(2);
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ totalScore: 20, pendingCount: 0 });
  });

  it('grading a class does not starve a teacher’s test run: it starts before the grading backlog is through', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const slow = 'import time\na, b = map(int, input().split())\ntime.sleep(0.15)\nprint(a + b)\n';
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5)]);
    const subs = [];
    for (let i = 0; i < 6; i++) {
      const student = await buildSignedInMember(t.db, { identityType: 'Student' });
      subs.push(
        await buildSubmission(t.db, {
          homeworkId: hw.homeworkId,
          studentId: student.user.id,
          answers: [{ questionId: hw.questionIds[0]!, answer: slow, maxScore: 10 }],
        }),
      );
    }
    for (const sub of subs)
      await queueCodeGrading({ db: t.db, jobs: t.jobs, submissionId: sub.submissionId });
    await sleep(300);
    const submitted = await asUser(t.app, teacher.token).post('/api/course/programExecution/submit', {
      sourceCode: SUM_PY,
      languageId: 'python3',
      timeLimit: 2000,
      testcases: [{ stdin: '1 2', stdout: '3' }],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const testRunId = Number(submitted.json().data.evaluationId);
    const all = subs.flatMap((s) => s.answerIds);
    await waitForGrades(t.db, all);
    const rows = (
      (await t.db.execute(sql`
      select id::int as id, user_id::int as "userId", started_at as "startedAt", finished_at as "finishedAt"
      from ${codeEvaluations} where id >= ${testRunId - 10}
    `)) as unknown as { rows: unknown[] }
    ).rows as { id: number; userId: number; startedAt: string; finishedAt: string }[];
    const testRun = rows.find((r) => r.id === testRunId)!;
    const grading = rows.filter((r) => r.userId !== teacher.user.id && r.id !== testRunId);
    expect(grading.length).toBeGreaterThanOrEqual(6);
    // The test run finished while grading still had evaluations to start.
    const lastGradingStart = Math.max(...grading.map((r) => new Date(r.startedAt).getTime()));
    expect(new Date(testRun.finishedAt).getTime()).toBeLessThan(lastGradingStart);
  });
});

describe.each(testDrivers())('code grading without a code runner on %s', (driver) => {
  const t = useCodeGrading(driver, { runner: false });

  it('leaves the answer failed for the teacher with the reason, the code kept, the pending count kept', async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [
      codeQuestion(5),
      codeQuestion(5, { testcases: [] }),
    ]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [
        { questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 },
        { questionId: hw.questionIds[1]!, answer: SUM_PY, maxScore: 10 },
      ],
    });
    await gradeSubmissionCode({
      db: t.db,
      jobs: t.jobs,
      codeExecution: t.config,
      log: quiet,
      timings: TIMINGS,
      submissionId: sub.submissionId,
    });
    const [unavailable, notGradable] = await Promise.all(sub.answerIds.map((id) => readAnswer(t.db, id)));
    expect(unavailable).toMatchObject({
      gradeState: 'failed',
      gradeSource: null,
      score: null,
      answer: SUM_PY,
    });
    expect(unavailable!.codeDetail!.message).toContain(CODE_GRADE_MSG.sandboxUnavailable);
    expect(notGradable).toMatchObject({ gradeState: 'failed', answer: SUM_PY });
    expect(notGradable!.codeDetail!.message).toBe(CODE_GRADE_MSG.notGradable);
    expect(await readSubmission(t.db, sub.submissionId)).toMatchObject({ totalScore: 0, pendingCount: 2 });
  });
});

describe.each(testDrivers())('code grading at a full code queue on %s', (driver) => {
  // A runner that is registered and offers Python but runs nothing here, and a queue of one place.
  const t = useCodeGrading(driver, { runner: false, config: { queueLimit: 1 } });

  it('waits for a place in the queue instead of failing the answer', async () => {
    await t.db.insert(codeRunners).values({
      id: 'registered-elsewhere',
      host: 'elsewhere',
      pid: 1,
      concurrency: 1,
      isolationOk: true,
      isolationReason: null,
      languages: [{ id: 'python3', name: 'Python 3', version: '3' }],
    });
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const [blocker] = await t.db
      .insert(codeEvaluations)
      .values({ userId: teacher.user.id, languageId: 'python3', timeLimitMs: 1000, sourceCode: 'print(1)' })
      .returning({ id: codeEvaluations.id });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5)]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
    });
    const grading = gradeSubmissionCode({
      db: t.db,
      jobs: t.jobs,
      codeExecution: t.config,
      log: quiet,
      timings: { ...TIMINGS, evaluationTimeoutMs: 2500 },
      submissionId: sub.submissionId,
    });
    await sleep(600);
    // Still waiting: nothing queued for the student, the answer pending and held.
    expect(await evaluationsOf(t.db, student.user.id)).toHaveLength(0);
    const waiting = await readAnswer(t.db, sub.answerIds[0]!);
    expect(waiting).toMatchObject({ gradeState: 'pending' });
    expect(waiting.judgeClaimedAt).not.toBeNull();
    // A place comes free: the answer's evaluation is queued (nobody runs it here: it times out as failed).
    await t.db.delete(codeEvaluations).where(eq(codeEvaluations.id, blocker!.id));
    await grading;
    expect(await evaluationsOf(t.db, student.user.id)).toHaveLength(1);
    const answer = await readAnswer(t.db, sub.answerIds[0]!);
    expect(answer).toMatchObject({ gradeState: 'failed', answer: SUM_PY });
    expect(answer.codeDetail!.message).toContain('评测超时');
  });
});

describe.each(testDrivers())('code grading when the runner dies mid-run on %s', (driver) => {
  // A runner registered elsewhere that offers Python; the test plays the runners: one dies, another finishes.
  const t = useCodeGrading(driver, { runner: false });
  const DIED = '编译失败：评测进程意外中断，请重新提交';

  beforeAll(async () => {
    await t.db.insert(codeRunners).values({
      id: 'runner-elsewhere',
      host: 'elsewhere',
      pid: 1,
      concurrency: 1,
      isolationOk: true,
      isolationReason: null,
      languages: [{ id: 'python3', name: 'Python 3', version: '3' }],
    });
  });

  /** The n-th evaluation of the user, once it is queued. */
  const nthEvaluation = async (userId: number, n: number) => {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const rows = (await evaluationsOf(t.db, userId)).sort((a, b) => a.id - b.id);
      if (rows.length >= n) return rows[n - 1]!;
      if (Date.now() > deadline) throw new Error(`evaluation ${n} never queued`);
      await sleep(20);
    }
  };

  /** What another runner's sweep does to a dead runner's evaluation: failed first, its failure row after. */
  const dieMidRun = async (evaluationId: number) => {
    await t.db
      .update(codeEvaluations)
      .set({ status: 'failed', runnerId: 'dead-runner', finishedAt: sql`now()` })
      .where(eq(codeEvaluations.id, evaluationId));
    await sleep(100);
    await t.db
      .insert(codeEvaluationStages)
      .values({ evaluationId, stage: 'COMPILE', success: false, message: DIED });
  };

  /** What a live runner writes for a program that passes every case. */
  const passEveryCase = async (evaluationId: number) => {
    const cases = await t.db
      .select()
      .from(codeEvaluationCases)
      .where(eq(codeEvaluationCases.evaluationId, evaluationId));
    await t.db.insert(codeEvaluationStages).values([
      ...cases.map((c) => ({
        evaluationId,
        stage: 'RUN',
        success: true,
        message: '运行成功',
        outputQualified: true,
        testcaseId: c.id,
        timeUsed: 10,
        verdict: 'ACCEPTED',
      })),
      { evaluationId, stage: 'COMPLETE', success: true, message: '评测完成' },
    ]);
    await t.db
      .update(codeEvaluations)
      .set({ status: 'complete' })
      .where(eq(codeEvaluations.id, evaluationId));
  };

  const submitted = async (options: { db?: Db; timings?: Partial<typeof TIMINGS> } = {}) => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const hw = await buildHomework(t.db, teacher.user.id, [codeQuestion(5)]);
    const student = await buildSignedInMember(t.db, { identityType: 'Student' });
    const sub = await buildSubmission(t.db, {
      homeworkId: hw.homeworkId,
      studentId: student.user.id,
      answers: [{ questionId: hw.questionIds[0]!, answer: SUM_PY, maxScore: 10 }],
    });
    const grading = gradeSubmissionCode({
      db: options.db ?? t.db,
      jobs: t.jobs,
      codeExecution: t.config,
      log: quiet,
      timings: { ...TIMINGS, ...options.timings },
      submissionId: sub.submissionId,
    });
    return { userId: student.user.id, sub, grading };
  };

  it('runs the answer again on another runner and grades that run, never the cut-off one as a compile error', async () => {
    const { userId, sub, grading } = await submitted();
    await dieMidRun((await nthEvaluation(userId, 1)).id);
    await passEveryCase((await nthEvaluation(userId, 2)).id);
    await grading;
    expect(await readAnswer(t.db, sub.answerIds[0]!)).toMatchObject({
      gradeState: 'graded',
      gradeSource: 'code',
      score: 10,
    });
    const runs = (await evaluationsOf(t.db, userId)).sort((a, b) => a.id - b.id);
    expect(runs.map((e) => e.status)).toEqual(['failed', 'complete']);
  });

  it('leaves the answer failed for the teacher, with the reason, when every run is cut off', async () => {
    const { userId, sub, grading } = await submitted();
    for (let n = 1; n <= MAX_CODE_RUNS; n++) await dieMidRun((await nthEvaluation(userId, n)).id);
    await grading;
    const answer = await readAnswer(t.db, sub.answerIds[0]!);
    expect(answer).toMatchObject({ gradeState: 'failed', score: null });
    // The reason: the failure row, or the runner's death when the run was seen failed before its row came.
    expect(answer.codeDetail!.message).toMatch(
      /^代码评测未能完成，请教师人工批改（(编译失败：)?评测进程意外中断，请重新提交）$/,
    );
    expect(answer.codeDetail!.message.startsWith(CODE_GRADE_MSG.runFailed)).toBe(true);
    expect(await evaluationsOf(t.db, userId)).toHaveLength(MAX_CODE_RUNS);
  });

  /**
   * The grading's database as PostgreSQL restarting shows it: while `down`, every statement fails as a
   * connection the server terminated (57P01), as pg reports it through drizzle.
   */
  const restartingDb = () => {
    const state = { down: false, refused: 0 };
    const db = new Proxy(t.db, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver);
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (state.down) {
            state.refused++;
            const lost = Object.assign(new Error('terminating connection due to administrator command'), {
              code: '57P01',
            });
            throw new Error('Failed query', { cause: lost });
          }
          return value.apply(target, args);
        };
      },
    });
    return { db, state };
  };

  it('a poll that meets PostgreSQL restarting asks again and grades the run once it is back', async () => {
    const flaky = restartingDb();
    const { userId, sub, grading } = await submitted({ db: flaky.db });
    const evaluation = await nthEvaluation(userId, 1);
    flaky.state.down = true;
    const deadline = Date.now() + 10_000;
    while (flaky.state.refused < 3 && Date.now() < deadline) await sleep(10);
    expect(flaky.state.refused).toBeGreaterThanOrEqual(3);
    await passEveryCase(evaluation.id);
    flaky.state.down = false;
    await grading;
    expect(await readAnswer(t.db, sub.answerIds[0]!)).toMatchObject({
      gradeState: 'graded',
      gradeSource: 'code',
      score: 10,
    });
    // the same run was read, not a second one queued
    expect((await evaluationsOf(t.db, userId)).map((e) => e.status)).toEqual(['complete']);
  });

  it('an outage longer than the grading may wait leaves the answer pending for the retry, not failed', async () => {
    const flaky = restartingDb();
    const { userId, sub, grading } = await submitted({
      db: flaky.db,
      timings: { evaluationTimeoutMs: 400 },
    });
    await nthEvaluation(userId, 1);
    flaky.state.down = true;
    await expect(grading).rejects.toThrow('Failed query');
    flaky.state.down = false;
    expect(await readAnswer(t.db, sub.answerIds[0]!)).toMatchObject({ gradeState: 'pending', score: null });
  });
});
