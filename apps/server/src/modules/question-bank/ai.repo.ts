import { and, count, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import type { LlmTask } from '../../config/config';
import type { Db } from '../../db/client';
import { ago, type LockKey } from '../../db/rate-limit';
import { aiCalls } from '../../db/schema';

/** Advisory-lock class of a user's AI-call checks (with the user id as the second key). */
const AI_CALLS_LOCK_CLASS = 1_427_190_611;

/** The lock that serialises one user's AI-call checks. */
export const userCallsLock = (userId: number): LockKey => [AI_CALLS_LOCK_CLASS, userId];

/** The user's calls started within the last `ms`. */
export const countCallsSince = async (db: Db, userId: number, ms: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(aiCalls)
    .where(and(eq(aiCalls.userId, userId), gt(aiCalls.createdAt, ago(ms))));
  return row?.n ?? 0;
};

/** The user's draft streams still running: not ended, and renewed within the last `leaseMs`. */
export const countOpenStreams = async (db: Db, userId: number, leaseMs: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(aiCalls)
    .where(
      and(
        eq(aiCalls.userId, userId),
        eq(aiCalls.kind, 'generate'),
        isNull(aiCalls.finishedAt),
        gt(aiCalls.heartbeatAt, ago(leaseMs)),
      ),
    );
  return row?.n ?? 0;
};

/** Records a call; one that is not `open` is recorded as ended. Returns its id. */
export const insertCall = async (db: Db, values: { userId: number; kind: LlmTask; open: boolean }) => {
  const [row] = await db
    .insert(aiCalls)
    .values({ userId: values.userId, kind: values.kind, finishedAt: values.open ? null : sql`now()` })
    .returning({ id: aiCalls.id });
  return row!.id;
};

/** Renews a running call's heartbeat. */
export const touchCall = async (db: Db, id: number) => {
  await db.update(aiCalls).set({ heartbeatAt: sql`now()` }).where(eq(aiCalls.id, id));
};

export const finishCall = async (db: Db, id: number) => {
  await db
    .update(aiCalls)
    .set({ finishedAt: sql`now()` })
    .where(and(eq(aiCalls.id, id), isNull(aiCalls.finishedAt)));
};

/** Forgets the user's calls older than `ms` that ended or whose heartbeat stopped. */
export const deleteCallsOlderThan = async (db: Db, userId: number, ms: number) => {
  await db
    .delete(aiCalls)
    .where(
      and(
        eq(aiCalls.userId, userId),
        lt(aiCalls.createdAt, ago(ms)),
        or(isNotNull(aiCalls.finishedAt), lt(aiCalls.heartbeatAt, ago(ms))),
      ),
    );
};
