import PgBoss from 'pg-boss';
import type { Db } from '../db/client';
import type { NotificationBus } from '../db/notify';
import { JOB_DEFINITIONS, type JobDefinition, queueName } from './definitions';
import { sqlExecutorOf } from './sql';

/** Where the queue logs (pino's shape). */
export type JobLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

/** A job as its handler sees it: the checked payload and pg-boss's id. */
export type JobOf<P> = { id: string; payload: P };

/**
 * Background jobs on the application's own database through pg-boss 10 (PostgreSQL, or PGlite through the
 * `executeSql` adapter): the same code path for the embedded and the distributed mode.
 */
export type JobQueue = {
  /** Installs or migrates pg-boss's schema and creates the queues; later calls wait for the first. */
  start: () => Promise<void>;
  /**
   * Queues a job. Pass `db` (a Drizzle transaction) to queue it in that transaction: it is committed
   * with the rows it refers to, or not at all. Call `start()` before opening such a transaction (on PGlite
   * a query outside it would wait for it to end).
   */
  send: <P>(definition: JobDefinition<P>, payload: P, options?: { db?: Db }) => Promise<string>;
  /**
   * Starts `concurrency` workers polling the definition's queue. Jobs whose payload no longer fits the
   * schema fail without reaching the handler. A handler's error fails the job.
   */
  work: <P>(
    definition: JobDefinition<P>,
    options: { concurrency: number; pollingIntervalMs: number },
    handler: (job: JobOf<P>) => Promise<void>,
  ) => Promise<void>;
  /** Stops this process's workers of a queue (running handlers go on to their end). */
  stopWork: (definition: JobDefinition<unknown>) => Promise<void>;
  /**
   * Wakes the idle workers of a queue now (after a send), instead of at their next poll: this process's at
   * once, and with a notification bus those of every other process on the database (worker hosts).
   */
  wake: (definition: JobDefinition<unknown>) => void;
  /** Stops the workers, waiting up to `timeoutMs` for running handlers; jobs still running then are failed. */
  stop: (options?: { timeoutMs?: number }) => Promise<void>;
};

/** pg-boss's tables live in their own schema beside the application's. */
export const JOB_SCHEMA = 'pgboss';

/** Notification channel that wakes other processes' workers; the payload is the queue's name. */
export const JOB_WAKE_CHANNEL = 'uplus_job_wake';

/** pg-boss's own start-up races with another process's (see `start`). */
const isStartRace = (error: unknown) => {
  const { code, message } = error as { code?: string; message?: string };
  return code === '23505' || code === '40P01' || /already exists/.test(message ?? '');
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * `bus`: when given, `wake` also reaches the workers of other processes on the same database, and this
 * process's workers listen for theirs (without it, or while its connection is down, workers of other
 * processes find a job at their next poll).
 */
export const createJobQueue = (deps: { db: Db; log: JobLog; bus?: NotificationBus }): JobQueue => {
  const makeBoss = () => {
    const instance = new PgBoss({
      db: sqlExecutorOf(deps.db) as PgBoss.Db,
      schema: JOB_SCHEMA,
      // No cron schedules: the timekeeper would only add polling.
      schedule: false,
      supervise: true,
      migrate: true,
      maintenanceIntervalSeconds: 60,
      archiveCompletedAfterSeconds: 60 * 60,
      deleteAfterDays: 2,
    });
    // An 'error' event without a listener would crash the process.
    instance.on('error', (error) => deps.log.warn({ err: { message: error.message } }, 'job queue error'));
    return instance;
  };
  // Made at start: building the app must not touch the database.
  let boss: PgBoss | null = null;
  /** The started instance (callers await start() first). */
  const current = () => {
    if (!boss) throw new Error('JobQueue used before start()');
    return boss;
  };

  let started: Promise<void> | null = null;
  let stopped = false;
  const workerIds = new Map<string, string[]>();
  const wakeLocal = (name: string) => {
    for (const id of workerIds.get(name) ?? []) boss?.notifyWorker(id);
  };
  // Subscribed with the first worker: a process without workers has nothing to wake.
  let unsubscribe: Promise<(() => Promise<void>) | null> | null = null;
  const listenForWakes = () => {
    const { bus } = deps;
    if (!bus) return Promise.resolve();
    unsubscribe ??= bus.subscribe(JOB_WAKE_CHANNEL, wakeLocal).catch((error: Error) => {
      deps.log.warn({ err: { message: error.message } }, 'job wake notifications unavailable; polling only');
      return null;
    });
    return unsubscribe;
  };

  const start = () => {
    started ??= (async () => {
      // Two processes installing pg-boss's schema at once: its advisory lock serialises them, but the
      // second one's catalog cache may not see the first one's CREATE SCHEMA yet (duplicate key on
      // pg_namespace), which pg-boss 10 does not expect. A fresh instance (a failed one cannot be started
      // again) finds the schema installed.
      for (let attempt = 1; ; attempt++) {
        boss = makeBoss();
        try {
          await boss.start();
          break;
        } catch (error) {
          if (attempt >= 5 || !isStartRace(error)) throw error;
          await sleep(100 * attempt + Math.random() * 100);
        }
      }
      for (const definition of JOB_DEFINITIONS) {
        const name = queueName(definition);
        const options = {
          name,
          retryLimit: definition.options.retryLimit,
          expireInSeconds: definition.options.expireInSeconds,
        };
        // Two processes creating the same new queue at once can deadlock inside pg-boss's create_queue
        // (queue row insert against the partition's foreign key): PostgreSQL aborts one, which then finds
        // the queue made by the other.
        for (let attempt = 1; ; attempt++) {
          try {
            await current().createQueue(name, options);
            break;
          } catch (error) {
            const code = (error as { code?: string }).code;
            if (attempt >= 5 || (code !== '40P01' && code !== '23505')) throw error;
            await sleep(50 * attempt + Math.random() * 100);
          }
        }
      }
    })();
    return started;
  };

  return {
    start,
    send: async (definition, payload, options = {}) => {
      const data = definition.payload.parse(payload) as object;
      if (!options.db) await start();
      else if (!started) throw new Error('JobQueue.send inside a transaction before start()');
      const id = await current().send(queueName(definition), data, {
        retryLimit: definition.options.retryLimit,
        expireInSeconds: definition.options.expireInSeconds,
        ...(options.db ? { db: sqlExecutorOf(options.db) as PgBoss.Db } : {}),
      });
      if (!id) throw new Error(`job not queued: ${queueName(definition)}`);
      return id;
    },
    work: async (definition, options, handler) => {
      await start();
      await listenForWakes();
      const name = queueName(definition);
      const ids = workerIds.get(name) ?? [];
      for (let i = 0; i < options.concurrency; i++) {
        const id = await current().work<unknown>(
          name,
          { batchSize: 1, pollingIntervalSeconds: Math.max(0.5, options.pollingIntervalMs / 1000) },
          async (jobs) => {
            for (const job of jobs) {
              const payload = definition.payload.safeParse(job.data);
              if (!payload.success) {
                deps.log.error({ job: job.id, queue: name }, 'job payload does not fit its schema');
                throw new Error('invalid job payload');
              }
              await handler({ id: job.id, payload: payload.data });
            }
          },
        );
        ids.push(id);
      }
      workerIds.set(name, ids);
    },
    stopWork: async (definition) => {
      const name = queueName(definition);
      if (!workerIds.has(name)) return;
      workerIds.delete(name);
      await current().offWork(name);
    },
    wake: (definition) => {
      const name = queueName(definition);
      wakeLocal(name);
      // Every listener gets it, this process included: waking an idle worker twice costs nothing.
      deps.bus?.publish(JOB_WAKE_CHANNEL, name).catch((error: Error) => {
        deps.log.warn({ err: { message: error.message }, queue: name }, 'job wake not sent; workers poll');
      });
    },
    stop: async (options = {}) => {
      if (stopped) return;
      stopped = true;
      const stopListening = await unsubscribe;
      await stopListening?.().catch(() => undefined);
      if (!started) return;
      await started.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, close: false, timeout: options.timeoutMs ?? 10_000 });
    },
  };
};
