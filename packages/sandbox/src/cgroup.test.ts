/**
 * The cgroup code driven against temporary directories laid out like cgroup v1 and v2 hierarchies: what it
 * detects, what it writes, and how it reads an OOM kill and the slot's members back. The host this suite
 * runs on has only v1 (its cgroup2 mount offers no controllers), so v2 is tested here and only here.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type CgroupSources, detectCgroups, SlotCgroup } from './cgroup';

const MB = 1024 * 1024;
let root: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'uplus-cgroup-test-'));
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

/** A /proc/self/mountinfo line for a mount of `fsType` at `mountPoint` with the given super options. */
function mountLine(id: number, mountPoint: string, fsType: string, superOptions: string): string {
  return `${id} 23 0:${id} / ${mountPoint} rw,relatime - ${fsType} ${fsType} ${superOptions}`;
}

const read = (...parts: string[]) => readFileSync(join(...parts), 'utf8');

/** A v2 hierarchy's root, as the kernel shows it before we touch it. */
function fakeV2(controllers: string): { dir: string; sources: CgroupSources } {
  const dir = join(root, 'unified');
  mkdirSync(dir);
  writeFileSync(join(dir, 'cgroup.controllers'), `${controllers}\n`);
  writeFileSync(join(dir, 'cgroup.subtree_control'), '');
  writeFileSync(join(dir, 'cgroup.procs'), '1\n');
  return {
    dir,
    sources: {
      mountinfo: [
        mountLine(25, '/proc', 'proc', 'rw'),
        mountLine(30, dir, 'cgroup2', 'rw,nsdelegate,memory_recursiveprot'),
      ].join('\n'),
      selfCgroup: '0::/system.slice/uplus.service\n',
    },
  };
}

/** The files the kernel creates in a new v2 cgroup (a fake tree has to plant them). */
function plantV2Slot(dir: string): void {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'cgroup.procs'), '');
  writeFileSync(join(dir, 'memory.max'), 'max\n');
  writeFileSync(join(dir, 'memory.swap.max'), 'max\n');
  writeFileSync(join(dir, 'pids.max'), 'max\n');
  writeFileSync(join(dir, 'memory.events'), 'low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n');
}

describe('cgroup v2 (fake tree)', () => {
  it('enables +memory +pids at the root and in uplus-sandbox, and uses one slot cgroup for both', () => {
    const v2 = fakeV2('cpuset cpu io memory hugetlb pids rdma misc');
    const support = detectCgroups(v2.sources);
    const dir = join(v2.dir, 'uplus-sandbox');
    expect(support).toEqual({ memory: { version: 2, dir }, pids: { version: 2, dir }, notes: [] });
    expect(read(v2.dir, 'cgroup.subtree_control')).toBe('+memory +pids');
    expect(read(dir, 'cgroup.subtree_control')).toBe('+memory +pids');

    plantV2Slot(join(dir, 'slot-3'));
    const slot = new SlotCgroup(support, 3);
    expect(slot.hasMemory).toBe(true);
    // One file to join: memory and pids live in the same v2 cgroup.
    expect(slot.procsFiles).toEqual([join(dir, 'slot-3', 'cgroup.procs')]);

    slot.setMemoryLimit(272 * MB);
    slot.setProcessLimit(80);
    expect(read(dir, 'slot-3', 'memory.max')).toBe(String(272 * MB));
    expect(read(dir, 'slot-3', 'memory.swap.max')).toBe('0');
    expect(read(dir, 'slot-3', 'pids.max')).toBe('80');
  });

  it('reads oom_kill (not oom or oom_group_kill) from memory.events, members from cgroup.procs, kills with cgroup.kill', () => {
    const v2 = fakeV2('memory pids');
    const support = detectCgroups(v2.sources);
    const slotDir = join(v2.dir, 'uplus-sandbox', 'slot-0');
    plantV2Slot(slotDir);
    const slot = new SlotCgroup(support, 0);
    expect(slot.oomKills()).toBe(0);
    writeFileSync(
      join(slotDir, 'memory.events'),
      'low 0\nhigh 0\nmax 12\noom 3\noom_kill 2\noom_group_kill 7\n',
    );
    expect(slot.oomKills()).toBe(2);

    writeFileSync(join(slotDir, 'cgroup.procs'), '4242\n4243\n');
    expect(slot.members().sort()).toEqual([4242, 4243]);
    slot.killAll();
    expect(read(slotDir, 'cgroup.kill')).toBe('1');
  });

  it('works without swap accounting (no memory.swap.max) and with a missing memory.events', () => {
    const v2 = fakeV2('memory pids');
    const support = detectCgroups(v2.sources);
    const slotDir = join(v2.dir, 'uplus-sandbox', 'slot-1');
    mkdirSync(join(slotDir, 'memory.swap.max'), { recursive: true }); // a write there fails (EISDIR)
    const slot = new SlotCgroup(support, 1);
    slot.setMemoryLimit(64 * MB);
    expect(read(slotDir, 'memory.max')).toBe(String(64 * MB));
    expect(slot.oomKills()).toBe(0);
    expect(slot.members()).toEqual([]);
  });

  it('uses only the controllers the root offers and says which one falls back', () => {
    const v2 = fakeV2('cpu io pids');
    const support = detectCgroups(v2.sources);
    expect(support.memory).toBeNull();
    expect(support.pids).toEqual({ version: 2, dir: join(v2.dir, 'uplus-sandbox') });
    expect(read(v2.dir, 'cgroup.subtree_control')).toBe('+pids');
    expect(support.notes).toEqual(['memory limits fall back to rlimits']);

    const slot = new SlotCgroup(support, 0);
    expect(slot.hasMemory).toBe(false);
    slot.setMemoryLimit(64 * MB); // no memory cgroup: nothing written
    expect(existsSync(join(v2.dir, 'uplus-sandbox', 'slot-0', 'memory.max'))).toBe(false);
    expect(slot.oomKills()).toBe(0);
  });

  it('an empty v2 mount (controllers held by v1, as on this host) gives no cgroups and says so', () => {
    const v2 = fakeV2('');
    expect(detectCgroups(v2.sources)).toEqual({
      memory: null,
      pids: null,
      notes: [
        'cgroup v2 offers neither memory nor pids',
        'memory limits fall back to rlimits',
        'process limits fall back to RLIMIT_NPROC',
      ],
    });
    expect(read(v2.dir, 'cgroup.subtree_control')).toBe('');
  });

  it('a v2 root it cannot configure (e.g. a container whose root cgroup holds processes) is reported', () => {
    const v2 = fakeV2('memory pids');
    // The kernel answers EBUSY there; a directory in its place makes the write fail the same way for us.
    rmSync(join(v2.dir, 'cgroup.subtree_control'));
    mkdirSync(join(v2.dir, 'cgroup.subtree_control'));
    const support = detectCgroups(v2.sources);
    expect(support.memory).toBeNull();
    expect(support.pids).toBeNull();
    expect(support.notes[0]).toMatch(/^cgroup v2 is not usable: /);
    expect(support.notes.slice(1)).toEqual([
      'memory limits fall back to rlimits',
      'process limits fall back to RLIMIT_NPROC',
    ]);
  });
});

describe('cgroup v1 (fake tree)', () => {
  function fakeV1(): { memory: string; pids: string; unified: string; sources: CgroupSources } {
    const memory = join(root, 'memory');
    const pids = join(root, 'pids');
    const unified = join(root, 'unified');
    for (const d of [join(memory, 'process_api', 'abc'), pids, unified]) mkdirSync(d, { recursive: true });
    writeFileSync(join(unified, 'cgroup.controllers'), '\n');
    writeFileSync(join(unified, 'cgroup.subtree_control'), '');
    return {
      memory,
      pids,
      unified,
      sources: {
        mountinfo: [
          mountLine(32, join(root, 'cpu'), 'cgroup', 'rw,cpu'),
          mountLine(35, memory, 'cgroup', 'rw,memory'),
          mountLine(39, pids, 'cgroup', 'rw,pids'),
          mountLine(41, unified, 'cgroup2', 'rw'),
        ].join('\n'),
        selfCgroup: '9:name=systemd:/\n8:pids:/\n4:memory:/process_api/abc\n1:cpu:/\n0::/\n',
      },
    };
  }

  it('hybrid host: v1 memory under our own cgroup, v1 pids, the cgroup2 mount left alone', () => {
    const v1 = fakeV1();
    const support = detectCgroups(v1.sources);
    const memDir = join(v1.memory, 'process_api', 'abc', 'uplus-sandbox');
    const pidsDir = join(v1.pids, 'uplus-sandbox');
    expect(support).toEqual({
      memory: { version: 1, dir: memDir },
      pids: { version: 1, dir: pidsDir },
      notes: [],
    });
    expect(read(v1.unified, 'cgroup.subtree_control')).toBe('');
    // The writability probe leaves nothing behind.
    expect(existsSync(join(memDir, `uplus-probe-${process.pid}`))).toBe(false);

    mkdirSync(join(memDir, 'slot-2'));
    writeFileSync(join(memDir, 'slot-2', 'memory.memsw.limit_in_bytes'), '9223372036854771712\n');
    const slot = new SlotCgroup(support, 2);
    expect(slot.procsFiles).toEqual([
      join(memDir, 'slot-2', 'cgroup.procs'),
      join(pidsDir, 'slot-2', 'cgroup.procs'),
    ]);
    slot.setMemoryLimit(256 * MB);
    slot.setProcessLimit(80);
    expect(read(memDir, 'slot-2', 'memory.limit_in_bytes')).toBe(String(256 * MB));
    expect(read(memDir, 'slot-2', 'memory.memsw.limit_in_bytes')).toBe(String(256 * MB));
    expect(read(pidsDir, 'slot-2', 'pids.max')).toBe('80');

    writeFileSync(
      join(memDir, 'slot-2', 'memory.oom_control'),
      'oom_kill_disable 0\nunder_oom 0\noom_kill 4\n',
    );
    expect(slot.oomKills()).toBe(4);

    writeFileSync(join(memDir, 'slot-2', 'cgroup.procs'), '10\n11\n');
    writeFileSync(join(pidsDir, 'slot-2', 'cgroup.procs'), '11\n12\n');
    expect(slot.members().sort()).toEqual([10, 11, 12]);
    slot.killAll(); // v1 has no cgroup.kill: the caller kills member by member
    expect(existsSync(join(memDir, 'slot-2', 'cgroup.kill'))).toBe(false);
  });

  it('no memsw file (swap accounting off): only memory.limit_in_bytes is written', () => {
    const v1 = fakeV1();
    const support = detectCgroups(v1.sources);
    const slot = new SlotCgroup(support, 0);
    slot.setMemoryLimit(128 * MB);
    const dir = join(v1.memory, 'process_api', 'abc', 'uplus-sandbox', 'slot-0');
    expect(read(dir, 'memory.limit_in_bytes')).toBe(String(128 * MB));
    expect(existsSync(join(dir, 'memory.memsw.limit_in_bytes'))).toBe(false);
  });

  it('a v1 hierarchy it cannot write is reported and falls back', () => {
    const v1 = fakeV1();
    // Neither our own cgroup nor the mount point can take a directory.
    rmSync(v1.pids, { recursive: true });
    writeFileSync(v1.pids, 'not a directory');
    const support = detectCgroups(v1.sources);
    expect(support.memory?.version).toBe(1);
    expect(support.pids).toBeNull();
    expect(support.notes).toEqual([
      'cgroup v1 pids hierarchy is not writable',
      'process limits fall back to RLIMIT_NPROC',
    ]);
  });

  it('v1 memory with v2 pids: each controller keeps its own version (cgroup.kill only in the v2 one)', () => {
    const memory = join(root, 'memory');
    mkdirSync(memory);
    const v2 = fakeV2('pids');
    const support = detectCgroups({
      mountinfo: `${mountLine(35, memory, 'cgroup', 'rw,memory')}\n${v2.sources.mountinfo}`,
      selfCgroup: '4:memory:/\n0::/\n',
    });
    expect(support.memory).toEqual({ version: 1, dir: join(memory, 'uplus-sandbox') });
    expect(support.pids).toEqual({ version: 2, dir: join(v2.dir, 'uplus-sandbox') });
    const slot = new SlotCgroup(support, 5);
    slot.killAll();
    expect(read(v2.dir, 'uplus-sandbox', 'slot-5', 'cgroup.kill')).toBe('1');
    expect(existsSync(join(memory, 'uplus-sandbox', 'slot-5', 'cgroup.kill'))).toBe(false);
  });
});

describe('a host without cgroups', () => {
  it('no cgroup mount at all: both limits fall back to rlimits, and the notes say so', () => {
    expect(detectCgroups({ mountinfo: mountLine(25, '/proc', 'proc', 'rw'), selfCgroup: '0::/\n' })).toEqual({
      memory: null,
      pids: null,
      notes: ['memory limits fall back to rlimits', 'process limits fall back to RLIMIT_NPROC'],
    });
  });
});
