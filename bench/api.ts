// bench/api: requests per second and latency of an authenticated, database-backed read
// (GET /api/portal/users/basic_info as student01) against a bare Fastify route, side by side in one run,
// at the same concurrency. The real server runs on PostgreSQL (a fresh database, dropped afterwards) and,
// for comparison, on the embedded PGlite. Every process listens on loopback only.
//
// The app resolves the access token through its in-process session cache (decision 0006). A second server
// on the same database with SESSION_CACHE=off shows the cost without it: one 6-join query per request.
//
// On a small shared machine one measurement swings by a factor of two, so the targets are measured in
// interleaved rounds (bare, bare + 1 query, app; bare, ...) and each is reported by its median round.
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
  /** Requests per second of every round, in order (the result above is the median round). */
  roundsRps?: number[];
}

export interface ApiBenchOptions {
  connections: number;
  durationS: number;
  warmupS: number;
  rounds: number;
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
  /** the app as deployed: the session cache on (the default) */
  postgres: LoadResult;
  /** the same app with SESSION_CACHE=off: the session read from PostgreSQL on every request */
  postgresUncached: LoadResult;
  pglite?: LoadResult;
  /** median postgres rps / median bare rps */
  ratio: number;
  /** postgres rps / bare rps of each round */
  roundRatios: number[];
  /** median postgresUncached rps / median bare rps */
  ratioUncached: number;
  ratioPglite?: number;
}

const BASIC_INFO = '/api/portal/users/basic_info';
const DEMO_USER = 'student01';
const DEMO_PASSWORD = 'Uplus@2026';

interface Target {
  name: string;
  url: string;
  headers: Record<string, string>;
}

async function loadOnce(t: Target, connections: number, durationS: number): Promise<LoadResult> {
  const r = await autocannon({ url: t.url, headers: t.headers, connections, duration: durationS });
  const result: LoadResult = {
    target: t.name,
    path: new URL(t.url).pathname,
    connections,
    durationS,
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
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(
      `${t.name}: ${result.non2xx} non-2xx answers and ${result.errors} errors during the load`,
    );
  }
  return result;
}

/** The round with the median requests per second, carrying every round's figure. */
function median(rounds: LoadResult[]): LoadResult {
  const sorted = [...rounds].sort((a, b) => a.rps - b.rps);
  const mid = sorted[Math.floor((sorted.length - 1) / 2)]!;
  return { ...mid, roundsRps: rounds.map((r) => Math.round(r.rps)) };
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

export async function runApiBench(o: ApiBenchOptions, log: (line: string) => void): Promise<ApiBenchResult> {
  const dbName = `uplus_bench_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: o.adminUrl });
  await admin.connect();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-bench-'));
  const running: Spawned[] = [];
  try {
    await admin.query(`create database ${dbName}`);
    const dbUrl = new URL(o.adminUrl);
    dbUrl.pathname = `/${dbName}`;
    // The measured servers only serve requests: no code runner polling in the background.
    const common = { DEMO_DATA: 'true', LOG_LEVEL: o.logLevel, CODE_RUNNER_WORKERS: '0' };

    const barePort = await freePort();
    const bareServer = spawnQuiet(
      process.execPath,
      ['--import', 'tsx', path.join(ROOT, 'bench/bare.ts')],
      serverEnv({ PORT: String(barePort), DATABASE_URL: dbUrl.toString() }),
    );
    running.push(bareServer);
    await waitFor200(`http://127.0.0.1:${barePort}/bare`, performance.now(), { child: bareServer.child });

    log('starting the server (app on PostgreSQL)');
    const app = await startServer({
      ...common,
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: path.join(dataDir, 'pg-run'),
    });
    running.push(app.server);
    const token = await signIn(app.base);

    log('starting a second server on the same database with SESSION_CACHE=off');
    const uncached = await startServer({
      ...common,
      SESSION_CACHE: 'off',
      DATABASE_URL: dbUrl.toString(),
      DATA_DIR: path.join(dataDir, 'pg-run-uncached'),
    });
    running.push(uncached.server);
    const uncachedToken = await signIn(uncached.base);

    const targets: Target[] = [
      { name: 'bare fastify', url: `http://127.0.0.1:${barePort}/bare`, headers: {} },
      { name: 'bare + 1 pg query', url: `http://127.0.0.1:${barePort}/bare-db`, headers: {} },
      { name: 'app on PostgreSQL', url: `${app.base}${BASIC_INFO}`, headers: { 'X-Access-Token': token } },
      {
        name: 'app, SESSION_CACHE=off',
        url: `${uncached.base}${BASIC_INFO}`,
        headers: { 'X-Access-Token': uncachedToken },
      },
    ];
    if (o.warmupS > 0) {
      log(`warming up (${o.warmupS} s each)`);
      for (const t of targets) await loadOnce(t, o.connections, o.warmupS);
    }
    const rounds: LoadResult[][] = targets.map(() => []);
    for (let round = 1; round <= o.rounds; round++) {
      log(
        `round ${round}/${o.rounds}: ${targets.length} targets, ${o.connections} connections, ${o.durationS} s each`,
      );
      for (const [i, t] of targets.entries()) rounds[i]!.push(await loadOnce(t, o.connections, o.durationS));
    }
    for (const s of running.splice(0)) await s.stop();

    const [bare, bareDb, postgres, postgresUncached] = rounds.map(median) as [
      LoadResult,
      LoadResult,
      LoadResult,
      LoadResult,
    ];
    const roundRatios = rounds[2]!.map((r, i) => r.rps / rounds[0]![i]!.rps);
    const result: ApiBenchResult = {
      options: o,
      bare,
      bareDb,
      postgres,
      postgresUncached,
      ratio: postgres.rps / bare.rps,
      roundRatios,
      ratioUncached: postgresUncached.rps / bare.rps,
    };

    if (o.pglite) {
      log('starting the server (app on PGlite)');
      const embedded = await startServer({ ...common, DATA_DIR: path.join(dataDir, 'pglite-run') });
      running.push(embedded.server);
      const pgliteToken = await signIn(embedded.base);
      const t: Target = {
        name: 'app on PGlite',
        url: `${embedded.base}${BASIC_INFO}`,
        headers: { 'X-Access-Token': pgliteToken },
      };
      if (o.warmupS > 0) await loadOnce(t, o.connections, o.warmupS);
      log(`measuring app on PGlite: ${o.connections} connections, ${o.durationS} s`);
      result.pglite = await loadOnce(t, o.connections, o.durationS);
      result.ratioPglite = result.pglite.rps / bare.rps;
    }
    return result;
  } finally {
    for (const s of running) await s.stop();
    await admin.query(`drop database if exists ${dbName} with (force)`).catch((error: Error) => {
      log(`could not drop ${dbName}: ${error.message}`);
    });
    await admin.end();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
