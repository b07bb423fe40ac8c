import { closeSync, existsSync, openSync, readFileSync, rmSync, statSync, writeSync } from 'node:fs';
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

/** A process as a lock names it: its pid and, where /proc exists, its start time (a reused pid has another). */
type Holder = { pid: number; startTime: string | null };

/**
 * The state letter and start time (clock ticks after boot) in /proc/<pid>/stat; `null` when the process
 * does not exist, `undefined` where there is no /proc (not Linux). The name in parentheses may hold spaces
 * and parentheses, so the fields are read after the last `)`.
 */
const procStat = (pid: number): { state: string; startTime: string } | null | undefined => {
  let text: string;
  try {
    text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ESRCH') return existsSync('/proc/self/stat') ? null : undefined;
    return undefined;
  }
  // after ") ": state (field 3), ..., starttime (field 22)
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { state: fields[0] ?? '', startTime: fields[19] ?? '' };
};

/** This process's start time, written into the lock beside its pid. */
const ownStartTime = () => procStat(process.pid)?.startTime ?? null;

/**
 * Whether the process a lock names still runs. A killed process stays a zombie (state Z) until its parent
 * reaps it, and `kill(pid, 0)` counts a zombie alive: an immediate restart after `kill -9` was refused for
 * up to seconds. A zombie or a dying process (X) holds nothing, and a pid now used by a process that
 * started at another time is not the holder.
 */
const isAlive = (holder: Holder) => {
  const stat = procStat(holder.pid);
  if (stat === null) return false;
  if (stat !== undefined) {
    if (stat.state === 'Z' || stat.state === 'X' || stat.state === 'x') return false;
    return holder.startTime === null || stat.startTime === holder.startTime;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

/** The holder a lock file names (`<pid> [<start time>]`), or null when it names none. */
const readHolder = (file: string): Holder | null => {
  try {
    const [pidText, startTime] = readFileSync(file, 'utf8').trim().split(/\s+/);
    const pid = Number.parseInt(pidText ?? '', 10);
    if (!Number.isSafeInteger(pid) || pid <= 0) return null;
    return { pid, startTime: startTime && /^\d+$/.test(startTime) ? startTime : null };
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
      if (holder !== null && holder.pid !== process.pid && isAlive(holder)) {
        throw new Error(dataDirBusyMessage(dataDir, holder.pid));
      }
      // a lock without a pid that is seconds old is being written by a process starting right now
      if (holder === null && Date.now() - mtimeMs(file) < FRESH_MS)
        throw new Error(dataDirBusyMessage(dataDir, null));
      // stale (its process is gone) or left empty by a crash: remove it and try again
      rmSync(file, { force: true });
      continue;
    }
    const startTime = ownStartTime();
    writeSync(fd, startTime ? `${process.pid} ${startTime}\n` : `${process.pid}\n`);
    closeSync(fd);
    held.add(file);
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      held.delete(file);
      process.off('exit', release);
      if (readHolder(file)?.pid === process.pid) rmSync(file, { force: true });
    };
    process.on('exit', release);
    return { release };
  }
  throw new Error(`could not take the lock ${file}`);
};
