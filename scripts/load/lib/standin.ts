// A stand-in for `npm run cluster` while its branch is not merged (development of the load script only):
// N API processes and M workers of the built server on one PostgreSQL, a scripted model, a small
// round-robin proxy with /readyz health checks, and a supervisor that restarts what dies, writing
// data/cluster/cluster.json in the shared format. PostgreSQL is a private instance (initdb under /var/tmp,
// port 55432) by default, so that the restart drill never touches the machine's server the tests use.
//
//   tsx scripts/load/lib/standin.ts [--api 2] [--workers 2] [--port 18080] [--database uplus_load]
//                                   [--fresh] [--machine-pg]
// Runs in the foreground until SIGINT/SIGTERM. Not part of CI: `npm run cluster` replaces it.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import pg from 'pg';
import { type ClusterState, DEFAULT_CLUSTER_FILE, ROOT } from './cluster';

const args = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const flag = (name: string) => args.includes(`--${name}`);

const apiCount = Number(opt('api', '2'));
const workerCount = Number(opt('workers', '2'));
const proxyPort = Number(opt('port', '18080'));
const database = opt('database', 'uplus_load');
const ownPg = !flag('machine-pg');
const PG_BIN = '/usr/lib/postgresql/15/bin';
const PG_DIR = '/var/tmp/uplus-load-pg';
const PG_PORT = ownPg ? 55432 : 5432;
const adminUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/postgres`;
const databaseUrl = `postgres://postgres@127.0.0.1:${PG_PORT}/${database}`;
const log = (line: string) => console.log(`[standin] ${line}`);

const asPostgres = (cmd: string, cmdArgs: string[]) =>
  execFileSync('runuser', ['-u', 'postgres', '--', cmd, ...cmdArgs], { stdio: 'inherit' });

const pgRestart = [
  'runuser',
  '-u',
  'postgres',
  '--',
  `${PG_BIN}/pg_ctl`,
  '-D',
  PG_DIR,
  'restart',
  '-m',
  'fast',
  '-w',
];

const startOwnPg = () => {
  if (!existsSync(path.join(PG_DIR, 'PG_VERSION'))) {
    mkdirSync(PG_DIR, { recursive: true });
    execFileSync('chown', ['postgres:postgres', PG_DIR]);
    asPostgres(`${PG_BIN}/initdb`, ['-D', PG_DIR, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8']);
  }
  try {
    execFileSync('runuser', ['-u', 'postgres', '--', `${PG_BIN}/pg_ctl`, '-D', PG_DIR, 'status'], {
      stdio: 'ignore',
    });
    log(`own PostgreSQL already running on ${PG_PORT}`);
  } catch {
    asPostgres(`${PG_BIN}/pg_ctl`, [
      '-D',
      PG_DIR,
      '-l',
      path.join(PG_DIR, 'server.log'),
      '-o',
      `-p ${PG_PORT} -k /tmp -c listen_addresses=127.0.0.1 -c max_connections=200 -c shared_buffers=256MB`,
      '-w',
      'start',
    ]);
  }
};

const prepareDatabase = async () => {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [database])).rowCount;
  if (exists && flag('fresh')) {
    await admin.query(`drop database ${database} with (force)`);
    log(`dropped ${database}`);
  }
  if (!exists || flag('fresh')) {
    await admin.query(`create database ${database}`);
    log(`created ${database}`);
  }
  await admin.end();
};

// ---- processes under supervision -------------------------------------------------------------------

type Supervised = { name: string; kind: 'api' | 'worker' | 'llm'; port?: number; child: ChildProcess | null };
const supervised: Supervised[] = [];
let stopping = false;
let llmBaseUrl = '';
const secret = randomBytes(32).toString('hex');
const logDir = path.join(ROOT, 'data/cluster/logs');
mkdirSync(logDir, { recursive: true });

const writeState = () => {
  const state: ClusterState = {
    startedAt: startedAt,
    proxy: `http://127.0.0.1:${proxyPort}`,
    databaseUrl,
    llm: { baseUrl: llmBaseUrl },
    postgres: ownPg
      ? { managedBy: 'cluster', restart: pgRestart }
      : { managedBy: 'machine', restart: ['pg_ctlcluster', '15', 'main', 'restart'] },
    api: supervised
      .filter((s) => s.kind === 'api')
      .map((s) => ({
        name: s.name,
        port: s.port!,
        pid: s.child?.pid ?? 0,
        url: `http://127.0.0.1:${s.port}`,
      })),
    workers: supervised
      .filter((s) => s.kind === 'worker')
      .map((s) => ({ name: s.name, pid: s.child?.pid ?? 0 })),
  };
  mkdirSync(path.dirname(DEFAULT_CLUSTER_FILE), { recursive: true });
  writeFileSync(DEFAULT_CLUSTER_FILE, `${JSON.stringify(state, null, 2)}\n`);
};
const startedAt = new Date().toISOString();

const serverEnv = (extra: Record<string, string>): NodeJS.ProcessEnv => ({
  ...process.env,
  NODE_ENV: 'production',
  DATABASE_URL: databaseUrl,
  APP_SECRET: secret,
  DEMO_DATA: 'true',
  LOG_LEVEL: 'warn',
  TRUST_PROXY: 'true',
  PUBLIC_ORIGINS: `http://127.0.0.1:${proxyPort},http://localhost:${proxyPort}`,
  LLM_BASE_URL: llmBaseUrl,
  LLM_MODEL: 'scripted',
  LLM_API_KEY: 'load-scripted-key',
  LLM_MAX_RETRIES: '0',
  ...extra,
});

const spawnOne = (s: Supervised) => {
  const out = `${logDir}/${s.name}.log`;
  const fd = openSync(out, 'a');
  const entry = s.kind === 'api' ? 'apps/server/dist/server.js' : 'apps/server/dist/worker.js';
  const env =
    s.kind === 'api'
      ? serverEnv({ PORT: String(s.port), HOST: '127.0.0.1', CODE_RUNNER_WORKERS: '0' })
      : serverEnv({ CODE_RUNNER_WORKERS: process.env.STANDIN_WORKER_SLOTS ?? '2' });
  const child = spawn(process.execPath, [entry], { cwd: ROOT, env, stdio: ['ignore', fd, fd] });
  s.child = child;
  log(`${s.name} started (pid ${child.pid})`);
  writeState();
  child.on('exit', (code, signal) => {
    log(`${s.name} exited (${signal ?? code})`);
    s.child = null;
    if (stopping) return;
    setTimeout(() => spawnOne(s), 1000);
  });
};

// ---- the proxy: round robin over ready instances ---------------------------------------------------

type Upstream = { name: string; port: number; healthy: boolean };
const upstreams: Upstream[] = [];
const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
let turn = 0;

const checkHealth = () => {
  for (const u of upstreams) {
    const req = http.get(
      { host: '127.0.0.1', port: u.port, path: '/readyz', timeout: 1000, agent },
      (res) => {
        res.resume();
        u.healthy = res.statusCode === 200;
      },
    );
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => {
      u.healthy = false;
    });
  }
};

const forward = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: Buffer,
  tried: Set<string>,
): void => {
  const ready = upstreams.filter((u) => u.healthy && !tried.has(u.name));
  const pool = ready.length > 0 ? ready : upstreams.filter((u) => !tried.has(u.name));
  if (pool.length === 0) {
    res.writeHead(502, { 'content-type': 'text/plain' });
    res.end('no upstream');
    return;
  }
  const u = pool[turn++ % pool.length]!;
  tried.add(u.name);
  const headers = {
    ...req.headers,
    'x-forwarded-for': req.socket.remoteAddress ?? '',
    'x-forwarded-proto': 'http',
  };
  const up = http.request(
    { host: '127.0.0.1', port: u.port, method: req.method, path: req.url, headers, agent },
    (upRes) => {
      res.writeHead(upRes.statusCode ?? 502, upRes.headers);
      upRes.pipe(res);
    },
  );
  up.on('error', (error: NodeJS.ErrnoException) => {
    // Like nginx's proxy_next_upstream error: a refused connection goes elsewhere; a request cut off after it
    // was sent is tried again only when it is idempotent (nginx never repeats a POST it has sent).
    const idempotent = req.method === 'GET' || req.method === 'HEAD';
    if (!res.headersSent && (error.code === 'ECONNREFUSED' || (error.code === 'ECONNRESET' && idempotent))) {
      u.healthy = false;
      forward(req, res, body, tried);
      return;
    }
    if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
    res.end();
  });
  res.on('close', () => {
    if (!res.writableFinished) up.destroy();
  });
  up.end(body);
};

const startProxy = () =>
  new Promise<void>((resolve) => {
    const server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => forward(req, res, Buffer.concat(chunks), new Set()));
    });
    server.keepAliveTimeout = 65_000;
    server.listen(proxyPort, '127.0.0.1', () => resolve());
  });

// ---- main ---------------------------------------------------------------------------------------------

const startLlm = () =>
  new Promise<string>((resolve, reject) => {
    const child = spawn(
      path.join(ROOT, 'node_modules/.bin/tsx'),
      [path.join(ROOT, 'scripts/load/lib/scripted-llm-server.ts')],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    supervised.push({ name: 'llm', kind: 'llm', child });
    let seen = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString();
      const found = /LLM_BASE_URL=(\S+)/.exec(seen);
      if (found) resolve(found[1]!);
    });
    child.on('exit', (code) => reject(new Error(`scripted model exited (${code})`)));
  });

const main = async () => {
  if (ownPg) startOwnPg();
  await prepareDatabase();
  llmBaseUrl = await startLlm();
  log(`scripted model at ${llmBaseUrl}`);
  for (let i = 1; i <= apiCount; i++) {
    const s: Supervised = { name: `api${i}`, kind: 'api', port: proxyPort + i, child: null };
    supervised.push(s);
    upstreams.push({ name: s.name, port: s.port!, healthy: false });
    spawnOne(s);
    // The first migrates and seeds; the others wait for its lock anyway.
    if (i === 1) await waitReady(s.port!);
  }
  for (let i = 1; i <= workerCount; i++) {
    const s: Supervised = { name: `worker${i}`, kind: 'worker', child: null };
    supervised.push(s);
    spawnOne(s);
  }
  setInterval(checkHealth, 1000).unref();
  await startProxy();
  for (const u of upstreams) await waitReady(u.port);
  checkHealth();
  writeState();
  log(`proxy on http://127.0.0.1:${proxyPort}; state in ${DEFAULT_CLUSTER_FILE}`);
};

const waitReady = async (port: number) => {
  for (let i = 0; i < 600; i++) {
    try {
      const answer = await fetch(`http://127.0.0.1:${port}/readyz`);
      if (answer.status === 200) return;
    } catch {
      // not yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`instance on ${port} never became ready`);
};

const stop = () => {
  if (stopping) return;
  stopping = true;
  for (const s of supervised) s.child?.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
main().catch((error) => {
  console.error(error);
  stop();
});
