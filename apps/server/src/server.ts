import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { migrateDatabase, openDatabase } from './db/client';
import { createNotificationBus } from './db/notify';
import { seedIfNeeded } from './db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo';
import { createJobQueue } from './jobs/queue';
import { loadCodeExecutionConfig } from './modules/program-execution/program-execution.config';
import { type CodeRunner, startCodeRunner } from './modules/program-execution/program-execution.runner';

/** Entry point: migrate, seed when needed, listen, shut down cleanly. */
const main = async () => {
  const config = loadConfig();
  const codeExecution = loadCodeExecutionConfig();
  const database = await openDatabase(config);
  await database.withLock(async () => {
    await migrateDatabase(database);
    await seedIfNeeded({ db: database.db, demoData: config.demoData, port: config.port });
  });
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
  const app = await buildApp(config, { database, jobs, codeExecution, notifications });
  appLog = app.log;
  await notifications.start();
  let runner: CodeRunner | null = null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await runner?.stop({ timeoutMs: 10_000 });
      await app.close();
      await jobs.stop({ timeoutMs: 1000 });
      await notifications.close();
    } finally {
      // PGlite must be closed, or its data directory may be left inconsistent.
      await database.close();
      process.exit(0);
    }
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  const port = (app.server.address() as AddressInfo).port;
  const lines = [
    '',
    `Uplus is running at http://localhost:${port}`,
    `  school site: http://school.localhost:${port}/   area site: http://area.localhost:${port}/`,
    `  API docs:    http://localhost:${port}/api/docs`,
    `  database:    ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${config.dataDir}/pglite`}`,
  ];
  if (config.demoData) {
    lines.push(
      '',
      `Demo accounts (password ${DEMO_PASSWORD}), sign in at http://localhost:${port}/idp/login`,
    );
    const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.username.length)) + 2;
    for (const a of DEMO_ACCOUNTS)
      lines.push(`  ${a.username.padEnd(width)}${a.name}  ${a.role}  ${a.where}`);
  }
  console.log(`${lines.join('\n')}\n`);

  // Embedded mode: this process runs the code too (after listening, so the first answer is not delayed by
  // the sandbox's start-up checks). CODE_RUNNER_WORKERS=0 leaves it to `worker` processes.
  if (codeExecution.workers > 0 && !closing) {
    runner = await startCodeRunner({
      db: database.db,
      driver: database.driver,
      jobs,
      log: app.log,
      config: codeExecution,
    });
    if (!runner.status.ok) console.log(`Code execution is unavailable on this host: ${runner.status.reason}`);
  }
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
