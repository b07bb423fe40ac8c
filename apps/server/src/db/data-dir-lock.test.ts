import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openPglite } from './client';
import { LOCK_FILE, lockDataDir } from './data-dir-lock';

const dirs: string[] = [];
const freshDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'uplus-lock-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The pid a lock file names (its first word; the second is the holder's start time). */
const holderPid = (dir: string) =>
  Number(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim().split(/\s+/)[0]);

/** The state letter of a process in /proc/<pid>/stat (Z: a zombie nobody has reaped yet). */
const procState = (pid: number) => {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
};

/** A process that lives until killed, so its pid is alive. */
const liveProcess = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('PGlite data directory lock', () => {
  it('names this process in the lock and removes it on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
    lock.release(); // a second release does nothing
    lockDataDir(dir).release(); // and the directory can be taken again
  });

  it('refuses a directory a live process holds, naming it, and leaves its lock alone', async () => {
    const dir = freshDir();
    const other = liveProcess();
    try {
      writeFileSync(path.join(dir, LOCK_FILE), `${other.pid}\n`);
      expect(() => lockDataDir(dir)).toThrow(`正被进程 ${other.pid} 使用`);
      expect(() => lockDataDir(dir)).toThrow('DATABASE_URL');
      expect(holderPid(dir)).toBe(other.pid);
    } finally {
      other.kill('SIGKILL');
      await new Promise((resolve) => other.once('exit', resolve));
    }
  });

  it('takes over the lock of a process that is gone', async () => {
    const dir = freshDir();
    const gone = liveProcess();
    gone.kill('SIGKILL');
    await new Promise((resolve) => gone.once('exit', resolve));
    writeFileSync(path.join(dir, LOCK_FILE), `${gone.pid}\n`);
    const lock = lockDataDir(dir);
    expect(holderPid(dir)).toBe(process.pid);
    lock.release();
  });

  it("takes over a lock naming this process's pid that this process does not hold (an earlier process in a container)", () => {
    const dir = freshDir();
    writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`);
    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`正被进程 ${process.pid} 使用`);
    lock.release();
  });

  it('treats an empty lock as being written (busy) while fresh, and as stale once old', () => {
    const dir = freshDir();
    const file = path.join(dir, LOCK_FILE);
    writeFileSync(file, '');
    expect(() => lockDataDir(dir)).toThrow('另一个进程');
    const old = new Date(Date.now() - 60_000);
    utimesSync(file, old, old);
    lockDataDir(dir).release();
  });

  it('a second open of one PGlite directory fails until the first is closed', async () => {
    const dir = freshDir();
    const first = await openPglite(dir);
    await expect(openPglite(dir)).rejects.toThrow('同一个嵌入式数据库只能由一个进程打开');
    await first.close();
    const second = await openPglite(dir);
    await second.close();
    expect(existsSync(path.join(dir, LOCK_FILE))).toBe(false);
  });

  it.runIf(existsSync('/proc/self/stat'))(
    'a holder killed with SIGKILL and not yet reaped (a zombie) does not block the next lock',
    async () => {
      const dir = freshDir();
      // The child takes the lock with the real code, says so, and waits.
      const child = spawn(
        process.execPath,
        [
          '--import',
          'tsx',
          '--input-type=module',
          '-e',
          `const { lockDataDir } = await import(${JSON.stringify(new URL('./data-dir-lock.ts', import.meta.url).pathname)});
           lockDataDir(${JSON.stringify(dir)}); console.log('locked'); setInterval(() => {}, 1000);`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      const exited = new Promise((resolve) => child.once('exit', resolve));
      await new Promise<void>((resolve, reject) => {
        child.stdout?.on('data', (chunk: Buffer) => chunk.toString().includes('locked') && resolve());
        child.once('exit', () => reject(new Error('the child ended before taking the lock')));
      });
      const pid = child.pid as number;
      expect(holderPid(dir)).toBe(pid);
      expect(() => lockDataDir(dir)).toThrow(`正被进程 ${pid} 使用`);

      // From the kill to the next lock nothing yields to the event loop, so Node cannot reap the child:
      // it stays a zombie, as a server killed with kill -9 stays one until its parent (a shell, a
      // supervisor) gets to it.
      process.kill(pid, 'SIGKILL');
      const until = Date.now() + 5000;
      while (procState(pid) !== 'Z' && Date.now() < until) {}
      expect(procState(pid)).toBe('Z');
      const lock = lockDataDir(dir);
      expect(holderPid(dir)).toBe(process.pid);
      lock.release();
      await exited;
    },
  );

  it.runIf(existsSync('/proc/self/stat'))(
    'a lock naming a live pid with another start time (the pid was reused) is taken over',
    async () => {
      const dir = freshDir();
      const other = liveProcess();
      try {
        writeFileSync(path.join(dir, LOCK_FILE), `${other.pid} 1\n`);
        const lock = lockDataDir(dir);
        expect(holderPid(dir)).toBe(process.pid);
        lock.release();
        // with its true start time the same pid holds the directory
        const stat = readFileSync(`/proc/${other.pid}/stat`, 'utf8');
        const startTime = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
        writeFileSync(path.join(dir, LOCK_FILE), `${other.pid} ${startTime}\n`);
        expect(() => lockDataDir(dir)).toThrow(`正被进程 ${other.pid} 使用`);
      } finally {
        other.kill('SIGKILL');
        await new Promise((resolve) => other.once('exit', resolve));
      }
    },
  );
});
