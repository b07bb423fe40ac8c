import type { AddressInfo } from 'node:net';
import { buildApp } from './app';
import { loadConfig } from './config/config';
import { migrateDatabase, openDatabase } from './db/client';
import { seedIfNeeded } from './db/seed';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './db/seed/demo';

/** Entry point: migrate, seed when needed, listen, shut down cleanly. */
const main = async () => {
  const config = loadConfig();
  const database = await openDatabase(config);
  await database.withLock(async () => {
    await migrateDatabase(database);
    await seedIfNeeded({ db: database.db, demoData: config.demoData, port: config.port });
  });
  const app = await buildApp(config, { database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
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
};

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
