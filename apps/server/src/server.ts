import { loadConfig } from './config/config';
import { logPgBossBookkeepingRejections } from './jobs/rejections';
import { findClassesByCodes } from './modules/courses/courses.service';
import { loadCodeExecutionConfig } from './modules/program-execution/program-execution.config';
import { DEMO_ACCOUNTS, DEMO_CLASSES, DEMO_PASSWORD } from './seed/demo';
import { bootServer, listenWhenReady } from './start';

/**
 * Entry point: migrate, seed when needed, probe the code sandbox, listen (see start.ts), shut down cleanly.
 * Load balancers: GET /livez and GET /readyz (http/health.ts).
 */
const main = async () => {
  const config = loadConfig();
  const codeExecution = loadCodeExecutionConfig();
  const booted = await bootServer({ config, codeExecution });
  logPgBossBookkeepingRejections(booted.app.log);
  let closing = false;
  const shutdown = async (signal: string) => {
    closing = true;
    booted.app.log.info({ signal }, 'shutting down');
    await booted.close();
    process.exit(0);
  };
  // Before listening: a stop while the sandbox is probed still closes PGlite cleanly.
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  const server = await listenWhenReady(booted, config).catch((error) => {
    if (closing) return new Promise<never>(() => {}); // shutdown() exits
    throw error;
  });
  const { port, runner } = server;

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
    // The demo classes as they are in the database (a class whose code was regenerated is not listed).
    const classes = await findClassesByCodes({
      db: server.database.db,
      codes: DEMO_CLASSES.map((c) => c.code),
    });
    if (classes.length > 0) lines.push('', 'Class codes (a student joins at 我的课程 > 加入课程):');
    for (const c of classes) {
      const note = DEMO_CLASSES.find((d) => d.code === c.code)?.note ?? '';
      const closed = c.closed ? '（已关闭）' : '';
      lines.push(`  ${c.code}  ${c.courseName} / ${c.name}${closed}  ${c.teacher}  ${note}`);
    }
  }
  if (runner && !runner.status.ok)
    lines.push('', `Code execution is unavailable on this host: ${runner.status.reason}`);
  console.log(`${lines.join('\n')}\n`);
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
