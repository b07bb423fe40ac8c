import { closeSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
import path from 'node:path';

/** The file in a PGlite data directory that names the process holding it. */
export const LOCK_FILE = 'uplus.lock';

/** A held data directory: `release` removes the lock (once; later calls do nothing). */
export type DataDirLock = { release: () => void };

/** The message when another live process holds the directory (said in Chinese and English for operators). */
export const dataDirBusyMessage = (dataDir: string, pid: number | null) =>
  `数据目录 ${dataDir} 正被${pid ? `进程 ${pid} ` : '另一个进程'}使用：同一个嵌入式数据库只能由一个进程打开。` +
  `请先停止该进程，或设置 DATABASE_URL 使用 PostgreSQL 服务器；确认没有进程在使用时，可删除 ${path.join(dataDir, LOCK_FILE)}。 ` +
  `(the embedded database in ${dataDir} is open in ${pid ? `process ${pid}` : 'another process'}; ` +
  'stop it first, or set DATABASE_URL)';

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const readHolder = (file: string): number | null => {
  try {
    const pid = Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
};

const FRESH_MS = 5_000;
/** The lock files this process holds. */
const held = new Set<string>();
const mtimeMs = (file: string) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return 0;
  }
};

/**
 * Takes the PGlite data directory for this process. PGlite has no lock of its own: two processes opening
 * one directory (a running server and `npm run db:seed`, say) each write their own copy and lose the
 * other's changes. A lock left by a process that is gone (killed) is taken over.
 */
export const lockDataDir = (dataDir: string): DataDirLock => {
  const file = path.join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt++) {
    let fd: number;
    try {
      fd = openSync(file, 'wx', 0o600);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      if (held.has(file)) throw new Error(dataDirBusyMessage(dataDir, process.pid));
      const holder = readHolder(file);
      // our own pid in a lock we do not hold: left by an earlier process that had the same pid (containers)
      if (holder !== null && holder !== process.pid && isAlive(holder)) {
        throw new Error(dataDirBusyMessage(dataDir, holder));
      }
      // a lock without a pid that is seconds old is being written by a process starting right now
      if (holder === null && Date.now() - mtimeMs(file) < FRESH_MS)
        throw new Error(dataDirBusyMessage(dataDir, null));
      // stale (its process is gone) or left empty by a crash: remove it and try again
      rmSync(file, { force: true });
      continue;
    }
    writeSync(fd, `${process.pid}\n`);
    closeSync(fd);
    held.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(file);
      process.off('exit', release);
      if (readHolder(file) === process.pid) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { release };
  }
  throw new Error(`could not take the lock ${file}`);
};
