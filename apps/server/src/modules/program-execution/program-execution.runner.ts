import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { getSandbox, type Sandbox, type SandboxStatus, type StageResult } from '@uplus/sandbox';
import { isEvaluationFinished, type ProgramStage } from '@uplus/shared';
import type { Db } from '../../db/client';
import { safeError } from '../../http/logging';
import { runEvaluationJob } from '../../jobs/definitions';
import type { JobLog, JobOf, JobQueue } from '../../jobs/queue';
import type { CodeExecutionConfig } from './program-execution.config';
import * as repo from './program-execution.repo';

/** Prefixes of failed stages (spec 000 section 8). */
const FAILED_PREFIX: Partial<Record<ProgramStage, string>> = {
  VERIFY: '验证失败',
  PREPROCESS: '预处理失败',
  COMPILE: '编译失败',
  RUN: '运行失败',
};

/** Why a runner failed an evaluation itself (not the program's fault). */
export const RUNNER_MSG = {
  runnerDied: '评测进程意外中断，请重新提交',
  runnerStopped: '评测服务已停止，请重新提交',
  queuedTooLong: '评测排队超时，请重新提交',
  systemError: '评测系统错误，请重新提交',
} as const;

/** The stage an interrupted evaluation was in: the one after its last row. */
export const interruptedStage = (last: string | null): ProgramStage => {
  if (last === null || last === 'VERIFY') return 'PREPROCESS';
  if (last === 'PREPROCESS') return 'COMPILE';
  return 'RUN';
};

/** A failure row for an evaluation its runner could not finish. */
const failureRow = (stage: ProgramStage, reason: string): repo.NewStage => ({
  stage,
  success: false,
  message: `${FAILED_PREFIX[stage] ?? '运行失败'}：${reason}`,
});

const toNewStage = (result: StageResult): repo.NewStage => ({
  stage: result.stage,
  success: result.success,
  message: result.message,
  output: result.output,
  outputQualified: result.outputQualified,
  testcaseId: result.testcaseId === null ? null : Number(result.testcaseId),
  timeUsed: result.timeUsed,
  memoryUsed: result.memoryUsed ?? null,
  errorOutput: result.errorOutput ?? null,
  verdict: result.verdict ?? null,
});

/** A process's code runner: takes evaluation jobs and keeps the runner registry honest. */
export type CodeRunner = {
  id: string;
  /** What the sandbox found on this host (languages, isolation). */
  status: SandboxStatus;
  /** One sweep now: fails evaluations of dead runners and ones queued too long; returns how many. */
  sweep: () => Promise<number>;
  /** Stops taking jobs, waits up to `timeoutMs` for running evaluations, fails the rest, deregisters. */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
  /** Evaluations whose sandbox run is still going (after a stop too, until they reach their limits). */
  busy: () => number;
};

export type CodeRunnerDeps = {
  db: Db;
  /** PGlite belongs to one process: at start every other runner's running evaluation is dead. */
  driver: 'pglite' | 'pg';
  jobs: JobQueue;
  log: JobLog & { info: (obj: object, msg: string) => void };
  config: CodeExecutionConfig;
  /** The process's sandbox by default (with `config.workers` slots). */
  sandbox?: Sandbox;
};

/**
 * Starts a code runner: registers it with what its host can run, fails what dead runners left running,
 * then works `config.workers` evaluation jobs at once (none when the host cannot isolate code: it stays
 * registered so the languages call can say why). A heartbeat keeps it alive in the registry; each beat also
 * sweeps.
 */
export const startCodeRunner = async (deps: CodeRunnerDeps): Promise<CodeRunner> => {
  const { db, config, log } = deps;
  const id = randomUUID();
  const workers = Math.max(1, config.workers);
  const sandbox = deps.sandbox ?? getSandbox({ concurrency: workers });
  const status = await sandbox.status();
  const registration = {
    id,
    host: hostname(),
    pid: process.pid,
    concurrency: workers,
    isolationOk: status.ok,
    isolationReason: status.reason,
    languages: status.ok ? status.languages.map((l) => ({ id: l.id, name: l.name, version: l.version })) : [],
  };
  await repo.upsertRunner(db, registration);
  if (!status.ok)
    log.warn({ reason: status.reason }, 'code runner: this host cannot isolate code, runs none');

  const running = new Map<number, Promise<void>>();
  const unfinished = new Set<number>();
  let stopping = false;
  let lastCleanup = 0;
  let markStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    markStopped = resolve;
  });

  const failWith = async (evaluationIds: number[], reason: string, stageOf?: ProgramStage) => {
    for (const evaluationId of evaluationIds) {
      const stage = stageOf ?? interruptedStage(await repo.lastStage(db, evaluationId));
      await repo.insertStage(db, evaluationId, failureRow(stage, reason));
    }
  };

  const sweep = async (othersAreDead = false) => {
    const dead = await repo.failEvaluationsOfDeadRunners(db, {
      selfId: id,
      staleAfterMs: config.staleAfterMs,
      othersAreDead,
    });
    await failWith(dead, RUNNER_MSG.runnerDied);
    const waited = await repo.failQueuedOlderThan(db, config.queuedTimeoutMs);
    await failWith(waited, RUNNER_MSG.queuedTooLong, 'PREPROCESS');
    if (dead.length + waited.length > 0) {
      log.warn({ dead, waited }, 'code runner: failed evaluations that could not finish');
    }
    if (Date.now() - lastCleanup > 3600_000) {
      lastCleanup = Date.now();
      await repo.deleteFinishedOlderThan(db, config.retentionDays);
      await repo.deleteRunnersStaleFor(db, 24 * 3600_000);
    }
    return dead.length + waited.length;
  };

  const evaluate = async (evaluation: repo.EvaluationRow) => {
    const cases = await repo.listCases(db, evaluation.id);
    let results: StageResult[];
    try {
      results = await sandbox.evaluate(
        {
          languageId: evaluation.languageId,
          sourceCode: evaluation.sourceCode,
          timeLimit: evaluation.timeLimitMs,
          testcases: cases.map((c) => ({ id: String(c.id), stdin: c.stdin, stdout: c.expectedOutput })),
        },
        {
          // Written as they happen, so polling clients see progress.
          onStage: async (result) => {
            const row = toNewStage(result);
            // The final row and the status change land together: a poller never sees one without the other.
            if (!isEvaluationFinished([result])) await repo.insertStageIfRunning(db, evaluation.id, id, row);
            else {
              await db.transaction(async (tx) => {
                if (await repo.insertStageIfRunning(tx, evaluation.id, id, row)) {
                  await repo.finishEvaluation(tx, evaluation.id, id, result.success ? 'complete' : 'failed');
                }
              });
            }
          },
          onError: (error) =>
            log.error({ err: safeError(error), evaluation: evaluation.id }, 'sandbox error'),
        },
      );
    } catch (error) {
      // Typically the database went away while stage rows were written: the heartbeat fails it later.
      log.error({ err: safeError(error), evaluation: evaluation.id }, 'evaluation failed');
      unfinished.add(evaluation.id);
      return;
    }
    // Normally already ended with its final row; this catches an evaluation that ended without one.
    const completed = results[results.length - 1]?.stage === 'COMPLETE';
    try {
      await repo.finishEvaluation(db, evaluation.id, id, completed ? 'complete' : 'failed');
    } catch (error) {
      log.error({ err: safeError(error), evaluation: evaluation.id }, 'evaluation not ended');
      unfinished.add(evaluation.id);
    }
  };

  /** Fails this runner's evaluations that ended without their status written (retried every beat). */
  const failUnfinished = async () => {
    for (const evaluationId of [...unfinished]) {
      const [failed] = await repo.failRunningOf(db, id, [evaluationId]);
      if (failed !== undefined) await failWith([failed], RUNNER_MSG.systemError);
      unfinished.delete(evaluationId);
    }
  };

  const handle = async (job: JobOf<{ evaluationId: number }>) => {
    // Not queued any more: failed by a sweep (waited too long), or already run.
    const evaluation = await repo.claimEvaluation(db, job.payload.evaluationId, id);
    if (!evaluation) return;
    if (stopping) {
      // Fetched while stopping: end it now rather than leave it half-run.
      const [failed] = await repo.failRunningOf(db, id, [evaluation.id]);
      if (failed !== undefined) await failWith([failed], RUNNER_MSG.runnerStopped, 'PREPROCESS');
      return;
    }
    const task = evaluate(evaluation);
    running.set(evaluation.id, task);
    try {
      // At stop the job ends with the grace period (its evaluation is failed then); the sandbox run goes on
      // to its own limits, but its rows are refused and the queue is not touched any more.
      await Promise.race([task, stopped]);
    } finally {
      void task.finally(() => running.delete(evaluation.id));
    }
  };

  await sweep(deps.driver === 'pglite');

  const beat = async () => {
    try {
      if (!(await repo.touchRunner(db, id))) await repo.upsertRunner(db, registration);
      await failUnfinished();
      await sweep();
    } catch (error) {
      log.warn({ err: safeError(error) }, 'code runner heartbeat failed');
    }
  };
  let beating: Promise<void> | null = null;
  const timer = setInterval(() => {
    beating ??= beat().finally(() => {
      beating = null;
    });
  }, config.heartbeatMs);
  timer.unref();

  if (status.ok && config.workers > 0) {
    await deps.jobs.work(
      runEvaluationJob,
      { concurrency: config.workers, pollingIntervalMs: config.pollingIntervalMs },
      handle,
    );
  }
  // How the limits are enforced here: an operator sees a fallback to rlimits (no writable cgroups) in the log.
  log.info(
    {
      runner: id,
      workers: status.ok ? config.workers : 0,
      mode: status.mode,
      memoryCgroup: status.memoryCgroup,
      pidsCgroup: status.pidsCgroup,
      notes: status.notes,
    },
    'code runner started',
  );

  return {
    id,
    status,
    sweep: () => sweep(),
    busy: () => running.size,
    stop: async (options = {}) => {
      if (stopping) return;
      stopping = true;
      clearInterval(timer);
      await deps.jobs.stopWork(runEvaluationJob);
      const deadline = new Promise<void>((resolve) =>
        setTimeout(resolve, options.timeoutMs ?? 10_000).unref(),
      );
      await Promise.race([Promise.allSettled([...running.values()]), deadline]);
      await beating;
      try {
        const left = await repo.failRunningOf(db, id, [...running.keys(), ...unfinished]);
        await failWith(left, RUNNER_MSG.runnerStopped);
        await repo.deleteRunner(db, id);
      } catch (error) {
        log.warn({ err: safeError(error) }, 'code runner: clean stop failed');
      } finally {
        markStopped();
      }
    },
  };
};
