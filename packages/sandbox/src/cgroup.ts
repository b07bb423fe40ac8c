import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** One controller (memory or pids) we can create slot cgroups under. */
type ControllerBase = { version: 1 | 2; dir: string };

/** What the host offers: where slot cgroups for memory and for process counts live, if anywhere. */
export type CgroupSupport = {
  memory: ControllerBase | null;
  pids: ControllerBase | null;
  /** Why a controller is missing, for sandboxStatus(). */
  notes: string[];
};

/** The two files detectCgroups reads, as text: /proc/self/mountinfo and /proc/self/cgroup. Tests pass
 * those of a fake tree (mount points in a temporary directory) to drive the v1 and v2 code. */
export type CgroupSources = { mountinfo: string; selfCgroup: string };

type Mount = { mountPoint: string; fsType: string; superOptions: string[] };

function readMounts(text: string): Mount[] {
  const mounts: Mount[] = [];
  for (const line of text.split('\n')) {
    const sep = line.indexOf(' - ');
    if (sep < 0) continue;
    const left = line.slice(0, sep).split(' ');
    const right = line.slice(sep + 3).split(' ');
    const mountPoint = left[4];
    if (!mountPoint || !right[0]) continue;
    mounts.push({
      mountPoint: mountPoint.replace(/\\040/g, ' '),
      fsType: right[0],
      superOptions: (right[2] ?? '').split(','),
    });
  }
  return mounts;
}

/** Our own cgroup path per v1 controller, and the v2 path under key ''. */
function selfCgroups(text: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^\d+:([^:]*):(.*)$/.exec(line);
    if (!m) continue;
    for (const controller of m[1]!.split(',')) map.set(controller, m[2]!);
  }
  return map;
}

function writable(dir: string): boolean {
  const probe = join(dir, `uplus-probe-${process.pid}`);
  try {
    mkdirSync(probe);
    rmdirSync(probe);
    return true;
  } catch {
    return false;
  }
}

function prepareV1(
  controller: 'memory' | 'pids',
  mounts: Mount[],
  self: Map<string, string>,
  notes: string[],
) {
  const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
  if (!mount) {
    notes.push(`no cgroup v1 ${controller} hierarchy`);
    return null;
  }
  // Under our own cgroup first, so the host's limits on us also cover the sandboxes.
  const candidates = [join(mount.mountPoint, self.get(controller) ?? '/'), mount.mountPoint];
  for (const parent of candidates) {
    const dir = join(parent, 'uplus-sandbox');
    try {
      mkdirSync(dir, { recursive: true });
      if (writable(dir)) return { version: 1 as const, dir };
    } catch {
      // try the next place
    }
  }
  notes.push(`cgroup v1 ${controller} hierarchy is not writable`);
  return null;
}

function prepareV2(
  mounts: Mount[],
  notes: string[],
): { memory: ControllerBase | null; pids: ControllerBase | null } {
  const mount = mounts.find((m) => m.fsType === 'cgroup2');
  if (!mount) return { memory: null, pids: null };
  // A v2 cgroup with processes cannot hand controllers to children, except the root: so we create
  // our tree under the root, which needs root in the host's cgroup namespace.
  const root = mount.mountPoint;
  try {
    const available = readFileSync(join(root, 'cgroup.controllers'), 'utf8').trim().split(/\s+/);
    const wanted = ['memory', 'pids'].filter((c) => available.includes(c));
    if (wanted.length === 0) {
      notes.push('cgroup v2 offers neither memory nor pids');
      return { memory: null, pids: null };
    }
    writeFileSync(join(root, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
    const dir = join(root, 'uplus-sandbox');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
    const base = { version: 2 as const, dir };
    return { memory: wanted.includes('memory') ? base : null, pids: wanted.includes('pids') ? base : null };
  } catch (error) {
    notes.push(`cgroup v2 is not usable: ${(error as Error).message}`);
    return { memory: null, pids: null };
  }
}

/** Finds writable memory and pids controllers (v1 or v2). Never throws: missing ones are null. Reads this
 * process's /proc files unless `sources` gives their text. */
export function detectCgroups(sources?: CgroupSources): CgroupSupport {
  const notes: string[] = [];
  let mounts: Mount[];
  let self: Map<string, string>;
  try {
    mounts = readMounts(sources?.mountinfo ?? readFileSync('/proc/self/mountinfo', 'utf8'));
    self = selfCgroups(sources?.selfCgroup ?? readFileSync('/proc/self/cgroup', 'utf8'));
  } catch (error) {
    return {
      memory: null,
      pids: null,
      notes: [`cannot read cgroup information: ${(error as Error).message}`],
    };
  }
  const hasV1 = (c: string) => mounts.some((m) => m.fsType === 'cgroup' && m.superOptions.includes(c));
  const v2 = hasV1('memory') && hasV1('pids') ? { memory: null, pids: null } : prepareV2(mounts, notes);
  const memory = hasV1('memory') ? prepareV1('memory', mounts, self, notes) : v2.memory;
  const pids = hasV1('pids') ? prepareV1('pids', mounts, self, notes) : v2.pids;
  if (!memory) notes.push('memory limits fall back to rlimits');
  if (!pids) notes.push('process limits fall back to RLIMIT_NPROC');
  return { memory, pids, notes };
}

function readNumberField(file: string, key: string): number {
  try {
    const m = new RegExp(`^${key} (\\d+)$`, 'm').exec(readFileSync(file, 'utf8'));
    return m ? Number(m[1]) : 0;
  } catch {
    return 0;
  }
}

/** The cgroups of one worker slot: every process of that slot's sandboxes is inside them. */
export class SlotCgroup {
  private readonly memoryDir: string | null;
  private readonly pidsDir: string | null;

  constructor(
    private readonly support: CgroupSupport,
    slotId: number,
  ) {
    this.memoryDir = support.memory ? join(support.memory.dir, `slot-${slotId}`) : null;
    this.pidsDir = support.pids ? join(support.pids.dir, `slot-${slotId}`) : null;
    for (const dir of [this.memoryDir, this.pidsDir]) if (dir) mkdirSync(dir, { recursive: true });
  }

  get hasMemory(): boolean {
    return this.memoryDir !== null;
  }

  /** Files the launcher writes "0" into to join the slot before anything else starts. */
  get procsFiles(): string[] {
    const files = [this.memoryDir, this.pidsDir].filter((d): d is string => d !== null);
    return [...new Set(files)].map((d) => join(d, 'cgroup.procs'));
  }

  /** Sets the memory limit of the whole sandbox (no swap on top). */
  setMemoryLimit(bytes: number): void {
    if (!this.memoryDir) return;
    const v = String(bytes);
    if (this.support.memory?.version === 2) {
      writeFileSync(join(this.memoryDir, 'memory.max'), v);
      try {
        writeFileSync(join(this.memoryDir, 'memory.swap.max'), '0');
      } catch {
        // no swap accounting on this host
      }
      return;
    }
    const limit = join(this.memoryDir, 'memory.limit_in_bytes');
    const memsw = join(this.memoryDir, 'memory.memsw.limit_in_bytes');
    const hasMemsw = existsSync(memsw);
    // memsw must stay >= limit at every moment, so the order depends on the direction of the change.
    const apply = () => {
      try {
        writeFileSync(limit, v);
        if (hasMemsw) writeFileSync(memsw, v);
      } catch {
        if (hasMemsw) writeFileSync(memsw, v);
        writeFileSync(limit, v);
      }
    };
    try {
      apply();
    } catch {
      // Lowering below what the slot still holds (page cache of the last box) fails with EBUSY: drop it.
      writeFileSync(join(this.memoryDir, 'memory.force_empty'), '0');
      apply();
    }
  }

  setProcessLimit(count: number): void {
    if (this.pidsDir) writeFileSync(join(this.pidsDir, 'pids.max'), String(count));
  }

  /** How many times the kernel's OOM killer has struck in this slot so far. */
  oomKills(): number {
    if (!this.memoryDir) return 0;
    if (this.support.memory?.version === 2)
      return readNumberField(join(this.memoryDir, 'memory.events'), 'oom_kill');
    return readNumberField(join(this.memoryDir, 'memory.oom_control'), 'oom_kill');
  }

  /** Pids of every process still in the slot. */
  members(): number[] {
    const pids = new Set<number>();
    for (const dir of [this.memoryDir, this.pidsDir]) {
      if (!dir) continue;
      try {
        for (const line of readFileSync(join(dir, 'cgroup.procs'), 'utf8').split('\n')) {
          const pid = Number(line);
          if (Number.isInteger(pid) && pid > 0) pids.add(pid);
        }
      } catch {
        // the cgroup vanished; nothing inside
      }
    }
    return [...pids];
  }

  /** v2 can kill a whole cgroup atomically (each controller's own version decides: a host may mix them). */
  killAll(): void {
    const dirs = new Set<string>();
    if (this.memoryDir && this.support.memory?.version === 2) dirs.add(this.memoryDir);
    if (this.pidsDir && this.support.pids?.version === 2) dirs.add(this.pidsDir);
    for (const dir of dirs) {
      try {
        writeFileSync(join(dir, 'cgroup.kill'), '1');
      } catch {
        // older kernel: the caller kills member by member
      }
    }
  }
}
