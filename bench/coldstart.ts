// Cold start to the first answered GET /get_appconfig, on a fresh DATA_DIR (migrations and demo data
// included) and again on the same, now existing DATA_DIR; embedded PGlite, the default. Three ways in:
// - `npm start` at the root, as a user types it (the builds are brought up to date first, so it reuses them:
//   npm, the staleness check of scripts/build-if-stale.mjs and the server);
// - the server process alone on its bundle (`node apps/server/dist/server.js`, what `npm start` runs);
// - the server from its TypeScript sources through tsx, as `npm start` ran it before the bundle, to compare.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort, ROOT, serverEnv, spawnQuiet, waitFor200 } from './lib';

export interface ColdStartFigures {
  command: string;
  freshDataDirMs: number;
  existingDataDirMs: number;
}

export interface ColdStartResult {
  npmStart: ColdStartFigures;
  bundle: ColdStartFigures;
  tsx: ColdStartFigures;
}

const WAYS: Record<keyof ColdStartResult, { command: string; file: string; args: string[] }> = {
  npmStart: { command: 'npm start', file: 'npm', args: ['start'] },
  bundle: {
    command: 'node apps/server/dist/server.js',
    file: process.execPath,
    args: ['apps/server/dist/server.js'],
  },
  tsx: {
    command: 'tsx apps/server/src/server.ts',
    file: path.join(ROOT, 'node_modules/.bin/tsx'),
    args: ['apps/server/src/server.ts'],
  },
};

async function startOnce(way: (typeof WAYS)[keyof ColdStartResult], dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnQuiet(
    way.file,
    way.args,
    serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true' }),
  );
  try {
    return await waitFor200(`http://127.0.0.1:${port}/get_appconfig`, started, {
      child: server.child,
      intervalMs: 10,
    });
  } catch (error) {
    throw new Error(`${way.command}: ${(error as Error).message}\n${server.output()}`);
  } finally {
    await server.stop();
  }
}

async function measure(name: keyof ColdStartResult, log: (line: string) => void): Promise<ColdStartFigures> {
  const way = WAYS[name];
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-coldstart-'));
  try {
    log(`cold start of ${way.command} on a fresh DATA_DIR`);
    const freshDataDirMs = await startOnce(way, dataDir);
    log(`cold start of ${way.command} on the existing DATA_DIR`);
    const existingDataDirMs = await startOnce(way, dataDir);
    return { command: way.command, freshDataDirMs, existingDataDirMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function runColdStart(log: (line: string) => void): Promise<ColdStartResult> {
  log('bringing the builds up to date (scripts/build-if-stale.mjs)');
  const built = spawnSync(process.execPath, ['scripts/build-if-stale.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (built.status !== 0) throw new Error('scripts/build-if-stale.mjs failed');
  return {
    npmStart: await measure('npmStart', log),
    bundle: await measure('bundle', log),
    tsx: await measure('tsx', log),
  };
}

export function coldStartReport(cold: ColdStartResult): string[] {
  const ms = (n: number) => `${n.toFixed(0)} ms`.padStart(10);
  const lines = [
    'Cold start to the first answered GET /get_appconfig (PGlite; fresh DATA_DIR: migrations + demo data):',
    `  ${'command'.padEnd(34)}${'fresh'.padStart(10)}${'existing'.padStart(10)}`,
  ];
  for (const figures of [cold.npmStart, cold.bundle, cold.tsx]) {
    lines.push(
      `  ${figures.command.padEnd(34)}${ms(figures.freshDataDirMs)}${ms(figures.existingDataDirMs)}`,
    );
  }
  return lines;
}

// `npx tsx bench/coldstart.ts`: these figures alone (`npm run bench` includes them).
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const cold = await runColdStart((line) => console.error(`[bench] ${line}`));
  console.log(coldStartReport(cold).join('\n'));
}
