import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Repository root (bench/ is one level below it). */
export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** tsx's loader, to run TypeScript entry points with plain `node` (one process, no npm wrapper). */
export const TSX = path.join(ROOT, 'node_modules/tsx/dist/loader.mjs');

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** A TCP port free on loopback right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Polls `url` until it answers HTTP 200 or the deadline passes. Returns the milliseconds from `since`
 * (a performance.now() value) to the first 200 answer.
 */
export async function waitFor200(
  url: string,
  since: number,
  options: { timeoutMs?: number; intervalMs?: number; child?: ChildProcess } = {},
): Promise<number> {
  const deadline = since + (options.timeoutMs ?? 180_000);
  const interval = options.intervalMs ?? 20;
  while (performance.now() < deadline) {
    if (options.child && options.child.exitCode !== null) {
      throw new Error(`process exited with code ${options.child.exitCode} before ${url} answered`);
    }
    try {
      const answer = await fetch(url, { signal: AbortSignal.timeout(2000) });
      await answer.arrayBuffer();
      if (answer.status === 200) return performance.now() - since;
    } catch {
      // not listening yet
    }
    await sleep(interval);
  }
  throw new Error(`${url} did not answer 200 within ${options.timeoutMs ?? 180_000} ms`);
}

export interface Spawned {
  child: ChildProcess;
  /** Last lines of output, for error messages. */
  output: () => string;
  stop: () => Promise<void>;
}

/** Starts a process in its own group with output kept in a small ring buffer (not printed). */
export function spawnQuiet(command: string, args: string[], env: NodeJS.ProcessEnv, cwd = ROOT): Spawned {
  const child = spawn(command, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => {
    lines.push(...chunk.toString().split('\n').filter(Boolean));
    if (lines.length > 40) lines.splice(0, lines.length - 40);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    try {
      // The whole group: npm, sh and the node process below them.
      if (child.pid) process.kill(-child.pid, 'SIGTERM');
    } catch {
      return;
    }
    const killed = await Promise.race([exited.then(() => true), sleep(10_000).then(() => false)]);
    if (!killed && child.pid) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // already gone
      }
      await exited;
    }
  };
  return { child, output: () => lines.join('\n'), stop };
}

/** Environment for a server process: the caller's, minus anything that would point it elsewhere. */
export function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'PORT', 'HOST', 'DEMO_DATA', 'DEPLOYMENT_CODE'])
    delete env[key];
  return { ...env, NODE_ENV: 'production', ...extra };
}
