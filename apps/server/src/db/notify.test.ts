import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase, testDrivers } from '../test/database';
import type { Database } from './client';
import { createNotificationBus, LISTENER_APPLICATION_NAME, type NotificationBus, notify } from './notify';

const quiet = { warn: () => undefined };

/** Polls `check` until it holds, up to `timeoutMs`. */
const waitFor = async (check: () => boolean | Promise<boolean>, timeoutMs = 2000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
};

describe.each(testDrivers())('notification bus on %s', (driver) => {
  let database: Database;
  const buses: NotificationBus[] = [];
  const makeBus = (options = {}) => {
    const bus = createNotificationBus({ db: database.db, driver, log: quiet, options });
    buses.push(bus);
    return bus;
  };
  beforeAll(async () => {
    database = await openTestDatabase(driver);
  });
  afterAll(async () => {
    for (const bus of buses) await bus.close();
    await database?.close();
  });

  it('delivers what is published on a channel to its subscribers, the sender included, until they stop', async () => {
    const bus = makeBus();
    const received: string[] = [];
    const other: string[] = [];
    const stop = await bus.subscribe('uplus_test_a', (payload) => received.push(payload));
    await bus.subscribe('uplus_test_b', (payload) => other.push(payload));
    expect(bus.isConnected()).toBe(false);
    await bus.start();
    expect(bus.isConnected()).toBe(true);

    await bus.publish('uplus_test_a', '{"n":1}');
    await notify(database.db, 'uplus_test_a', 'two');
    await waitFor(() => received.length === 2);
    expect(received).toEqual(['{"n":1}', 'two']);
    expect(other).toEqual([]);

    // A channel subscribed after the start is listened on at once.
    const late: string[] = [];
    await bus.subscribe('uplus_test_c', (payload) => late.push(payload));
    await bus.publish('uplus_test_c', 'late');
    await waitFor(() => late.length === 1);

    await stop();
    await bus.publish('uplus_test_a', 'after stop');
    await bus.publish('uplus_test_b', 'marker');
    await waitFor(() => other.length === 1);
    expect(received).toEqual(['{"n":1}', 'two']);
  });

  it('a notification sent inside a transaction goes out at commit, and not at all on rollback', async () => {
    const bus = makeBus();
    const received: string[] = [];
    await bus.subscribe('uplus_test_tx', (payload) => received.push(payload));
    await bus.start();
    await database.db
      .transaction(async (tx) => {
        await bus.publish('uplus_test_tx', 'rolled back', tx);
        throw new Error('roll back');
      })
      .catch(() => undefined);
    await database.db.transaction(async (tx) => {
      await bus.publish('uplus_test_tx', 'committed', tx);
    });
    await waitFor(() => received.length === 1);
    await bus.publish('uplus_test_tx', 'marker');
    await waitFor(() => received.length === 2);
    expect(received).toEqual(['committed', 'marker']);
  });

  it('refuses a channel that is not a plain identifier', async () => {
    const bus = makeBus();
    await expect(bus.subscribe('x; drop table users', () => undefined)).rejects.toThrow(/invalid/);
    await expect(bus.publish('Upper', 'x')).rejects.toThrow(/invalid/);
  });

  it.runIf(driver === 'pg')(
    'a lost listener connection is reported, reconnected with backoff and listens on every channel again',
    async () => {
      const bus = makeBus({ reconnectMinMs: 300, reconnectMaxMs: 300 });
      const states: boolean[] = [];
      bus.onConnectionChange((connected) => states.push(connected));
      const received: string[] = [];
      await bus.subscribe('uplus_test_reconnect', (payload) => received.push(payload));
      await bus.start();
      expect(states).toEqual([true]);

      const admin = new pg.Client({
        connectionString: (database.db as unknown as { $client: pg.Pool }).$client.options.connectionString,
      });
      await admin.connect();
      try {
        const terminated = await admin.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = current_database() and application_name = $1',
          [LISTENER_APPLICATION_NAME],
        );
        expect(terminated.rowCount).toBeGreaterThanOrEqual(1);
        await waitFor(() => !bus.isConnected());
        expect(states).toEqual([true, false]);
        // Sent while down: missed (the session cache is offline meanwhile, so nothing depends on it).
        await bus.publish('uplus_test_reconnect', 'while down');

        await waitFor(() => bus.isConnected(), 5000);
        expect(states).toEqual([true, false, true]);
        await bus.publish('uplus_test_reconnect', 'after');
        await waitFor(() => received.includes('after'));
        expect(received).toEqual(['after']);
      } finally {
        await admin.end();
      }
    },
  );

  it.runIf(driver === 'pg')('keeps trying while the database refuses the listener', async () => {
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    const url = new URL(pool.options.connectionString!);
    url.port = '1'; // nothing listens there
    const unreachable = await import('./client').then((m) =>
      m.openPostgres(url.toString(), { max: 1, reconnectWindowMs: 0 }),
    );
    try {
      const bus = createNotificationBus({
        db: unreachable.db,
        driver: 'pg',
        log: quiet,
        options: { reconnectMinMs: 20, reconnectMaxMs: 40 },
      });
      buses.push(bus);
      await bus.start();
      expect(bus.isConnected()).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 150));
      expect(bus.isConnected()).toBe(false);
      await bus.close();
    } finally {
      await unreachable.close();
    }
  });
});
