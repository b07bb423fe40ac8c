// Starts the server for the Playwright run (its `webServer` command) on a fresh, empty data directory
// with demo data, and removes that directory when the server stops. Playwright stops it with SIGTERM.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startMapServer } from './fixtures/map-server.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
// As `npm start`: build the web app and the server when their sources changed, then run the server's bundle.
const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);
const dataDir = mkdtempSync(join(tmpdir(), 'uplus-e2e-'));
console.log(`[e2e] DATA_DIR=${dataDir}`);

// The scripted OpenAI-compatible model (e2e/fixtures/ai-script.ts) the server's AI tools talk to.
const llm = spawn(join(root, 'node_modules/.bin/tsx'), ['e2e/fixtures/scripted-llm-server.ts'], {
  cwd: root,
  stdio: ['ignore', 'pipe', 'inherit'],
});
const llmBaseUrl = await new Promise((resolve, reject) => {
  let seen = '';
  llm.stdout.on('data', (chunk) => {
    seen += chunk.toString('utf8');
    const found = /LLM_BASE_URL=(\S+)/.exec(seen);
    if (found) resolve(found[1]);
  });
  llm.on('exit', (code) => reject(new Error(`scripted LLM server exited (${code}) before it listened`)));
});
console.log(`[e2e] LLM_BASE_URL=${llmBaseUrl}`);

// The map provider (tiles and a Nominatim-style geocoder) the job pages and the employer's saves use.
const maps = await startMapServer();
console.log(`[e2e] MAP_TILE_URL=${maps.tileUrl}`);

const child = spawn(process.execPath, ['apps/server/dist/server.js'], {
  cwd: root,
  stdio: 'inherit',
  // Its own process group, so that the server and anything it started get the signal.
  detached: true,
  env: {
    ...process.env,
    DATA_DIR: dataDir,
    DEMO_DATA: 'true',
    LLM_BASE_URL: llmBaseUrl,
    LLM_API_KEY: 'e2e-scripted-key',
    LLM_MODEL: 'scripted',
    LLM_MAX_RETRIES: '0',
    // open-classes.spec.ts serves its HLS fixture over HTTPS on PORT + 1000: pages may play media from there
    MEDIA_ORIGINS: `https://127.0.0.1:${Number(process.env.PORT ?? 3100) + 1000}`,
    MAP_TILE_URL: maps.tileUrl,
    MAP_ATTRIBUTION: '© 测试地图',
    MAP_GEOCODE_URL: maps.geocodeUrl,
  },
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
  llm.kill('SIGTERM');
  // The server gets a few seconds to close its database; then it is killed.
  setTimeout(() => killGroup('SIGKILL'), 8000).unref();
}
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));

child.on('exit', (code, signal) => {
  llm.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(stopping ? 0 : (code ?? (signal ? 1 : 0)));
});
