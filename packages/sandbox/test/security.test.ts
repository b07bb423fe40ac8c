/**
 * Security suite: every attack from shared/design/code-execution.md. Each one must be contained (the
 * evaluation ends within its limits with a failed or harmless result, nothing leaks, nothing is left
 * running) and the very next evaluation in the same slot must succeed.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Sandbox, SandboxStatus, StageResult } from '../src';
import type { EvaluationRequest } from '../src/verify';
import { expectHealthy, last, orphanZombiesOf, processesOf, runRows, startSandbox, timed } from './helpers';

let sandbox: Sandbox;
let status: SandboxStatus;
let slotUids: number[] = [];
let zombiesBefore = 0;
const SECRET = `uplus-secret-${Math.random().toString(36).slice(2)}`;

beforeAll(async () => {
  // A secret in the server's environment must never reach user code.
  process.env.UPLUS_SANDBOX_TEST_SECRET = SECRET;
  sandbox = await startSandbox(1);
  status = await sandbox.status();
  slotUids = (await sandbox.claimedSlots()).map((s) => s.uid);
  zombiesBefore = orphanZombiesOf(slotUids);
});

afterEach(async () => {
  // Contained: nothing of the slot's user keeps running, and the next evaluation works.
  expect(processesOf(slotUids)).toEqual([]);
  await expectHealthy(sandbox);
});

afterAll(async () => {
  // Every bwrap leaves an orphan; the launcher must have reaped them all (PID 1 here may not).
  expect(orphanZombiesOf(slotUids)).toBe(zombiesBefore);
  await sandbox?.close();
  delete process.env.UPLUS_SANDBOX_TEST_SECRET;
});

function request(languageId: string, sourceCode: string, timeLimit = 1000, stdin = ''): EvaluationRequest {
  return { languageId, sourceCode, timeLimit, testcases: [{ stdin, stdout: 'unreachable' }] };
}

async function runOne(req: EvaluationRequest, compileTimeLimitMs?: number) {
  const { results, ms } = await timed(sandbox, req, compileTimeLimitMs);
  const row = runRows(results)[0];
  return { results, ms, row: row as StageResult };
}

/** With a memory cgroup the kernel's OOM kill proves a memory limit; with rlimits only, a failed
 * allocation is whatever the program makes of it (often a crash), so a runtime error also counts. */
function expectMemoryContained(row: StageResult): void {
  expect(row.success).toBe(false);
  if (status.memoryCgroup) {
    expect(row).toMatchObject({ verdict: 'MEMORY_LIMIT_EXCEEDED', message: '内存超限：内存使用超过 256 MB' });
  } else {
    expect(['MEMORY_LIMIT_EXCEEDED', 'RUNTIME_ERROR']).toContain(row.verdict);
  }
}

function shadowSecrets(): string[] {
  try {
    // Password hashes (or their placeholders) of the host's accounts: none may appear in any output.
    return readFileSync('/etc/shadow', 'utf8')
      .split('\n')
      .filter((l) => l.includes(':'))
      .map((l) => l.split(':').slice(0, 2).join(':'));
  } catch {
    return [];
  }
}

function allText(results: StageResult[]): string {
  return results.map((r) => `${r.message}\n${r.output ?? ''}\n${r.errorOutput ?? ''}`).join('\n');
}

describe('1. fork bombs', () => {
  it('C fork loop: stopped at the time limit, every process killed', async () => {
    const { row, ms } = await runOne(request('c', '#include <unistd.h>\nint main(){for(;;)fork();}'));
    expect(row).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
    expect(row.timeUsed).toBeLessThanOrEqual(1000 + 500);
    expect(ms).toBeLessThan(8000);
  });

  it('bash :(){ :|:& };: and dash f(){ f|f& };f are cut off by the process limit and killed', async () => {
    // Each shell is started again while a fork fails (seen once on a loaded run: the slot's process limit
    // was still taken by the previous bomb's dying processes, and Python could not start bash at all).
    const src = [
      'import subprocess, time',
      'def bomb(argv):',
      '    for _ in range(100):',
      '        try:',
      '            return subprocess.run(argv, stderr=subprocess.DEVNULL)',
      '        except OSError:',
      '            time.sleep(0.02)',
      'bomb(["/bin/bash", "-c", ":(){ :|:& };:"])',
      'bomb(["/bin/sh", "-c", "f(){ f|f& };f"])',
      'time.sleep(30)',
    ].join('\n');
    const { row, ms } = await runOne(request('python3', src, 1500));
    expect(row).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
    expect(ms).toBeLessThan(10_000);
  });
});

describe('2. spins and sleeps', () => {
  const cases: [string, string][] = [
    ['CPU spin', 'int main(){volatile unsigned long x=0;for(;;)x++;}'],
    ['sleep forever', '#include <unistd.h>\nint main(){for(;;)sleep(1000);}'],
  ];
  for (const [name, src] of cases) {
    it(`${name}: time limit decided within limit + 100 ms`, async () => {
      const { row } = await runOne(request('c', src, 1000));
      expect(row).toMatchObject({
        success: false,
        verdict: 'TIME_LIMIT_EXCEEDED',
        message: '运行超时：运行时间超过 1000 毫秒',
      });
      expect(row.timeUsed).toBeGreaterThanOrEqual(1000);
      expect(row.timeUsed).toBeLessThanOrEqual(1100);
    });
  }

  it('multithreaded spin (8 threads on all cores): stopped by the wall clock or RLIMIT_CPU', async () => {
    const src = [
      '#include <pthread.h>',
      'static void *spin(void *a){volatile unsigned long x=0;for(;;)x++;return a;}',
      'int main(){pthread_t t[8];for(int i=0;i<8;i++)pthread_create(&t[i],0,spin,0);spin(0);}',
    ].join('\n');
    const { row } = await runOne(request('c', src, 1000));
    expect(row).toMatchObject({ success: false, verdict: 'TIME_LIMIT_EXCEEDED' });
    expect(row.timeUsed).toBeLessThanOrEqual(1000 + 500);
  });
});

describe('3. memory bombs', () => {
  it('2 GB malloc touched page by page through a volatile pointer', async () => {
    const src = [
      '#include <stdlib.h>',
      'int main(){size_t n=2000000000UL;volatile char*p=malloc(n);if(!p)return 7;',
      'for(size_t i=0;i<n;i+=4096)p[i]=1;return 0;}',
    ].join('\n');
    const { row } = await runOne(request('c', src, 8000));
    expectMemoryContained(row);
  });

  it('2 GB static array touched page by page', async () => {
    const src = [
      'static char big[2000000000];',
      'int main(){volatile char*p=big;for(unsigned long i=0;i<sizeof big;i+=4096)p[i]=1;return 0;}',
    ].join('\n');
    const { row } = await runOne(request('c', src, 8000));
    expectMemoryContained(row);
  });

  it('Java and Python allocating far beyond the limit', async () => {
    const java = await runOne(
      request(
        'java',
        'public class Main { public static void main(String[] a) { long[] x = new long[400_000_000]; x[1] = 1; System.out.println(x[1]); } }',
        8000,
      ),
    );
    expect(java.row).toMatchObject({ success: false, verdict: 'MEMORY_LIMIT_EXCEEDED' });
    const py = await runOne(request('python3', 'x = bytearray(2_000_000_000)\nprint(len(x))', 8000));
    expect(py.row).toMatchObject({ success: false, verdict: 'MEMORY_LIMIT_EXCEEDED' });
  });
});

describe('4. output and disk floods', () => {
  it('stdout and stderr floods stop at the output limit, and only a capped part comes back', async () => {
    for (const stream of ['stdout', 'stderr']) {
      const src = `#include <stdio.h>\nint main(){for(;;)fputs("flood flood flood flood flood flood\\n",${stream});}`;
      const { row, ms } = await runOne(request('c', src, 5000));
      expect(row, stream).toMatchObject({
        success: false,
        verdict: 'OUTPUT_LIMIT_EXCEEDED',
        message: '输出超限：输出超过 1 MB',
      });
      expect((row.output ?? '').length + (row.errorOutput ?? '').length).toBeLessThan(80 * 1024);
      expect(ms).toBeLessThan(5000);
    }
  });

  it('filling /tmp and /dev/shm hits their size; the work dir and / are read-only', async () => {
    const src = [
      'import errno, os',
      'def fill(d):',
      '    try:',
      '        for i in range(10000):',
      '            with open(f"{d}/fill{i}", "wb") as f:',
      '                f.write(b"x" * (1024 * 1024))',
      '        return "unbounded"',
      '    except OSError as e:',
      '        return errno.errorcode[e.errno]',
      'for d in ["/tmp", "/dev/shm", "/box", "/", "/usr", "/etc"]:',
      '    print(d, fill(d))',
    ].join('\n');
    const { row } = await runOne(request('python3', src, 8000));
    expect(row.output).toBe('/tmp ENOSPC\n/dev/shm ENOSPC\n/box EROFS\n/ EROFS\n/usr EROFS\n/etc EROFS\n');
  });

  it('the work dir, writable only while compiling, cannot be filled by the compiler: 100 MB of data hits the file size limit', async () => {
    // The object file and the program would each be 100 MB; every file a compile writes is capped at 64 MB.
    const src = 'char big[100000000] = {1};\nint main(){return big[0];}';
    const { results, ms } = await timed(sandbox, request('c', src), 8000);
    expect(last(results)).toMatchObject({
      stage: 'COMPILE',
      success: false,
      message: '编译失败：编译输出过多',
    });
    expect(ms).toBeLessThan(5000);
  });
});

describe('5. network', () => {
  let servers: Server[] = [];
  let connections = 0;

  beforeAll(async () => {
    const listen = (host: string) =>
      new Promise<Server>((resolve) => {
        const server = createServer((socket) => {
          connections++;
          socket.destroy();
        });
        server.listen(0, host, () => resolve(server));
      });
    servers = [await listen('127.0.0.1'), await listen('0.0.0.0')];
  });

  afterAll(() => {
    for (const s of servers) s.close();
  });

  it('cannot reach loopback ports, the host address or DNS', async () => {
    const port = (s: Server) => (s.address() as { port: number }).port;
    const hostIp =
      Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address ?? '127.0.0.1';
    const src = [
      'import socket, sys',
      'host, p1, p2 = sys.stdin.read().split()',
      'targets = [("127.0.0.1", 5432), ("127.0.0.1", 6379), ("127.0.0.1", 3000), ("127.0.0.1", int(p1)),',
      '           (host, int(p2)), (host, 5432), ("8.8.8.8", 53)]',
      'for h, p in targets:',
      '    s = socket.socket(); s.settimeout(2)',
      '    try:',
      '        s.connect((h, p)); print(h, p, "CONNECTED")',
      '    except OSError as e:',
      '        print(h, p, "blocked")',
      'for name in ["example.com", "postgres", "registry.npmjs.org"]:',
      '    try:',
      '        print(name, "RESOLVED", socket.getaddrinfo(name, 80)[0][4])',
      '    except OSError:',
      '        print(name, "unresolved")',
      'u = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)',
      'try:',
      '    u.sendto(b"x", (host, int(p2))); print("udp SENT")',
      'except OSError:',
      '    print("udp blocked")',
    ].join('\n');
    const { row } = await runOne(
      request('python3', src, 8000, `${hostIp} ${port(servers[0]!)} ${port(servers[1]!)}`),
    );
    expect(row.output).toMatch(/blocked/);
    expect(row.output).not.toMatch(/CONNECTED|RESOLVED|SENT/);
    expect(row.output).toContain('example.com unresolved');
    expect(connections).toBe(0);
  });
});

describe('6. secrets, server files, remounting', () => {
  it('cannot read /etc/shadow, the server environment or the server files', async () => {
    const src = [
      'import glob, os',
      'paths = ["/proc/1/environ", "/proc/self/environ"] + glob.glob("/proc/[0-9]*/environ") + glob.glob("/proc/[0-9]*/cmdline")',
      'for p in paths:',
      '    try: print(p, open(p, "rb").read().replace(b"\\0", b" ").decode(errors="replace"))',
      '    except OSError: pass',
      `for p in ["/etc/shadow", "/etc/passwd", "/work/main/package.json", "/root/.bashrc", ${JSON.stringify(join(process.cwd(), 'package.json'))},`,
      '          "/proc/1/root/etc/shadow", "/proc/self/root/etc/shadow", "/sys/fs/cgroup/memory/memory.limit_in_bytes"]:',
      '    try: print(p, "READ", open(p).read()[:200])',
      '    except OSError as e: print(p, "denied")',
      'print(sorted(os.listdir("/")))',
    ].join('\n');
    const { results, row } = await runOne(request('python3', src, 5000));
    const text = allText(results);
    expect(row.output).toContain('/proc/1/environ PATH=/usr/bin:/bin');
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain('READ');
    for (const secret of shadowSecrets()) expect(text).not.toContain(secret);
    const root = /\[.*\]/.exec(row.output ?? '')?.[0] ?? '';
    for (const hidden of ['work', 'root', 'home', 'var', 'opt', 'srv', 'mnt', 'sys', 'run']) {
      expect(root).not.toContain(`'${hidden}'`);
    }
  });

  it('cannot remount /usr read-write, write to /usr, gain root or a user namespace', async () => {
    const src = [
      '#define _GNU_SOURCE',
      '#include <errno.h>',
      '#include <fcntl.h>',
      '#include <sched.h>',
      '#include <stdio.h>',
      '#include <stdlib.h>',
      '#include <string.h>',
      '#include <sys/mount.h>',
      '#include <unistd.h>',
      '#define TRY(name, expr) printf("%s %s\\n", name, (expr) ? "DONE" : strerror(errno))',
      'int main(){',
      '  TRY("remount-usr", mount(NULL, "/usr", NULL, MS_REMOUNT | MS_BIND, NULL) == 0);',
      '  TRY("remount-root", mount(NULL, "/", NULL, MS_REMOUNT, NULL) == 0);',
      '  TRY("mount-tmpfs", mount("none", "/tmp", "tmpfs", 0, NULL) == 0);',
      '  TRY("userns", unshare(CLONE_NEWUSER | CLONE_NEWNS) == 0);',
      '  TRY("setuid0", setuid(0) == 0);',
      '  TRY("chroot", chroot("/tmp") == 0);',
      '  TRY("create-in-usr", open("/usr/bin/uplus-evil", O_CREAT | O_WRONLY, 0755) >= 0);',
      '  TRY("open-python-rw", open("/usr/bin/python3", O_WRONLY) >= 0);',
      '  TRY("mount-cmd", system("/usr/bin/mount -o remount,rw /usr 2>/dev/null") == 0);',
      '  return 0;',
      '}',
    ].join('\n');
    const { row } = await runOne(request('c', src, 5000));
    expect(row.output).toMatch(/remount-usr/);
    expect(row.output).not.toContain('DONE');
    expect(existsSync('/usr/bin/uplus-evil')).toBe(false);
  });
});

describe('6b. system call filter (seccomp)', () => {
  it('kernel surface a program never needs fails with EPERM, and the sandbox status reports the filter', async () => {
    const src = [
      '#define _GNU_SOURCE',
      '#include <errno.h>',
      '#include <stdio.h>',
      '#include <string.h>',
      '#include <sys/syscall.h>',
      '#include <unistd.h>',
      '#define TRY(name, nr) do { long r = syscall(nr, 0, 0, 0, 0, 0); printf("%s %s\\n", name, r >= 0 ? "DONE" : errno == EPERM ? "EPERM" : strerror(errno)); } while (0)',
      'int main(){',
      '  TRY("bpf", SYS_bpf);',
      '  TRY("io_uring_setup", SYS_io_uring_setup);',
      '  TRY("userfaultfd", SYS_userfaultfd);',
      '  TRY("perf_event_open", SYS_perf_event_open);',
      '  TRY("keyctl", SYS_keyctl);',
      '  TRY("add_key", SYS_add_key);',
      '  TRY("ptrace", SYS_ptrace);',
      '  TRY("process_vm_readv", SYS_process_vm_readv);',
      '  TRY("unshare", SYS_unshare);',
      '  TRY("setns", SYS_setns);',
      '  TRY("open_by_handle_at", SYS_open_by_handle_at);',
      '  TRY("fsopen", SYS_fsopen);',
      '  TRY("kexec_load", SYS_kexec_load);',
      '  TRY("clock_settime", SYS_clock_settime);',
      '  char buf[64]; FILE *f = fopen("/proc/self/status", "r");',
      '  while (f && fgets(buf, sizeof buf, f)) if (!strncmp(buf, "Seccomp:", 8)) printf("%s", buf);',
      '  printf("getpid %s\\n", syscall(SYS_getpid) > 0 ? "ok" : "failed");',
      '  return 0;',
      '}',
    ].join('\n');
    const { row } = await runOne(request('c', src, 5000));
    const lines = (row.output ?? '').trim().split('\n');
    const names = ['bpf', 'io_uring_setup', 'userfaultfd', 'perf_event_open', 'keyctl', 'add_key', 'ptrace'];
    names.push(
      'process_vm_readv',
      'unshare',
      'setns',
      'open_by_handle_at',
      'fsopen',
      'kexec_load',
      'clock_settime',
    );
    expect(lines).toEqual([...names.map((n) => `${n} EPERM`), 'Seccomp:\t2', 'getpid ok']);
    expect(status).toMatchObject({ ok: true, reason: null });
  });

  it('another ABI (int 0x80 from a 64-bit program, the x32 numbers) kills the program with SIGSYS', async () => {
    if (process.arch !== 'x64') return;
    const src = [
      '#include <stdio.h>',
      '#include <unistd.h>',
      'int main(){',
      '  char mode[8] = {0}; if (scanf("%7s", mode) != 1) return 1;',
      '  printf("before\\n"); fflush(stdout);',
      '  long r;',
      '  if (mode[0] == \'i\') __asm__ volatile ("int $0x80" : "=a"(r) : "a"(20L) : "memory");',
      '  else __asm__ volatile ("syscall" : "=a"(r) : "a"(0x40000000L | 39L) : "rcx", "r11", "memory");',
      '  printf("after %ld\\n", r);',
      '  return 0;',
      '}',
    ].join('\n');
    const { results } = await timed(sandbox, {
      languageId: 'c',
      sourceCode: src,
      timeLimit: 1000,
      testcases: [
        { stdin: 'i386', stdout: 'unreachable' },
        { stdin: 'x32', stdout: 'unreachable' },
      ],
    });
    const rows = runRows(results);
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ success: false, output: 'before\n' });
    // A kernel without 32-bit emulation (built or booted without it) faults on int 0x80 before any filter
    // sees it: SIGSEGV, as the same program gets outside the sandbox. Either way nothing ran after it.
    expect(rows[0]!.message).toContain(kernelRunsInt80() ? 'SIGSYS' : 'SIGSEGV');
    expect(rows[1]!.message).toContain('SIGSYS');
  });
});

/** Whether this kernel serves int 0x80 from a 64-bit program at all (probed outside the sandbox). */
const kernelRunsInt80 = (): boolean => {
  const dir = mkdtempSync(join(tmpdir(), 'int80-'));
  try {
    const source = join(dir, 'probe.c');
    writeFileSync(
      source,
      'int main(){ long r; __asm__ volatile ("int $0x80" : "=a"(r) : "a"(20L) : "memory"); return r > 0 ? 0 : 1; }\n',
    );
    const built = spawnSync('gcc', ['-o', join(dir, 'probe'), source]);
    if (built.status !== 0) throw new Error(`gcc: ${built.stderr.toString()}`);
    const run = spawnSync(join(dir, 'probe'));
    return run.signal === null;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
};

describe('7. links, FIFOs and persistence', () => {
  it('symlinks and FIFOs planted as output files change nothing and hang nothing', async () => {
    const src = [
      '#include <fcntl.h>',
      '#include <stdio.h>',
      '#include <sys/stat.h>',
      '#include <unistd.h>',
      'int main(){',
      '  const char *names[] = {"/tmp/stdout", "/tmp/output", "/tmp/out.txt", "/dev/shm/stdout", "/box/stdout", "stdout", "/tmp/1.out"};',
      '  for (int i = 0; i < 7; i++) { symlink("/etc/shadow", names[i]); }',
      '  symlink("/proc/1/environ", "/tmp/environ");',
      '  mkfifo("/tmp/fifo", 0666); mkfifo("/dev/shm/fifo", 0666); mkfifo("/tmp/stderr", 0666);',
      '  printf("before\\n"); fflush(stdout);',
      '  int f = open("/tmp/fifo", O_RDWR);',
      '  dup2(f, 1); dup2(f, 2);',
      '  printf("into the fifo\\n"); fflush(stdout);',
      '  return 0;',
      '}',
    ].join('\n');
    const { results, row, ms } = await runOne(request('c', src, 2000));
    expect(row.output).toBe('before\n');
    for (const secret of shadowSecrets()) expect(allText(results)).not.toContain(secret);
    expect(ms).toBeLessThan(5000);
  });

  it('files left in /tmp, /dev/shm or $HOME are gone for the next run', async () => {
    const plant = [
      'import os',
      'for p in ["/tmp/persist", "/dev/shm/persist", os.path.expanduser("~/.persist")]:',
      '    open(p, "w").write("left behind")',
      'print("planted")',
    ].join('\n');
    const first = await runOne(request('python3', plant, 2000));
    expect(first.row.output).toBe('planted\n');
    const look = 'import os\nprint(sorted(os.listdir("/tmp")), sorted(os.listdir("/dev/shm")))';
    const second = await runOne(request('python3', look, 2000));
    expect(second.row.output).toBe('[] []\n');
    // The box directory of each evaluation is removed from the host.
    const boxes = readdirSync(join(await workDir(), 'boxes'));
    const ours = (await sandbox.claimedSlots()).map((s) => `s${s.id}-`);
    expect(boxes.filter((b) => ours.some((prefix) => b.startsWith(prefix)))).toEqual([]);
  });
});

async function workDir(): Promise<string> {
  const { defaultWorkDir } = await import('../src/host');
  return defaultWorkDir();
}

describe('8. compile-time bombs and killing the parent', () => {
  it('#include "/dev/urandom" ends in a failed compile within the compile limit', async () => {
    const { results, ms } = await timed(sandbox, request('c', '#include "/dev/urandom"\nint main(){}'), 4000);
    expect(last(results)).toMatchObject({ stage: 'COMPILE', success: false });
    expect(last(results).message.startsWith('编译失败')).toBe(true);
    expect(ms).toBeLessThan(4000 + 3000);
  });

  it('#include "/etc/shadow" finds nothing to include', async () => {
    const { results } = await timed(sandbox, request('c', '#include "/etc/shadow"\nint main(){}'), 4000);
    expect(last(results)).toMatchObject({ stage: 'COMPILE', success: false, message: '编译失败' });
    expect(last(results).output).toContain('No such file or directory');
    for (const secret of shadowSecrets()) expect(allText(results)).not.toContain(secret);
  });

  it('a macro-expansion bomb is stopped by the compile limits', async () => {
    const levels = Array.from({ length: 10 }, (_, i) =>
      i === 0 ? '#define a0 x x x x x x x x x x' : `#define a${i} ${`a${i - 1} `.repeat(10)}`,
    );
    const src = `${levels.join('\n')}\nint v = a9;\nint main(){}`;
    const { results, ms } = await timed(sandbox, request('c', src), 4000);
    expect(last(results)).toMatchObject({ stage: 'COMPILE', success: false });
    expect(ms).toBeLessThan(4000 + 3000);
  });

  it('an error-output bomb is cut to the shown size', async () => {
    const overloads = Array.from({ length: 300 }, (_, i) => `void f(S<${i}>);`).join('\n');
    const calls = Array.from({ length: 60 }, () => 'f("boom");').join('\n');
    const src = `template<int N> struct S {};\n${overloads}\nint main(){\n${calls}\n}`;
    const { results } = await timed(sandbox, request('cpp', src), 8000);
    const compile = last(results);
    expect(compile).toMatchObject({ stage: 'COMPILE', success: false });
    expect(compile.output).toContain('（输出已截断）');
    expect(compile.output!.length).toBeLessThan(70 * 1024);
  });

  it('a program that kills, stops or traces its parent fails its own case only', async () => {
    const src = [
      '#include <errno.h>',
      '#include <fcntl.h>',
      '#include <signal.h>',
      '#include <stdio.h>',
      '#include <string.h>',
      '#include <sys/ptrace.h>',
      '#include <unistd.h>',
      'int main(){',
      '  char cmd[16] = {0}; if (scanf("%15s", cmd) != 1) return 1;',
      '  pid_t p = getppid();',
      '  if (!strcmp(cmd, "kill")) kill(p, SIGKILL);',
      '  if (!strcmp(cmd, "all")) kill(-1, SIGKILL);',
      '  if (!strcmp(cmd, "stop")) kill(p, SIGSTOP);',
      '  if (!strcmp(cmd, "init")) kill(1, SIGKILL);',
      '  if (!strcmp(cmd, "trace")) {',
      '    char path[64];',
      '    printf("attach %d\\n", ptrace(PTRACE_ATTACH, p, 0, 0) == 0 ? 0 : errno);',
      '    snprintf(path, sizeof path, "/proc/%d/fd/3", p);',
      '    printf("fd %d\\n", open(path, O_WRONLY) >= 0 ? 0 : errno);',
      '    snprintf(path, sizeof path, "/proc/%d/mem", p);',
      '    printf("mem %d\\n", open(path, O_RDWR) >= 0 ? 0 : errno);',
      '    return 0;',
      '  }',
      '  printf("ok\\n");',
      '  return 0;',
      '}',
    ].join('\n');
    const input = ['kill', 'ok', 'all', 'ok', 'stop', 'ok', 'init', 'trace'];
    const expected: Record<string, string> = { ok: 'ok', init: 'ok', trace: 'attach 1\nfd 13\nmem 13' };
    const { results } = await timed(sandbox, {
      languageId: 'c',
      sourceCode: src,
      timeLimit: 1000,
      testcases: input.map((stdin) => ({ stdin, stdout: expected[stdin] ?? 'unreachable' })),
    });
    const rows = runRows(results);
    expect(rows.map((r) => [r.testcaseId, r.success, r.message])).toEqual([
      ['1', false, '运行失败：程序终止了评测进程'],
      ['2', true, '运行成功，输出与预期一致'],
      ['3', false, '运行失败：程序终止了评测进程'],
      ['4', true, '运行成功，输出与预期一致'],
      ['5', false, '运行失败：程序使评测进程失去响应'],
      ['6', true, '运行成功，输出与预期一致'],
      ['7', true, '运行成功，输出与预期一致'],
      ['8', true, '运行成功，输出与预期一致'],
    ]);
    expect(last(results)).toMatchObject({ stage: 'COMPLETE', message: '运行完成，通过 5/8 个测试用例' });
  });
});
