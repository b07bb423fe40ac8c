import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config/config';
import type { Database, Db } from '../db/client';
import type { App } from '../http/context';
import { type Driver, openTestDatabase } from './database';
import { testLlmConfig } from './llm';

/** A configuration for tests: quiet, no demo data, no web build. */
export const testConfig = (overrides: Partial<Config> = {}): Config => ({
  port: 0,
  host: '127.0.0.1',
  dataDir: path.join(os.tmpdir(), 'uplus-test-data'),
  databaseUrl: undefined,
  demoData: false,
  deploymentCode: undefined,
  logLevel: 'silent',
  tokenTtlHours: 168,
  appSecret: undefined,
  webDist: path.join(os.tmpdir(), 'uplus-test-no-web-dist'),
  collegeAdminUrl: '/college-admin',
  trustProxy: false,
  llm: testLlmConfig(),
  sessionCache: { enabled: true, ttlMs: 60_000, maxEntries: 10_000 },
  // one directory per test process: files written by one file's tests never meet another's
  storage: {
    kind: 'local',
    dir: path.join(os.tmpdir(), `uplus-test-files-${process.pid}`),
    urlTtlSeconds: 3600,
  },
  live: {
    playUrl: undefined,
    pushUrl: undefined,
    authKey: undefined,
    chatUrl: undefined,
    chatSecret: undefined,
    tokenTtlSeconds: 4 * 3600,
  },
  maps: { tileUrl: undefined, attribution: undefined, geocodeUrl: undefined },
  documents: loadConfig({}).documents,
  ...overrides,
});

/** A clock tests can move forward. */
export class TestClock {
  offsetMs = 0;
  now = () => new Date(Date.now() + this.offsetMs);
  advance(ms: number) {
    this.offsetMs += ms;
  }
  reset() {
    this.offsetMs = 0;
  }
}

export type TestContext = { app: App; db: Db; database: Database; clock: TestClock; driver: Driver };

/**
 * Opens one database and one app for the enclosing describe block (a fresh PGlite costs ~2 s and
 * ~760 MB, so it is shared by the tests of a file) and closes both afterwards.
 */
export const useTestApp = (
  driver: Driver,
  options: { config?: Partial<Config>; deps?: Omit<AppDeps, 'database' | 'now'> } = {},
): TestContext => {
  const ctx = { clock: new TestClock(), driver } as TestContext;
  beforeAll(async () => {
    ctx.database = await openTestDatabase(driver);
    ctx.db = ctx.database.db;
    ctx.app = await buildApp(testConfig(options.config), {
      ...options.deps,
      database: ctx.database,
      now: ctx.clock.now,
    });
    await ctx.app.ready();
  });
  afterAll(async () => {
    await ctx.app?.close();
    await ctx.database?.close();
  });
  return ctx;
};
