// Builds the web app (apps/web/dist) and the server (apps/server/dist) only when their output is missing or
// older than their sources, and says so in one line each. `npm start` runs it before the server.
//
//   node scripts/build-if-stale.mjs [web] [server]   the targets named (default: both)
//   node scripts/build-if-stale.mjs --always ...      build them whatever their state (`npm run build`)
//
// Sources are compared by modification time: the newest file under a target's source paths (tests left out)
// against the oldest of its outputs, whose time is set to when its build started, so that a file saved during
// a build still counts as newer. The web app is built in node_modules/.cache/uplus-build and swapped in (the
// server's files are renamed over the old ones), under a lock directory there, so that concurrent starts
// build once and a running server never sees half an output.
import { spawnSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const WEB_DIST = path.join(ROOT, 'apps/web/dist');
const SHARED = [
  'packages/shared/src',
  'packages/shared/package.json',
  'tsconfig.base.json',
  'package-lock.json',
];

/** What each target is built from, what it produces and how it is built. */
export const TARGETS = {
  web: {
    label: 'web app',
    output: 'apps/web/dist',
    sources: [
      ...SHARED,
      'apps/web/src',
      'apps/web/public',
      'apps/web/index.html',
      'apps/web/vite.config.ts',
      'apps/web/tsconfig.json',
      'apps/web/package.json',
      // Rewritten by every `npm ci`/`npm install`: the bundled libraries may have changed.
      'node_modules/.package-lock.json',
    ],
    outputs: ['apps/web/dist/index.html'],
    build: buildWeb,
  },
  server: {
    label: 'server',
    output: 'apps/server/dist',
    sources: [
      ...SHARED,
      'packages/sandbox/src',
      'packages/sandbox/package.json',
      'apps/server/src',
      'apps/server/build.mjs',
      'apps/server/package.json',
    ],
    outputs: ['apps/server/dist/server.js', 'apps/server/dist/worker.js'],
    build: async () => {
      const { buildServer } = await import(pathToFileURL(path.join(ROOT, 'apps/server/build.mjs')).href);
      await buildServer();
    },
  },
};

const isTest = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);

/** Newest modification time (ms) of the files under `paths` (relative to the root), tests left out. */
export function newestSource(paths, root = ROOT) {
  let newest = 0;
  const visit = (file) => {
    let st;
    try {
      st = statSync(file);
    } catch {
      return; // absent (e.g. no public/ folder)
    }
    if (!st.isDirectory()) {
      newest = Math.max(newest, st.mtimeMs);
      return;
    }
    for (const entry of readdirSync(file, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || isTest(entry.name)) continue;
      visit(path.join(file, entry.name));
    }
  };
  for (const p of paths) visit(path.join(root, p));
  return newest;
}

/** Oldest modification time (ms) of the outputs, or null when one is missing. */
export function oldestOutput(paths, root = ROOT) {
  let oldest = Number.POSITIVE_INFINITY;
  for (const p of paths) {
    try {
      oldest = Math.min(oldest, statSync(path.join(root, p)).mtimeMs);
    } catch {
      return null;
    }
  }
  return oldest;
}

/** Why a target needs a build, or null when its output is up to date. */
export function staleReason(target, root = ROOT) {
  const built = oldestOutput(target.outputs, root);
  if (built === null) return 'not built yet';
  return newestSource(target.sources, root) > built ? 'sources changed since the last build' : null;
}

/** Scratch space for builds and locks (ignored by git with the rest of node_modules). */
const CACHE = path.join(ROOT, 'node_modules/.cache/uplus-build');

function buildWeb() {
  // Vite empties its output folder first: build into a new folder and swap it in.
  mkdirSync(CACHE, { recursive: true });
  const tmp = path.join(CACHE, `web-dist-${process.pid}`);
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const args = ['run', '--silent', 'build', '-w', '@uplus/web', '--'];
  const result = spawnSync(npm, [...args, '--outDir', tmp, '--emptyOutDir', '--logLevel', 'warn'], {
    cwd: ROOT,
    stdio: 'inherit',
    // The product build, whatever the calling shell says (NODE_ENV=test or development would bundle React's
    // development build: larger and slower, and over the pages' budgets).
    env: { ...process.env, NODE_ENV: 'production' },
  });
  if (result.status !== 0) {
    rmSync(tmp, { recursive: true, force: true });
    throw new Error(`the web app's build failed (exit code ${result.status ?? result.signal})`);
  }
  const old = path.join(CACHE, `web-dist-old-${process.pid}`);
  if (existsSync(WEB_DIST)) move(WEB_DIST, old);
  move(tmp, WEB_DIST);
  rmSync(old, { recursive: true, force: true });
}

/** rename, or copy and remove when node_modules is on another file system. */
function move(from, to) {
  try {
    renameSync(from, to);
  } catch (error) {
    if (error.code !== 'EXDEV') throw error;
    cpSync(from, to, { recursive: true });
    rmSync(from, { recursive: true, force: true });
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs `fn` holding a lock directory; one left by a process that no longer runs is taken over. */
async function withLock(name, fn) {
  const lock = path.join(CACHE, `${name}.lock`);
  mkdirSync(CACHE, { recursive: true });
  let told = false;
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, 'pid'), String(process.pid));
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
    }
    let owner = 0;
    try {
      owner = Number(readFileSync(path.join(lock, 'pid'), 'utf8'));
    } catch {
      // being created or removed right now
    }
    if (owner && !isAlive(owner)) {
      rmSync(lock, { recursive: true, force: true });
      continue;
    }
    if (!told)
      console.log(`[build] ${TARGETS[name].label}: waiting for another build (process ${owner || '?'})`);
    told = true;
    await sleep(200);
  }
  try {
    return await fn();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code === 'EPERM';
  }
}

/** Builds `name` when stale (or always) and prints one line saying what it did. */
export async function ensureBuilt(name, { always = false } = {}) {
  const target = TARGETS[name];
  if (!always && staleReason(target) === null) {
    console.log(`[build] ${target.label}: up to date, reusing ${target.output}`);
    return false;
  }
  return withLock(name, async () => {
    // Another process may have built it while this one waited.
    const reason = always ? 'requested' : staleReason(target);
    if (reason === null) {
      console.log(`[build] ${target.label}: up to date, reusing ${target.output}`);
      return false;
    }
    console.log(`[build] ${target.label}: building ${target.output} (${reason})`);
    const started = Date.now();
    await target.build();
    const startedS = started / 1000;
    for (const output of target.outputs) utimesSync(path.join(ROOT, output), startedS, startedS);
    console.log(`[build] ${target.label}: built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return true;
  });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const args = process.argv.slice(2);
  const always = args.includes('--always');
  const names = args.filter((a) => a !== '--always');
  const unknown = names.filter((n) => !(n in TARGETS));
  if (unknown.length > 0) {
    console.error(`[build] unknown target ${unknown.join(', ')} (known: ${Object.keys(TARGETS).join(', ')})`);
    process.exit(2);
  }
  try {
    for (const name of names.length > 0 ? names : Object.keys(TARGETS)) await ensureBuilt(name, { always });
  } catch (error) {
    console.error(`[build] ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
