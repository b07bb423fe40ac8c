/**
 * User-namespace mode, the mode of a server that does not run as root: bwrap makes the user namespace,
 * there is no setpriv and no cgroup (rlimits only). The tests run as root on our machines, so this file
 * runs test/userns-child.ts as nobody (setpriv) and checks what it reports; as a non-root user it runs it
 * as that user.
 */
import { execFileSync, spawn } from 'node:child_process';
import { chownSync, copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SandboxStatus, StageResult } from '../src';
import { processesOf, runRows } from './helpers';

const NOBODY = 65534;
const CHILD = fileURLToPath(new URL('./userns-child.ts', import.meta.url));
const RUNNER_SOURCE = fileURLToPath(new URL('../native/uplus-runner.c', import.meta.url));
const SECRET = `uplus-userns-secret-${Math.random().toString(36).slice(2)}`;

type Report = { status: SandboxStatus } & Record<
  'sum' | 'python' | 'spy' | 'forkBomb' | 'memoryBomb' | 'sleeper',
  StageResult[]
>;

const asRoot = process.getuid!() === 0;
const uid = asRoot ? NOBODY : process.getuid!();
let workDir: string;
let report: Report;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'uplus-userns-'));
  // The child runs from a bundle in its own directory (the checkout may not be readable by nobody), with
  // the runner's source where the bundled host.ts looks for it (../native from the bundle).
  const bundle = join(workDir, 'child', 'child.mjs');
  await build({
    entryPoints: [CHILD],
    bundle: true,
    platform: 'node',
    format: 'esm',
    outfile: bundle,
    logLevel: 'silent',
  });
  mkdirSync(join(workDir, 'native'));
  copyFileSync(RUNNER_SOURCE, join(workDir, 'native', 'uplus-runner.c'));
  if (asRoot) {
    for (const p of ['', 'child', 'child/child.mjs', 'native', 'native/uplus-runner.c'])
      chownSync(join(workDir, p), NOBODY, NOBODY);
  }
  const setpriv = asRoot
    ? [
        execFileSync('sh', ['-c', 'command -v setpriv'], { encoding: 'utf8' }).trim(),
        `--reuid=${NOBODY}`,
        `--regid=${NOBODY}`,
        '--clear-groups',
        '--inh-caps=-all',
        '--',
      ]
    : [];
  const argv = [...setpriv, process.execPath, bundle];
  const child = spawn(argv[0]!, argv.slice(1), {
    cwd: workDir,
    env: {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: workDir,
      TMPDIR: workDir,
      UPLUS_USERNS_WORKDIR: join(workDir, 'sandbox'),
      UPLUS_SANDBOX_TEST_SECRET: SECRET,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  const line = out.split('\n').find((l) => l.startsWith('{'));
  if (code !== 0 || !line) throw new Error(`the user-namespace child failed (exit ${code}):\n${out}\n${err}`);
  report = JSON.parse(line) as Report;
}, 180_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

const rows = (results: StageResult[]) => runRows(results);

describe(`user-namespace mode (as uid ${uid})`, () => {
  it('is ready in userns mode without cgroups, and evaluates C and Python', () => {
    expect(report.status).toMatchObject({ ok: true, reason: null, mode: 'userns' });
    expect(report.status.memoryCgroup).toBeNull();
    expect(rows(report.sum).map((r) => [r.testcaseId, r.success, r.verdict])).toEqual([
      ['1', true, 'ACCEPTED'],
      ['2', false, 'WRONG_ANSWER'],
    ]);
    expect(report.sum.at(-1)).toMatchObject({ stage: 'COMPLETE', message: '运行完成，通过 1/2 个测试用例' });
    expect(rows(report.python)[0]).toMatchObject({ success: true, output: 'cba\n' });
  });

  it('the program sees no secret, no root, no new user namespace, no /etc/shadow, no network; seccomp is on', () => {
    const output = rows(report.spy)[0]!.output ?? '';
    expect(output).not.toContain(SECRET);
    expect(output).not.toContain('UPLUS_USERNS_WORKDIR');
    expect(output).not.toContain('DONE');
    expect(output).toContain('shadow=absent');
    expect(output).toMatch(/^Seccomp:\s+2$/m);
    expect(output).toMatch(/^NoNewPrivs:\s+1$/m);
    expect(output).toMatch(/^uid=\d+$/m);
  });

  it('a fork bomb, a memory bomb and a sleeper are stopped by rlimits and the wall clock', () => {
    expect(rows(report.forkBomb)[0]).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
    expect(['MEMORY_LIMIT_EXCEEDED', 'RUNTIME_ERROR']).toContain(rows(report.memoryBomb)[0]!.verdict);
    expect(rows(report.sleeper)[0]).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
  });

  it('leaves nothing of the user running', () => {
    if (!asRoot) return; // as our own uid, processesOf cannot tell the sandbox from this test process
    expect(processesOf([NOBODY])).toEqual([]);
  });
});
