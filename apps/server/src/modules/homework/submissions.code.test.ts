import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database, Db } from '../../db/client';
import type { App } from '../../http/context';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { createLlmClient } from '../../llm/client';
import { testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/database';
import { testLlmConfig } from '../../test/llm';
import { DEFAULT_CODE_EXECUTION } from '../program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from '../program-execution/program-execution.runner';
import { type GradingWorkers, startGradingWorkers } from './grading/grading.jobs';
import { courseWithHomework } from './homework.test-support';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/*
 * The whole path of a code answer: the student's submit queues it, the grading workers run it in the
 * sandbox, and the teacher's list and the released paper show its grade.
 */
describe.each(testDrivers())('code answers of a submit graded in the sandbox on %s', (driver) => {
  const ctx = {} as {
    app: App;
    db: Db;
    database: Database;
    jobs: JobQueue;
    runner: CodeRunner;
    workers: GradingWorkers;
  };
  beforeAll(async () => {
    ctx.database = await openTestDatabase(driver);
    ctx.db = ctx.database.db;
    const config = { ...DEFAULT_CODE_EXECUTION, workers: 2, pollingIntervalMs: 200 };
    ctx.jobs = createJobQueue({ db: ctx.db, log: quiet });
    ctx.app = await buildApp(testConfig(), { database: ctx.database, jobs: ctx.jobs, codeExecution: config });
    await ctx.app.ready();
    ctx.runner = await startCodeRunner({ db: ctx.db, driver, jobs: ctx.jobs, log: quiet, config });
    ctx.workers = await startGradingWorkers({
      db: ctx.db,
      jobs: ctx.jobs,
      llm: createLlmClient(testLlmConfig()),
      llmLimits: {},
      codeExecution: config,
      log: quiet,
      timings: { leaseMs: 5000, pollMs: 20, retryMs: 50, evaluationTimeoutMs: 60_000 },
    });
  });
  afterAll(async () => {
    await ctx.workers?.stop();
    await ctx.runner?.stop({ timeoutMs: 5000 });
    await ctx.app?.close();
    await ctx.jobs?.stop({ timeoutMs: 1000 });
    await ctx.database?.close();
  });

  it('a submitted program is run against its test cases and the totals follow', async () => {
    const f = await courseWithHomework(
      { db: ctx.db, app: ctx.app, clock: { now: () => new Date() } },
      { questions: ['single', 'program', 'func'], publish: true },
    );
    const submitted = await f.asStudent.post(`${f.base}/submit`, {
      answers: [
        { questionId: f.ids.single, answer: 'B' },
        { questionId: f.ids.program, answer: 'a, b = map(int, input().split())\nprint(a - b)\n' },
        { questionId: f.ids.func, answer: 'nums = list(map(int, input().split()))\nprint(max(nums))\n' },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const list = `${f.base}/submissions?status=submitted`;
    const deadline = Date.now() + 90_000;
    let row = (await f.teacher.get(list)).json().data.rows[0];
    while (row.pendingCount > 0 && Date.now() < deadline) {
      await sleep(200);
      row = (await f.teacher.get(list)).json().data.rows[0];
    }
    // single 10, the program right on no case (1-2, 3-4), the function right on its one case.
    expect(row).toMatchObject({ totalScore: 20, pendingCount: 0 });
    const detail = (await f.teacher.get(`${f.base}/submissions/${row.submissionId}`)).json().data;
    const program = detail.answers.find((a: { question: { id: string } }) => a.question.id === f.ids.program);
    expect(program).toMatchObject({ gradeSource: 'code', gradeState: 'graded', score: 0 });
    expect(program.codeDetail.cases).toHaveLength(2);
    expect(program.codeDetail.cases.every((c: { qualified: boolean }) => !c.qualified)).toBe(true);
    const func = detail.answers.find((a: { question: { id: string } }) => a.question.id === f.ids.func);
    expect(func).toMatchObject({ gradeSource: 'code', score: 10 });

    await f.teacher.post(`${f.base}/release`);
    const paper = (await f.asStudent.get(`${f.base}/paper`)).json().data;
    expect(paper.score).toBe(20);
    const item = paper.items.find((i: { question: { id: string } }) => i.question.id === f.ids.program);
    expect(item.result.codeDetail.cases[0]).toMatchObject({ qualified: false });
  }, 120_000);
});
