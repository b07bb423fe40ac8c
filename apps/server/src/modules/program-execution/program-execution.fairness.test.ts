import { Sandbox } from '@uplus/sandbox';
import { isEvaluationFinished, type ProgramStageResult } from '@uplus/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import type { App } from '../../http/context';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { type CodeExecutionConfig, DEFAULT_CODE_EXECUTION } from './program-execution.config';
import { type CodeRunner, runnerCapacity, startCodeRunner } from './program-execution.runner';

const BASE = '/api/course/programExecution';
const quiet = { info: () => {}, warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** One case's time limit in these tests: every case of the heavy runs sleeps through it. */
const CASE_LIMIT_MS = 1000;
const SLEEPER = {
  languageId: 'python3',
  sourceCode: 'import time\ntime.sleep(5)\n',
  timeLimit: CASE_LIMIT_MS,
};
const sixSleepingCases = Array.from({ length: 6 }, () => ({ stdin: '', stdout: 'never' }));

/**
 * Submits the light user's one-case run and waits for it: the milliseconds from its submit to its end, after
 * checking that it passed.
 */
const timeLightRun = async (opts: {
  submit: (token: string, body: object) => Promise<string>;
  stagesOf: (token: string, id: string) => Promise<ProgramStageResult[]>;
  token: string;
  label: string;
}) => {
  const submittedAt = Date.now();
  const id = await opts.submit(opts.token, {
    languageId: 'python3',
    sourceCode: 'print(int(input()) * 2)\n',
    timeLimit: CASE_LIMIT_MS,
    testcases: [{ stdin: '21', stdout: '42' }],
  });
  let stages: ProgramStageResult[] = [];
  while (!isEvaluationFinished(stages)) {
    if (Date.now() - submittedAt > 60_000) throw new Error('the light run never finished');
    await sleep(25);
    stages = await opts.stagesOf(opts.token, id);
  }
  const delay = Date.now() - submittedAt;
  console.info(`[fairness ${opts.label}] light run finished ${delay} ms after its submit`);
  expect(stages.at(-1)).toMatchObject({ stage: 'COMPLETE', message: '运行完成，通过 1/1 个测试用例' });
  return delay;
};

describe.each(testDrivers())('sharing the code runner between users on %s', (driver) => {
  let database: Database;
  let app: App;
  let jobs: JobQueue;
  let runner: CodeRunner;
  let sandbox: Sandbox;
  const config: CodeExecutionConfig = { ...DEFAULT_CODE_EXECUTION, workers: 2, pollingIntervalMs: 500 };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    jobs = createJobQueue({ db: database.db, log: quiet });
    app = await buildApp(testConfig(), { database, jobs, codeExecution: config });
    await app.ready();
    // Made with one slot per worker, as a server's start-up probe may make it before the runner starts: the
    // runner must raise it to the evaluations it holds.
    sandbox = new Sandbox({ concurrency: config.workers });
    await sandbox.status();
    runner = await startCodeRunner({ db: database.db, driver, jobs, log: quiet, config, sandbox });
  });
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 5000 });
    await app?.close();
    await jobs?.stop({ timeoutMs: 1000 });
    await sandbox?.close();
    await database?.close();
  });

  const submit = async (token: string, body: object) => {
    const res = await asUser(app, token).post(`${BASE}/submit`, body);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json().data as { evaluationId: string }).evaluationId;
  };
  const stagesOf = async (token: string, evaluationId: string): Promise<ProgramStageResult[]> =>
    (await asUser(app, token).get(`${BASE}/programExecution?evaluationId=${evaluationId}`)).json().data;

  it("another user's trivial run finishes within about one case's time limit while one user's runs fill every slot", async () => {
    const heavy = (await buildSignedInMember(database.db, { identityType: 'Teacher' })).token;
    const light = (await buildSignedInMember(database.db, { identityType: 'Business' })).token;
    // More sleeping runs than the runner has workers: every slot taken, one more waiting behind them.
    const heavyRuns: string[] = [];
    for (let i = 0; i < config.workers + 1; i++) {
      heavyRuns.push(await submit(heavy, { ...SLEEPER, testcases: sixSleepingCases }));
    }
    // Until the first runs are inside their cases (the runner is busy with them).
    const busy = Date.now() + 30_000;
    for (;;) {
      const started = await Promise.all(
        heavyRuns
          .slice(0, config.workers)
          .map(async (id) => (await stagesOf(heavy, id)).some((s) => s.stage === 'RUN')),
      );
      if (started.every(Boolean)) break;
      if (Date.now() > busy) throw new Error('the heavy runs never started');
      await sleep(50);
    }

    const delay = await timeLightRun({ submit, stagesOf, token: light, label: driver });
    // One case of the heavy user's may still be running when it arrives; its own compile and case are
    // short. The rest is slack for a loaded 2-core test machine.
    expect(delay).toBeLessThan(CASE_LIMIT_MS + 2500);

    // The heavy user's runs are not starved either: they all complete.
    for (const id of heavyRuns) {
      const deadline = Date.now() + 60_000;
      let heavyStages: ProgramStageResult[] = [];
      while (!isEvaluationFinished(heavyStages) && Date.now() < deadline) {
        await sleep(200);
        heavyStages = await stagesOf(heavy, id);
      }
      expect(heavyStages.at(-1)).toMatchObject({
        stage: 'COMPLETE',
        message: '运行完成，通过 0/6 个测试用例',
      });
    }
  }, 120_000);
});

// Two runner processes on one PostgreSQL (each its own job queue and sandbox, as two `worker` hosts), one
// worker each: user A's runs fill both, and B's run still starts at the next case boundary of one of them.
describe.runIf(testDrivers().includes('pg'))('sharing two code runners between users on pg', () => {
  let database: Database;
  let app: App;
  const queues: JobQueue[] = [];
  const runners: CodeRunner[] = [];
  const sandboxes: Sandbox[] = [];
  const config: CodeExecutionConfig = { ...DEFAULT_CODE_EXECUTION, workers: 1, pollingIntervalMs: 500 };

  beforeAll(async () => {
    database = await openTestDatabase('pg');
    const api = createJobQueue({ db: database.db, log: quiet });
    queues.push(api);
    app = await buildApp(testConfig(), { database, jobs: api, codeExecution: { ...config, workers: 0 } });
    await app.ready();
    for (let i = 0; i < 2; i++) {
      const jobs = createJobQueue({ db: database.db, log: quiet });
      const sandbox = new Sandbox({ concurrency: runnerCapacity(config).slots });
      queues.push(jobs);
      sandboxes.push(sandbox);
      runners.push(
        await startCodeRunner({ db: database.db, driver: 'pg', jobs, log: quiet, config, sandbox }),
      );
    }
  });
  afterAll(async () => {
    for (const runner of runners) await runner.stop({ timeoutMs: 5000 });
    await app?.close();
    for (const q of queues) await q.stop({ timeoutMs: 1000 });
    for (const sandbox of sandboxes) await sandbox.close();
    await database?.close();
  });

  it("another user's run finishes within about one case's time limit", async () => {
    const heavy = (await buildSignedInMember(database.db, { identityType: 'Teacher' })).token;
    const light = (await buildSignedInMember(database.db, { identityType: 'Business' })).token;
    const submit = async (token: string, body: object) => {
      const res = await asUser(app, token).post(`${BASE}/submit`, body);
      expect(res.statusCode, res.body).toBe(200);
      return (res.json().data as { evaluationId: string }).evaluationId;
    };
    const stagesOf = async (token: string, id: string): Promise<ProgramStageResult[]> =>
      (await asUser(app, token).get(`${BASE}/programExecution?evaluationId=${id}`)).json().data;
    const heavyRuns: string[] = [];
    for (let i = 0; i < 3; i++)
      heavyRuns.push(await submit(heavy, { ...SLEEPER, testcases: sixSleepingCases }));
    const busy = Date.now() + 30_000;
    for (;;) {
      const started = await Promise.all(
        heavyRuns.map(async (id) => (await stagesOf(heavy, id)).some((s) => s.stage === 'RUN')),
      );
      if (started.filter(Boolean).length >= 2) break;
      if (Date.now() > busy) throw new Error('the heavy runs never started');
      await sleep(50);
    }
    expect(runners.map((r) => r.busy())).toEqual([1, 1]);

    const delay = await timeLightRun({ submit, stagesOf, token: light, label: 'two runners on pg' });
    expect(delay).toBeLessThan(CASE_LIMIT_MS + 2500);
  }, 120_000);
});
