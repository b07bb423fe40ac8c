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

/**
 * Grades the code answers (programming and function questions) of one submitted homework submission in the
 * sandbox (homework grading module): each answer runs as a code evaluation through the runners' queue, so
 * interactive test runs keep their fair turns. Retried: answers already graded are skipped and an answer is
 * claimed for a lease, so a retry or a second worker never grades one twice.
 */
export const gradeSubmissionCodeJob: JobDefinition<{ submissionId: number }> = {
  id: 'homework-code-grading',
  version: 1,
  payload: z.object({ submissionId: z.number().int().positive() }),
  options: { retryLimit: 5, expireInSeconds: 60 * 60 },
};

/**
 * Works one AI-judge run of a homework (homework grading module): one model call per pending short answer.
 * Retried, and re-sent at start for runs still running: answers are claimed one at a time with a lease, so
 * nothing is judged twice and a restarted worker resumes where the run stood.
 */
export const judgeRunJob: JobDefinition<{ runId: number }> = {
  id: 'homework-judge-run',
  version: 1,
  payload: z.object({ runId: z.number().int().positive() }),
  options: { retryLimit: 10, expireInSeconds: 60 * 60 },
};

/** Every job kind, so the queues exist before anything is sent. */
export const JOB_DEFINITIONS: readonly JobDefinition<unknown>[] = [
  runEvaluationJob,
  gradeSubmissionCodeJob,
  judgeRunJob,
];
