import { safeError } from '../core/logging';
import type { JobLog } from './queue';

/*
 * pg-boss 10 records a worked job as complete or failed without awaiting the query (its Manager's onFetch;
 * fixed in pg-boss 11, timgit/pg-boss#577). When the database is away at that moment (PostgreSQL restarted),
 * the rejection is unhandled and Node ends the process: every API instance and worker working a job then
 * died with the restart. Those rejections are logged instead: the job stays active and pg-boss's
 * maintenance expires and retries it (code grading also resumes by its claims' lease). Any other unhandled
 * rejection still ends the process, as before.
 */

/** An unhandled rejection of pg-boss's own bookkeeping of a worked job (its complete or fail query). */
export const isPgBossBookkeepingRejection = (reason: unknown): boolean => {
  const stack = reason instanceof Error ? (reason.stack ?? '') : '';
  return /node_modules[\\/]pg-boss[\\/]/.test(stack) && /\bManager\.(complete|fail)\b/.test(stack);
};

let installed = false;

/** Installs the handler once per process (the server's and the worker's entry points). */
export const logPgBossBookkeepingRejections = (log: Pick<JobLog, 'warn'>) => {
  if (installed) return;
  installed = true;
  process.on('unhandledRejection', (reason) => {
    if (!isPgBossBookkeepingRejection(reason)) throw reason;
    log.warn(
      { err: safeError(reason) },
      'job queue: a worked job was not recorded (database away); it is retried',
    );
  });
};
