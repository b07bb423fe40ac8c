import { readFileSync } from 'node:fs';
import { type ClusterState, isAlive, readCluster } from '../lib/cluster';

/* Small probes the drills share: waiting, the cluster file, an instance's readiness and its connections. */

export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/** Seconds since `since` (epoch ms), two decimals. */
export const secondsSince = (since: number) => Math.round((Date.now() - since) / 10) / 100;

/** Polls `check` every `intervalMs` until it answers a value or `timeoutMs` passes (then null). */
export const pollUntil = async <T>(
  check: () => Promise<T | null> | T | null,
  timeoutMs: number,
  intervalMs = 200,
): Promise<T | null> => {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const value = await check();
      if (value !== null && value !== undefined) return value;
    } catch {
      // not yet
    }
    await sleep(intervalMs);
  }
  return null;
};

/** GET `${url}/readyz` answers 200 (a fresh connection each time, closed after). */
export const isReady = async (url: string): Promise<boolean> => {
  try {
    const answer = await fetch(`${url}/readyz`, {
      signal: AbortSignal.timeout(1000),
      headers: { connection: 'close' },
    });
    await answer.arrayBuffer();
    return answer.status === 200;
  } catch {
    return false;
  }
};

/** The cluster state now (the supervisor rewrites the file when a pid changes). */
export const clusterNow = (file: string): ClusterState => readCluster(file);

/**
 * Connections established to a local TCP port (server side), from /proc/net/tcp and tcp6: with the load
 * running through the proxy, more than none means the proxy sends this instance requests.
 */
export const establishedTo = (port: number): number => {
  let n = 0;
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text = '';
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const parts = line.trim().split(/\s+/);
      const local = parts[1];
      const state = parts[3];
      if (!local || state !== '01') continue;
      if (Number.parseInt(local.split(':').pop() ?? '', 16) === port) n++;
    }
  }
  return n;
};

/** CPU time (user + system, in clock ticks) a process has used, or null when it is gone. */
export const cpuTicks = (pid: number): number | null => {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return null;
  }
};

/** Waits until the cluster file names a new live pid for the process `name` (api or worker). */
export const waitForNewPid = async (
  file: string,
  name: string,
  oldPid: number,
  timeoutMs: number,
): Promise<number | null> =>
  pollUntil(() => {
    const state = clusterNow(file);
    const entry = [...state.api, ...state.workers].find((p) => p.name === name);
    return entry?.pid && entry.pid !== oldPid && isAlive(entry.pid) ? entry.pid : null;
  }, timeoutMs);
