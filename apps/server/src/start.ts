import type { AddressInfo } from 'node:net';
import { getSandbox, type Sandbox } from '@uplus/sandbox';
import type { FastifyBaseLogger } from 'fastify';
import { type AppDeps, buildApp } from './app';
import type { Config } from './config/config';
import { type Database, openDatabase } from './db/client';
import { createNotificationBus } from './db/notify';
import type { App } from './http/context';
import { createReadiness, type Readiness } from './http/health';
import { createJobQueue } from './jobs/queue';
import { createLlmClient } from './llm/client';
import { type GradingWorkers, startGradingWorkers } from './modules/homework/grading/grading.jobs';
import type { CodeExecutionConfig } from './modules/program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from './modules/program-execution/program-execution.runner';
import { migrateAndSeed } from './seed';

export type StartServerOptions = {
  config: Config;
  codeExecution: CodeExecutionConfig;
  /** The code sandbox; the process-wide one by default (tests pass one whose probe they control). */
  sandbox?: Sandbox;
  /** Where log lines go; stdout by default. */
  logStream?: AppDeps['logStream'];
};

/** A server whose app is built and whose code runner is starting, not yet listening. */
export type BootedServer = {
  app: App;
  database: Database;
  readiness: Readiness;
  /** Settles when this process's code runner has probed the sandbox and registered (null: it runs none). */
  runnerStarted: Promise<CodeRunner | null>;
  /** Stops taking traffic and jobs, closes everything; never rejects. */
  close: () => Promise<void>;
};

/**
 * Opens and migrates the database (seeding when needed) and builds the app, while the code sandbox is
 * probed in parallel (the probe spawns processes; PGlite works in this one). GET /readyz says not ready
 * until both are done.
 */
export const bootServer = async (opts: StartServerOptions): Promise<BootedServer> => {
  const { config, codeExecution } = opts;
  const runsCode = codeExecution.workers > 0;
  const readiness = createReadiness(runsCode ? ['database', 'codeExecution'] : ['database']);
  const sandbox = runsCode ? (opts.sandbox ?? getSandbox({ concurrency: codeExecution.workers })) : null;
  // Started now, awaited by the runner below: the sandbox memoizes its probe.
  void sandbox?.status().catch(() => {});

  const database = await openDatabase(config);
  await migrateAndSeed(database, config);
  readiness.done('database');
  // One job queue for the API (submits) and this process's code runner, so a submit wakes a worker at once;
  // the notification bus wakes the workers of other processes (`npm run worker`) too. Both log through the
  // app's logger, which exists once the app is built.
  let appLog: FastifyBaseLogger | null = null;
  const log = {
    warn: (o: object, m: string) => appLog?.warn(o, m),
    error: (o: object, m: string) => appLog?.error(o, m),
  };
  const notifications = createNotificationBus({ db: database.db, driver: database.driver, log });
  const jobs = createJobQueue({ db: database.db, log, bus: notifications });
  const app = await buildApp(config, {
    database,
    jobs,
    codeExecution,
    notifications,
    readiness,
    logStream: opts.logStream,
  });
  appLog = app.log;
  await notifications.start();

  const runnerStarted: Promise<CodeRunner | null> = sandbox
    ? startCodeRunner({
        db: database.db,
        driver: database.driver,
        jobs,
        log: app.log,
        config: codeExecution,
        sandbox,
      })
    : Promise.resolve(null);
  // issue 11, grading: code answers graded on submit and AI-judge runs, worked by every server process.
  const gradingStarted: Promise<GradingWorkers | null> = startGradingWorkers({
    db: database.db,
    jobs,
    llm: createLlmClient(config.llm),
    llmLimits: config.llm,
    codeExecution,
    log: app.log,
  }).catch((error) => {
    app.log.error({ err: { message: (error as Error).message } }, 'grading workers not started');
    return null;
  });
  void runnerStarted.then(
    (runner) =>
      runner && readiness.done('codeExecution', runner.status.ok ? undefined : (runner.status.reason ?? '')),
    () => {},
  );

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      readiness.stop();
      try {
        const runner = await runnerStarted.catch(() => null);
        await (await gradingStarted)?.stop();
        await runner?.stop({ timeoutMs: 10_000 });
        await app.close();
        await jobs.stop({ timeoutMs: 1000 });
        await notifications.close();
      } catch (error) {
        app.log.error({ err: error }, 'unclean shutdown');
      } finally {
        // PGlite must be closed, or its data directory may be left inconsistent.
        await database.close();
      }
    })();
    return closing;
  };
  return { app, database, readiness, runnerStarted, close };
};

/** A listening server. */
export type StartedServer = BootedServer & { runner: CodeRunner | null; port: number };

/**
 * Waits for the booted server's code runner, then listens: the first request a client or balancer gets
 * answered already lists the languages this host runs (before, it answered [] for a moment after start).
 */
export const listenWhenReady = async (booted: BootedServer, config: Config): Promise<StartedServer> => {
  try {
    const runner = await booted.runnerStarted;
    await booted.app.listen({ port: config.port, host: config.host });
    return { ...booted, runner, port: (booted.app.server.address() as AddressInfo).port };
  } catch (error) {
    await booted.close();
    throw error;
  }
};

/** Boots the server and listens once it is ready (server.ts does the same in two steps, for its signals). */
export const startServer = async (opts: StartServerOptions): Promise<StartedServer> =>
  listenWhenReady(await bootServer(opts), opts.config);
