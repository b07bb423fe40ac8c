import { type ChildProcess, spawn } from 'node:child_process';
import type { Socket } from 'node:net';
import type { IsolationPlan } from './host';
import { BOX_DIR } from './languages';
import { type Slot, sweepSlot } from './slots';

const MB = 1024 * 1024;
/** Size of the sandbox's private /tmp and /dev/shm (tmpfs, charged to the slot's memory cgroup). */
export const TMP_BYTES = 64 * MB;
export const SHM_BYTES = 16 * MB;
/** Path of the runner inside the sandbox. */
const RUNNER_IN_BOX = '/uplus-runner';
/** Time the runner gets beyond a job's wall limit to kill, reap and send the result back. */
const JOB_GRACE_MS = 2000;
const START_TIMEOUT_MS = 15_000;
const DIAG_BYTES = 8192;

/** Limits of one job (one compile or one test case), all enforced by the kernel inside the sandbox. */
export type JobLimits = {
  wallMs: number;
  cpuMs: number;
  /** RLIMIT_AS, 0 = not set. */
  addressSpaceBytes: number;
  /** RLIMIT_DATA, 0 = not set. */
  dataBytes: number;
  /** RLIMIT_FSIZE: caps stdout, stderr and every file the job writes. */
  fileSizeBytes: number;
  processes: number;
  openFiles: number;
  stackBytes: number;
  /** How much of stdout / stderr comes back to Node. */
  stdoutCap: number;
  stderrCap: number;
};

export type Job = { argv: string[]; stdin: Buffer; limits: JobLimits };

export type JobOutcome =
  | {
      kind: 'finished';
      /** errno of a failed execve, 0 when the program started. */
      execErrno: number;
      exited: boolean;
      exitCode: number;
      signal: number;
      /** The runner killed the job at its wall-clock limit. */
      timedOut: boolean;
      wallUs: number;
      cpuUs: number;
      maxRssKb: number;
      stdoutSize: number;
      stderrSize: number;
      stdout: Buffer;
      stderr: Buffer;
    }
  /** The runner vanished mid-job (the program killed it) or broke the protocol. */
  | { kind: 'runner-died'; detail: string }
  /** No answer within the wall limit plus grace (the program stopped the runner): session killed. */
  | { kind: 'unresponsive' };

/** bwrap arguments: every namespace unshared, read-only system dirs, private /tmp, the box. */
export function bwrapArgs(plan: IsolationPlan, boxDir: string, writableBox: boolean): string[] {
  return [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--hostname',
    'sandbox',
    ...plan.systemMounts,
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(SHM_BYTES),
    '--tmpfs',
    '/dev/shm',
    '--remount-ro',
    '/dev',
    '--size',
    String(TMP_BYTES),
    '--tmpfs',
    '/tmp',
    writableBox ? '--bind' : '--ro-bind',
    boxDir,
    BOX_DIR,
    '--ro-bind',
    plan.runner,
    RUNNER_IN_BOX,
    '--chdir',
    BOX_DIR,
    '--remount-ro',
    '/',
    '--',
    RUNNER_IN_BOX,
    'run',
  ];
}

/** The full command Node starts: launcher -> (setpriv to the slot's uid when root) -> bwrap -> runner. */
export function launchArgv(plan: IsolationPlan, slot: Slot, boxDir: string, writableBox: boolean): string[] {
  const cgroupArgs = (slot.cgroup?.procsFiles ?? []).flatMap((f) => ['--cgroup', f]);
  const bwrap = [plan.bwrap, ...bwrapArgs(plan, boxDir, writableBox)];
  const chain =
    plan.mode === 'root'
      ? [
          plan.setpriv!,
          `--reuid=${slot.uid}`,
          `--regid=${slot.gid}`,
          '--clear-groups',
          '--inh-caps=-all',
          '--bounding-set=-all',
          '--no-new-privs',
          '--',
          ...bwrap,
        ]
      : bwrap;
  return ['launch', ...cgroupArgs, '--', ...chain];
}

function jobHeader(job: Job, argvBytes: number): string {
  const l = job.limits;
  const numbers = [
    l.wallMs,
    l.cpuMs,
    l.addressSpaceBytes,
    l.dataBytes,
    l.fileSizeBytes,
    l.processes,
    l.openFiles,
    l.stackBytes,
    l.stdoutCap,
    l.stderrCap,
    argvBytes,
    job.stdin.length,
  ].map((n) => Math.max(0, Math.floor(n)));
  return `J ${numbers.join(' ')}\n`;
}

/** One running sandbox (one bwrap) that runs jobs one after another through the runner. */
export class SandboxSession {
  private buf: Buffer = Buffer.alloc(0);
  private ended = false;
  private wake: (() => void) | null = null;
  private diag = '';
  private launchGroup: number | null = null;
  private dead = false;
  private finishing: Promise<void> | null = null;
  private readonly exited: Promise<void>;
  private readonly channel: Socket;

  private constructor(
    private readonly child: ChildProcess,
    private readonly slot: Slot,
    private readonly ownUid: boolean,
  ) {
    this.exited = new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.once('error', (error) => {
        this.note(`spawn failed: ${error.message}`);
        resolve();
      });
    });
    this.channel = child.stdio[3] as Socket;
    this.channel.on('data', (chunk: Buffer) => {
      this.buf = this.buf.length === 0 ? chunk : Buffer.concat([this.buf, chunk]);
      this.poke();
    });
    const end = () => {
      this.ended = true;
      this.poke();
    };
    this.channel.on('end', end);
    this.channel.on('close', end);
    this.channel.on('error', end);
    let first = true;
    child.stdout!.on('data', (chunk: Buffer) => {
      let text = chunk.toString('utf8');
      if (first) {
        first = false;
        const m = /^uplus-launch (\d+)\n/.exec(text);
        if (m) {
          this.launchGroup = Number(m[1]);
          text = text.slice(m[0].length);
        }
      }
      this.note(text);
    });
    child.stderr!.on('data', (chunk: Buffer) => this.note(chunk.toString('utf8')));
  }

  /** Starts a sandbox in the given slot with the box mounted at /box; resolves once the runner is ready. */
  static async start(
    plan: IsolationPlan,
    slot: Slot,
    boxDir: string,
    writableBox: boolean,
  ): Promise<SandboxSession> {
    const child = spawn(plan.runner, launchArgv(plan, slot, boxDir, writableBox), {
      env: { PATH: '/usr/bin:/bin' },
      stdio: ['ignore', 'pipe', 'pipe', 'pipe'],
      detached: true,
    });
    const session = new SandboxSession(child, slot, plan.mode === 'root');
    const timer = setTimeout(() => void session.kill(), START_TIMEOUT_MS);
    const line = await session.readLine(64);
    clearTimeout(timer);
    if (line !== 'READY 1') {
      await session.kill();
      throw new Error(`sandbox did not start: ${session.diagnostics() || 'no output'}`);
    }
    return session;
  }

  /** What the launcher, bwrap or the runner printed (for logs, never for users). */
  diagnostics(): string {
    return this.diag.trim();
  }

  get alive(): boolean {
    return !this.dead && !this.ended;
  }

  /** Runs one job and returns what happened. Never throws for anything the job does. */
  async run(job: Job): Promise<JobOutcome> {
    if (!this.alive) return { kind: 'runner-died', detail: 'session already ended' };
    let argvBytes = 0;
    const argv = Buffer.concat(
      job.argv.map((a) => {
        const b = Buffer.from(`${a}\0`, 'utf8');
        argvBytes += b.length;
        return b;
      }),
    );
    let unresponsive = false;
    const watchdog = setTimeout(() => {
      unresponsive = true;
      void this.kill();
    }, job.limits.wallMs + JOB_GRACE_MS);
    try {
      this.channel.write(Buffer.concat([Buffer.from(jobHeader(job, argvBytes)), argv, job.stdin]));
      const head = await this.readLine(512);
      if (head === null) return unresponsive ? { kind: 'unresponsive' } : this.died('runner ended');
      const n = /^R (-?\d+) ([01]) (\d+) (\d+) ([01]) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+) (\d+)$/.exec(head);
      if (!n) return this.died('malformed result');
      const v = n.slice(1).map(Number);
      const outLen = v[10]!;
      const errLen = v[11]!;
      if (outLen > job.limits.stdoutCap || errLen > job.limits.stderrCap)
        return this.died('result over its caps');
      const body = await this.take(outLen + errLen);
      if (body === null) return unresponsive ? { kind: 'unresponsive' } : this.died('runner ended');
      return {
        kind: 'finished',
        execErrno: v[0]!,
        exited: v[1] === 1,
        exitCode: v[2]!,
        signal: v[3]!,
        timedOut: v[4] === 1,
        wallUs: v[5]!,
        cpuUs: v[6]!,
        maxRssKb: v[7]!,
        stdoutSize: v[8]!,
        stderrSize: v[9]!,
        stdout: body.subarray(0, outLen),
        stderr: body.subarray(outLen),
      };
    } finally {
      clearTimeout(watchdog);
    }
  }

  /** Ends the session normally; kills it if the runner does not leave in time. Always sweeps the slot.
   * Idempotent: every caller waits for the same ending, so a late sweep never hits the next session. */
  close(): Promise<void> {
    this.finishing ??= this.finish(false);
    return this.finishing;
  }

  /** Kills the whole sandbox: SIGKILL to the process group of setpriv/bwrap (the pid namespace dies
   * with bwrap), then to the launcher's group if it lingers, then sweeps the slot. */
  kill(): Promise<void> {
    this.finishing ??= this.finish(true);
    return this.finishing;
  }

  private async finish(kill: boolean): Promise<void> {
    this.dead = true;
    let exited = false;
    if (!kill) {
      try {
        this.channel.end('Q\n');
      } catch {
        // already closed
      }
      exited = await Promise.race([this.exited.then(() => true), sleep(5000).then(() => false)]);
    }
    if (!exited) {
      if (this.launchGroup) signalGroup(this.launchGroup);
      const gone = await Promise.race([this.exited.then(() => true), sleep(2000).then(() => false)]);
      if (!gone && this.child.pid) signalGroup(this.child.pid);
      await Promise.race([this.exited, sleep(2000)]);
    }
    this.channel.destroy();
    await sweepSlot(this.slot, this.ownUid);
  }

  private died(detail: string): JobOutcome {
    void this.kill();
    return { kind: 'runner-died', detail };
  }

  private note(text: string): void {
    if (this.diag.length < DIAG_BYTES) this.diag += text.slice(0, DIAG_BYTES - this.diag.length);
  }

  private poke(): void {
    const wake = this.wake;
    this.wake = null;
    wake?.();
  }

  private waitData(): Promise<void> {
    return new Promise((resolve) => {
      this.wake = resolve;
    });
  }

  private async readLine(max: number): Promise<string | null> {
    for (;;) {
      const nl = this.buf.indexOf(10);
      if (nl >= 0 && nl <= max) {
        const line = this.buf.subarray(0, nl).toString('latin1');
        this.buf = this.buf.subarray(nl + 1);
        return line;
      }
      if (nl > max || (nl < 0 && this.buf.length > max) || this.ended) return null;
      await this.waitData();
    }
  }

  private async take(n: number): Promise<Buffer | null> {
    for (;;) {
      if (this.buf.length >= n) {
        const out = Buffer.from(this.buf.subarray(0, n));
        this.buf = this.buf.subarray(n);
        return out;
      }
      if (this.ended) return null;
      await this.waitData();
    }
  }
}

function signalGroup(pgid: number): void {
  try {
    process.kill(-pgid, 'SIGKILL');
  } catch {
    // the group is already gone
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms).unref());
}
