import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { type NginxFiles, nginxArgs, writeNginxConfig, writeUpstream } from './nginx';
import type { ClusterOptions } from './options';
import {
  checkDatabaseName,
  databaseOf,
  ensureMachinePostgres,
  hasUsers,
  LOCAL_POSTGRES,
  prepareDatabase,
  restartCommand,
} from './postgres';
import {
  CLUSTER_DIR_VARIABLE,
  type ClusterPaths,
  type ClusterState,
  clusterPaths,
  isRunning,
  leftoverProcesses,
  ROOT,
  readState,
  removeState,
  writeState,
} from './state';

/** The bucket the instances keep files in. */
const BUCKET = 'uplus';
/** s3rver's fixed credentials. */
const S3_KEY = 'S3RVER';
/** How often the supervisor asks each instance's GET /readyz. */
const PROBE_EVERY_MS = 500;
/** A readiness answer slower than this counts as a failure (two in a row take the instance out). */
const PROBE_TIMEOUT_MS = 1500;
/** systemd's RestartSec of the deploy/ units. */
const RESTART_DELAY_MS = 1000;
/** A worker drains its running evaluations for up to 20 s on SIGTERM; then it is killed. */
const STOP_TIMEOUT_MS = 30_000;
/** How long the whole start may take (a cold build of the web app is part of it). */
const START_TIMEOUT_MS = 10 * 60_000;

/** Every process the supervisor started and that still runs (a second Ctrl-C ends them at once). */
const children = new Set<ChildProcess>();
const track = (child: ChildProcess) => {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
};

/** Ends every child at once: nginx with SIGTERM (its master takes the workers along), the rest with SIGKILL. */
export const killChildrenNow = () => {
  for (const child of children) {
    try {
      child.kill(child.spawnfile.endsWith('nginx') ? 'SIGTERM' : 'SIGKILL');
    } catch {
      // gone
    }
  }
};

const stamp = () => new Date().toISOString().slice(11, 23);
/** One line of the supervisor's own output. */
export const say = (line: string) => process.stdout.write(`[cluster] ${stamp()} ${line}\n`);

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it holds; throws `what` after the timeout or when `abort` says why to stop. */
const waitFor = async (
  what: string,
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  abort?: () => string | null,
) => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const reason = abort?.();
    if (reason) throw new Error(reason);
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}`);
    await sleep(200);
  }
};

/** Whether a TCP port on loopback is free (checked before anything starts, for a clear message). */
const portFree = (port: number) =>
  new Promise<boolean>((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });

/** The last lines of a log file, to show why a process failed. */
const tail = (file: string, lines = 15) => {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
};

/** The environment the children inherit: the caller's, without NODE_ENV (Vitest sets it to test). */
const inheritedEnv = () => {
  const { NODE_ENV: _nodeEnv, ...env } = process.env;
  return env;
};

/** Node's CPU-profile flags when UPLUS_CPU_PROF names a directory (NODE_OPTIONS refuses --cpu-prof). */
const cpuProfileArgs = () => {
  const dir = process.env.UPLUS_CPU_PROF;
  return dir ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(dir)}`] : [];
};

/** The child pids of a process (Linux's /proc/<pid>/task/<pid>/children); [] when it is gone. */
const childPids = (pid: number): number[] => {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
      .trim()
      .split(/\s+/)
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
};

/** A process the supervisor keeps running. */
type Managed = {
  name: string;
  kind: 'api' | 'worker' | 'nginx';
  port: number;
  command: string;
  args: string[];
  env: NodeJS.ProcessEnv;
  log: string;
  child: ChildProcess | null;
  pid: number;
  startedAt: number;
  /** api: GET /readyz answers ready; worker: it said `worker ready`; nginx: it runs */
  ready: boolean;
  /** api: marked `down` in the upstream nginx runs with */
  markedDown: boolean;
  /** readiness answers that timed out in a row */
  slowAnswers: number;
  /** quick deaths in a row (the restart delay grows with them) */
  quickDeaths: number;
  /** where the log stood when the current process started (a worker's `worker ready` is looked for after it) */
  logOffset: number;
  restartTimer: NodeJS.Timeout | null;
};

/** A helper process started once (S3 store, scripted model) that prints `NAME=<url>` when it listens. */
type Helper = { name: string; child: ChildProcess; url: string; log: string };

/**
 * Starts a helper through tsx in this process's node and waits for its `KEY=<url>` line. Its output goes
 * to its log file as well.
 */
const startHelper = (opts: {
  name: string;
  script: string;
  args: string[];
  key: string;
  log: string;
}): Promise<Helper> =>
  new Promise((resolve, reject) => {
    appendFileSync(opts.log, `--- ${new Date().toISOString()} starting ${opts.name}\n`);
    const child = track(
      spawn(process.execPath, ['--import', 'tsx', opts.script, ...opts.args], {
        cwd: ROOT,
        env: inheritedEnv(),
        stdio: ['ignore', 'pipe', 'pipe'],
        detached: true,
      }),
    );
    let seen = '';
    let found = false;
    const onData = (chunk: Buffer) => {
      appendFileSync(opts.log, chunk);
      if (found) return;
      seen += chunk.toString('utf8');
      const match = new RegExp(`${opts.key}=(\\S+)`).exec(seen);
      if (match?.[1]) {
        found = true;
        resolve({ name: opts.name, child, url: match[1], log: opts.log });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (chunk: Buffer) => appendFileSync(opts.log, chunk));
    child.once('exit', (code, signal) => {
      if (!found)
        reject(new Error(`${opts.name} exited (${signal ?? code}) before it listened:\n${tail(opts.log)}`));
    });
    setTimeout(() => {
      if (!found) {
        child.kill('SIGKILL');
        reject(new Error(`${opts.name} did not listen within 60 s:\n${tail(opts.log)}`));
      }
    }, 60_000).unref();
  });

/** Runs a command to its end with its output on ours; throws when it fails or the start is called off. */
const runStep = (
  what: string,
  command: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  signal?: AbortSignal,
) =>
  new Promise<void>((resolve, reject) => {
    const child = track(spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'inherit', 'inherit'] }));
    const onAbort = () => child.kill('SIGTERM');
    signal?.addEventListener('abort', onAbort, { once: true });
    child.once('exit', () => signal?.removeEventListener('abort', onAbort));
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (${signal ?? `exit ${code}`})`)),
    );
  });

/** The secret every instance shares, generated on the first start and kept in the cluster's directory. */
const clusterSecret = (paths: ClusterPaths) => {
  if (existsSync(paths.secret)) return readFileSync(paths.secret, 'utf8').trim();
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(paths.secret, `${secret}\n`, { mode: 0o600 });
  return secret;
};

/** The accounts the first instance printed (server.ts lists them at start), for the table. */
const demoAccountsOf = (log: string): { header: string; lines: string[] } | null => {
  const text = existsSync(log) ? readFileSync(log, 'utf8') : '';
  const start = text.lastIndexOf('Demo accounts (password ');
  if (start < 0) return null;
  const [header = '', ...rest] = text.slice(start).split('\n');
  const password = /\(password ([^)]+)\)/.exec(header)?.[1] ?? '';
  const lines: string[] = [];
  for (const line of rest) {
    if (!line.startsWith('  ')) break;
    lines.push(line);
  }
  return { header: `Demo accounts (password ${password})`, lines };
};

/** The table printed once the cluster is up. */
export const describeCluster = (
  state: ClusterState,
  paths: ClusterPaths,
  accounts: { header: string; lines: string[] } | null,
) => {
  const proxyPort = state.nginx.port;
  const rel = (p: string) => {
    const relative = path.relative(ROOT, p);
    return relative && !relative.startsWith('..') ? relative : p;
  };
  const rows: [string, string, string][] = [
    ['proxy', `http://localhost:${proxyPort}/`, `nginx pid ${state.nginx.pid} (${rel(paths.nginx)})`],
    ...state.api.map((a): [string, string, string] => [
      a.name,
      a.url,
      `pid ${a.pid}${a.ready ? '' : ' (not ready)'}`,
    ]),
    ...state.workers.map((w): [string, string, string] => [w.name, 'code runner', `pid ${w.pid}`]),
    ['database', state.databaseUrl, `PostgreSQL (${state.postgres.managedBy}'s)`],
    ['s3', `${state.s3.endpoint}/${state.s3.bucket}`, `s3rver pid ${state.s3.pid} (${rel(paths.s3)})`],
    [
      'model',
      state.llm.baseUrl,
      state.llm.pid ? `scripted, pid ${state.llm.pid}` : 'LLM_BASE_URL (not started here)',
    ],
    ['logs', `${rel(paths.logs)}/`, `state: ${rel(paths.state)}`],
  ];
  const w0 = Math.max(...rows.map((r) => r[0].length)) + 2;
  const w1 = Math.max(...rows.map((r) => r[1].length)) + 2;
  const lines = [
    '',
    `Uplus cluster: open http://localhost:${proxyPort}/ (school: http://school.localhost:${proxyPort}/, area: http://area.localhost:${proxyPort}/)`,
    ...rows.map(([a, b, c]) => `  ${a.padEnd(w0)}${b.padEnd(w1)}${c}`),
  ];
  if (accounts) {
    lines.push(
      '',
      `${accounts.header}, sign in at http://localhost:${proxyPort}/idp/login`,
      ...accounts.lines,
    );
  }
  lines.push('', 'Stop: Ctrl-C in the foreground, or npm run cluster -- --stop', '');
  return lines.join('\n');
};

/** A running cluster: `stop` ends it (instances, then nginx, then the store and the model). */
export type RunningCluster = {
  state: () => ClusterState;
  table: string;
  stop: () => Promise<void>;
  /** settles when the cluster has stopped (by stop()) */
  stopped: Promise<void>;
};

/**
 * Starts the whole cluster and supervises it. Resolves once the proxy answers through a ready instance.
 * The caller holds the directory's lock (cluster.ts).
 */
export const startCluster = async (
  options: ClusterOptions,
  signal?: AbortSignal,
): Promise<RunningCluster> => {
  const paths = clusterPaths(options.dir);
  for (const dir of [paths.dir, paths.logs, paths.s3, paths.nginx, paths.run])
    mkdirSync(dir, { recursive: true });
  // every process started from here inherits it: how a later supervisor tells ours from a reused pid
  process.env[CLUSTER_DIR_VARIABLE] = paths.dir;
  const started = Date.now();
  const managed: Managed[] = [];
  const helpers: Helper[] = [];
  let phase: 'starting' | 'running' | 'stopping' = 'starting';
  let startupFailure: string | null = null;
  let nginxFiles: NginxFiles | null = null;
  let state: ClusterState | null = null;
  let resolveStopped = () => {};
  const stopped = new Promise<void>((resolve) => {
    resolveStopped = resolve;
  });

  // A supervisor killed hard leaves its children: end them before their ports are wanted again.
  const previous = readState(paths);
  if (previous) {
    for (const p of leftoverProcesses(previous, paths.dir)) {
      say(`ending ${p.name} (pid ${p.pid}) left by an earlier cluster`);
      try {
        process.kill(p.pid, p.signal);
      } catch {
        // gone meanwhile
      }
    }
    removeState(paths);
    await sleep(500);
  }

  /** Stops the start when a signal called it off (the catch below then stops what runs). */
  const checkpoint = () => {
    if (signal?.aborted) throw new Error('stopped by a signal while starting');
  };

  const proxyPort = options.port;
  const apiPorts = Array.from({ length: options.api }, (_, i) => proxyPort + 1 + i);
  const s3Port = proxyPort + 100;
  for (const port of [proxyPort, ...apiPorts, s3Port]) {
    if (!(await portFree(port)))
      throw new Error(
        `port ${port} on 127.0.0.1 is in use: stop what holds it, or move the cluster with --port`,
      );
  }

  const spawnManaged = (m: Managed) => {
    appendFileSync(m.log, `--- ${new Date().toISOString()} starting ${m.name}\n`);
    m.logOffset = statSync(m.log).size;
    const fd = openSync(m.log, 'a');
    // Their own process group: Ctrl-C reaches the supervisor only, which stops them in order.
    const child = track(
      spawn(m.command, m.args, {
        cwd: ROOT,
        env: m.env,
        stdio: ['ignore', fd, fd],
        detached: true,
      }),
    );
    closeSync(fd);
    m.child = child;
    m.pid = child.pid ?? 0;
    m.startedAt = Date.now();
    m.ready = m.kind === 'nginx';
    m.slowAnswers = 0;
    child.once('exit', (code, signal) => onExit(m, child, code, signal));
    child.once('error', (error) => appendFileSync(m.log, `spawn error: ${error.message}\n`));
  };

  /** nginx's worker processes, looked up while its master runs: a master killed hard leaves them serving. */
  let nginxWorkers: number[] = [];
  const endOrphanedNginxWorkers = () => {
    for (const pid of nginxWorkers) {
      // SIGQUIT: a worker closes its listening sockets at once and finishes its requests
      try {
        if (isRunning(pid, 'nginx: ')) process.kill(pid, 'SIGQUIT');
      } catch {
        // gone meanwhile
      }
    }
    nginxWorkers = [];
  };

  const onExit = (m: Managed, child: ChildProcess, code: number | null, signal: NodeJS.Signals | null) => {
    if (m.child !== child) return;
    m.child = null;
    if (m.kind === 'nginx') endOrphanedNginxWorkers();
    const wasReady = m.ready;
    m.ready = false;
    if (phase === 'stopping') return;
    const ran = (Date.now() - m.startedAt) / 1000;
    const how = signal ? `signal ${signal}` : `exit ${code}`;
    if (phase === 'starting') {
      startupFailure = `${m.name} exited (${how}) while the cluster started; its log (${m.log}):\n${tail(m.log)}`;
      return;
    }
    if (m.kind === 'api' && wasReady) {
      say(`${m.name} died: nginx's passive check routes around it (a refused connection goes to the next)`);
      saveState();
    }
    m.quickDeaths = ran < 5 ? m.quickDeaths + 1 : 0;
    const delay = Math.min(RESTART_DELAY_MS * 2 ** Math.max(0, m.quickDeaths - 1), 30_000);
    say(
      `${m.name} (pid ${m.pid}) exited (${how}) after ${ran.toFixed(1)} s: restarting in ${delay / 1000} s`,
    );
    m.restartTimer = setTimeout(() => {
      m.restartTimer = null;
      if (phase !== 'running') return;
      spawnManaged(m);
      say(`${m.name} restarted (pid ${m.pid})`);
      saveState();
    }, delay);
  };

  const apis = () => managed.filter((m) => m.kind === 'api');
  const workers = () => managed.filter((m) => m.kind === 'worker');
  const nginx = () => managed.find((m) => m.kind === 'nginx');

  const saveState = () => {
    if (!state) return;
    const proxy = nginx();
    state = {
      ...state,
      api: apis().map((m) => ({
        name: m.name,
        port: m.port,
        pid: m.pid,
        url: `http://127.0.0.1:${m.port}`,
        ready: m.ready,
      })),
      workers: workers().map((m) => ({ name: m.name, pid: m.pid })),
      nginx: { pid: proxy?.pid ?? 0, port: proxyPort },
    };
    writeState(paths, state);
  };

  /**
   * Marks in nginx's upstream the instances that run but are not ready (shutting down, or not answering
   * /readyz) as `down`, and the others not, and has nginx reload it (SIGHUP, as `nginx -s reload`) when
   * that changes. A dead instance is left to nginx's passive check: its refused connections are retried on
   * the next instance and invisible to clients, while a reload makes every client connection that is busy
   * at that moment close after its answer (clients that do not retry, unlike browsers, see an error).
   */
  const reconcileUpstream = (why: string[]) => {
    if (!nginxFiles) return;
    let changed = false;
    for (const m of apis()) {
      if (!m.child) continue; // dead: keeps its mark
      const down = !m.ready;
      if (down !== m.markedDown) {
        m.markedDown = down;
        changed = true;
      }
    }
    if (!changed) {
      if (why.length)
        say(
          `${why.join(', ')}${why.some((w) => w.endsWith(' ready')) ? ' (nginx takes it back on its next try, within 2 s)' : ''}`,
        );
      return;
    }
    writeUpstream(
      nginxFiles,
      apis().map((m) => ({ port: m.port, up: !m.markedDown })),
    );
    const proxy = nginx();
    if (proxy?.child?.pid) {
      try {
        process.kill(proxy.child.pid, 'SIGHUP');
      } catch {
        // it is restarting; it reads the list when it starts
      }
    }
    const down = apis().filter((m) => m.markedDown);
    say(
      `${why.join(', ')}: nginx reloaded, ${down.length ? `${down.map((m) => m.name).join(', ')} marked down` : 'none marked down'}`,
    );
  };

  /** Asks one instance's GET /readyz; a refused connection or 503 is not ready at once, a slow answer twice. */
  const probe = async (m: Managed): Promise<boolean> => {
    if (!m.child) return false;
    try {
      const answer = await fetch(`http://127.0.0.1:${m.port}/readyz`, {
        signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
      });
      await answer.arrayBuffer();
      m.slowAnswers = 0;
      return answer.status === 200;
    } catch (error) {
      if ((error as Error).name === 'TimeoutError') {
        m.slowAnswers += 1;
        return m.slowAnswers < 2 ? m.ready : false;
      }
      return false;
    }
  };

  const workerSaidReady = (m: Managed) => {
    if (!m.child || !existsSync(m.log)) return false;
    const text = readFileSync(m.log, 'utf8').slice(m.logOffset);
    return text.includes('"msg":"worker ready"');
  };

  let probing = true;
  const healthLoop = async () => {
    while (probing) {
      const round = Date.now();
      const answers = await Promise.all(apis().map((m) => probe(m)));
      if (!probing) break;
      const changed: string[] = [];
      apis().forEach((m, i) => {
        const ready = Boolean(answers[i]) && m.child !== null;
        if (ready !== m.ready) {
          m.ready = ready;
          // a death is reported by the exit handler
          if (m.child) changed.push(`${m.name} (pid ${m.pid}) ${ready ? 'ready' : 'not ready'}`);
        }
      });
      const proxy = nginx();
      if (proxy?.child?.pid) {
        const pids = childPids(proxy.child.pid);
        if (pids.length) nginxWorkers = pids;
      }
      for (const m of workers()) {
        if (!m.ready && workerSaidReady(m)) {
          m.ready = true;
          if (phase === 'running') say(`${m.name} ready (pid ${m.pid})`);
        }
      }
      if (changed.length && phase !== 'stopping') {
        reconcileUpstream(changed);
        saveState();
      }
      await sleep(Math.max(0, PROBE_EVERY_MS - (Date.now() - round)));
    }
  };

  /** Sends each signal in turn, waiting its time for the exit, then SIGKILL. */
  const stopProcess = async (child: ChildProcess | null, steps: [NodeJS.Signals, number][]) => {
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exit = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    for (const [signal, timeoutMs] of steps) {
      child.kill(signal);
      const timedOut = await Promise.race([exit.then(() => false), sleep(timeoutMs).then(() => true)]);
      if (!timedOut) return;
    }
    child.kill('SIGKILL');
    await exit;
  };

  let stopping: Promise<void> | null = null;
  const stop = () => {
    stopping ??= (async () => {
      phase = 'stopping';
      probing = false;
      for (const m of managed) if (m.restartTimer) clearTimeout(m.restartTimer);
      say('stopping: API instances and workers (SIGTERM; they finish what they run)');
      await Promise.all(
        managed
          .filter((m) => m.kind !== 'nginx')
          .map((m) => stopProcess(m.child, [['SIGTERM', STOP_TIMEOUT_MS]])),
      );
      say('stopping: nginx (quit), the S3 store and the model server');
      // quit: finish the open requests (an AI stream may hold one), then terminate: close them now
      await stopProcess(nginx()?.child ?? null, [
        ['SIGQUIT', 5000],
        ['SIGTERM', 3000],
      ]);
      await Promise.all(helpers.map((h) => stopProcess(h.child, [['SIGTERM', 5000]])));
      // what a failed start left (a helper started beside one that failed, a step's process)
      await Promise.all([...children].map((child) => stopProcess(child, [['SIGTERM', 5000]])));
      removeState(paths);
      say('stopped');
      resolveStopped();
    })();
    return stopping;
  };

  const nginxCommand = findNginx();
  if (!nginxCommand)
    throw new Error(
      'nginx is not installed: bash scripts/setup-system.sh installs it (the Debian package nginx)',
    );

  try {
    // 1. builds (when their sources changed), as npm start does
    say('building the web app and the server if their sources changed');
    await runStep('the build', process.execPath, ['scripts/build-if-stale.mjs'], inheritedEnv(), signal);
    checkpoint();

    // 2. PostgreSQL and the cluster's database
    const given = process.env.DATABASE_URL?.trim();
    const serverUrl = given || LOCAL_POSTGRES;
    const database = options.database ?? (given ? databaseOf(given) : null) ?? 'uplus_cluster';
    const bad = checkDatabaseName(database);
    if (bad) throw new Error(bad);
    if (!given) {
      say("PostgreSQL: the machine's (scripts/ensure-postgres.sh)");
      ensureMachinePostgres();
    }
    const db = await prepareDatabase({ serverUrl, database, fresh: options.fresh });
    checkpoint();
    say(`database ${database}: ${options.fresh ? 'dropped and created' : db.created ? 'created' : 'kept'}`);

    // 3. the shared secret, the S3 store (emptied with the database by --fresh) and the scripted model
    const secret = clusterSecret(paths);
    if (options.fresh) {
      rmSync(paths.s3, { recursive: true, force: true });
      mkdirSync(paths.s3, { recursive: true });
    }
    const s3Promise = startHelper({
      name: 's3',
      script: path.join(ROOT, 'scripts/cluster/s3-server.ts'),
      args: [paths.s3, String(s3Port), BUCKET],
      key: 'S3_ENDPOINT',
      log: path.join(paths.logs, 's3.log'),
    });
    const externalLlm = process.env.LLM_BASE_URL?.trim();
    const llmPromise = externalLlm
      ? null
      : startHelper({
          name: 'model',
          script: options.llmServer,
          args: [],
          key: 'LLM_BASE_URL',
          log: path.join(paths.logs, 'model.log'),
        });
    const s3 = await s3Promise;
    helpers.push(s3);
    const llm = llmPromise ? await llmPromise : null;
    if (llm) helpers.push(llm);
    checkpoint();
    say(`S3 store ${s3.url} (bucket ${BUCKET}); model ${llm ? `${llm.url} (scripted)` : externalLlm}`);

    const origins = ['localhost', '127.0.0.1', 'school.localhost', 'area.localhost'].map(
      (host) => `http://${host}:${proxyPort}`,
    );
    const common: NodeJS.ProcessEnv = {
      ...inheritedEnv(),
      DATABASE_URL: db.url,
      APP_SECRET: secret,
      DEMO_DATA: process.env.DEMO_DATA ?? 'true',
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: s3.url,
      S3_REGION: 'us-east-1',
      S3_ACCESS_KEY_ID: S3_KEY,
      S3_SECRET_ACCESS_KEY: S3_KEY,
      S3_FORCE_PATH_STYLE: 'true',
      ...(llm
        ? {
            LLM_BASE_URL: llm.url,
            LLM_MODEL: 'scripted',
            LLM_API_KEY: 'cluster-scripted-key',
            LLM_MAX_RETRIES: '0',
          }
        : {}),
    };

    // 4. migrations and the demo data, once (links in the demo data name the proxy's port)
    if (await hasUsers(db.url)) {
      say('the database has users: no seeding (the instances apply new migrations as they start)');
    } else {
      say('migrating and seeding (the demo data, unless DEMO_DATA=false)');
      await runStep(
        'migrating and seeding',
        process.execPath,
        ['--import', 'tsx', 'apps/server/src/seed/seed-cli.ts'],
        { ...common, PORT: String(proxyPort), LOG_LEVEL: 'warn' },
        signal,
      );
    }
    checkpoint();
    if (options.scale) {
      say(`generating the ${options.scale} data set (scripts/load/seed-scale.ts)`);
      const script = path.join(ROOT, 'scripts/load/seed-scale.ts');
      if (!existsSync(script))
        throw new Error(`--scale needs ${path.relative(ROOT, script)}, not in this checkout`);
      await runStep(
        'generating the data set',
        process.execPath,
        ['--import', 'tsx', script, '--database-url', db.url, '--scale', options.scale],
        { ...common, PORT: String(proxyPort), LOG_LEVEL: 'warn' },
        signal,
      );
      checkpoint();
    }

    // 5. API instances and workers
    const { CODE_RUNNER_WORKERS: runnerSlots, ...workerBase } = common;
    apiPorts.forEach((port, i) => {
      const name = `api${i + 1}`;
      managed.push(
        blank({
          name,
          kind: 'api',
          port,
          command: process.execPath,
          // UPLUS_CPU_PROF=<dir>: each API instance writes a V8 CPU profile there when it stops (operations §5)
          args: [...cpuProfileArgs(), 'apps/server/dist/server.js'],
          env: {
            ...common,
            PORT: String(port),
            HOST: '127.0.0.1',
            CODE_RUNNER_WORKERS: '0',
            TRUST_PROXY: 'true',
            PUBLIC_ORIGINS: origins.join(','),
            LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
            DATA_DIR: path.join(paths.run, name),
          },
          log: path.join(paths.logs, `${name}.log`),
        }),
      );
    });
    for (let i = 1; i <= options.workers; i++) {
      const name = `worker${i}`;
      managed.push(
        blank({
          name,
          kind: 'worker',
          port: 0,
          command: process.execPath,
          args: ['apps/server/dist/worker.js'],
          env: {
            ...workerBase,
            ...(runnerSlots && runnerSlots !== '0' ? { CODE_RUNNER_WORKERS: runnerSlots } : {}),
            // its start line (`worker ready`) is how the supervisor knows it runs
            LOG_LEVEL: 'info',
            DATA_DIR: path.join(paths.run, name),
          },
          log: path.join(paths.logs, `${name}.log`),
        }),
      );
    }
    say(`starting ${options.api} API instance(s) on ${apiPorts.join(', ')} and ${options.workers} worker(s)`);
    for (const m of managed) spawnManaged(m);
    void healthLoop();
    const abort = () => startupFailure ?? (signal?.aborted ? 'stopped by a signal while starting' : null);
    await waitFor(
      'the API instances to answer GET /readyz',
      () => apis().every((m) => m.ready),
      START_TIMEOUT_MS,
      abort,
    );
    await waitFor('the workers to start', () => workers().every((m) => m.ready), 120_000, abort);

    // 6. nginx in front
    nginxFiles = writeNginxConfig({
      prefix: paths.nginx,
      listen: `127.0.0.1:${proxyPort}`,
      webDist: path.join(ROOT, 'apps/web/dist'),
      servers: apis().map((m) => ({ port: m.port, up: m.ready })),
      asRoot: process.getuid?.() === 0,
    });
    const proxy = blank({
      name: 'nginx',
      kind: 'nginx',
      port: proxyPort,
      command: nginxCommand,
      args: nginxArgs(nginxFiles, ['-g', 'daemon off;']),
      env: inheritedEnv(),
      log: path.join(paths.logs, 'nginx.log'),
    });
    managed.push(proxy);
    spawnManaged(proxy);
    await waitFor(
      'nginx to answer',
      async () => {
        try {
          const answer = await fetch(`http://127.0.0.1:${proxyPort}/readyz`, {
            signal: AbortSignal.timeout(2000),
          });
          return answer.status === 200;
        } catch {
          return false;
        }
      },
      30_000,
      abort,
    );

    state = {
      startedAt: new Date(started).toISOString(),
      proxy: `http://127.0.0.1:${proxyPort}`,
      databaseUrl: db.url,
      s3: { endpoint: s3.url, bucket: BUCKET, pid: s3.child.pid ?? 0 },
      llm: { baseUrl: llm?.url ?? externalLlm ?? '', pid: llm?.child.pid ?? 0 },
      postgres: { managedBy: 'machine', restart: restartCommand(db.url) },
      api: [],
      workers: [],
      nginx: { pid: 0, port: proxyPort },
      supervisor: { pid: process.pid },
    };
    phase = 'running';
    saveState();
    for (const h of helpers) {
      h.child.once('exit', (code, signal) => {
        if (phase === 'running')
          say(`${h.name} exited (${signal ?? code}): its calls fail until the cluster restarts (${h.log})`);
      });
    }
    say(`up in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    const snapshot = state;
    return {
      state: () => state ?? snapshot,
      table: describeCluster(snapshot, paths, demoAccountsOf(path.join(paths.logs, 'api1.log'))),
      stop,
      stopped,
    };
  } catch (error) {
    await stop();
    throw error;
  }
};

/** Debian's nginx (in /usr/sbin, which a user's PATH may lack), or one on PATH; null when there is none. */
const findNginx = (): string | null => {
  for (const candidate of ['/usr/sbin/nginx', 'nginx']) {
    if (spawnSync(candidate, ['-v'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  return null;
};

/** A managed process before its first start. */
const blank = (m: Pick<Managed, 'name' | 'kind' | 'port' | 'command' | 'args' | 'env' | 'log'>): Managed => ({
  ...m,
  child: null,
  pid: 0,
  startedAt: 0,
  ready: false,
  markedDown: false,
  slowAnswers: 0,
  quickDeaths: 0,
  logOffset: 0,
  restartTimer: null,
});

/** Ends a cluster whose supervisor is gone: the processes its state file lists, then the file. */
export const cleanLeftovers = (paths: ClusterPaths): number => {
  const previous = readState(paths);
  if (!previous) return 0;
  const left = leftoverProcesses(previous, paths.dir);
  for (const p of left) {
    try {
      process.kill(p.pid, p.signal);
    } catch {
      // gone meanwhile
    }
  }
  removeState(paths);
  rmSync(paths.lock, { force: true });
  return left.length;
};
