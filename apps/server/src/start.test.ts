import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Sandbox, type SandboxStatus } from '@uplus/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import { DEFAULT_CODE_EXECUTION } from './modules/program-execution/program-execution.config';
import { DEMO_PASSWORD } from './seed/demo';
import { bootServer, startServer } from './start';
import { testConfig } from './test/app';

const LANGUAGES = '/api/course/programExecution/languages';

/** What a host with C and Python finds; no real probe runs. */
const PROBED: SandboxStatus = {
  ok: true,
  reason: null,
  mode: 'root',
  memoryCgroup: null,
  pidsCgroup: null,
  notes: [],
  reaper: null,
  concurrency: 1,
  languages: [
    { id: 'c', name: 'C', version: 'GCC 12.2.0', sourceFile: 'main.c' },
    { id: 'python3', name: 'Python 3', version: 'Python 3.11.2', sourceFile: 'main.py' },
  ],
};

/** A sandbox whose probe takes as long as the test says (as a real one takes seconds on a loaded host). */
class SlowProbeSandbox extends Sandbox {
  probes = 0;
  constructor(private readonly probeDone: () => Promise<void>) {
    super({ concurrency: 1 });
  }
  override async status(): Promise<SandboxStatus> {
    this.probes++;
    await this.probeDone();
    return PROBED;
  }
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

const dataDir = mkdtempSync(path.join(tmpdir(), 'uplus-start-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
const codeExecution = { ...DEFAULT_CODE_EXECUTION, workers: 1 };

// The server listened before its code runner had probed the sandbox: for a moment after start every
// languages call answered [] ("no live runner"), and a balancer sends traffic as soon as the port answers.
describe('server start', () => {
  it('lists the languages in the first answers after the port opens, however slow the probe', async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // The probe finishes 1.5 s after it starts, whenever that is.
    const sandbox = new SlowProbeSandbox(() => new Promise((resolve) => setTimeout(resolve, 1500)));
    const starting = startServer({
      config: testConfig({ port, dataDir, demoData: true }),
      codeExecution,
      sandbox,
    });
    starting.catch(() => {});
    // A client that signs in as soon as anything answers, then asks for the languages.
    let ticket: string | null = null;
    while (ticket === null) {
      try {
        const login = await fetch(`${base}/idp/api/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ username: 'teacher01', password: DEMO_PASSWORD }),
        });
        ticket = ((await login.json()) as { data: { ticket: string } }).data.ticket;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    }
    const res = await fetch(`${base}${LANGUAGES}`, { headers: { 'x-access-token': ticket } });
    const server = await starting;
    try {
      expect(res.status).toBe(200);
      const { data } = (await res.json()) as { data: { id: string }[] };
      expect(data.map((l) => l.id)).toEqual(['c', 'python3']);
      const ready = await fetch(`${base}/readyz`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toEqual({
        ready: true,
        stopping: false,
        checks: { database: 'ok', codeExecution: 'ok' },
      });
      expect(sandbox.probes).toBeGreaterThan(0);
    } finally {
      await server.close();
    }
  }, 120_000);

  it('says not ready (503) until the code sandbox is probed, live all along, and ready after', async () => {
    let finishProbe = () => {};
    const probed = new Promise<void>((resolve) => {
      finishProbe = resolve;
    });
    const server = await bootServer({
      config: testConfig({ dataDir }),
      codeExecution,
      sandbox: new SlowProbeSandbox(() => probed),
    });
    try {
      const before = await server.app.inject({ url: '/readyz' });
      expect(before.statusCode).toBe(503);
      expect(before.json()).toEqual({
        ready: false,
        stopping: false,
        checks: { database: 'ok', codeExecution: 'pending' },
      });
      const live = await server.app.inject({ url: '/livez' });
      expect(live.statusCode).toBe(200);
      expect(live.json()).toEqual({ live: true });

      finishProbe();
      await server.runnerStarted;
      const after = await server.app.inject({ url: '/readyz' });
      expect(after.statusCode).toBe(200);
      expect(after.json().ready).toBe(true);

      // A host that cannot isolate code is ready too (its probe is done); the state says why.
      server.readiness.done('codeExecution', '未安装 bubblewrap（bwrap）');
      expect((await server.app.inject({ url: '/readyz' })).json().checks.codeExecution).toBe(
        'unavailable: 未安装 bubblewrap（bwrap）',
      );
      // Shutting down: not ready any more, so a balancer drains this instance.
      server.readiness.stop();
      const stopping = await server.app.inject({ url: '/readyz' });
      expect(stopping.statusCode).toBe(503);
      expect(stopping.json()).toMatchObject({ ready: false, stopping: true });
    } finally {
      finishProbe();
      await server.close();
    }
  }, 120_000);
});
