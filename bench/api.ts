// bench/api: requests per second and latency of an authenticated, database-backed read
// (GET /api/portal/users/basic_info as student01) against a bare Fastify route, side by side in one run,
// at the same concurrency. The real server runs on PostgreSQL (a fresh database, dropped afterwards) and,
// for comparison, on the embedded PGlite. Every process listens on loopback only.
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { freePort, ROOT, type Spawned, serverEnv, spawnQuiet, waitFor200 } from './lib';

export interface LoadResult {
  target: string;
  path: string;
  connections: number;
  durationS: number;
  requests: number;
  rps: number;
  latencyMs: { p50: number; p90: number; p99: number; max: number; mean: number };
  non2xx: number;
  errors: number;
  timeouts: number;
}

export interface ApiBenchOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  /** Also measure the real server on PGlite (the embedded default). */
  pglite: boolean;
  /** Admin connection used to create and drop the benchmark database. */
  adminUrl: string;
  logLevel: string;
}

export interface ApiBenchResult {
  options: ApiBenchOptions;
  bare: LoadResult;
  /** bare Fastify plus one trivial PostgreSQL round trip per request */
  bareDb: LoadResult;
  postgres: LoadResult;
  pglite?: LoadResult;
  /** postgres.rps / bare.rps */
  ratio: number;
  ratioPglite?: number;
}

const BASIC_INFO = '/api/portal/users/basic_info';
const DEMO_USER = 'student01';
const DEMO_PASSWORD = 'Uplus@2026';

async function load(
  target: string,
  url: string,
  headers: Record<string, string>,
  o: ApiBenchOptions,
): Promise<LoadResult> {
  if (o.warmupS > 0) {
    await autocannon({ url, headers, connections: o.connections, duration: o.warmupS });
  }
  const r = await autocannon({ url, headers, connections: o.connections, duration: o.durationS });
  return {
    target,
    path: new URL(url).pathname,
    connections: o.connections,
    durationS: o.durationS,
    requests: r.requests.total,
    rps: r.requests.average,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      max: r.latency.max,
      mean: r.latency.average,
    },
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
  };
}

/** Starts apps/server/src/server.ts (the process `npm start` runs) with plain node + tsx. */
async function startServer(env: Record<string, string>): Promise<{ server: Spawned; base: string }> {
  const port = await freePort();
  const server = spawnQuiet(
    process.execPath,
    ['--import', 'tsx', path.join(ROOT, 'apps/server/src/server.ts')],
    serverEnv({ ...env, PORT: String(port), HOST: '127.0.0.1' }),
  );
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor200(`${base}/get_appconfig`, performance.now(), { child: server.child });
  } catch (error) {
    await server.stop();
    throw new Error(`${(error as Error).message}\n${server.output()}`);
  }
  return { server, base };
}

async function signIn(base: string): Promise<string> {
  const answer = await fetch(`${base}/idp/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: DEMO_USER, password: DEMO_PASSWORD }),
  });
  const body = (await answer.json()) as { success?: boolean; data?: { ticket?: string } };
  const ticket = body.data?.ticket;
  if (!answer.ok || !body.success || !ticket) throw new Error(`sign-in failed: HTTP ${answer.status}`);
  // The read must really succeed with this token before it is measured.
  const check = await fetch(`${base}${BASIC_INFO}`, { headers: { 'X-Access-Token': ticket } });
  const info = (await check.json()) as { success?: boolean; data?: { username?: string } };
  if (check.status !== 200 || info.data?.username !== DEMO_USER) {
    throw new Error(`basic_info check failed: HTTP ${check.status}`);
  }
  return ticket;
}

function assertClean(result: LoadResult): void {
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${result.target}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the load`,
    );
  }
}

async function measureRealServer(
  target: string,
  env: Record<string, string>,
  o: ApiBenchOptions,
  log: (line: string) => void,
): Promise<LoadResult> {
  log(`starting the server (${target})`);
  const { server, base } = await startServer(env);
  try {
    const token = await signIn(base);
    log(`measuring ${BASIC_INFO} (${target}): ${o.connections} connections, ${o.durationS} s`);
    const result = await load(target, `${base}${BASIC_INFO}`, { 'X-Access-Token': token }, o);
    assertClean(result);
    return result;
  } finally {
    await server.stop();
  }
}

export async function runApiBench(o: ApiBenchOptions, log: (line: string) => void): Promise<ApiBenchResult> {
  const dbName = `uplus_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-bench-'));
  let bareServer: Spawned | undefined;
  try {
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(o.adminUrl);
    dbUrl.pathname = `/${dbName}`;

    // Baselines first, then the real server, at the same concurrency.
    const barePort = await freePort();
    bareServer = spawnQuiet(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/bare.ts')],
      serverEnv({ PORT: String(barePort), DATABASE_URL: dbUrl.toString() }),
    );
    await waitFor200(`http://127.0.0.1:${barePort}/bare`, performance.now(), { child: bareServer.child });
    log(`measuring bare Fastify: ${o.connections} connections, ${o.durationS} s`);
    const bare = await load('bare fastify', `http://127.0.0.1:${barePort}/bare`, {}, o);
    assertClean(bare);
    log(`measuring bare Fastify + one PostgreSQL round trip: ${o.connections} connections, ${o.durationS} s`);
    const bareDb = await load('bare + 1 pg query', `http://127.0.0.1:${barePort}/bare-db`, {}, o);
    assertClean(bareDb);
    await bareServer.stop();
    bareServer = undefined;

    const common = { DEMO_DATA: 'true', LOG_LEVEL: o.logLevel };
    const postgres = await measureRealServer(
      'app on PostgreSQL',
      { ...common, DATABASE_URL: dbUrl.toString(), DATA_DIR: path.join(dataDir, 'pg-run') },
      o,
      log,
    );
    const result: ApiBenchResult = { options: o, bare, bareDb, postgres, ratio: postgres.rps / bare.rps };
    if (o.pglite) {
      const pglite = await measureRealServer(
        'app on PGlite',
        { ...common, DATA_DIR: path.join(dataDir, 'pglite-run') },
        o,
        log,
      );
      result.pglite = pglite;
      result.ratioPglite = pglite.rps / bare.rps;
    }
    return result;
  } finally {
    await bareServer?.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((error: Error) => {
      log(`could not drop ${dbName}: ${error.message}`);
    });
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
