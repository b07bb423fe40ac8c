import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import path from 'node:path';
import { HttpClient } from '../lib/http';
import { type SignOutResult, type StreamStopResult, signOutAcross, streamStopAcross } from './cross-instance';
import { clusterNow, pollUntil, secondsSince } from './probes';

/*
 * PostgreSQL restarted in the middle of the load (cluster.json's postgres.restart command). Afterwards:
 * each instance answers a database read again (they reconnect; how long it took), the access tokens of
 * users signed in before the restart still work on every instance (sessions stay valid), and the
 * LISTEN/NOTIFY listeners are back: a stream on one instance stopped through another, and a sign-out on
 * one refused on another, both only work over NOTIFY.
 */

export type RestartPostgresResult = {
  command: string[];
  startedAtS: number;
  /** how long the restart command took */
  restartS: number | null;
  exitCode: number | null;
  /** per instance: seconds from the restart's start to its first database read answered 200 */
  reconnectedAfterS: Record<string, number | null>;
  /** tokens signed in before the restart, asked on every instance after it */
  tokensChecked: number;
  tokensRefused: number;
  streamStop: StreamStopResult | { ok: false; note: string };
  signOut: SignOutResult | { ok: false; note: string };
  /** filled in after the load: failed requests from the restart on, and the last one's delay */
  errorsAfterRestart?: number;
  lastErrorAfterS?: number;
};

/**
 * Runs the restart command with its output in a file: a restarted server may keep the command's output
 * open for good (pg_ctl without -l), which must be neither this process's output nor a pipe nobody reads.
 */
const run = (command: string[], logFile: string) =>
  new Promise<number | null>((resolve) => {
    mkdirSync(path.dirname(logFile), { recursive: true });
    const fd = openSync(logFile, 'a');
    const child = spawn(command[0]!, command.slice(1), { stdio: ['ignore', fd, fd] });
    closeSync(fd);
    child.on('exit', (code) => resolve(code));
    child.on('error', () => resolve(null));
  });

export const restartPostgresDrill = async (opts: {
  clusterFile: string;
  atS: () => number;
  /** tokens of users signed in now: (token, username) */
  tokens: [string, string][];
  teacher: string;
  student: string;
  log: (line: string) => void;
  /** where the restart command's output goes */
  logFile: string;
}): Promise<RestartPostgresResult> => {
  const state = clusterNow(opts.clusterFile);
  const command = state.postgres?.restart ?? [];
  const startedAtS = opts.atS();
  const base = {
    command,
    startedAtS,
    reconnectedAfterS: {} as Record<string, number | null>,
    tokensChecked: 0,
    tokensRefused: 0,
  };
  if (command.length === 0) {
    const note = 'cluster.json has no postgres.restart command';
    return {
      ...base,
      restartS: null,
      exitCode: null,
      streamStop: { ok: false, note },
      signOut: { ok: false, note },
    };
  }
  opts.log(`drill: restarting PostgreSQL (${command.join(' ')}) at ${startedAtS.toFixed(1)} s`);
  const started = Date.now();
  const exitCode = await run(command, opts.logFile);
  const restartS = secondsSince(started);
  opts.log(`drill: PostgreSQL restart command ended with ${exitCode} after ${restartS} s`);

  // A database read on each instance: the student's unread counts (never cached).
  const client = new HttpClient(state.proxy, null);
  const sample = opts.tokens.slice(0, 20);
  const probeToken = sample[0]?.[0];
  await Promise.all(
    state.api.map(async (api) => {
      const ok = await pollUntil(
        async () => {
          const answer = await client.call({
            method: 'POST',
            path: '/api/qmn/c/counts',
            base: api.url,
            token: probeToken,
            cls: 'read',
          });
          return answer.status === 200 ? true : null;
        },
        120_000,
        100,
      );
      base.reconnectedAfterS[api.name] = ok ? secondsSince(started) : null;
    }),
  );
  opts.log(`drill: instances answer database reads again: ${JSON.stringify(base.reconnectedAfterS)}`);

  for (const [token] of sample) {
    for (const api of state.api) {
      const answer = await client.call({
        method: 'GET',
        path: '/api/portal/users/basic_info',
        base: api.url,
        token,
        cls: 'read',
        expect: [401],
      });
      base.tokensChecked++;
      if (answer.status !== 200) base.tokensRefused++;
    }
  }
  opts.log(
    `drill: ${base.tokensChecked - base.tokensRefused} of ${base.tokensChecked} token checks still valid`,
  );

  const [a, b] = state.api;
  let streamStop: RestartPostgresResult['streamStop'] = { ok: false, note: 'fewer than two instances' };
  let signOut: RestartPostgresResult['signOut'] = { ok: false, note: 'fewer than two instances' };
  if (a && b) {
    streamStop = await streamStopAcross({ a: a.url, b: b.url, teacher: opts.teacher }).catch((e: Error) => ({
      ok: false as const,
      note: e.message,
    }));
    signOut = await signOutAcross({ a: a.url, b: b.url, username: opts.student }).catch((e: Error) => ({
      ok: false as const,
      note: e.message,
    }));
    opts.log(
      `drill: after the restart, stream on ${a.name} stopped through ${b.name}: ${streamStop.ok ? 'yes' : 'NO'}; ` +
        `sign-out on ${a.name} refused on ${b.name}: ${signOut.ok ? 'yes' : 'NO'}`,
    );
  }
  return { ...base, restartS, exitCode, streamStop, signOut };
};
