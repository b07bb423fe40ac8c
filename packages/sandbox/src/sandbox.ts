import { randomBytes } from 'node:crypto';
import { closeSync, constants, fchownSync, lstatSync, mkdirSync, openSync, rmSync, writeSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import type { CgroupSources } from './cgroup';
import { outputsMatch } from './compare';
import { defaultWorkDir, type IsolationPlan, IsolationUnavailable, planIsolation } from './host';
import {
  type AvailableLanguage,
  type CommandContext,
  findAvailableLanguage,
  type LanguageInfo,
  listLanguages,
  type MemoryPlan,
} from './languages';
import {
  completeMessage,
  EVALUATION_LIMITS,
  exitCodeMessage,
  memoryLimitMessage,
  outputLimitMessage,
  SANDBOX_MSG,
  type Stage,
  signalMessage,
  timeLimitMessage,
} from './messages';
import { type Job, type JobLimits, type JobOutcome, SandboxSession } from './session';
import { type Slot, SlotPool } from './slots';
import { type EvaluationRequest, verifyRequest } from './verify';

const MB = 1024 * 1024;
const SIGKILL = 9;
const SIGXCPU = 24;
const SIGXFSZ = 25;
/** Processes allowed in a slot's pids cgroup: the program's own limit plus runner, bwrap and launcher. */
const SLOT_PIDS_HEADROOM = 16;
const OPEN_FILES = 256;
/** Largest file a compiler may write (the program it builds). */
const COMPILE_FILE_BYTES = 64 * MB;

/** How a test case ended. */
export type Verdict =
  | 'ACCEPTED'
  | 'WRONG_ANSWER'
  | 'TIME_LIMIT_EXCEEDED'
  | 'MEMORY_LIMIT_EXCEEDED'
  | 'OUTPUT_LIMIT_EXCEEDED'
  | 'RUNTIME_ERROR'
  | 'SYSTEM_ERROR';

/** One stage result, shaped like the spec's programExecution rows (section 7) plus a few extras. */
export type StageResult = {
  stage: Stage;
  success: boolean;
  message: string;
  /** RUN: the program's stdout (cut to EVALUATION_LIMITS.shownOutputBytes); COMPILE: compiler output. */
  output: string | null;
  /** RUN: whether the output matched the expected output; null for other stages. */
  outputQualified: boolean | null;
  testcaseId: string | null;
  /** RUN: wall-clock run time of the case in ms; COMPILE: compile time. */
  timeUsed: number | null;
  /** RUN only: the verdict behind success/message. */
  verdict?: Verdict;
  /** RUN only: peak resident memory of the case in KB. */
  memoryUsed?: number;
  /** RUN only: the program's stderr (cut like output), e.g. a Python traceback. */
  errorOutput?: string;
};

/**
 * How the steps of evaluations share the CPU (the server shares it fairly between users). A step is a
 * compile (or syntax check) or one test case; the sandbox of a waiting evaluation stays idle meanwhile, and
 * no limit runs while it waits (a case's wall clock starts with the case).
 */
export type EvaluationTurns = {
  /** Resolves when the evaluation may run its next step; gives back the turn of its previous step first. */
  next: () => Promise<void>;
  /** Gives back the turn held, if any: the evaluation has no more steps. Safe to call twice. */
  end: () => void;
};

export type EvaluateOptions = {
  /** Called with each stage result as soon as it is known (to store progress for polling clients). */
  onStage?: (result: StageResult) => void | Promise<void>;
  /** Compile time limit in ms (default EVALUATION_LIMITS.compileTimeLimitMs). */
  compileTimeLimitMs?: number;
  /** Called with an internal error (for the server's log); the evaluation itself ends with a failed stage. */
  onError?: (error: Error) => void;
  /** Taken before each step; without it every step runs as soon as the evaluation has its slot. */
  turns?: EvaluationTurns;
};

export type SandboxOptions = {
  /** Where the runner binary and the evaluation boxes live (default: <tmpdir>/uplus-sandbox-<uid>). */
  workDir?: string;
  /** Evaluations running at once (default: number of CPU cores). */
  concurrency?: number;
  /** Where to look for bwrap (default /usr/bin/bwrap, /usr/local/bin/bwrap); tests point it elsewhere. */
  bwrapPaths?: readonly string[];
  /** The host's cgroup layout as text (default: this process's /proc files); tests give a fake tree's. */
  cgroupSources?: CgroupSources;
};

/** What the host can do; `ok: false` means every evaluation is refused with `reason`. */
export type SandboxStatus = {
  ok: boolean;
  reason: string | null;
  mode: 'root' | 'userns' | null;
  memoryCgroup: 'v1' | 'v2' | null;
  pidsCgroup: 'v1' | 'v2' | null;
  notes: string[];
  reaper: string | null;
  concurrency: number;
  languages: LanguageInfo[];
};

type Ready = { plan: IsolationPlan; pool: SlotPool } | { error: string };

/** Cuts program or compiler output for display: at most `cap` bytes, NUL characters replaced (databases
 * reject them), with a note when something was cut. */
export function displayText(bytes: Buffer, cap: number, totalSize = bytes.length): string {
  const text = bytes.subarray(0, cap).toString('utf8').replaceAll('\0', '\uFFFD');
  return totalSize > cap ? `${text}\n…（输出已截断）` : text;
}

function stage(
  stage: Stage,
  success: boolean,
  message: string,
  extra: Partial<StageResult> = {},
): StageResult {
  return {
    stage,
    success,
    message,
    output: null,
    outputQualified: null,
    testcaseId: null,
    timeUsed: null,
    ...extra,
  };
}

function limitsFor(
  memory: MemoryPlan,
  useCgroup: boolean,
  base: Omit<JobLimits, 'addressSpaceBytes' | 'dataBytes'>,
) {
  return {
    ...base,
    addressSpaceBytes: useCgroup ? 0 : memory.addressSpaceBytes,
    dataBytes: useCgroup ? 0 : memory.dataBytes,
  };
}

/** What the gcc driver prints when a program it ran (as, ld, cc1) was killed by SIGXFSZ. */
const COMPILER_FSIZE_MARKER = /File size limit exceeded signal terminated program/;

const OOM_MARKERS = [
  /java\.lang\.OutOfMemoryError/,
  /\bMemoryError\b/,
  /heap out of memory/,
  /std::bad_alloc/,
];

/** Runs programs against test cases in sandboxes; one instance per process is enough. */
export class Sandbox {
  private readyPromise: Promise<Ready> | null = null;
  private readonly workDir: string;
  private readonly bwrapPaths: readonly string[] | undefined;
  private readonly cgroupSources: CgroupSources | undefined;
  private slots: number;

  constructor(options: SandboxOptions = {}) {
    this.workDir = options.workDir ?? defaultWorkDir();
    this.bwrapPaths = options.bwrapPaths;
    this.cgroupSources = options.cgroupSources;
    this.slots = Math.max(1, options.concurrency ?? availableParallelism());
  }

  /** Evaluations running at once (each in its own slot). */
  get concurrency(): number {
    return this.slots;
  }

  /**
   * Lets at least `concurrency` evaluations run at once from now on (never fewer than before): the code
   * runner holds more evaluations than it runs steps, and the process-wide sandbox may have been made
   * earlier with fewer slots (a start-up probe, a reference run).
   */
  ensureConcurrency(concurrency: number): void {
    if (concurrency <= this.slots) return;
    this.slots = concurrency;
    void this.readyPromise?.then((ready) => {
      if ('pool' in ready) ready.pool.grow(this.slots);
    });
  }

  /** Plans isolation once and checks it for real: a probe runs inside a sandbox and must see an
   * unprivileged uid, no capabilities, no_new_privs, a seccomp filter, no user namespaces, no /etc/shadow, read-only /
   * and /usr, and no network. */
  private ready(): Promise<Ready> {
    this.readyPromise ??= (async (): Promise<Ready> => {
      let plan: IsolationPlan;
      try {
        plan = await planIsolation(this.workDir, this.bwrapPaths, this.cgroupSources);
      } catch (error) {
        if (error instanceof IsolationUnavailable) return { error: error.message };
        return { error: `无法准备代码沙箱：${(error as Error).message}` };
      }
      const pool = new SlotPool(plan, this.concurrency);
      const problem = await probe(plan, pool);
      if (problem) {
        pool.close();
        return { error: problem };
      }
      return { plan, pool };
    })();
    return this.readyPromise;
  }

  /** What this host can do, and why it refuses to run code if it does. */
  async status(): Promise<SandboxStatus> {
    const ready = await this.ready();
    const languages = await listLanguages();
    if ('error' in ready) {
      return {
        ok: false,
        reason: ready.error,
        mode: null,
        memoryCgroup: null,
        pidsCgroup: null,
        notes: [],
        reaper: null,
        concurrency: this.concurrency,
        languages,
      };
    }
    const { cgroups } = ready.plan;
    return {
      ok: true,
      reason: null,
      mode: ready.plan.mode,
      memoryCgroup: cgroups.memory ? (`v${cgroups.memory.version}` as const) : null,
      pidsCgroup: cgroups.pids ? (`v${cgroups.pids.version}` as const) : null,
      notes: cgroups.notes,
      reaper: ready.plan.reaper,
      concurrency: this.concurrency,
      languages,
    };
  }

  /** Runs one evaluation through VERIFY, PREPROCESS, COMPILE, RUN (one row per case) and COMPLETE.
   * Stops at the first failed stage among VERIFY, PREPROCESS and COMPILE. Never throws for anything the
   * submitted program does. */
  async evaluate(request: EvaluationRequest, options: EvaluateOptions = {}): Promise<StageResult[]> {
    const results: StageResult[] = [];
    const emit = async (result: StageResult) => {
      results.push(result);
      await options.onStage?.(result);
    };

    const problem = verifyRequest(request);
    const language = problem ? undefined : await findAvailableLanguage(request.languageId);
    if (problem || !language) {
      await emit(
        stage('VERIFY', false, `${SANDBOX_MSG.verifyFailed}：${problem ?? SANDBOX_MSG.languageUnsupported}`),
      );
      return results;
    }
    await emit(stage('VERIFY', true, SANDBOX_MSG.verifyPassed));

    const ready = await this.ready();
    if ('error' in ready) {
      await emit(
        stage(
          'PREPROCESS',
          false,
          `${SANDBOX_MSG.preprocessFailed}：${SANDBOX_MSG.sandboxUnavailable}（${ready.error}）`,
        ),
      );
      return results;
    }
    const slot = await ready.pool.acquire();
    let box: string | null = null;
    try {
      box = createBox(ready.plan, slot, language, request.sourceCode);
      await emit(stage('PREPROCESS', true, SANDBOX_MSG.preprocessDone));
      await new Evaluation(ready.plan, slot, box, language, request, options, emit).run();
    } catch (error) {
      // Our own failure (a sandbox that did not start, a full disk): the evaluation ends failed, not stuck.
      options.onError?.(error as Error);
      const last = results[results.length - 1]!.stage;
      const failed: Stage = last === 'VERIFY' ? 'PREPROCESS' : last === 'PREPROCESS' ? 'COMPILE' : 'RUN';
      const message = {
        PREPROCESS: `${SANDBOX_MSG.preprocessFailed}：${SANDBOX_MSG.internalError}`,
        COMPILE: `${SANDBOX_MSG.compileFailed}：${SANDBOX_MSG.internalError}`,
      }[failed as 'PREPROCESS' | 'COMPILE'];
      await emit(stage(failed, false, message ?? SANDBOX_MSG.systemError));
    } finally {
      try {
        // Safe although the box holds files the slot's uid wrote: every process of the slot is dead by now.
        if (box) rmSync(box, { recursive: true, force: true, maxRetries: 3 });
      } finally {
        options.turns?.end();
        ready.pool.release(slot);
      }
    }
    return results;
  }

  /** The slots (and their uids) this instance holds, for monitoring and tests. */
  async claimedSlots(): Promise<{ id: number; uid: number }[]> {
    const ready = await this.ready();
    return 'pool' in ready ? ready.pool.claimedSlots() : [];
  }

  /** Releases the slots this instance claimed. */
  async close(): Promise<void> {
    const ready = await this.readyPromise;
    if (ready && 'pool' in ready) ready.pool.close();
    this.readyPromise = null;
  }
}

/** Box: a fresh directory owned by the slot's uid (mode 0700) holding the source file. Ownership is given
 * through file descriptors opened with O_NOFOLLOW, so no link can redirect a chown. */
function createBox(plan: IsolationPlan, slot: Slot, language: AvailableLanguage, source: string): string {
  const box = join(plan.boxesDir, `s${slot.id}-${randomBytes(8).toString('hex')}`);
  mkdirSync(box, { mode: 0o700 });
  const { sourceFile } = language.definition.sourceFile(source);
  const fd = openSync(
    join(box, sourceFile),
    constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL | constants.O_NOFOLLOW,
    0o600,
  );
  try {
    writeSync(fd, source);
    if (plan.mode === 'root') fchownSync(fd, slot.uid, slot.gid);
  } finally {
    closeSync(fd);
  }
  if (plan.mode === 'root') {
    const dir = openSync(box, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    try {
      fchownSync(dir, slot.uid, slot.gid);
    } finally {
      closeSync(dir);
    }
  }
  return box;
}

async function probe(plan: IsolationPlan, pool: SlotPool): Promise<string | null> {
  const slot = await pool.acquire();
  try {
    slot.cgroup?.setMemoryLimit(64 * MB);
    slot.cgroup?.setProcessLimit(32);
    const session = await SandboxSession.start(plan, slot, plan.boxesDir, false);
    const outcome = await session.run({
      argv: ['/uplus-runner', 'probe'],
      stdin: Buffer.alloc(0),
      limits: {
        wallMs: 10_000,
        cpuMs: 5000,
        addressSpaceBytes: 0,
        dataBytes: 0,
        fileSizeBytes: MB,
        processes: 8,
        openFiles: 32,
        stackBytes: 8 * MB,
        stdoutCap: 4096,
        stderrCap: 4096,
      },
    });
    await session.close();
    if (outcome.kind !== 'finished' || !outcome.exited || outcome.exitCode !== 0) {
      return `隔离检查程序未能运行（${outcome.kind === 'finished' ? `退出码 ${outcome.exitCode}` : outcome.kind}）`;
    }
    const seen = new Map(
      outcome.stdout
        .toString('utf8')
        .split('\n')
        .map((l) => l.split('=') as [string, string]),
    );
    const checks: [boolean, string][] = [
      [seen.get('uid') !== '0' && seen.get('euid') !== '0', '用户代码将以 root 身份运行'],
      [/^0+$/.test(seen.get('CapEff') ?? 'x'), '用户代码将保留特权（capabilities）'],
      [/^0+$/.test(seen.get('CapBnd') ?? 'x'), '特权边界集（bounding set）未清空'],
      [seen.get('NoNewPrivs') === '1', '未设置 no_new_privs'],
      [seen.get('Seccomp') === '2', '未启用系统调用过滤（seccomp）'],
      [seen.get('userns') === 'blocked', '用户代码可以创建用户命名空间'],
      [seen.get('shadow') === 'absent', '沙箱内可以看到 /etc/shadow'],
      [seen.get('root_writable') === 'no' && seen.get('usr_writable') === 'no', '系统目录可写'],
      [seen.get('net_loopback') !== 'connected', '可以访问主机网络'],
    ];
    const failed = checks.find(([ok]) => !ok);
    return failed ? `隔离检查未通过：${failed[1]}` : null;
  } catch (error) {
    return `沙箱无法在本机启动：${(error as Error).message}`;
  } finally {
    pool.release(slot);
  }
}

/** One evaluation in one slot: compile (own sandbox when it writes the box), then all cases in one sandbox. */
class Evaluation {
  private readonly memoryMb: number;
  private readonly ctx: CommandContext;
  private readonly useCgroup: boolean;

  constructor(
    private readonly plan: IsolationPlan,
    private readonly slot: Slot,
    private readonly box: string,
    private readonly language: AvailableLanguage,
    private readonly request: EvaluationRequest,
    private readonly options: EvaluateOptions,
    private readonly emit: (r: StageResult) => Promise<void>,
  ) {
    this.memoryMb = request.memoryLimit ?? EVALUATION_LIMITS.defaultMemoryLimitMb;
    const { sourceFile, mainClass } = language.definition.sourceFile(request.sourceCode);
    this.ctx = { toolchain: language.toolchain, sourceFile, mainClass, memoryMb: this.memoryMb };
    this.useCgroup = slot.cgroup?.hasMemory ?? false;
  }

  private get def() {
    return this.language.definition;
  }

  private startSession(writable: boolean, memory: MemoryPlan): Promise<SandboxSession> {
    this.slot.cgroup?.setMemoryLimit(memory.cgroupBytes);
    this.slot.cgroup?.setProcessLimit(this.def.processes + SLOT_PIDS_HEADROOM);
    return SandboxSession.start(this.plan, this.slot, this.box, writable);
  }

  async run(): Promise<void> {
    const runMemory = this.def.memory(this.memoryMb);
    let session: SandboxSession | null = null;
    try {
      const compile = this.def.compile;
      if (compile) {
        const compileMemory = compile.writesBox && compile.memory ? compile.memory : runMemory;
        const job: Job = {
          argv: compile.argv(this.ctx),
          stdin: Buffer.alloc(0),
          limits: limitsFor(compileMemory, this.useCgroup, {
            wallMs: this.options.compileTimeLimitMs ?? EVALUATION_LIMITS.compileTimeLimitMs,
            cpuMs: this.options.compileTimeLimitMs ?? EVALUATION_LIMITS.compileTimeLimitMs,
            fileSizeBytes: COMPILE_FILE_BYTES,
            processes: this.def.processes,
            openFiles: OPEN_FILES,
            stackBytes: 64 * MB,
            stdoutCap: EVALUATION_LIMITS.shownOutputBytes,
            stderrCap: EVALUATION_LIMITS.shownOutputBytes,
          }),
        };
        let outcome: JobOutcome;
        let oomBefore: number;
        await this.options.turns?.next();
        if (compile.writesBox) {
          const compileSession = await this.startSession(true, compileMemory);
          oomBefore = this.slot.cgroup?.oomKills() ?? 0;
          try {
            outcome = await compileSession.run(job);
          } finally {
            await compileSession.close();
          }
        } else {
          session = await this.startSession(false, runMemory);
          oomBefore = this.slot.cgroup?.oomKills() ?? 0;
          outcome = await session.run(job);
        }
        const oom = (this.slot.cgroup?.oomKills() ?? 0) > oomBefore;
        const result = this.compileResult(outcome, oom, compile.produces?.(this.ctx) ?? null);
        await this.emit(result);
        if (!result.success) return;
      } else {
        await this.emit(stage('COMPILE', true, SANDBOX_MSG.compileNotNeeded));
      }

      let passed = 0;
      const testcases = this.request.testcases;
      for (let i = 0; i < testcases.length; i++) {
        const testcase = testcases[i]!;
        await this.options.turns?.next();
        if (!session?.alive) {
          // First case, or the program killed the previous sandbox's runner: a fresh sandbox for the rest.
          if (session) await session.close();
          session = await this.startSession(false, runMemory);
        }
        const oomBefore = this.slot.cgroup?.oomKills() ?? 0;
        const outcome = await session.run(this.caseJob(testcase.stdin ?? '', runMemory));
        const oom = (this.slot.cgroup?.oomKills() ?? 0) > oomBefore;
        const row = this.caseResult(outcome, oom, testcase.id ?? String(i + 1), testcase.stdout);
        if (row.outputQualified) passed++;
        await this.emit(row);
      }
      this.options.turns?.end();
      await this.emit(stage('COMPLETE', true, completeMessage(passed, testcases.length)));
    } finally {
      this.options.turns?.end();
      await session?.close();
    }
  }

  private caseJob(stdin: string, memory: MemoryPlan): Job {
    const timeLimit = Number(this.request.timeLimit);
    return {
      argv: this.def.run(this.ctx),
      stdin: Buffer.from(String(stdin), 'utf8'),
      limits: limitsFor(memory, this.useCgroup, {
        wallMs: timeLimit,
        // Kernel backstop for CPU (whole seconds); the wall clock decides first for one thread.
        cpuMs: timeLimit + 1000,
        fileSizeBytes: EVALUATION_LIMITS.outputLimitBytes + 1,
        processes: this.def.processes,
        openFiles: OPEN_FILES,
        stackBytes: this.def.stackMb * MB,
        stdoutCap: EVALUATION_LIMITS.outputLimitBytes + 1,
        stderrCap: EVALUATION_LIMITS.shownOutputBytes,
      }),
    };
  }

  private compileResult(outcome: JobOutcome, oom: boolean, produces: string | null): StageResult {
    if (outcome.kind !== 'finished') {
      return stage('COMPILE', false, SANDBOX_MSG.compileFailed, { output: '' });
    }
    const shown = EVALUATION_LIMITS.shownOutputBytes;
    const raw = [
      displayText(outcome.stdout, shown, outcome.stdoutSize),
      displayText(outcome.stderr, shown, outcome.stderrSize),
    ]
      .filter((t) => t.length > 0)
      .join('\n')
      .replaceAll('/box/', '');
    const clean = this.def.compile?.cleanOutput;
    const text = clean ? clean(raw) : raw;
    const timeUsed = Math.round(outcome.wallUs / 1000);
    const ok = outcome.exited && outcome.exitCode === 0 && outcome.execErrno === 0;
    if (ok && (produces === null || isRegularFile(join(this.box, produces)))) {
      const message =
        this.def.compile?.kind === 'syntax' ? SANDBOX_MSG.syntaxChecked : SANDBOX_MSG.compileSucceeded;
      return stage('COMPILE', true, message, { output: text, timeUsed });
    }
    let message: string = SANDBOX_MSG.compileFailed;
    if (outcome.timedOut || outcome.signal === SIGXCPU) message = SANDBOX_MSG.compileTimeout;
    else if (oom) message = SANDBOX_MSG.compileMemory;
    // gcc and g++ survive when their assembler or linker hits RLIMIT_FSIZE; they say so in these words.
    else if (outcome.signal === SIGXFSZ || COMPILER_FSIZE_MARKER.test(text))
      message = SANDBOX_MSG.compileOutput;
    else if (ok) message = SANDBOX_MSG.compileNoExecutable;
    return stage('COMPILE', false, message, { output: text, timeUsed });
  }

  private caseResult(outcome: JobOutcome, oom: boolean, testcaseId: string, expected: string): StageResult {
    const base = { testcaseId, outputQualified: false };
    if (outcome.kind === 'runner-died') {
      const message = oom ? memoryLimitMessage(this.memoryMb) : SANDBOX_MSG.judgeKilled;
      return stage('RUN', false, message, {
        ...base,
        verdict: oom ? 'MEMORY_LIMIT_EXCEEDED' : 'RUNTIME_ERROR',
      });
    }
    if (outcome.kind === 'unresponsive') {
      return stage('RUN', false, SANDBOX_MSG.judgeUnresponsive, { ...base, verdict: 'RUNTIME_ERROR' });
    }
    const shown = EVALUATION_LIMITS.shownOutputBytes;
    const stdout = outcome.stdout.toString('utf8');
    const extra = {
      ...base,
      output: displayText(outcome.stdout, shown, outcome.stdoutSize),
      errorOutput: displayText(outcome.stderr, shown, outcome.stderrSize),
      timeUsed: Math.round(outcome.wallUs / 1000),
      memoryUsed: outcome.maxRssKb,
    };
    const fail = (verdict: Verdict, message: string) => stage('RUN', false, message, { ...extra, verdict });
    const limit = EVALUATION_LIMITS.outputLimitBytes;
    const timeLimit = Number(this.request.timeLimit);
    const stderrText = outcome.stderr.toString('utf8');

    if (outcome.execErrno !== 0) return fail('SYSTEM_ERROR', SANDBOX_MSG.systemError);
    if (outcome.timedOut || outcome.signal === SIGXCPU)
      return fail('TIME_LIMIT_EXCEEDED', timeLimitMessage(timeLimit));
    if (outcome.signal === SIGKILL && outcome.cpuUs >= (timeLimit + 1000) * 1000) {
      return fail('TIME_LIMIT_EXCEEDED', timeLimitMessage(timeLimit)); // RLIMIT_CPU's hard limit
    }
    if (outcome.signal === SIGXFSZ || outcome.stdoutSize > limit || outcome.stderrSize > limit) {
      return fail('OUTPUT_LIMIT_EXCEEDED', outputLimitMessage(limit));
    }
    const abnormal = !outcome.exited || outcome.exitCode !== 0;
    const memoryEvidence =
      oom ||
      (abnormal && outcome.maxRssKb * 1024 >= this.memoryMb * MB * 0.95) ||
      (abnormal && OOM_MARKERS.some((re) => re.test(stderrText)));
    if (abnormal && memoryEvidence) return fail('MEMORY_LIMIT_EXCEEDED', memoryLimitMessage(this.memoryMb));
    if (!outcome.exited) return fail('RUNTIME_ERROR', signalMessage(outcome.signal));
    if (outcome.exitCode !== 0) return fail('RUNTIME_ERROR', exitCodeMessage(outcome.exitCode));
    if (!outputsMatch(stdout, expected)) return fail('WRONG_ANSWER', SANDBOX_MSG.wrongAnswer);
    return stage('RUN', true, SANDBOX_MSG.runSucceeded, {
      ...extra,
      outputQualified: true,
      verdict: 'ACCEPTED',
    });
  }
}

function isRegularFile(path: string): boolean {
  try {
    return lstatSync(path).isFile();
  } catch {
    return false;
  }
}

let shared: Sandbox | null = null;

/** The process-wide sandbox (created on first use with the given options; a later, larger `concurrency`
 * raises its slots). */
export function getSandbox(options?: SandboxOptions): Sandbox {
  shared ??= new Sandbox(options);
  if (options?.concurrency) shared.ensureConcurrency(options.concurrency);
  return shared;
}

/** Whether this host can run code, and why not. */
export function sandboxStatus(): Promise<SandboxStatus> {
  return getSandbox().status();
}
