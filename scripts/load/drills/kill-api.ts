import {
  clusterNow,
  cpuTicks,
  establishedTo,
  isReady,
  pollUntil,
  secondsSince,
  waitForNewPid,
} from './probes';

/*
 * kill -9 of one API instance in the middle of the load. The proxy must route around it within 5 s (read
 * from the load's errors afterwards: the last failed request after the kill), the supervisor must restart
 * it, and it must serve again: ready on /readyz, then connections from the proxy and CPU time spent.
 */

export type KillApiResult = {
  instance: string;
  pid: number;
  /** seconds since the load started */
  killedAtS: number;
  /** filled in after the load from its errors: failed requests after the kill, the last one's delay */
  errorsAfterKill?: number;
  routedAroundAfterS?: number;
  /** the supervisor's new process appeared in cluster.json */
  restartedAfterS: number | null;
  newPid: number | null;
  /** its /readyz answered 200 */
  readyAfterS: number | null;
  /** the proxy holds connections to it again */
  rejoinedAfterS: number | null;
  /** CPU ticks the new process spent in the 10 s after it rejoined (serving requests, not idling) */
  cpuTicksAfterRejoin: number | null;
};

export const killApiDrill = async (opts: {
  clusterFile: string;
  /** which instance (index in cluster.json's api list) */
  index?: number;
  atS: () => number;
  log: (line: string) => void;
}): Promise<KillApiResult> => {
  const state = clusterNow(opts.clusterFile);
  const target = state.api[(opts.index ?? 0) % state.api.length]!;
  const killedAt = Date.now();
  const killedAtS = opts.atS();
  process.kill(target.pid, 'SIGKILL');
  opts.log(`drill: kill -9 ${target.name} (pid ${target.pid}) at ${killedAtS.toFixed(1)} s`);
  const newPid = await waitForNewPid(opts.clusterFile, target.name, target.pid, 60_000);
  const restartedAfterS = newPid ? secondsSince(killedAt) : null;
  const ready = newPid
    ? await pollUntil(async () => ((await isReady(target.url)) ? true : null), 120_000, 100)
    : null;
  const readyAfterS = ready ? secondsSince(killedAt) : null;
  const rejoined = ready
    ? await pollUntil(() => (establishedTo(target.port) > 0 ? true : null), 30_000, 100)
    : null;
  const rejoinedAfterS = rejoined ? secondsSince(killedAt) : null;
  let cpuTicksAfterRejoin: number | null = null;
  if (rejoined && newPid) {
    const before = cpuTicks(newPid);
    await new Promise((r) => setTimeout(r, 10_000));
    const after = cpuTicks(newPid);
    cpuTicksAfterRejoin = before !== null && after !== null ? after - before : null;
  }
  opts.log(
    `drill: ${target.name} restarted after ${restartedAfterS ?? '-'} s (pid ${newPid ?? '-'}), ready after ` +
      `${readyAfterS ?? '-'} s, back behind the proxy after ${rejoinedAfterS ?? '-'} s`,
  );
  return {
    instance: target.name,
    pid: target.pid,
    killedAtS,
    restartedAfterS,
    newPid,
    readyAfterS,
    rejoinedAfterS,
    cpuTicksAfterRejoin,
  };
};
