import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../apps/server/src/app';
import type { Database } from '../../../apps/server/src/db/client';
import type { App } from '../../../apps/server/src/http/context';
import { testConfig } from '../../../apps/server/src/test/app';
import { openTestDatabase } from '../../../apps/server/src/test/database';
import { LIST_CASES } from './list-cases';
import { listEndpointsOf } from './list-endpoints';

describe('npm run load:lists measures every list endpoint', () => {
  let database: Database;
  let app: App;
  beforeAll(async () => {
    database = await openTestDatabase('pglite');
    app = await buildApp(testConfig(), { database });
    await app.ready();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('finds the lists among the registered routes', () => {
    const endpoints = listEndpointsOf(app);
    expect(endpoints.length).toBeGreaterThan(40);
    expect(endpoints).toContain('GET /api/ourea/company/delivery_records');
    expect(endpoints).toContain('POST /api/qmn/c/messages');
    expect(endpoints).not.toContain('GET /api/ourea/recruitment_occupations/{id}');
  });

  it('has a case for each list endpoint and none for anything else (add one to scale/list-cases.ts)', () => {
    const covered = [...new Set(LIST_CASES.map((c) => c.endpoint))].sort();
    expect(covered).toEqual(listEndpointsOf(app));
  });
});
