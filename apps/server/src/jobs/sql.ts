import type { Db } from '../db/client';

/** Result of a raw SQL statement: the rows (pg-boss reads nothing else). */
export type SqlResult = { rows: Record<string, unknown>[] };

/** pg-boss's database interface: one method taking SQL text with `$n` parameters. */
export type SqlExecutor = { executeSql: (text: string, values?: unknown[]) => Promise<SqlResult> };

type PgliteLike = {
  exec: (text: string) => Promise<SqlResult[]>;
  query: (text: string, values?: unknown[]) => Promise<SqlResult>;
};
type PgLike = { query: (text: string, values?: unknown[]) => Promise<SqlResult> };

const isPglite = (client: unknown): client is PgliteLike =>
  typeof (client as PgliteLike)?.exec === 'function' && typeof (client as PgliteLike)?.query === 'function';
const isPg = (client: unknown): client is PgLike => typeof (client as PgLike)?.query === 'function';

/**
 * Runs raw SQL on the connection behind a Drizzle handle: the PGlite instance, the `pg` pool or, for a
 * handle passed to `db.transaction(fn)`, that transaction's own connection, so a job can be queued in the
 * same transaction as the rows it refers to.
 *
 * PGlite's `query` runs one statement with parameters (extended protocol); pg-boss also sends scripts of
 * several statements without parameters (schema creation, maintenance wrapped in BEGIN ... COMMIT), which
 * go through `exec` (simple protocol), whose last result is returned. `pg` handles both in `query`.
 */
export const sqlExecutorOf = (db: Db): SqlExecutor => {
  // Drizzle keeps the driver's client on its session (typed as public `_`, the client itself untyped).
  const client = (db as unknown as { _: { session: { client?: unknown } } })._.session.client;
  if (isPglite(client)) {
    return {
      executeSql: async (text, values) => {
        if (values && values.length > 0) return client.query(text, values);
        const results = await client.exec(text);
        return results[results.length - 1] ?? { rows: [] };
      },
    };
  }
  if (isPg(client)) return { executeSql: (text, values) => client.query(text, values) };
  throw new Error('sqlExecutorOf: the database handle has no PGlite or pg client');
};
