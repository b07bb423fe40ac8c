import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../../e2e/fixtures/scripted-llm';
import { buildApp } from '../../../app';
import type { Database, Db } from '../../../db/client';
import type { App } from '../../../http/context';
import { createJobQueue, type JobQueue } from '../../../jobs/queue';
import { createLlmClient } from '../../../llm/client';
import { TestClock, testConfig } from '../../../test/app';
import { type Driver, openTestDatabase, testDrivers } from '../../../test/database';
import { scriptedLlmConfig } from '../../../test/llm';
import {
  type CodeExecutionConfig,
  DEFAULT_CODE_EXECUTION,
} from '../../program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from '../../program-execution/program-execution.runner';
import { courseWithHomework } from '../homework.test-support';
import { type GradingWorkers, startGradingWorkers } from './grading.jobs';

const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Ctx = {
  app: App;
  db: Db;
  database: Database;
  clock: TestClock;
  jobs: JobQueue;
  config: CodeExecutionConfig;
  runner: CodeRunner;
  workers: GradingWorkers;
  llm: ScriptedLlm;
};

/** The whole server as `npm start` runs it: app, job queue, code runner, grading workers, a scripted model. */
const useServer = (driver: Driver) => {
  const ctx = { clock: new TestClock() } as Ctx;
  beforeAll(async () => {
    ctx.llm = await startScriptedLlm([
      {
        reply: JSON.stringify({
          pointsMet: ['栈后进先出'],
          pointsMissed: [],
          comment: '回答正确。',
          score: 9.5,
        }),
      },
    ]);
    const llm = scriptedLlmConfig(ctx.llm.baseUrl, { callsPerMinute: 0 });
    ctx.database = await openTestDatabase(driver);
    ctx.db = ctx.database.db;
    ctx.config = { ...DEFAULT_CODE_EXECUTION, workers: 2, pollingIntervalMs: 500 };
    ctx.jobs = createJobQueue({ db: ctx.db, log: quiet });
    ctx.app = await buildApp(testConfig({ llm }), {
      database: ctx.database,
      jobs: ctx.jobs,
      codeExecution: ctx.config,
      now: ctx.clock.now,
    });
    await ctx.app.ready();
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
      llm: createLlmClient(llm),
      llmLimits: llm,
      codeExecution: ctx.config,
      log: quiet,
      timings: { pollMs: 20, retryMs: 50 },
    });
  });
  afterAll(async () => {
    await ctx.workers?.stop();
    await ctx.runner?.stop({ timeoutMs: 5000 });
    await ctx.app?.close();
    await ctx.jobs?.stop({ timeoutMs: 1000 });
    await ctx.database?.close();
    await ctx.llm?.close();
  });
  return ctx;
};

const FUNC_PROGRAM =
  'def max_of(nums):\n    return max(nums)\n\nprint(max_of(list(map(int, input().split()))))\n';

describe.each(testDrivers())('grading after the homework submit call on %s', (driver) => {
  const t = useServer(driver);

  it('submit grades objective answers, queues the code answers to the sandbox, the judge run scores the short answer', async () => {
    const f = await courseWithHomework(t, {
      questions: ['single', 'program', 'func', 'short'],
      publish: true,
    });
    const submitted = await f.asStudent.post(`${f.base}/submit`, {
      answers: [
        { questionId: f.ids.single, answer: 'B' },
        { questionId: f.ids.program, answer: 'a, b = map(int, input().split())\nprint(a + b)\n' },
        { questionId: f.ids.func, answer: FUNC_PROGRAM },
        { questionId: f.ids.short, answer: '栈是后进先出的，队列是先进先出的。' },
      ],
    });
    expect(submitted.statusCode, submitted.body).toBe(200);

    const rowOf = async () => {
      const page = (await f.teacher.get(`${f.base}/submissions?pageSize=50`)).json().data;
      return page.rows.find((r: { studentId: string }) => r.studentId === String(f.student.user.id));
    };
    // The code answers are graded in the background; only the short answer waits then.
    const deadline = Date.now() + 60_000;
    let row = await rowOf();
    while (row.pendingCount > 1 && Date.now() < deadline) {
      await sleep(100);
      row = await rowOf();
    }
    expect(row).toMatchObject({ status: 'submitted', pendingCount: 1, totalScore: 30 });

    const started = await f.teacher.post(`${f.base}/judgeRuns`);
    expect(started.json().data).toMatchObject({ started: true, run: { total: 1 } });
    for (let i = 0; i < 200; i++) {
      const latest = (await f.teacher.get(`${f.base}/judgeRuns/latest`)).json().data;
      if (latest.status !== 'running') break;
      await sleep(50);
    }
    expect((await f.teacher.get(`${f.base}/judgeRuns/latest`)).json().data).toMatchObject({
      status: 'done',
      judged: 1,
    });
    const detail = (await f.teacher.get(`${f.base}/submissions/${row.submissionId}`)).json().data;
    expect(detail).toMatchObject({ totalScore: 39.5, pendingCount: 0 });
    const short = detail.answers.find((a: { question: { id: string } }) => a.question.id === f.ids.short);
    expect(short).toMatchObject({
      gradeState: 'graded',
      gradeSource: 'ai',
      score: 9.5,
      comment: '回答正确。',
    });
  });
});
