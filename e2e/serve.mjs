// Starts the server for the Playwright run (its `webServer` command) on a fresh, empty data directory
// with demo data, and removes that directory when the server stops. Playwright stops it with SIGTERM.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dataDir = mkdtempSync(join(tmpdir(), 'uplus-e2e-'));
console.log(`[e2e] DATA_DIR=${dataDir}`);

const child = spawn('npm', ['run', 'start', '-w', '@uplus/server'], {
  cwd: root,
  stdio: 'inherit',
  // Its own process group, so that npm, tsx and the server below them all get the signal.
  detached: true,
  env: { ...process.env, DATA_DIR: dataDir, DEMO_DATA: 'true' },
});

let stopping = false;
function killGroup(signal) {
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}
function stop(signal) {
  if (stopping) return;
  stopping = true;
  killGroup(signal);
  // The server gets a few seconds to close its database; then it is killed.
  setTimeout(() => killGroup('SIGKILL'), 8000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

child.on('exit', (code, signal) => {
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
