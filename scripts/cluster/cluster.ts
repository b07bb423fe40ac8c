import { spawn } from 'node:child_process';
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { type ClusterOptions, parseOptions, USAGE } from './options';
import { type ClusterPaths, clusterPaths, lockLine, ROOT, readState, runningSupervisor } from './state';
import { cleanLeftovers, killChildrenNow, type RunningCluster, say, startCluster } from './supervisor';

/*
 * `npm run cluster`: the platform as a school runs it, on one machine (see docs/operations.md). The
 * foreground process is the supervisor; `--detach` starts it in the background and returns once the proxy
 * answers; `--stop` ends the one running on the same directory.
 */

/** A directory as the user would name it: relative to the repository when inside it. */
const shownDir = (dir: string) => {
  const relative = path.relative(ROOT, dir);
  return relative && !relative.startsWith('..') ? relative : dir;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Stops the supervisor running on the directory (SIGTERM, as Ctrl-C does), or what a dead one left. */
const stopCluster = async (options: ClusterOptions) => {
  const paths = clusterPaths(options.dir);
  const pid = runningSupervisor(paths);
  if (!pid) {
    const ended = cleanLeftovers(paths);
    console.log(
      ended
        ? `no supervisor was running; ended ${ended} process(es) it had left`
        : `no cluster is running on ${shownDir(options.dir)}`,
    );
    return 0;
  }
  console.log(`stopping the cluster (supervisor pid ${pid})`);
  process.kill(pid, 'SIGTERM');
  const deadline = Date.now() + 90_000;
  while (runningSupervisor(paths) === pid) {
    if (Date.now() > deadline) {
      console.error(
        `the supervisor (pid ${pid}) has not stopped after 90 s; see ${paths.logs}/supervisor.log`,
      );
      return 1;
    }
    await sleep(200);
  }
  console.log('stopped');
  return 0;
};

/** Starts the supervisor in the background and waits until it reports the cluster up (or fails). */
const detach = async (argv: string[], options: ClusterOptions) => {
  const paths = clusterPaths(options.dir);
  mkdirSync(paths.logs, { recursive: true });
  const log = path.join(paths.logs, 'supervisor.log');
  writeFileSync(log, '');
  const fd = openSync(log, 'a');
  const args = [...process.execArgv, path.join(ROOT, 'scripts/cluster/cluster.ts')];
  args.push(...argv.filter((a) => a !== '--detach'), '--supervised');
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: process.env,
    stdio: ['ignore', fd, fd, 'ipc'],
    detached: true,
  });
  closeSync(fd);
  console.log(`starting the cluster in the background (supervisor pid ${child.pid}, log ${log})`);
  const outcome = await new Promise<{ table?: string; failed?: string }>((resolve) => {
    child.on('message', (message: { table?: string; failed?: string }) => resolve(message));
    child.once('exit', (code, signal) => resolve({ failed: `the supervisor exited (${signal ?? code})` }));
  });
  if (outcome.table) {
    console.log(outcome.table);
    child.disconnect();
    child.unref();
    return 0;
  }
  const shown = existsSync(log) ? readFileSync(log, 'utf8').trimEnd().split('\n').slice(-25).join('\n') : '';
  console.error(`${outcome.failed}\n${shown}`);
  return 1;
};

/** Makes this process the directory's supervisor, unless a running one is (a dead one's lock is taken over). */
const takeLock = (paths: ClusterPaths): boolean => {
  try {
    writeFileSync(paths.lock, lockLine(), { flag: 'wx' });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = runningSupervisor(paths);
    if (holder && holder !== process.pid) return false;
    writeFileSync(paths.lock, lockLine());
    return true;
  }
};

/** Runs the supervisor in this process until a signal stops it. */
const supervise = async (options: ClusterOptions) => {
  const paths = clusterPaths(options.dir);
  mkdirSync(paths.dir, { recursive: true });
  if (!takeLock(paths)) {
    const message = `a cluster is already running on ${shownDir(options.dir)}`;
    console.error(message);
    if (process.send && process.connected) process.send({ failed: message });
    return 1;
  }
  const report = (message: { table?: string; failed?: string }) => {
    if (process.send && process.connected) process.send(message);
  };
  let cluster: RunningCluster | null = null;
  const starting = new AbortController();
  // npm and tsx pass a terminal's Ctrl-C on to this process as well: the copies arrive within
  // milliseconds and count once; a second Ctrl-C a moment later stops without waiting.
  let firstSignalAt = 0;
  const onSignal = (signal: NodeJS.Signals) => {
    if (firstSignalAt && Date.now() - firstSignalAt < 1000) return;
    if (firstSignalAt) {
      say(`${signal} again: stopping without waiting`);
      killChildrenNow();
      rmSync(paths.lock, { force: true });
      process.exit(130);
    }
    firstSignalAt = Date.now();
    say(`${signal}: stopping the cluster (Ctrl-C again to stop without waiting)`);
    starting.abort();
    void cluster?.stop();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('SIGHUP', onSignal);
  try {
    cluster = await startCluster(options, starting.signal);
  } catch (error) {
    const message = (error as Error).message;
    say(`the cluster did not start: ${message}`);
    report({ failed: message });
    rmSync(paths.lock, { force: true });
    return 1;
  }
  if (starting.signal.aborted) void cluster.stop();
  console.log(cluster.table);
  report({ table: cluster.table });
  await cluster.stopped;
  rmSync(paths.lock, { force: true });
  return 0;
};

const main = async (argv: string[]): Promise<number> => {
  let options: ClusterOptions;
  try {
    options = parseOptions(argv);
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    console.log(USAGE);
    return 0;
  }
  if (options.stop) return stopCluster(options);

  const paths = clusterPaths(options.dir);
  const running = runningSupervisor(paths);
  if (running && running !== process.pid) {
    const proxy = readState(paths)?.proxy;
    console.error(
      `a cluster is already running on ${shownDir(options.dir)} (supervisor pid ${running}` +
        `${proxy ? `, proxy ${proxy}` : ', starting'}); stop it first: npm run cluster -- --stop`,
    );
    return 1;
  }
  if (options.detach) return detach(argv, options);
  return supervise(options);
};

process.exit(await main(process.argv.slice(2)));
