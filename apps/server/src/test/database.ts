import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  type Database,
  dumpPglite,
  MIGRATIONS_FOLDER,
  migrateDatabase,
  openPglite,
  openPostgres,
} from '../db/client';

export type Driver = 'pglite' | 'pg';

/**
 * The drivers every API test runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. On CI a
 * missing TEST_DATABASE_URL is an error, not a silent skip.
 */
export const testDrivers = (): Driver[] => {
  const url = process.env.TEST_DATABASE_URL;
  if (!url && process.env.CI === 'true') {
    throw new Error('CI=true but TEST_DATABASE_URL is not set: the API tests must also run on PostgreSQL');
  }
  return url ? ['pglite', 'pg'] : ['pglite'];
};

/** Where the migrated PGlite snapshot for this set of migrations lives. */
const snapshotPath = () => {
  const hash = createHash('sha256');
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else hash.update(entry.name).update(readFileSync(full));
    }
  };
  walk(MIGRATIONS_FOLDER);
  return path.join(os.tmpdir(), `uplus-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
};

/**
 * Makes a migrated PGlite snapshot once per set of migrations (global setup): a fresh PGlite cluster costs
 * ~2 s and ~760 MB, loading a snapshot a fraction of that.
 */
export const ensurePgliteSnapshot = async () => {
  const file = snapshotPath();
  if (existsSync(file)) return file;
  const database = await openPglite();
  try {
    await migrateDatabase(database);
    const dump = await dumpPglite(database);
    const tmp = `${file}.${process.pid}.tmp`;
    writeFileSync(tmp, Buffer.from(await dump.arrayBuffer()));
    renameSync(tmp, file);
  } finally {
    await database.close();
  }
  return file;
};

/**
 * A fresh, migrated database: PGlite in memory (from the snapshot when there is one), or a new PostgreSQL
 * database `uplus_t_<random>` on the TEST_DATABASE_URL server that `close()` drops again.
 */
export const openTestDatabase = async (driver: Driver): Promise<Database> => {
  if (driver === 'pglite') {
    const file = snapshotPath();
    const database = existsSync(file)
      ? await openPglite(undefined, { loadDataDir: new Blob([readFileSync(file)]) })
      : await openPglite();
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `uplus_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(`create database ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString(), { max: 4 });
  await migrateDatabase(database);
  return {
    ...database,
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
};
