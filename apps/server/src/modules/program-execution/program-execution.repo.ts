import type { ProgramLanguage } from '@uplus/shared';
import { and, asc, count, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ago, lockForTransaction } from '../../db/rate-limit';
import { codeEvaluationCases, codeEvaluationStages, codeEvaluations, codeRunners } from '../../db/schema';

export type EvaluationStatus = 'queued' | 'running' | 'complete' | 'failed';
export type EvaluationRow = typeof codeEvaluations.$inferSelect;
export type StageRow = typeof codeEvaluationStages.$inferSelect;
export type NewStage = Omit<typeof codeEvaluationStages.$inferInsert, 'id' | 'evaluationId' | 'createdAt'>;

/** Rows of a raw statement, on either driver. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Advisory lock serialising submits (the queue bound and the rate limit stay exact). */
export const SUBMITS_LOCK = 4_271_906_114;

/** Evaluations created by a user within the last `ms`. */
export const countRecentSubmits = async (db: Db, userId: number, ms: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(codeEvaluations)
    .where(and(eq(codeEvaluations.userId, userId), gt(codeEvaluations.createdAt, ago(ms))));
  return row?.n ?? 0;
};

/** Evaluations waiting for a runner. */
export const countQueued = async (db: Db) => {
  const [row] = await db
    .select({ n: count() })
    .from(codeEvaluations)
    .where(eq(codeEvaluations.status, 'queued'));
  return row?.n ?? 0;
};

export const insertEvaluation = async (
  db: Db,
  values: { userId: number; languageId: string; timeLimitMs: number; sourceCode: string },
) => {
  const [row] = await db.insert(codeEvaluations).values(values).returning({ id: codeEvaluations.id });
  return row!.id;
};

/** Stores the cases in order; returns their ids in the same order. */
export const insertCases = async (
  db: Db,
  evaluationId: number,
  cases: { stdin: string; expectedOutput: string }[],
) => {
  const rows = await db
    .insert(codeEvaluationCases)
    .values(cases.map((c, position) => ({ evaluationId, position, ...c })))
    .returning({ id: codeEvaluationCases.id, position: codeEvaluationCases.position });
  return rows.sort((a, b) => a.position - b.position).map((r) => r.id);
};

export const findEvaluation = async (db: Db, id: number) => {
  const [row] = await db.select().from(codeEvaluations).where(eq(codeEvaluations.id, id)).limit(1);
  return row ?? null;
};

export const listStages = (db: Db, evaluationId: number) =>
  db
    .select()
    .from(codeEvaluationStages)
    .where(eq(codeEvaluationStages.evaluationId, evaluationId))
    .orderBy(asc(codeEvaluationStages.id));

export const listCases = (db: Db, evaluationId: number) =>
  db
    .select()
    .from(codeEvaluationCases)
    .where(eq(codeEvaluationCases.evaluationId, evaluationId))
    .orderBy(asc(codeEvaluationCases.position));

/** Moves a queued evaluation to running under `runnerId`; null when it is not queued (any more). */
export const claimEvaluation = async (db: Db, id: number, runnerId: string) => {
  const [row] = await db
    .update(codeEvaluations)
    .set({ status: 'running', runnerId, startedAt: sql`now()` })
    .where(and(eq(codeEvaluations.id, id), eq(codeEvaluations.status, 'queued')))
    .returning();
  return row ?? null;
};

/** Advisory lock serialising claims, so that no runner goes over its per-user limit by a race. */
export const CLAIM_LOCK = 4_271_906_115;

/**
 * Claims the next evaluation for `runnerId`, fairly between users: among the queued ones (not older than
 * `maxWaitMs`: those are for the sweep to fail) of users holding fewer than `perUserLimit` evaluations on
 * this runner, the one whose user has the fewest running evaluations over all runners, then the oldest.
 * So a user with many runs waiting never goes ahead of another user's first. Null when none may start.
 * Works the same from several runner processes on one PostgreSQL (claims are serialised by CLAIM_LOCK;
 * SKIP LOCKED passes over a row another transaction still holds).
 */
export const claimNextEvaluation = (
  db: Db,
  opts: { runnerId: string; perUserLimit: number; maxWaitMs: number },
) =>
  db.transaction(async (tx) => {
    await lockForTransaction(tx, CLAIM_LOCK);
    const result = await tx.execute(sql`
      select q.id::text as id
      from ${codeEvaluations} q
      where q.status = 'queued' and q.created_at > ${ago(opts.maxWaitMs)}
        and (select count(*) from ${codeEvaluations} mine
             where mine.user_id = q.user_id and mine.status = 'running' and mine.runner_id = ${opts.runnerId}
            ) < ${opts.perUserLimit}
      order by
        (select count(*) from ${codeEvaluations} r where r.user_id = q.user_id and r.status = 'running'),
        q.created_at, q.id
      limit 1
      for update of q skip locked
    `);
    const [row] = rowsOf<{ id: string }>(result);
    return row ? claimEvaluation(tx, Number(row.id), opts.runnerId) : null;
  });

/**
 * Appends a stage row, but only while the evaluation is still running under `runnerId` (a sweep may have
 * failed it). Returns whether the row was written.
 */
export const insertStageIfRunning = async (
  db: Db,
  evaluationId: number,
  runnerId: string,
  stage: NewStage,
) => {
  const result = await db.execute(sql`
    insert into ${codeEvaluationStages}
      (evaluation_id, stage, success, message, output, output_qualified, testcase_id, time_used, memory_used,
       error_output, verdict)
    select e.id, ${stage.stage}, ${stage.success}, ${stage.message}, ${stage.output ?? null},
      ${stage.outputQualified ?? null}, ${stage.testcaseId ?? null}::bigint, ${stage.timeUsed ?? null}::int,
      ${stage.memoryUsed ?? null}::int, ${stage.errorOutput ?? null}, ${stage.verdict ?? null}
    from ${codeEvaluations} e
    where e.id = ${evaluationId} and e.status = 'running' and e.runner_id = ${runnerId}
    returning id
  `);
  return rowsOf<{ id: unknown }>(result).length === 1;
};

/** Ends a running evaluation of `runnerId`. */
export const finishEvaluation = async (
  db: Db,
  id: number,
  runnerId: string,
  status: Extract<EvaluationStatus, 'complete' | 'failed'>,
) => {
  await db
    .update(codeEvaluations)
    .set({ status, finishedAt: sql`now()` })
    .where(
      and(
        eq(codeEvaluations.id, id),
        eq(codeEvaluations.status, 'running'),
        eq(codeEvaluations.runnerId, runnerId),
      ),
    );
};

/** Appends a stage row unconditionally (failure rows written by sweeps). */
export const insertStage = async (db: Db, evaluationId: number, stage: NewStage) => {
  await db.insert(codeEvaluationStages).values({ evaluationId, ...stage });
};

/** The stage of an evaluation's last row (null without rows). */
export const lastStage = async (db: Db, evaluationId: number) => {
  const [row] = await db
    .select({ stage: codeEvaluationStages.stage })
    .from(codeEvaluationStages)
    .where(eq(codeEvaluationStages.evaluationId, evaluationId))
    .orderBy(sql`${codeEvaluationStages.id} desc`)
    .limit(1);
  return row?.stage ?? null;
};

/**
 * Fails the running evaluations whose runner is dead: its heartbeat is older than `staleAfterMs`, or its row
 * is gone; with `othersAreDead` (PGlite: one process owns the database) every runner but `selfId` is dead.
 * Returns the failed evaluations' ids.
 */
export const failEvaluationsOfDeadRunners = async (
  db: Db,
  opts: { selfId: string; staleAfterMs: number; othersAreDead: boolean },
) => {
  const alive = opts.othersAreDead
    ? sql`false`
    : sql`exists (select 1 from ${codeRunners} r where r.id = e.runner_id and r.heartbeat_at > ${ago(opts.staleAfterMs)})`;
  const result = await db.execute(sql`
    update ${codeEvaluations} e set status = 'failed', finished_at = now()
    where e.status = 'running' and e.runner_id is distinct from ${opts.selfId} and not ${alive}
    returning id::text as id
  `);
  return rowsOf<{ id: string }>(result).map((r) => Number(r.id));
};

/** Fails evaluations waiting longer than `ms`; returns their ids. */
export const failQueuedOlderThan = async (db: Db, ms: number) => {
  const rows = await db
    .update(codeEvaluations)
    .set({ status: 'failed', finishedAt: sql`now()` })
    .where(and(eq(codeEvaluations.status, 'queued'), lt(codeEvaluations.createdAt, ago(ms))))
    .returning({ id: codeEvaluations.id });
  return rows.map((r) => r.id);
};

/** Fails the given running evaluations of a runner (it is stopping); returns the ids it failed. */
export const failRunningOf = async (db: Db, runnerId: string, ids: number[]) => {
  if (ids.length === 0) return [];
  const rows = await db
    .update(codeEvaluations)
    .set({ status: 'failed', finishedAt: sql`now()` })
    .where(
      and(
        inArray(codeEvaluations.id, ids),
        eq(codeEvaluations.status, 'running'),
        eq(codeEvaluations.runnerId, runnerId),
      ),
    )
    .returning({ id: codeEvaluations.id });
  return rows.map((r) => r.id);
};

/** Deletes finished evaluations (with their cases and stages) older than `days`. */
export const deleteFinishedOlderThan = async (db: Db, days: number) => {
  await db
    .delete(codeEvaluations)
    .where(
      and(
        inArray(codeEvaluations.status, ['complete', 'failed']),
        isNotNull(codeEvaluations.finishedAt),
        lt(codeEvaluations.createdAt, ago(days * 24 * 3600_000)),
      ),
    );
};

export type RunnerRow = typeof codeRunners.$inferSelect;

/** Registers (or re-registers) a runner with a fresh heartbeat. */
export const upsertRunner = async (
  db: Db,
  values: {
    id: string;
    host: string;
    pid: number;
    concurrency: number;
    isolationOk: boolean;
    isolationReason: string | null;
    languages: ProgramLanguage[];
  },
) => {
  await db
    .insert(codeRunners)
    .values(values)
    .onConflictDoUpdate({ target: codeRunners.id, set: { ...values, heartbeatAt: sql`now()` } });
};

/** Renews a runner's heartbeat; false when its row is gone. */
export const touchRunner = async (db: Db, id: string) => {
  const rows = await db
    .update(codeRunners)
    .set({ heartbeatAt: sql`now()` })
    .where(eq(codeRunners.id, id))
    .returning({ id: codeRunners.id });
  return rows.length === 1;
};

export const deleteRunner = async (db: Db, id: string) => {
  await db.delete(codeRunners).where(eq(codeRunners.id, id));
};

/** Runners whose heartbeat is fresh, oldest first. */
export const listLiveRunners = (db: Db, staleAfterMs: number) =>
  db
    .select()
    .from(codeRunners)
    .where(gt(codeRunners.heartbeatAt, ago(staleAfterMs)))
    .orderBy(asc(codeRunners.startedAt));

/** Removes rows of runners dead for longer than `ms` (their evaluations were failed long before). */
export const deleteRunnersStaleFor = async (db: Db, ms: number) => {
  await db.delete(codeRunners).where(lt(codeRunners.heartbeatAt, ago(ms)));
};
