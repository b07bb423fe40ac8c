import { createServer, type Server, connect as tcpConnect } from 'node:net';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDrivers } from '../test/database';
import { type Database, isConnectionLost, openPostgres } from './client';

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

/** A TCP port that forwards to the test PostgreSQL once `open()` is called (until then nothing listens). */
const delayedPostgres = async () => {
  const target = new URL(process.env.TEST_DATABASE_URL!);
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  let server: Server | null = null;
  const url = new URL(target);
  url.port = String(port);
  return {
    /** the test database's URL through this port */
    url: url.toString(),
    open: () =>
      new Promise<void>((resolve) => {
        server = createServer((socket) => {
          const upstream = tcpConnect(Number(target.port || 5432), target.hostname);
          socket.pipe(upstream).pipe(socket);
          socket.on('error', () => upstream.destroy());
          upstream.on('error', () => socket.destroy());
        });
        server.listen(port, '127.0.0.1', () => resolve());
      }),
    close: () => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))),
  };
};

describe.skipIf(!testDrivers().includes('pg'))('the PostgreSQL pool while the server is unreachable', () => {
  it('waits for a server that comes back within the window and answers the query', async () => {
    const gate = await delayedPostgres();
    const database = await openPostgres(gate.url, { max: 1, reconnectWindowMs: 5000 });
    try {
      const started = Date.now();
      const query = database.db.execute(sql`select 1 as one`);
      setTimeout(() => void gate.open(), 400);
      const result = (await query) as unknown as Rows<{ one: number }>;
      expect(result.rows).toEqual([{ one: 1 }]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(350);
    } finally {
      await database.close();
      await gate.close();
    }
  });

  it('gives up after the window with the connection error', async () => {
    const gate = await delayedPostgres();
    const database = await openPostgres(gate.url, { max: 1, reconnectWindowMs: 300 });
    try {
      const started = Date.now();
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: 'ECONNREFUSED' }),
      });
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await database.close();
    }
  });

  it('does not retry what is not an outage (a database that does not exist)', async () => {
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = '/uplus_no_such_database';
    const database = await openPostgres(url.toString(), { max: 1, reconnectWindowMs: 5000 });
    try {
      const started = Date.now();
      // 3D000 invalid_catalog_name
      await expect(database.db.execute(sql`select 1`)).rejects.toMatchObject({
        cause: expect.objectContaining({ code: '3D000' }),
      });
      expect(Date.now() - started).toBeLessThan(1000);
    } finally {
      await database.close();
    }
  });
});

describe('isConnectionLost', () => {
  it('knows a lost or refused connection, also wrapped by drizzle, and nothing else', () => {
    const wrapped = (cause: unknown) => Object.assign(new Error('Failed query: select 1'), { cause });
    expect(isConnectionLost(wrapped(Object.assign(new Error('refused'), { code: 'ECONNREFUSED' })))).toBe(
      true,
    );
    expect(isConnectionLost(wrapped(new Error('Connection terminated unexpectedly')))).toBe(true);
    // 57P01 admin_shutdown (the backend ended by a restart), 08006 connection_failure
    expect(isConnectionLost(wrapped(Object.assign(new Error('terminating'), { code: '57P01' })))).toBe(true);
    expect(isConnectionLost(Object.assign(new Error('failure'), { code: '08006' }))).toBe(true);
    // a statement's own errors are not outages
    expect(isConnectionLost(wrapped(Object.assign(new Error('duplicate key'), { code: '23505' })))).toBe(
      false,
    );
    expect(isConnectionLost(wrapped(Object.assign(new Error('syntax'), { code: '42601' })))).toBe(false);
    expect(isConnectionLost(new Error('something else'))).toBe(false);
    expect(isConnectionLost(undefined)).toBe(false);
  });
});
