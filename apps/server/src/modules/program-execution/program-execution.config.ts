import { availableParallelism } from 'node:os';
import { z } from 'zod';

/** Limits and timings of code execution. */
export type CodeExecutionConfig = {
  /** Evaluations this process runs at once (its code runner's workers); 0: this process runs none. */
  workers: number;
  /**
   * Evaluations of one user a runner holds at once (null: its `workers`). The runner shares its workers in
   * turns between the users whose evaluations it holds, one compile or test case at a time.
   */
  perUserLimit: number | null;
  /** Evaluations waiting to start, over all users; a submit beyond it answers 503. */
  queueLimit: number;
  /** Submits per user within a minute; beyond it 429. */
  submitsPerMinute: number;
  /** How often idle workers look for jobs (pg-boss's minimum is 500 ms). */
  pollingIntervalMs: number;
  /** How often a runner renews its heartbeat and sweeps dead runners' evaluations. */
  heartbeatMs: number;
  /** A runner whose heartbeat is older than this is dead; its running evaluations are failed. */
  staleAfterMs: number;
  /** An evaluation still waiting after this long is failed (its user stopped polling long ago). */
  queuedTimeoutMs: number;
  /** Finished evaluations are deleted after this many days. */
  retentionDays: number;
};

/** Defaults of every process; `workers` is 0 unless an entry point asks for workers. */
export const DEFAULT_CODE_EXECUTION: CodeExecutionConfig = {
  workers: 0,
  perUserLimit: null,
  queueLimit: 100,
  submitsPerMinute: 30,
  pollingIntervalMs: 1000,
  heartbeatMs: 5000,
  staleAfterMs: 30_000,
  queuedTimeoutMs: 10 * 60_000,
  retentionDays: 30,
};

const count = (min: number, max: number) => z.coerce.number().int().min(min).max(max);

const envSchema = z.object({
  /** Evaluations run at once by this process; default: the number of CPU cores. 0 on API-only servers. */
  CODE_RUNNER_WORKERS: count(0, 256).optional(),
  /** Evaluations of one user a runner holds at once; default: its CODE_RUNNER_WORKERS. */
  CODE_RUNNER_PER_USER: count(1, 256).optional(),
  CODE_RUNNER_QUEUE_LIMIT: count(1, 100_000).default(DEFAULT_CODE_EXECUTION.queueLimit),
  CODE_RUNNER_SUBMITS_PER_MINUTE: count(1, 10_000).default(DEFAULT_CODE_EXECUTION.submitsPerMinute),
  CODE_RUNNER_POLL_MS: count(500, 60_000).default(DEFAULT_CODE_EXECUTION.pollingIntervalMs),
  CODE_RUNNER_RETENTION_DAYS: count(1, 3650).default(DEFAULT_CODE_EXECUTION.retentionDays),
});

/** Reads the code-execution settings from the environment (the server and the `worker` entry point). */
export const loadCodeExecutionConfig = (
  env: Record<string, string | undefined> = process.env,
): CodeExecutionConfig => {
  const blankless = Object.fromEntries(
    Object.entries(env).filter(([, v]) => v !== undefined && v.trim() !== ''),
  );
  const parsed = envSchema.safeParse(blankless);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    ...DEFAULT_CODE_EXECUTION,
    workers: e.CODE_RUNNER_WORKERS ?? availableParallelism(),
    perUserLimit: e.CODE_RUNNER_PER_USER ?? null,
    queueLimit: e.CODE_RUNNER_QUEUE_LIMIT,
    submitsPerMinute: e.CODE_RUNNER_SUBMITS_PER_MINUTE,
    pollingIntervalMs: e.CODE_RUNNER_POLL_MS,
    retentionDays: e.CODE_RUNNER_RETENTION_DAYS,
  };
};
