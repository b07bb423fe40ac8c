import pino from 'pino';
import { loadConfig } from './config/config';
import { REDACT_PATHS } from './core/logging';
import { migrateDatabase, openDatabase } from './db/client';
import { createNotificationBus } from './db/notify';
import { createJobQueue } from './jobs/queue';
import { logPgBossBookkeepingRejections } from './jobs/rejections';
import { loadCodeExecutionConfig } from './modules/program-execution/program-execution.config';
import { startCodeRunner } from './modules/program-execution/program-execution.runner';

/**
 * Entry point of a code-runner host (`npm run worker -w @uplus/server`): no HTTP; runs evaluation jobs
 * from the shared PostgreSQL (DATABASE_URL) with CODE_RUNNER_WORKERS at once (default: CPU cores).
 * Start as many as needed on any hosts with the toolchains and bubblewrap; stop with SIGTERM (running
 * evaluations get up to 20 s to finish).
 */
const main = async () => {
  const config = loadConfig();
  const codeExecution = loadCodeExecutionConfig();
  const log = pino({ level: config.logLevel, redact: { paths: REDACT_PATHS, censor: '[REDACTED]' } });
  logPgBossBookkeepingRejections(log);
  if (!config.databaseUrl) {
    throw new Error(
      'The worker needs DATABASE_URL (PostgreSQL shared with the servers). In the embedded mode (PGlite) ' +
        'the server runs the code itself.',
    );
  }
  if (codeExecution.workers < 1) throw new Error('CODE_RUNNER_WORKERS must be at least 1 for a worker');
  const database = await openDatabase(config);
  await database.withLock(() => migrateDatabase(database));
  // Woken by the servers' submits over LISTEN/NOTIFY; polling finds the jobs sent while it was disconnected.
  const notifications = createNotificationBus({ db: database.db, driver: database.driver, log });
  await notifications.start();
  const jobs = createJobQueue({ db: database.db, log, bus: notifications });
  const runner = await startCodeRunner({
    db: database.db,
    driver: database.driver,
    jobs,
    log,
    config: codeExecution,
  });
  if (!runner.status.ok) log.error({ reason: runner.status.reason }, 'this host cannot isolate code');
  log.info({ runner: runner.id, workers: codeExecution.workers }, 'worker ready');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    log.info({ signal }, 'worker shutting down');
    try {
      await runner.stop({ timeoutMs: 20_000 });
      await jobs.stop({ timeoutMs: 1000 });
      await notifications.close();
    } finally {
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
};

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
