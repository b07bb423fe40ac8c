// Cold start of the server process `npm start` runs (`npm run start -w @uplus/server`): time from spawning
// it to the first answered GET /get_appconfig, on a fresh DATA_DIR (migrations and demo data included)
// and again on the same, now existing DATA_DIR. Embedded PGlite, the default.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, serverEnv, spawnQuiet, waitFor200 } from './lib';

export interface ColdStartResult {
  command: string;
  freshDataDirMs: number;
  existingDataDirMs: number;
}

async function startOnce(dataDir: string): Promise<number> {
  const port = await freePort();
  const started = performance.now();
  const server = spawnQuiet(
    'npm',
    ['run', 'start', '-w', '@uplus/server'],
    serverEnv({ PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DEMO_DATA: 'true' }),
  );
  try {
    return await waitFor200(`http://127.0.0.1:${port}/get_appconfig`, started, {
      child: server.child,
      intervalMs: 10,
    });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${server.output()}`);
  } finally {
    await server.stop();
  }
}

export async function runColdStart(log: (line: string) => void): Promise<ColdStartResult> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-coldstart-'));
  try {
    log('cold start on a fresh DATA_DIR');
    const freshDataDirMs = await startOnce(dataDir);
    log('cold start on the existing DATA_DIR');
    const existingDataDirMs = await startOnce(dataDir);
    return { command: 'npm run start -w @uplus/server', freshDataDirMs, existingDataDirMs };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
