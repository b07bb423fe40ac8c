import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDrivers } from '../test/database';
import type { Database } from './client';

type Rows<T> = { rows: T[] };

// PostgreSQL only: a connection of the pool dropped by the server (a restart, a terminated backend).
describe.skipIf(!testDrivers().includes('pg'))(
  'the PostgreSQL pool when the server drops a connection',
  () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase('pg');
    });
    afterAll(async () => {
      await database?.close();
    });

    it('fails the transaction that held it, keeps the process alive and serves the next query', async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      try {
        const transaction = database.db.transaction(async (tx) => {
          const result = (await tx.execute(sql`select pg_backend_pid() as pid`)) as unknown as Rows<{
            pid: number;
          }>;
          const [row] = result.rows;
          await admin.query('select pg_terminate_backend($1)', [row!.pid]);
          // The 'error' event of the checked-out client arrives meanwhile; it used to be unhandled.
          await new Promise((resolve) => setTimeout(resolve, 300));
          await tx.execute(sql`select 1`);
        });
        await expect(transaction).rejects.toThrow();
        const again = (await database.db.execute(sql`select 1 as one`)) as unknown as Rows<{ one: number }>;
        expect(again.rows).toEqual([{ one: 1 }]);
      } finally {
        await admin.end();
      }
    });
  },
);
