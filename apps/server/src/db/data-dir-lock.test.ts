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

/** A process that lives until killed, so its pid is alive. */
const liveProcess = () => spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });

describe('PGlite data directory lock', () => {
  it('names this process in the lock and removes it on release', () => {
    const dir = freshDir();
    const lock = lockDataDir(dir);
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
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
      expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(other.pid));
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
    expect(readFileSync(path.join(dir, LOCK_FILE), 'utf8').trim()).toBe(String(process.pid));
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
});
