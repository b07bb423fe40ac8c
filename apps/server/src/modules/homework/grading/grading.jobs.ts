import type { LlmConfig } from '../../../config/config';
import { safeError } from '../../../core/logging';
import type { Db } from '../../../db/client';
import { gradeSubmissionCodeJob, judgeRunJob } from '../../../jobs/definitions';
import type { JobQueue } from '../../../jobs/queue';
import type { LlmClient } from '../../../llm/client';
import type { CodeExecutionConfig } from '../../program-execution/program-execution.config';
import * as repo from './grading.repo';
import {
  DEFAULT_GRADING_TIMINGS,
  type GradingLog,
  type GradingTimings,
  gradeSubmissionCode,
  workJudgeRun,
} from './grading.service';

/** The grading workers of a process. */
export type GradingWorkers = {
  /** Stops taking grading jobs (running ones go on to their end or to the queue's stop). */
  stop: () => Promise<void>;
};

/**
 * Submissions a process without code runner workers (an API instance with CODE_RUNNER_WORKERS=0, the runners
 * on worker hosts) grades at once. Such a grading only queues evaluations and waits for the cluster's runners;
 * with one at a time per instance (the former default, its workers' count at least 1) a class submitting
 * together waited in line for the API instances, not for the runners (issue 17's load).
 */
export const GRADING_CONCURRENCY_WITHOUT_RUNNER = 4;

/**
 * Starts this process's grading workers: code grading (`codeConcurrency` submissions at once, default the
 * code runner's workers, or GRADING_CONCURRENCY_WITHOUT_RUNNER when this process runs no code: each
 * submission runs one evaluation at a time, so grading never holds more of the runners than that and
 * interactive test runs keep their turns) and AI-judge runs (one at a
 * time). Runs still running, and submissions with code answers nobody is grading (their worker died), are
 * sent again, so they resume (a duplicate job is harmless: answers are claimed): at the start, and every lease
 * for those whose worker died while this process runs.
 */
export const startGradingWorkers = async (deps: {
  db: Db;
  jobs: JobQueue;
  llm: LlmClient;
  llmLimits: Pick<LlmConfig, 'callsPerMinute' | 'streamsPerUser'>;
  codeExecution: CodeExecutionConfig;
  log: GradingLog;
  codeConcurrency?: number;
  pollingIntervalMs?: number;
  timings?: Partial<GradingTimings>;
}): Promise<GradingWorkers> => {
  const pollingIntervalMs = deps.pollingIntervalMs ?? deps.codeExecution.pollingIntervalMs;
  await deps.jobs.work(
    gradeSubmissionCodeJob,
    {
      concurrency:
        deps.codeConcurrency ??
        (deps.codeExecution.workers > 0 ? deps.codeExecution.workers : GRADING_CONCURRENCY_WITHOUT_RUNNER),
      pollingIntervalMs,
    },
    async (job) => {
      await gradeSubmissionCode({
        db: deps.db,
        jobs: deps.jobs,
        codeExecution: deps.codeExecution,
        log: deps.log,
        timings: deps.timings,
        submissionId: job.payload.submissionId,
      });
    },
  );
  await deps.jobs.work(judgeRunJob, { concurrency: 1, pollingIntervalMs }, async (job) => {
    await workJudgeRun({
      db: deps.db,
      llm: deps.llm,
      limits: deps.llmLimits,
      log: deps.log,
      timings: deps.timings,
      runId: job.payload.runId,
    });
  });
  const leaseMs = { ...DEFAULT_GRADING_TIMINGS, ...deps.timings }.leaseMs;
  try {
    for (const runId of await repo.listRunningRunIds(deps.db)) await deps.jobs.send(judgeRunJob, { runId });
    for (const submissionId of await repo.listSubmissionsWithUnclaimedCode(deps.db, leaseMs)) {
      await deps.jobs.send(gradeSubmissionCodeJob, { submissionId });
    }
  } catch (error) {
    deps.log.warn({ err: safeError(error) }, 'grading: unfinished grading not resumed');
  }
  // And every lease: a process that died mid-grading (kill -9, a crash) left its job active in the queue
  // (pg-boss fails it only after its hour of expiry) and its claims to run out; its answers are sent again
  // once their lease has run out, by whichever process looks first (a duplicate job is harmless).
  const timer = setInterval(() => {
    repo
      .listSubmissionsWithUnclaimedCode(deps.db, leaseMs, leaseMs)
      .then(async (ids) => {
        for (const submissionId of ids) await deps.jobs.send(gradeSubmissionCodeJob, { submissionId });
        if (ids.length > 0)
          deps.log.warn({ submissions: ids }, 'grading: resumed code grading left by a dead worker');
      })
      .catch(() => {});
  }, leaseMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await deps.jobs.stopWork(gradeSubmissionCodeJob);
      await deps.jobs.stopWork(judgeRunJob);
    },
  };
};
