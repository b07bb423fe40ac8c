import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import { getSandbox, type Sandbox, type SandboxStatus, type StageResult } from '@uplus/sandbox';
import { isEvaluationFinished, type ProgramStage } from '@uplus/shared';
import { safeError } from '../../core/logging';
import type { Db } from '../../db/client';
import { runEvaluationJob } from '../../jobs/definitions';
import type { JobLog, JobOf, JobQueue } from '../../jobs/queue';
import type { CodeExecutionConfig } from './program-execution.config';
import * as repo from './program-execution.repo';
import { FairTurns } from './program-execution.turns';

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

/**
 * How much a runner takes on: `workers` steps (a compile or a test case) run at once, shared in turns
 * between users (FairTurns); a user holds at most `perUser` evaluations on the runner (CODE_RUNNER_PER_USER,
 * default: workers), and the runner holds `slots` = workers + min(perUser, workers) evaluations, so that
 * one user at the limit always leaves room for other users' runs to start and take their turns.
 */
export const runnerCapacity = (config: CodeExecutionConfig) => {
  const workers = Math.max(1, config.workers);
  const perUser = Math.max(1, config.perUserLimit ?? workers);
  return { workers, perUser, slots: workers + Math.min(perUser, workers) };
};

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
  const { perUser, slots } = runnerCapacity(config);
  // A sandbox slot for every evaluation held (most of them wait for a turn between steps), also in a sandbox
  // made before with fewer: an evaluation waiting for a slot would wait for another's whole run.
  const sandbox = deps.sandbox ?? getSandbox({ concurrency: slots });
  sandbox.ensureConcurrency?.(slots);
  const turns = new FairTurns(workers);
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
    const taken = turns.forUser(evaluation.userId);
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
          turns: taken,
        },
      );
    } catch (error) {
      // Typically the database went away while stage rows were written: the heartbeat fails it later.
      log.error({ err: safeError(error), evaluation: evaluation.id }, 'evaluation failed');
      unfinished.add(evaluation.id);
      return;
    } finally {
      taken.end();
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

  /**
   * Fills this runner's free evaluation slots with the fairest queued evaluations (repo.claimNextEvaluation),
   * and again whenever one ends. Called on every wake (a job sent by a submit, on any process), at every poll
   * and when an evaluation ends: a job only says "look now"; which evaluation runs is the claim's choice, so
   * one user's pile of runs never keeps another user's run waiting behind it.
   */
  let claiming: Promise<void> | null = null;
  let lookAgain = false;
  let lastClaimWarning = 0;
  const fill = (): Promise<void> => {
    if (claiming) {
      // A claim is under way: it may have missed what this call is about, so it looks once more.
      lookAgain = true;
      return claiming;
    }
    claiming = (async () => {
      do {
        lookAgain = false;
        while (!stopping && running.size < slots) {
          const evaluation = await repo.claimNextEvaluation(db, {
            runnerId: id,
            perUserLimit: perUser,
            maxWaitMs: config.queuedTimeoutMs,
          });
          if (!evaluation) break;
          const task = evaluate(evaluation).finally(() => {
            running.delete(evaluation.id);
            void fill();
          });
          running.set(evaluation.id, task);
        }
      } while (lookAgain && !stopping);
    })()
      .catch((error) => {
        // Tried again at the next poll; while the database is away, say so once a minute, not every poll.
        if (Date.now() - lastClaimWarning < 60_000) return;
        lastClaimWarning = Date.now();
        log.warn({ err: safeError(error) }, 'code runner: claiming an evaluation failed');
      })
      .finally(() => {
        claiming = null;
      });
    return claiming;
  };

  /** A queued job only wakes the runner (its evaluation may already have been claimed by a fairer choice). */
  const handle = async (_job: JobOf<{ evaluationId: number }>) => {
    await fill();
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

  let poller: NodeJS.Timeout | null = null;
  if (status.ok && config.workers > 0) {
    // One queue worker: it only wakes the runner, which claims for all its slots at once.
    await deps.jobs.work(
      runEvaluationJob,
      { concurrency: 1, pollingIntervalMs: config.pollingIntervalMs },
      handle,
    );
    // The poll finds what no wake announced: a job consumed by a runner that was full or whose user was at
    // the per-user limit, an evaluation queued while this process was away.
    poller = setInterval(() => void fill(), config.pollingIntervalMs);
    poller.unref();
    void fill();
  }
  // How the limits are enforced here: an operator sees a fallback to rlimits (no writable cgroups) in the log.
  log.info(
    {
      runner: id,
      workers: status.ok ? config.workers : 0,
      perUser,
      slots,
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
      if (poller) clearInterval(poller);
      await claiming;
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
      }
    },
  };
};
