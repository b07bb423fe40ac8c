import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  constants,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  renameSync,
  rmSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type CgroupSources, type CgroupSupport, detectCgroups } from './cgroup';
import { resolveTool } from './languages';

/** How user code will be isolated on this host, or why it cannot be. */
export type IsolationPlan = {
  /** 'root': per-slot uid via setpriv, then bwrap; 'userns': bwrap in a user namespace as our own uid. */
  mode: 'root' | 'userns';
  bwrap: string;
  setpriv: string | null;
  /** The native helper (launcher + in-sandbox runner), built at first use. */
  runner: string;
  workDir: string;
  boxesDir: string;
  cgroups: CgroupSupport;
  /** Read-only binds and symlinks that make up the sandbox's file system besides /usr. */
  systemMounts: string[];
  /** Who reaps orphans on this host (documentation and status only; the launcher reaps its own). */
  reaper: string;
};

export class IsolationUnavailable extends Error {}

const BWRAP_PATHS = ['/usr/bin/bwrap', '/usr/local/bin/bwrap'];
const SETPRIV_PATHS = ['/usr/bin/setpriv', '/bin/setpriv'];

/** Default work directory: per host user, under the system temp dir. */
export function defaultWorkDir(): string {
  return join(tmpdir(), `uplus-sandbox-${process.getuid?.() ?? 'x'}`);
}

/** A directory root executes helpers from must belong to us and be writable by nobody else. */
function ensurePrivateDir(dir: string, mode: number): void {
  try {
    mkdirSync(dir, { mode });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const st = lstatSync(dir);
  if (!st.isDirectory()) throw new IsolationUnavailable(`${dir} 不是目录`);
  if (st.uid !== process.getuid!()) throw new IsolationUnavailable(`${dir} 属于其他用户`);
  if ((st.mode & 0o022) !== 0) throw new IsolationUnavailable(`${dir} 可被其他用户写入`);
  chmodSync(dir, mode);
}

/** Binds for the directories next to /usr: merged-/usr hosts have symlinks there, others real dirs. */
function systemMounts(): string[] {
  const args: string[] = ['--ro-bind', '/usr', '/usr'];
  for (const name of ['bin', 'sbin', 'lib', 'lib32', 'lib64', 'libx32']) {
    const path = `/${name}`;
    try {
      const st = lstatSync(path);
      if (st.isSymbolicLink()) {
        args.push('--symlink', readlinkSync(path), path);
      } else if (st.isDirectory()) {
        args.push('--ro-bind', path, path);
      }
    } catch {
      // absent on this host
    }
  }
  // The part of /etc programs need: the dynamic linker's cache, alternatives and the JDK's config.
  // Never the whole of /etc (no shadow, no passwd, no secrets in config files).
  const etc = ['ld.so.cache', 'ld.so.conf', 'ld.so.conf.d', 'alternatives'];
  try {
    for (const entry of readdirSync('/etc')) if (/^java-\d+-openjdk$/.test(entry)) etc.push(entry);
  } catch {
    // no /etc to read
  }
  for (const entry of etc) args.push('--ro-bind-try', `/etc/${entry}`, `/etc/${entry}`);
  return args;
}

function describeReaper(): string {
  try {
    const comm = readFileSync('/proc/1/comm', 'utf8').trim();
    if (process.pid === 1) return 'this process is PID 1 and does not reap orphans: run it under `tini -s`';
    if (['tini', 'systemd', 'docker-init', 'dumb-init', 'init', 's6-svscan', 'catatonit'].includes(comm)) {
      return `PID 1 (${comm}) reaps orphans`;
    }
    return `PID 1 is ${comm}; the launcher reaps its sandboxes' orphans itself (run under \`tini -s\` in production)`;
  } catch {
    return 'unknown PID 1; the launcher reaps its sandboxes itself';
  }
}

function run(file: string, args: string[]): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    execFile(file, args, { env: { PATH: '/usr/bin:/bin' }, timeout: 60_000 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : null) : 0;
      resolve({ code, output: `${stdout}${stderr}` });
    });
  });
}

const RUNNER_SOURCE = fileURLToPath(new URL('../native/uplus-runner.c', import.meta.url));

/** Compiles the native helper into workDir/bin once per source version; later calls reuse it. */
async function buildRunner(binDir: string): Promise<string> {
  const cc = resolveTool(['/usr/bin/gcc', '/usr/bin/cc', '/usr/local/bin/gcc']);
  if (!cc) throw new IsolationUnavailable('缺少 C 编译器（gcc），无法构建沙箱运行器');
  const source = readFileSync(RUNNER_SOURCE);
  const ccVersion = (await run(cc, ['-dumpfullversion'])).output.trim();
  const hash = createHash('sha256').update(source).update(ccVersion).digest('hex').slice(0, 16);
  const target = join(binDir, `uplus-runner-${hash}`);
  try {
    const st = lstatSync(target);
    if (st.isFile() && st.uid === process.getuid!() && (st.mode & 0o022) === 0) return target;
    rmSync(target, { force: true });
  } catch {
    // not built yet
  }
  const tmp = `${target}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const flags = ['-O2', '-Wall', '-o', tmp, RUNNER_SOURCE];
  let result = await run(cc, ['-static', ...flags]);
  if (result.code !== 0) result = await run(cc, flags); // no static libc on this host
  if (result.code !== 0)
    throw new IsolationUnavailable(`构建沙箱运行器失败：${result.output.slice(0, 2000)}`);
  chmodSync(tmp, 0o755);
  renameSync(tmp, target);
  return target;
}

/** Checks what the host offers and prepares the work dir and runner. Throws IsolationUnavailable with the
 * reason when user code cannot be isolated safely. */
export async function planIsolation(
  workDir: string,
  bwrapPaths: readonly string[] = BWRAP_PATHS,
  cgroupSources?: CgroupSources,
): Promise<IsolationPlan> {
  if (process.platform !== 'linux') throw new IsolationUnavailable('代码沙箱只能运行在 Linux 上');
  const bwrap = resolveTool(bwrapPaths);
  if (!bwrap) throw new IsolationUnavailable('未安装 bubblewrap（bwrap）');
  const bwrapMode = lstatSync(bwrap).mode;
  if (bwrapMode & 0o4000) {
    // A setuid bwrap runs its setup as root; we want the kernel's user namespaces and no setuid helper.
    throw new IsolationUnavailable('bwrap 以 setuid root 方式安装，请改用普通（非 setuid）版本');
  }
  const root = process.getuid!() === 0;
  const setpriv = root ? resolveTool(SETPRIV_PATHS) : null;
  if (root && !setpriv) throw new IsolationUnavailable('以 root 身份运行但缺少 setpriv（util-linux）');
  try {
    accessSync('/proc/self/ns/user', constants.R_OK);
  } catch {
    throw new IsolationUnavailable('内核不支持用户命名空间');
  }
  ensurePrivateDir(workDir, 0o711);
  const binDir = join(workDir, 'bin');
  const boxesDir = join(workDir, 'boxes');
  ensurePrivateDir(binDir, 0o711);
  ensurePrivateDir(boxesDir, 0o711);
  const runner = await buildRunner(binDir);
  return {
    mode: root ? 'root' : 'userns',
    bwrap,
    setpriv,
    runner,
    workDir,
    boxesDir,
    cgroups: detectCgroups(cgroupSources),
    systemMounts: systemMounts(),
    reaper: describeReaper(),
  };
}
