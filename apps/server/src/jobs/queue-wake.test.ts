import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createNotificationBus, type NotificationBus } from '../db/notify';
import { openTestDatabase, testDrivers } from '../test/database';
import { runEvaluationJob } from './definitions';
import { createJobQueue, type JobQueue } from './queue';

const quiet = { warn: () => {}, error: () => {} };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits until `seen` holds `n` ids or `ms` passed; answers how long it took (or null). */
const waitFor = async (seen: number[], n: number, ms: number) => {
  const started = Date.now();
  while (Date.now() - started < ms) {
    if (seen.length >= n) return Date.now() - started;
    await sleep(20);
  }
  return null;
};

// Two job queues on one database stand for a server (sends, no workers) and a worker host (workers that
// poll only every 30 s): with the notification bus a send reaches the idle worker at once.
describe.each(testDrivers())('job wake across processes on %s', (driver) => {
  let database: Database;
  const buses: NotificationBus[] = [];
  const queues: JobQueue[] = [];
  const bus = async () => {
    const b = createNotificationBus({ db: database.db, driver: database.driver, log: quiet });
    await b.start();
    buses.push(b);
    return b;
  };
  const queue = (b?: NotificationBus) => {
    const q = createJobQueue({ db: database.db, log: quiet, bus: b });
    queues.push(q);
    return q;
  };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
  }, 60_000);
  afterAll(async () => {
    for (const q of queues) await q.stop({ timeoutMs: 1000 });
    for (const b of buses) await b.close();
    await database.close();
  }, 60_000);

  it('a send with wake reaches an idle worker of another queue instance long before its next poll', async () => {
    const server = queue(await bus());
    const worker = queue(await bus());
    const seen: number[] = [];
    await worker.work(runEvaluationJob, { concurrency: 1, pollingIntervalMs: 30_000 }, async (job) => {
      seen.push(job.payload.evaluationId);
    });
    await sleep(300); // past the worker's first (empty) poll: it now sleeps for 30 s
    await server.send(runEvaluationJob, { evaluationId: 7 });
    server.wake(runEvaluationJob);
    const took = await waitFor(seen, 1, 10_000);
    expect(seen).toEqual([7]);
    expect(took).not.toBeNull();
    expect(took!).toBeLessThan(5_000);
    await worker.stopWork(runEvaluationJob);
  }, 30_000);

  it('without the bus the same worker waits for its poll (what the wake saves)', async () => {
    const server = queue();
    const worker = queue();
    const seen: number[] = [];
    await worker.work(runEvaluationJob, { concurrency: 1, pollingIntervalMs: 30_000 }, async (job) => {
      seen.push(job.payload.evaluationId);
    });
    await sleep(300);
    await server.send(runEvaluationJob, { evaluationId: 8 });
    server.wake(runEvaluationJob);
    expect(await waitFor(seen, 1, 3_000)).toBeNull();
    await worker.stopWork(runEvaluationJob);
  }, 30_000);
});
