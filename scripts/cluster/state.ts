import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (scripts/cluster/..). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a cluster keeps its state, logs, store and proxy files (default data/cluster). */
export type ClusterPaths = {
  dir: string;
  /** the state file other scripts read (format in the common brief) */
  state: string;
  /** the supervisor's pid while it runs */
  lock: string;
  /** APP_SECRET, generated once */
  secret: string;
  /** one log file per process */
  logs: string;
  /** the S3 store's files (s3rver) */
  s3: string;
  /** nginx's prefix: configuration, pid, temp files, logs */
  nginx: string;
  /** DATA_DIR of each instance and worker (nothing lives there with PostgreSQL and S3; kept apart anyway) */
  run: string;
};

export const clusterPaths = (dir: string): ClusterPaths => ({
  dir,
  state: path.join(dir, 'cluster.json'),
  lock: path.join(dir, 'supervisor.pid'),
  secret: path.join(dir, 'secret'),
  logs: path.join(dir, 'logs'),
  s3: path.join(dir, 's3'),
  nginx: path.join(dir, 'nginx'),
  run: path.join(dir, 'run'),
});

/** An API instance as cluster.json lists it. */
export type ApiEntry = { name: string; port: number; pid: number; url: string; ready: boolean };

/**
 * data/cluster/cluster.json, rewritten whenever a pid or a readiness changes. `supervisor` and each
 * instance's `ready` go beyond the shared format (additions only).
 */
export type ClusterState = {
  startedAt: string;
  proxy: string;
  databaseUrl: string;
  /** `pid` (the s3rver process) beyond the shared format */
  s3: { endpoint: string; bucket: string; pid: number };
  /** `pid`: the scripted model server's, 0 when LLM_BASE_URL names another (beyond the shared format) */
  llm: { baseUrl: string; pid: number };
  postgres: { managedBy: 'machine' | 'cluster'; restart: string[] };
  api: ApiEntry[];
  workers: { name: string; pid: number }[];
  nginx: { pid: number; port: number };
  supervisor: { pid: number };
};

/** Writes the state file whole (a reader never sees half of it). */
export const writeState = (paths: ClusterPaths, state: ClusterState) => {
  const temporary = `${paths.state}.${process.pid}.tmp`;
  writeFileSync(temporary, `${JSON.stringify(state, null, 2)}\n`);
  renameSync(temporary, paths.state);
};

export const readState = (paths: ClusterPaths): ClusterState | null => {
  if (!existsSync(paths.state)) return null;
  try {
    return JSON.parse(readFileSync(paths.state, 'utf8')) as ClusterState;
  } catch {
    return null;
  }
};

export const removeState = (paths: ClusterPaths) => rmSync(paths.state, { force: true });

/** The command line of a running process, or null when there is none with this pid. */
export const commandLineOf = (pid: number): string | null => {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ').trim();
  } catch {
    return null;
  }
};

/** Whether a process runs with this pid and its command line contains `marker` (a reused pid does not). */
export const isRunning = (pid: number | undefined, marker: string): boolean => {
  if (!pid || pid <= 0) return false;
  const command = commandLineOf(pid);
  if (!command) return false;
  try {
    // a zombie still has a /proc entry, with an empty command line
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    if (/^State:\s+Z/m.test(status)) return false;
  } catch {
    return false;
  }
  return command.includes(marker);
};

/** What the supervisor's command line contains. */
export const SUPERVISOR_MARKER = 'scripts/cluster/cluster.ts';

/** The variable every process a supervisor starts carries: the cluster's directory (its identity). */
export const CLUSTER_DIR_VARIABLE = 'UPLUS_CLUSTER_DIR';

/**
 * When a process started, in clock ticks since boot (/proc/<pid>/stat field 22), or null when there is none.
 * A pid and its start time name one process: a pid reused after a restart has another start time.
 */
export const processStartTicks = (pid: number): string | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // the command name (field 2) is in parentheses and may contain spaces: count fields after its `)`
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
};

/** The environment a process was started with (readable for our own processes), or null. */
const environmentOf = (pid: number): string[] | null => {
  try {
    return readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0');
  } catch {
    return null;
  }
};

/** What the lock file holds: the supervisor's pid and its start time. */
export const lockLine = (pid = process.pid) => `${pid} ${processStartTicks(pid) ?? ''}\n`;

/**
 * The pid of the supervisor running on this directory, or null. The lock names the process by pid and start
 * time, so a pid the system has since given to another supervisor (of another directory) is not taken for it.
 */
export const runningSupervisor = (paths: ClusterPaths): number | null => {
  if (!existsSync(paths.lock)) return null;
  const [pidText, ticks] = readFileSync(paths.lock, 'utf8').trim().split(/\s+/);
  const pid = Number(pidText);
  if (!isRunning(pid, SUPERVISOR_MARKER)) return null;
  if (ticks && processStartTicks(pid) !== ticks) return null;
  return pid;
};

/**
 * Whether a pid is still the process this cluster started: its command line has the marker and it belongs to
 * this directory (its environment names it; nginx, which rewrites its environment, by its prefix).
 */
export const isClusterProcess = (pid: number, marker: string, dir: string): boolean => {
  if (!isRunning(pid, marker)) return false;
  if (marker === 'nginx') return (commandLineOf(pid) ?? '').includes(path.join(dir, 'nginx'));
  const environment = environmentOf(pid);
  return environment?.includes(`${CLUSTER_DIR_VARIABLE}=${dir}`) ?? false;
};

/**
 * Pids of the processes a state file lists that still run (a supervisor killed hard leaves them), with the
 * signal that ends each: nginx's master SIGTERM (killed, it would leave its workers holding the port).
 */
export const leftoverProcesses = (
  state: ClusterState,
  dir: string,
): { pid: number; name: string; signal: NodeJS.Signals }[] => {
  const listed = [
    ...state.api.map((a) => ({ pid: a.pid, name: a.name, marker: 'apps/server/dist/server.js' })),
    ...state.workers.map((w) => ({ pid: w.pid, name: w.name, marker: 'apps/server/dist/worker.js' })),
    { pid: state.nginx.pid, name: 'nginx', marker: 'nginx' },
    { pid: state.s3.pid, name: 's3', marker: 'scripts/cluster/s3-server.ts' },
    { pid: state.llm.pid, name: 'llm', marker: 'scripted-llm-server.ts' },
  ];
  return listed
    .filter((p) => isClusterProcess(p.pid, p.marker, dir))
    .map(({ pid, name }) => ({ pid, name, signal: name === 'nginx' ? 'SIGTERM' : 'SIGKILL' }));
};
