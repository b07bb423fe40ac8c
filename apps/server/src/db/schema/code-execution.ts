import type { ProgramLanguage } from '@uplus/shared';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { users } from './users';

/**
 * Code runners: processes that run evaluations (the server itself in the embedded mode, `worker` processes
 * on other hosts). Each keeps its row's heartbeat fresh; a runner whose heartbeat is stale is dead, and the
 * evaluations it was running are failed by the sweep. The languages call lists what live runners offer.
 */
export const codeRunners = pgTable(
  'code_runners',
  {
    /** random per process start */
    id: text('id').primaryKey(),
    host: text('host').notNull(),
    pid: integer('pid').notNull(),
    /** evaluations it runs at once */
    concurrency: integer('concurrency').notNull(),
    /** false when the host cannot isolate code (then it runs none and says why) */
    isolationOk: boolean('isolation_ok').notNull(),
    isolationReason: text('isolation_reason'),
    /** languages whose toolchain is present on its host */
    languages: jsonb('languages').$type<ProgramLanguage[]>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    heartbeatAt: timestamp('heartbeat_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('code_runners_heartbeat_idx').on(t.heartbeatAt)],
);

/** A test run of a program against test cases, submitted by a user and run by a code runner. */
export const codeEvaluations = pgTable(
  'code_evaluations',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** canonical language id of the sandbox's table (c, cpp, java, python3, javascript) */
    languageId: text('language_id').notNull(),
    timeLimitMs: integer('time_limit_ms').notNull(),
    sourceCode: text('source_code').notNull(),
    /** queued -> running -> complete | failed; queued -> failed when it can never run */
    status: text('status').notNull().default('queued'),
    /** the runner running it (no foreign key: runner rows are removed long after) */
    runnerId: text('runner_id'),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (t) => [
    index('code_evaluations_user_created_idx').on(t.userId, t.createdAt),
    index('code_evaluations_open_idx')
      .on(t.status, t.runnerId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('code_evaluations_created_idx').on(t.createdAt),
    check('code_evaluations_status_check', sql`${t.status} in ('queued', 'running', 'complete', 'failed')`),
  ],
);

/** The test cases of an evaluation; their ids are the testcaseIds of the API. */
export const codeEvaluationCases = pgTable(
  'code_evaluation_cases',
  {
    id: identityId(),
    evaluationId: ownerRef('evaluation_id', () => codeEvaluations.id),
    /** 0-based order as submitted */
    position: integer('position').notNull(),
    stdin: text('stdin').notNull(),
    expectedOutput: text('expected_output').notNull(),
  },
  (t) => [uniqueIndex('code_evaluation_cases_order_idx').on(t.evaluationId, t.position)],
);

/** Stage results of an evaluation, written as they happen (ordered by id). */
export const codeEvaluationStages = pgTable(
  'code_evaluation_stages',
  {
    id: identityId(),
    evaluationId: ownerRef('evaluation_id', () => codeEvaluations.id),
    stage: text('stage').notNull(),
    success: boolean('success').notNull(),
    message: text('message').notNull(),
    output: text('output'),
    outputQualified: boolean('output_qualified'),
    testcaseId: bigint('testcase_id', { mode: 'number' }),
    timeUsed: integer('time_used'),
    /** KB */
    memoryUsed: integer('memory_used'),
    errorOutput: text('error_output'),
    verdict: text('verdict'),
    createdAt: createdAt(),
  },
  (t) => [
    index('code_evaluation_stages_evaluation_idx').on(t.evaluationId, t.id),
    check(
      'code_evaluation_stages_stage_check',
      sql`${t.stage} in ('VERIFY', 'PREPROCESS', 'COMPILE', 'RUN', 'COMPLETE')`,
    ),
  ],
);
