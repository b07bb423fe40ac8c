// Code sandbox figures in one run (issue 3): per-case overhead (a trivial program inside an open sandbox
// against the same program run bare), per-evaluation set-up, trivial case runs per second at
// concurrency = cores, sandboxed gcc against bare gcc, and how soon a time limit is decided.
// `npx tsx bench/sandbox.ts` runs it alone; `npm run bench` runs it after the API figures.
// Needs a host where the sandbox works (bubblewrap, gcc; run as root or with user namespaces).
import { pathToFileURL } from 'node:url';
import { Sandbox, type StageResult } from '@uplus/sandbox';
import { measureSandbox, type SandboxMeasurements } from '../packages/sandbox/src/measure';

/** Targets from issue 3. */
export const SANDBOX_TARGETS = {
  perCaseOverheadMs: 3,
  setupMs: 15,
  runsPerSecond: 100,
  timeLimitSlackMs: 100,
} as const;

export interface TimeLimitFigures {
  limitMs: number;
  /** Per program kind: how far past the limit the case's measured run time went (ms). */
  spin: { medianMs: number; maxMs: number };
  sleep: { medianMs: number; maxMs: number };
  /** Case start (the previous stage row) to the time-limit row reaching the caller, minus the limit. */
  observedMaxMs: number;
}

export interface SandboxBenchResult extends SandboxMeasurements {
  timeLimit: TimeLimitFigures;
  targets: typeof SANDBOX_TARGETS;
  met: { perCaseOverhead: boolean; setup: boolean; runsPerSecond: boolean; timeLimit: boolean };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};

const SPIN = '#include <stdio.h>\nint main(void){volatile unsigned long n=0;for(;;)n++;}\n';
const SLEEP = '#include <unistd.h>\nint main(void){for(;;)sleep(60);}\n';

/** Runs `cases` time-limited cases of a program that never ends; returns the overshoots. */
async function overshoots(sandbox: Sandbox, sourceCode: string, limitMs: number, cases: number) {
  const emitted: { at: number; row: StageResult }[] = [];
  await sandbox.evaluate(
    {
      languageId: 'c',
      sourceCode,
      timeLimit: limitMs,
      testcases: Array.from({ length: cases }, () => ({ stdin: '', stdout: 'never' })),
    },
    { onStage: (row) => void emitted.push({ at: performance.now(), row }) },
  );
  const measured: number[] = [];
  const observed: number[] = [];
  emitted.forEach(({ at, row }, i) => {
    if (row.stage !== 'RUN') return;
    if (row.verdict !== 'TIME_LIMIT_EXCEEDED') throw new Error(`expected a time limit, got ${row.message}`);
    measured.push((row.timeUsed ?? 0) - limitMs);
    observed.push(at - emitted[i - 1]!.at - limitMs);
  });
  return { measured, observed };
}

/** How soon a spinning and a sleeping program are stopped after their limit. */
export async function measureTimeLimit(limitMs = 500, cases = 5): Promise<TimeLimitFigures> {
  const sandbox = new Sandbox({ concurrency: 1 });
  try {
    const status = await sandbox.status();
    if (!status.ok) throw new Error(`the sandbox cannot run here: ${status.reason}`);
    const spin = await overshoots(sandbox, SPIN, limitMs, cases);
    const sleep = await overshoots(sandbox, SLEEP, limitMs, cases);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      limitMs,
      spin: { medianMs: round(median(spin.measured)), maxMs: round(Math.max(...spin.measured)) },
      sleep: { medianMs: round(median(sleep.measured)), maxMs: round(Math.max(...sleep.measured)) },
      observedMaxMs: round(Math.max(...spin.observed, ...sleep.observed)),
    };
  } finally {
    await sandbox.close();
  }
}

export async function runSandboxBench(log: (line: string) => void): Promise<SandboxBenchResult> {
  log('sandbox: per-case overhead, set-up, throughput, gcc');
  const m = await measureSandbox();
  log('sandbox: time-limit decisions');
  const timeLimit = await measureTimeLimit();
  return {
    ...m,
    timeLimit,
    targets: SANDBOX_TARGETS,
    met: {
      perCaseOverhead: m.perCaseOverheadMs <= SANDBOX_TARGETS.perCaseOverheadMs,
      setup: m.setupMs <= SANDBOX_TARGETS.setupMs,
      runsPerSecond: m.runsPerSecond >= SANDBOX_TARGETS.runsPerSecond,
      timeLimit: timeLimit.observedMaxMs <= SANDBOX_TARGETS.timeLimitSlackMs,
    },
  };
}

const mark = (ok: boolean) => (ok ? 'met' : 'NOT met');

/** The figures as printed lines. */
export function sandboxReport(r: SandboxBenchResult): string[] {
  const t = r.targets;
  return [
    `Code sandbox (${r.samples} samples, concurrency ${r.concurrency}):`,
    `  trivial case, bare (C loop fork+exec+wait):   ${r.bareCaseMs} ms   (from Node spawn: ${r.bareNodeSpawnMs} ms)`,
    `  trivial case inside an open sandbox:           ${r.sandboxCaseMs} ms   (runner's own: ${r.sandboxCaseRunnerMs} ms)`,
    `  per-case overhead:                             ${r.perCaseOverheadMs} ms   target <= ${t.perCaseOverheadMs}: ${mark(r.met.perCaseOverhead)}`,
    `  per-evaluation set-up (start one sandbox):     ${r.setupMs} ms   target <= ${t.setupMs}: ${mark(r.met.setup)}   (teardown ${r.teardownMs} ms)`,
    `  trivial case runs per second:                  ${r.runsPerSecond}   target >= ${t.runsPerSecond}: ${mark(r.met.runsPerSecond)}`,
    `  gcc -O2 hello.c bare / in sandbox / with set-up: ${r.gccBareMs} / ${r.gccSandboxMs} / ${r.gccSandboxWithSetupMs} ms`,
    `  whole evaluation, one case: C ${r.evaluationMs.c} ms, Python 3 ${r.evaluationMs.python3} ms`,
    `  time limit ${r.timeLimit.limitMs} ms, overshoot of the measured run time: spin median ${r.timeLimit.spin.medianMs} ms ` +
      `(max ${r.timeLimit.spin.maxMs}), sleep median ${r.timeLimit.sleep.medianMs} ms (max ${r.timeLimit.sleep.maxMs})`,
    `  time limit decided (case start to result) within limit + ${r.timeLimit.observedMaxMs} ms   ` +
      `target <= ${t.timeLimitSlackMs}: ${mark(r.met.timeLimit)}`,
  ];
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  runSandboxBench((line) => console.error(`[bench] ${line}`)).then(
    (result) => console.log(sandboxReport(result).join('\n')),
    (error: Error) => {
      console.error(`[bench] failed: ${error.message}`);
      process.exit(1);
    },
  );
}
