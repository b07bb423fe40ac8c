import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { expect } from 'vitest';
import { Sandbox, type StageResult } from '../src';
import type { EvaluationRequest } from '../src/verify';

/** A sandbox for a test file. Fails loudly (never skips) when the host cannot isolate code. */
export async function startSandbox(concurrency = 1): Promise<Sandbox> {
  const sandbox = new Sandbox({ concurrency });
  const status = await sandbox.status();
  if (!status.ok) {
    throw new Error(
      `The code sandbox cannot run on this host: ${status.reason}. ` +
        'Install bubblewrap and the toolchains (scripts/setup-system.sh, or apt-get install bubblewrap tini); ' +
        'these tests do not skip.',
    );
  }
  return sandbox;
}

export const runRows = (results: StageResult[]) => results.filter((r) => r.stage === 'RUN');
export const stagesOf = (results: StageResult[]) => results.map((r) => r.stage);
export const last = (results: StageResult[]) => results[results.length - 1]!;

/** Evaluates and also returns how long the whole evaluation took. */
export async function timed(
  sandbox: Sandbox,
  request: EvaluationRequest,
  compileTimeLimitMs?: number,
): Promise<{ results: StageResult[]; ms: number }> {
  const start = performance.now();
  const results = await sandbox.evaluate(request, {
    compileTimeLimitMs,
    onError: (error) => {
      throw error;
    },
  });
  return { results, ms: performance.now() - start };
}

/** Live (non-zombie) processes of the sandbox: owned by the slot uids and, when the slots share our own uid
 * (user-namespace mode), running from the box or being the runner. */
export function processesOf(uids: number[]): { pid: number; uid: number; name: string }[] {
  const shared = uids.includes(process.getuid!());
  const found: { pid: number; uid: number; name: string }[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (!uids.includes(uid) || /^State:\s+Z/m.test(status)) continue;
      if (shared) {
        const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
        if (readlinkSync(`/proc/${entry}/cwd`) !== '/box' && !cmdline.includes('uplus-runner')) continue;
      }
      found.push({ pid: Number(entry), uid, name: /^Name:\s+(.*)$/m.exec(status)?.[1] ?? '' });
    } catch {
      // exited while we looked
    }
  }
  return found;
}

/** Zombies owned by the given uids whose parent is PID 1 (leaked by someone who did not reap). */
export function orphanZombiesOf(uids: number[]): number {
  let count = 0;
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const status = readFileSync(`/proc/${entry}/status`, 'utf8');
      const uid = Number(/^Uid:\s+(\d+)/m.exec(status)?.[1]);
      if (uids.includes(uid) && /^State:\s+Z/m.test(status) && /^PPid:\s+1$/m.test(status)) count++;
    } catch {
      // gone
    }
  }
  return count;
}

/** A Python program that checks the sandbox is healthy: clean /tmp and /dev/shm, processes can be
 * started, memory can be allocated, and the environment holds nothing but the runner's few variables. */
export const HEALTH_CHECK: EvaluationRequest = {
  languageId: 'python3',
  timeLimit: 5000,
  sourceCode: [
    'import os',
    'print(sorted(os.listdir("/tmp")), sorted(os.listdir("/dev/shm")))',
    'for _ in range(8):',
    '    pid = os.fork()',
    '    if pid == 0: os._exit(0)',
    '    os.waitpid(pid, 0)',
    'block = bytearray(64 * 1024 * 1024)',
    'print(sorted(os.environ))',
    'print(input())',
  ].join('\n'),
  testcases: [{ stdin: 'healthy', stdout: "[] []\n['HOME', 'LANG', 'PATH', 'TMPDIR']\nhealthy" }],
};

/** The very next evaluation after an attack must succeed, in the same slot. */
export async function expectHealthy(sandbox: Sandbox): Promise<void> {
  const results = await sandbox.evaluate(HEALTH_CHECK);
  const run = runRows(results);
  expect(run, JSON.stringify(results)).toHaveLength(1);
  expect(run[0], JSON.stringify(results)).toMatchObject({ success: true, outputQualified: true });
  expect(last(results).stage).toBe('COMPLETE');
}
