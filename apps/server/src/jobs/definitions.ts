import { z } from 'zod';

/**
 * A kind of background job: a stable id (its queue's name, with the payload version, so a changed payload
 * gets a new queue and old jobs are never read with the new schema), the payload schema (checked when a job
 * is sent and again when it is worked) and its queue options. Handlers live with their modules.
 */
export type JobDefinition<P> = {
  id: string;
  version: number;
  payload: z.ZodType<P>;
  options: {
    /** Times a failed or expired job is tried again. */
    retryLimit: number;
    /** An active job not finished after this long is failed by pg-boss's maintenance. */
    expireInSeconds: number;
  };
};

export const queueName = (definition: JobDefinition<unknown>) => `${definition.id}-v${definition.version}`;

/**
 * Runs one code evaluation (program-execution module). Never retried: a program that kills its worker
 * would kill the next one too, and a test run nobody polls any more is worthless; a run interrupted by a
 * dead worker is failed by the runners' sweep instead. The expiry is well above the longest evaluation
 * (compile 10 s + 20 cases x 10 s plus set-up).
 */
export const runEvaluationJob: JobDefinition<{ evaluationId: number }> = {
  id: 'code-evaluation',
  version: 1,
  payload: z.object({ evaluationId: z.number().int().positive() }),
  options: { retryLimit: 0, expireInSeconds: 15 * 60 },
};

/** Every job kind, so the queues exist before anything is sent. */
export const JOB_DEFINITIONS: readonly JobDefinition<unknown>[] = [runEvaluationJob];
