import { type SQL, sql } from 'drizzle-orm';
import { AppError } from '../core/errors';
import type { Db } from './client';

/** `now() - ms` on the database's clock, which every server instance and code runner shares. */
export const ago = (ms: number): SQL => sql`now() - (${ms / 1000}::double precision * interval '1 second')`;

/** An advisory-lock key: one bigint, or a class and an int (e.g. a user id) as PostgreSQL's two-key form. */
export type LockKey = number | readonly [number, number];

const INT4_MAX = 2_147_483_647;

/** Serialises the rest of the transaction with others taking the same key (PostgreSQL and PGlite). */
export const lockForTransaction = async (tx: Db, key: LockKey) => {
  await tx.execute(
    typeof key === 'number'
      ? sql`select pg_advisory_xact_lock(${key}::bigint)`
      : sql`select pg_advisory_xact_lock(${key[0] % INT4_MAX}::int, ${key[1] % INT4_MAX}::int)`,
  );
};

/**
 * A limit on events within a time window that holds across server instances: call it inside the transaction
 * that then records the new event. The competing checks are serialised by the advisory lock `lock`, so two
 * requests cannot both see the last free place. `count` counts the events already in the window (on `tx`);
 * at `limit` it throws AppError(429, message). A limit of 0 means no limit.
 */
export const assertUnderLimit = async (
  tx: Db,
  opts: { lock: LockKey; limit: number; count: () => Promise<number>; message: string },
) => {
  await lockForTransaction(tx, opts.lock);
  if (opts.limit > 0 && (await opts.count()) >= opts.limit) throw new AppError(429, opts.message);
};
