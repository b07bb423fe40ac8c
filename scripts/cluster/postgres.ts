import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { ROOT } from './state';

/** The machine's PostgreSQL as scripts/ensure-postgres.sh sets it up. */
export const LOCAL_POSTGRES = 'postgres://postgres@127.0.0.1:5432/';

/** Names the cluster may create or drop: plain identifiers, never the test suite's nor the system's. */
export const checkDatabaseName = (name: string): string | null => {
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(name))
    return `database name ${name}: use lower-case letters, digits, _`;
  if (['test', 'postgres', 'template0', 'template1'].includes(name))
    return `database ${name} is not for the cluster (test belongs to npm test): choose another with --database`;
  return null;
};

/** The URL of `database` on the server of `serverUrl` (same user, password, host and options). */
export const databaseUrlOf = (serverUrl: string, database: string): string => {
  const url = new URL(serverUrl);
  url.pathname = `/${database}`;
  return url.toString();
};

/** The database a URL names, or null for none. */
export const databaseOf = (url: string): string | null => {
  const name = decodeURIComponent(new URL(url).pathname.replace(/^\//, ''));
  return name || null;
};

/**
 * Makes sure the machine's PostgreSQL answers on 127.0.0.1:5432 (scripts/ensure-postgres.sh: starts it,
 * or creates a cluster, as root; changes nothing when it already answers).
 */
export const ensureMachinePostgres = () => {
  const run = spawnSync('bash', [path.join(ROOT, 'scripts/ensure-postgres.sh')], { encoding: 'utf8' });
  if (run.status !== 0)
    throw new Error(
      `PostgreSQL is not ready (scripts/ensure-postgres.sh, as root, sets it up; or give DATABASE_URL):\n${run.stderr}`,
    );
};

const connect = async (url: string) => {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5000 });
  await client.connect();
  return client;
};

/**
 * Creates the cluster's database unless it exists; `fresh` drops it first (closing its connections).
 * Runs on the server's maintenance database `postgres`; without rights there, an existing database is
 * used as it is.
 */
export const prepareDatabase = async (opts: { serverUrl: string; database: string; fresh: boolean }) => {
  const url = databaseUrlOf(opts.serverUrl, opts.database);
  let admin: pg.Client;
  try {
    admin = await connect(databaseUrlOf(opts.serverUrl, 'postgres'));
  } catch (error) {
    if (opts.fresh)
      throw new Error(`--fresh needs the maintenance database postgres: ${(error as Error).message}`);
    const direct = await connect(url);
    await direct.end();
    return { url, created: false };
  }
  try {
    const quoted = `"${opts.database}"`;
    if (opts.fresh) await admin.query(`drop database if exists ${quoted} with (force)`);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [opts.database]);
    if (exists.rowCount) return { url, created: false };
    await admin.query(`create database ${quoted}`);
    // The machine's disks are SSDs: with the default random_page_cost (4) the planner reads `users` whole
    // for a course roster's search instead of looking up its members by key (load:lists: p95 53 -> 11 ms).
    // Set on this database only, so the machine's other databases keep their settings; docs/operations.md
    // says to set it on a deployment's server.
    await admin.query(`alter database ${quoted} set random_page_cost = 1.1`);
    return { url, created: true };
  } finally {
    await admin.end();
  }
};

/**
 * How to restart the PostgreSQL a URL points at, when it is this machine's Debian cluster on that port
 * (`pg_ctlcluster <version> <name> restart`, as root); [] when it is not known.
 */
export const restartCommand = (url: string): string[] => {
  const { hostname, port } = new URL(url);
  if (!['127.0.0.1', 'localhost', '::1', '[::1]'].includes(hostname)) return [];
  const listed = spawnSync('pg_lsclusters', ['-h'], { encoding: 'utf8' });
  if (listed.status !== 0) return [];
  const wanted = port || '5432';
  for (const line of listed.stdout.split('\n')) {
    const [version, name, clusterPort, status] = line.trim().split(/\s+/);
    if (version && name && clusterPort === wanted && status === 'online')
      return ['pg_ctlcluster', version, name, 'restart'];
  }
  return [];
};

/** Whether the database already holds users (then it was seeded before: the instances migrate it as they start). */
export const hasUsers = async (url: string): Promise<boolean> => {
  const client = await connect(url);
  try {
    const table = await client.query("select to_regclass('public.users') is not null as present");
    if (!table.rows[0]?.present) return false;
    const row = await client.query('select exists (select 1 from users) as any');
    return Boolean(row.rows[0]?.any);
  } finally {
    await client.end();
  }
};
