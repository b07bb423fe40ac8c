import { loadConfig } from '../config/config';
import { migrateDatabase, openDatabase } from './client';

/** `npm run db:migrate`: applies the committed migrations to DATABASE_URL or the PGlite in DATA_DIR. */
const config = loadConfig();
const database = await openDatabase(config);
try {
  await database.withLock(() => migrateDatabase(database));
  console.log(
    `Migrations applied (${config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}/pglite`}).`,
  );
} finally {
  await database.close();
}
