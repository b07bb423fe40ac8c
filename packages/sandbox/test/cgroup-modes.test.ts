/**
 * Real sandboxes on the cgroup set-ups this host does not have: none at all (rlimits must hold on their
 * own), and cgroup v2 (a fake tree: the launcher joins it and the limits are written to it, but the kernel
 * does not enforce them, so only harmless programs run there). The host's own v1 path is what every other
 * test file uses.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findLanguageDefinition, Sandbox } from '../src';
import { MAX_SLOTS } from '../src/slots';
import { expectHealthy, processesOf, runRows } from './helpers';

describe('a host without cgroups: rlimits only', () => {
  let sandbox: Sandbox;

  beforeAll(() => {
    sandbox = new Sandbox({ concurrency: 1, cgroupSources: { mountinfo: '', selfCgroup: '' } });
  });

  afterAll(async () => {
    await sandbox?.close();
  });

  it('runs code, says which limits fall back, and contains a memory bomb and a fork bomb', async () => {
    const status = await sandbox.status();
    expect(status).toMatchObject({
      ok: true,
      memoryCgroup: null,
      pidsCgroup: null,
      notes: ['memory limits fall back to rlimits', 'process limits fall back to RLIMIT_NPROC'],
    });
    const uids = (await sandbox.claimedSlots()).map((s) => s.uid);
    const results = await sandbox.evaluate({
      languageId: 'c',
      sourceCode: [
        '#include <stdio.h>',
        '#include <stdlib.h>',
        '#include <unistd.h>',
        'int main(){char m[8]; if (scanf("%7s", m) != 1) return 1;',
        "  if (m[0] == 'm') { size_t n = 2000000000UL; volatile char *p = malloc(n);",
        '    if (!p) { puts("refused"); return 3; }',
        '    for (size_t i = 0; i < n; i += 4096) p[i] = 1; }',
        "  if (m[0] == 'f') for (;;) fork();",
        '  return 0; }',
      ].join('\n'),
      timeLimit: 500,
      testcases: [
        { stdin: 'mem', stdout: 'unreachable' },
        { stdin: 'fork', stdout: 'unreachable' },
      ],
    });
    const [memory, fork] = runRows(results);
    // RLIMIT_AS refuses the allocation: the program sees it and exits on its own.
    expect(memory).toMatchObject({ success: false, verdict: 'RUNTIME_ERROR', output: 'refused\n' });
    // RLIMIT_NPROC (the slot's own uid, never root) holds the fork loop; the wall clock ends it.
    expect(fork).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
    expect(processesOf(uids)).toEqual([]);
    await expectHealthy(sandbox);
  });
});

describe('a cgroup v2 host (fake tree)', () => {
  const MB = 1024 * 1024;
  let root: string;
  let sandbox: Sandbox;

  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), 'uplus-cgroup2-'));
    writeFileSync(join(root, 'cgroup.controllers'), 'cpuset cpu io memory pids\n');
    writeFileSync(join(root, 'cgroup.subtree_control'), '');
    // The kernel creates these files with each cgroup; the launcher opens cgroup.procs without O_CREAT.
    for (let id = 0; id < MAX_SLOTS; id++) {
      const dir = join(root, 'uplus-sandbox', `slot-${id}`);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'cgroup.procs'), '');
      writeFileSync(
        join(dir, 'memory.events'),
        'low 0\nhigh 0\nmax 0\noom 0\noom_kill 0\noom_group_kill 0\n',
      );
    }
    sandbox = new Sandbox({
      concurrency: 1,
      cgroupSources: {
        mountinfo: `30 23 0:26 / ${root} rw,nosuid,nodev,noexec,relatime - cgroup2 cgroup2 rw,nsdelegate`,
        selfCgroup: '0::/system.slice/uplus.service\n',
      },
    });
  });

  afterAll(async () => {
    await sandbox?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('joins the slot cgroup, writes memory.max, memory.swap.max and pids.max, and reports an OOM kill', async () => {
    const status = await sandbox.status();
    expect(status).toMatchObject({ ok: true, memoryCgroup: 'v2', pidsCgroup: 'v2', notes: [] });
    expect(readFileSync(join(root, 'cgroup.subtree_control'), 'utf8')).toBe('+memory +pids');
    const [slot] = await sandbox.claimedSlots();
    const dir = join(root, 'uplus-sandbox', `slot-${slot!.id}`);
    writeFileSync(join(dir, 'cgroup.procs'), '');

    const python = findLanguageDefinition('python3')!;
    const results = await sandbox.evaluate(
      {
        languageId: 'python3',
        sourceCode: [
          'import os, signal, time',
          'if input() == "die":',
          '    time.sleep(0.4)',
          '    os.kill(os.getpid(), signal.SIGKILL)',
          'print("ok")',
        ].join('\n'),
        timeLimit: 3000,
        testcases: [
          { stdin: 'die', stdout: 'ok' },
          { stdin: 'live', stdout: 'ok' },
        ],
      },
      {
        onStage: (row) => {
          // While the first case sleeps, the kernel "OOM-kills" in the slot: its counter goes up by one.
          if (row.stage !== 'COMPILE') return;
          setTimeout(() => {
            writeFileSync(
              join(dir, 'memory.events'),
              'low 0\nhigh 0\nmax 9\noom 1\noom_kill 1\noom_group_kill 0\n',
            );
          }, 100);
        },
      },
    );
    // The launcher wrote "0" (itself) into the slot's one cgroup.procs before starting anything.
    expect(readFileSync(join(dir, 'cgroup.procs'), 'utf8')).toBe('0\n');
    expect(readFileSync(join(dir, 'memory.max'), 'utf8')).toBe(String(python.memory(256).cgroupBytes));
    expect(python.memory(256).cgroupBytes).toBe(272 * MB);
    expect(readFileSync(join(dir, 'memory.swap.max'), 'utf8')).toBe('0');
    expect(readFileSync(join(dir, 'pids.max'), 'utf8')).toBe(String(python.processes + 16));

    const rows = runRows(results);
    expect(rows.map((r) => [r.verdict, r.message])).toEqual([
      ['MEMORY_LIMIT_EXCEEDED', '内存超限：内存使用超过 256 MB'],
      ['ACCEPTED', '运行成功，输出与预期一致'],
    ]);
    expect(processesOf((await sandbox.claimedSlots()).map((s) => s.uid))).toEqual([]);
  });
});
