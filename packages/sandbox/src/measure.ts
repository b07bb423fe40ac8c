import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultWorkDir, type IsolationPlan, planIsolation } from './host';
import { resolveTool } from './languages';
import { Sandbox } from './sandbox';
import { type Job, SandboxSession } from './session';
import { type Slot, SlotPool } from './slots';

/** Figures of one measurement run, all in milliseconds unless named otherwise. */
export type SandboxMeasurements = {
  /** Median fork+exec+wait of a trivial C program, bare, from a C loop (no sandbox, no Node). */
  bareCaseMs: number;
  /** Median of the same program started from Node with child_process.spawn, bare. */
  bareNodeSpawnMs: number;
  /** Median Node round trip of one trivial test case inside an already started sandbox. */
  sandboxCaseMs: number;
  /** What the runner itself measured for that case (fork, limits, exec, wait inside the sandbox). */
  sandboxCaseRunnerMs: number;
  /** sandboxCaseMs - bareCaseMs: what the sandbox adds per test case. */
  perCaseOverheadMs: number;
  /** Median time to start one sandbox (launcher, setpriv, bwrap, runner ready). */
  setupMs: number;
  /** Median time to end one sandbox and sweep its slot. */
  teardownMs: number;
  /** Median full evaluation (all five stages) of a trivial program with one case. */
  evaluationMs: { c: number; python3: number };
  /** Trivial case runs per second with `concurrency` sandboxes busy at once. */
  runsPerSecond: number;
  concurrency: number;
  /** Median `gcc -O2 hello.c`: bare, inside an open sandbox, and including the sandbox's start. */
  gccBareMs: number;
  gccSandboxMs: number;
  gccSandboxWithSetupMs: number;
  samples: number;
};

const MB = 1024 * 1024;
const HELLO_C = '#include <stdio.h>\nint main(void){puts("hello");return 0;}\n';

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return Math.round(sorted[Math.floor(sorted.length / 2)]! * 100) / 100;
}

function run(file: string, args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(file, args, { env: { PATH: '/usr/bin:/bin' } }, (error, stdout, stderr) =>
      error ? reject(new Error(`${file} failed: ${stderr}`)) : resolve(stdout),
    );
  });
}

function trivialJob(argv: string[], wallMs = 10_000): Job {
  return {
    argv,
    stdin: Buffer.alloc(0),
    limits: {
      wallMs,
      cpuMs: wallMs,
      addressSpaceBytes: 0,
      dataBytes: 0,
      fileSizeBytes: 64 * MB,
      processes: 64,
      openFiles: 256,
      stackBytes: 8 * MB,
      stdoutCap: 65536,
      stderrCap: 65536,
    },
  };
}

async function timeIt<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const value = await fn();
  return [performance.now() - start, value];
}

/** A box holding a bare-compiled trivial program and hello.c, owned by the slot's uid. */
function makeBox(plan: IsolationPlan, slot: Slot): string {
  const box = join(plan.boxesDir, `s${slot.id}-measure-${randomBytes(4).toString('hex')}`);
  mkdirSync(box, { mode: 0o700 });
  writeFileSync(join(box, 'hello.c'), HELLO_C);
  if (plan.mode === 'root') {
    chownSync(box, slot.uid, slot.gid);
    chownSync(join(box, 'hello.c'), slot.uid, slot.gid);
  }
  return box;
}

/**
 * Measures, in one run: per-case overhead (a trivial C program in the sandbox against the same program
 * run bare), per-evaluation setup, trivial case runs per second at concurrency = cores, and sandboxed
 * against bare gcc. Needs a host where the sandbox works.
 */
export async function measureSandbox(
  options: { samples?: number; workDir?: string } = {},
): Promise<SandboxMeasurements> {
  const samples = options.samples ?? 200;
  const workDir = options.workDir ?? defaultWorkDir();
  const concurrency = availableParallelism();
  const plan = await planIsolation(workDir);
  const gcc = resolveTool(['/usr/bin/gcc']);
  if (!gcc) throw new Error('gcc is needed for the measurement');
  const pool = new SlotPool(plan, concurrency);
  const slots = await Promise.all(Array.from({ length: concurrency }, () => pool.acquire()));
  const boxes = slots.map((slot) => makeBox(plan, slot));
  try {
    for (const box of boxes) {
      writeFileSync(join(box, 'trivial.c'), 'int main(void){return 0;}\n');
      await run(gcc, ['-O2', '-o', join(box, 'trivial'), join(box, 'trivial.c')]);
    }
    return await measureWith(plan, slots, boxes, gcc, samples, concurrency, workDir);
  } finally {
    for (const box of boxes) rmSync(box, { recursive: true, force: true });
    for (const slot of slots) pool.release(slot);
    pool.close();
  }
}

async function measureWith(
  plan: IsolationPlan,
  slots: Slot[],
  boxes: string[],
  gcc: string,
  samples: number,
  concurrency: number,
  workDir: string,
): Promise<SandboxMeasurements> {
  const slot = slots[0]!;
  const box = boxes[0]!;
  for (const s of slots) {
    s.cgroup?.setMemoryLimit(512 * MB);
    s.cgroup?.setProcessLimit(128);
  }

  // Bare baselines.
  const bareCaseMs =
    Number(await run(plan.runner, ['bench', String(samples), '--', join(box, 'trivial')])) / 1000;
  const spawnTimes: number[] = [];
  for (let i = 0; i < Math.min(samples, 100); i++) {
    const [ms] = await timeIt(() => run(join(box, 'trivial'), []));
    spawnTimes.push(ms);
  }

  // Per case inside one sandbox.
  const session = await SandboxSession.start(plan, slot, box, false);
  const roundTrips: number[] = [];
  const runnerWalls: number[] = [];
  for (let i = 0; i < samples; i++) {
    const [ms, outcome] = await timeIt(() => session.run(trivialJob(['/box/trivial'])));
    if (outcome.kind !== 'finished' || outcome.exitCode !== 0) throw new Error('trivial case failed');
    roundTrips.push(ms);
    runnerWalls.push(outcome.wallUs / 1000);
  }
  await session.close();

  // Setup and teardown of a sandbox.
  const setups: number[] = [];
  const teardowns: number[] = [];
  for (let i = 0; i < Math.min(samples, 40); i++) {
    const [up, s] = await timeIt(() => SandboxSession.start(plan, slot, box, false));
    const [down] = await timeIt(() => s.close());
    setups.push(up);
    teardowns.push(down);
  }

  // Throughput: one sandbox per core, each running trivial cases back to back.
  const perSandbox = Math.max(50, Math.floor(samples / 2));
  const sessions = await Promise.all(slots.map((s, i) => SandboxSession.start(plan, s, boxes[i]!, false)));
  const [elapsed] = await timeIt(() =>
    Promise.all(
      sessions.map(async (s) => {
        for (let i = 0; i < perSandbox; i++) await s.run(trivialJob(['/box/trivial']));
      }),
    ),
  );
  await Promise.all(sessions.map((s) => s.close()));
  const runsPerSecond = Math.round((perSandbox * sessions.length) / (elapsed / 1000));

  // gcc: bare, in an open (writable) sandbox, and with the sandbox's start included.
  const gccArgs = (dir: string) => ['-O2', '-o', `${dir}/hello`, `${dir}/hello.c`];
  const gccRuns = 7;
  const gccBare =
    Number(await run(plan.runner, ['bench', String(gccRuns), '--', gcc, ...gccArgs(box)])) / 1000;
  const inBox: number[] = [];
  const withSetup: number[] = [];
  const compileSession = await SandboxSession.start(plan, slot, box, true);
  for (let i = 0; i < gccRuns; i++) {
    const [ms] = await timeIt(() => compileSession.run(trivialJob([gcc, ...gccArgs('/box')])));
    inBox.push(ms);
  }
  await compileSession.close();
  for (let i = 0; i < gccRuns; i++) {
    const [ms] = await timeIt(async () => {
      const s = await SandboxSession.start(plan, slot, box, true);
      await s.run(trivialJob([gcc, ...gccArgs('/box')]));
      await s.close();
    });
    withSetup.push(ms);
  }

  // Whole evaluations through the public API (slots of their own).
  const sandbox = new Sandbox({ workDir, concurrency: 1 });
  const evaluations = { c: [] as number[], python3: [] as number[] };
  const programs = { c: HELLO_C, python3: 'print("hello")' };
  for (let i = 0; i < 7; i++) {
    for (const languageId of ['c', 'python3'] as const) {
      const [ms, results] = await timeIt(() =>
        sandbox.evaluate({
          languageId,
          sourceCode: programs[languageId],
          timeLimit: 1000,
          testcases: [{ stdin: '', stdout: 'hello' }],
        }),
      );
      if (!results.some((r) => r.stage === 'COMPLETE')) throw new Error(`${languageId} evaluation failed`);
      evaluations[languageId].push(ms);
    }
  }
  await sandbox.close();

  const sandboxCaseMs = median(roundTrips);
  return {
    bareCaseMs: median([bareCaseMs]),
    bareNodeSpawnMs: median(spawnTimes),
    sandboxCaseMs,
    sandboxCaseRunnerMs: median(runnerWalls),
    perCaseOverheadMs: Math.round((sandboxCaseMs - bareCaseMs) * 100) / 100,
    setupMs: median(setups),
    teardownMs: median(teardowns),
    evaluationMs: { c: median(evaluations.c), python3: median(evaluations.python3) },
    runsPerSecond,
    concurrency,
    gccBareMs: median([gccBare]),
    gccSandboxMs: median(inBox),
    gccSandboxWithSetupMs: median(withSetup),
    samples,
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  measureSandbox().then(
    (m) => console.log(JSON.stringify(m, null, 2)),
    (error: Error) => {
      console.error(error.message);
      process.exit(1);
    },
  );
}
