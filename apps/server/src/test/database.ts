import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
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

/** A short hash of the migrations folder: names the PGlite snapshot and the PostgreSQL template. */
const migrationsHash = () => {
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
  return hash.digest('hex').slice(0, 16);
};

/** Where the migrated PGlite snapshot for this set of migrations lives. */
const snapshotPath = () => path.join(os.tmpdir(), `uplus-pglite-v2-${migrationsHash()}.tar`);

/** The migrated PostgreSQL database every test database is copied from (one per set of migrations). */
const templateName = () => `uplus_tpl_${migrationsHash()}`;

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
    // Only the database the tests use travels: template0 and template1 are a third of the dump, which every
    // test file copies in and unpacks (PGlite never creates a database from them).
    await database.db.execute(sql.raw('alter database template1 is_template false'));
    await database.db.execute(sql.raw('drop database template1'));
    await database.db.execute(sql.raw('alter database template0 is_template false'));
    await database.db.execute(sql.raw('drop database template0'));
    await database.db.execute(sql.raw('checkpoint'));
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
 * The snapshot as PGlite reads it (`arrayBuffer()`), read from disk once per test process. Node 20's own
 * Blob.arrayBuffer() copies a 30 MB blob chunk by chunk (about a second of CPU for each test file).
 */
class LoadedBlob extends Blob {
  readonly #content: Buffer;
  constructor(content: Buffer) {
    super([]);
    this.#content = content;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    // a copy: PGlite may keep or change what it is given
    return new Uint8Array(this.#content).buffer;
  }
}

let snapshotBlob: LoadedBlob | null = null;
const loadedSnapshot = (): Blob | null => {
  const file = snapshotPath();
  if (!existsSync(file)) return null;
  snapshotBlob ??= new LoadedBlob(readFileSync(file));
  return snapshotBlob;
};

/** Whether the migrated template of this set of migrations is there, ready to copy. */
const templateReady = async (admin: pg.Client, name: string) =>
  ((await admin.query('select 1 from pg_database where datname = $1 and datistemplate', [name])).rowCount ??
    0) > 0;

/**
 * Makes the migrated PostgreSQL template once per set of migrations (global setup; no-op without
 * TEST_DATABASE_URL): each test database is then a copy of it instead of a run of every migration.
 */
export const ensurePostgresTemplate = async () => {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) return;
  const name = templateName();
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (await templateReady(admin, name)) return;
    // A template left half-made (a run killed while migrating) is made again; the lock keeps two runs apart.
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    if (await templateReady(admin, name)) return;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const database = await openPostgres(url.toString(), { max: 1 });
    try {
      await migrateDatabase(database);
    } finally {
      await database.close();
    }
    await admin.query(`alter database ${name} is_template true allow_connections false`);
  } finally {
    await admin.end();
  }
};

/**
 * A fresh, migrated database: PGlite in memory (from the snapshot when there is one), or a new PostgreSQL
 * database `uplus_t_<random>` on the TEST_DATABASE_URL server that `close()` drops again.
 */
export const openTestDatabase = async (driver: Driver): Promise<Database> => {
  if (driver === 'pglite') {
    const snapshot = loadedSnapshot();
    const database = snapshot ? await openPglite(undefined, { loadDataDir: snapshot }) : await openPglite();
    await migrateDatabase(database);
    return database;
  }
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set');
  const name = `uplus_t_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    const template = templateName();
    const copy = (await templateReady(admin, template)) ? ` template ${template}` : '';
    await admin.query(`create database ${name}${copy}`);
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
