import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  CLUSTER_DIR_VARIABLE,
  clusterPaths,
  commandLineOf,
  isClusterProcess,
  isRunning,
  lockLine,
  processStartTicks,
  runningSupervisor,
} from './state';

const children: ChildProcess[] = [];
const dirs: string[] = [];
afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A process whose command line carries the supervisor's marker, as `npm run cluster` does. */
const fakeSupervisor = (env: NodeJS.ProcessEnv = process.env) => {
  const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 60000)', 'scripts/cluster/cluster.ts'], {
    env,
    stdio: 'ignore',
  });
  children.push(child);
  return child;
};

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplus-state-'));
  dirs.push(dir);
  return dir;
};

/** /proc shows a new process's command line and environment once it has exec'd: wait for that. */
const started = async (pid: number | undefined) => {
  for (let i = 0; i < 250 && !(commandLineOf(pid ?? 0) ?? '').includes('scripts/cluster/cluster.ts'); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
  return pid ?? 0;
};

/** Until the process has gone (reaped, or a zombie). */
const ended = async (pid: number) => {
  for (let i = 0; i < 250 && isRunning(pid, 'scripts/cluster/cluster.ts'); i++)
    await new Promise((resolve) => setTimeout(resolve, 20));
};

describe('cluster state: which process is ours', () => {
  it('reads a start time that differs between processes and is stable for one', async () => {
    const pid = await started(fakeSupervisor().pid);
    const ticks = processStartTicks(pid);
    expect(ticks).toMatch(/^\d+$/);
    expect(processStartTicks(pid)).toBe(ticks);
    expect(processStartTicks(2 ** 22 + 7)).toBeNull();
  });

  it('takes the lock holder for the supervisor only while pid and start time both match', async () => {
    const paths = clusterPaths(tempDir());
    const child = fakeSupervisor();
    const pid = await started(child.pid);
    writeFileSync(paths.lock, lockLine(pid));
    expect(runningSupervisor(paths)).toBe(pid);
    // the same pid with another start time: a reused pid, another process
    writeFileSync(paths.lock, `${pid} 1\n`);
    expect(runningSupervisor(paths)).toBeNull();
    // a lock without a start time (written by an older version) still names a running supervisor
    writeFileSync(paths.lock, `${pid}\n`);
    expect(runningSupervisor(paths)).toBe(pid);
    child.kill('SIGKILL');
    await ended(pid);
    writeFileSync(paths.lock, lockLine(pid));
    expect(runningSupervisor(paths)).toBeNull();
  });

  it("counts a process as a cluster's only when it was started for that directory", async () => {
    const mine = tempDir();
    const other = tempDir();
    const pid = await started(fakeSupervisor({ ...process.env, [CLUSTER_DIR_VARIABLE]: mine }).pid);
    expect(isClusterProcess(pid, 'scripts/cluster/cluster.ts', mine)).toBe(true);
    expect(isClusterProcess(pid, 'scripts/cluster/cluster.ts', other)).toBe(false);
    expect(isClusterProcess(pid, 'apps/server/dist/server.js', mine)).toBe(false);
  });
});
