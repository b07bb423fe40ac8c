import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import type { Database } from '../../db/client';
import type { App } from '../../http/context';
import { createJobQueue, type JobQueue } from '../../jobs/queue';
import { testConfig } from '../../test/app';
import { openTestDatabase, testDrivers } from '../../test/database';
import { asUser, buildMember, tokenFor } from '../../test/factories';
import { DEFAULT_CODE_EXECUTION } from './program-execution.config';
import { type CodeRunner, startCodeRunner } from './program-execution.runner';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

describe.each(testDrivers())('code runner logging on %s', (driver) => {
  let database: Database;
  let app: App;
  let jobs: JobQueue;
  let runner: CodeRunner;
  const lines: string[] = [];
  const capture = (level: string) => (obj: object, msg: string) =>
    lines.push(JSON.stringify({ level, ...obj, msg }));
  const config = { ...DEFAULT_CODE_EXECUTION, workers: 1 };

  beforeAll(async () => {
    database = await openTestDatabase(driver);
    jobs = createJobQueue({ db: database.db, log: quiet });
    app = await buildApp(testConfig(), { database, jobs, codeExecution: config });
    await app.ready();
    runner = await startCodeRunner({
      db: database.db,
      driver,
      jobs,
      log: { info: capture('info'), warn: capture('warn'), error: capture('error') },
      config,
    });
  });
  afterAll(async () => {
    await runner?.stop({ timeoutMs: 5000 });
    await app?.close();
    await jobs?.stop({ timeoutMs: 1000 });
    await database?.close();
  });

  it('a stage the database refuses is logged without the query parameters (the program output)', async () => {
    // A constraint of this test's own database: the stage row carrying the marked output is refused.
    await database.db.execute(
      sql.raw(
        `alter table code_evaluation_stages add constraint runner_test_refuse
           check (coalesce(output, '') not like '%SECRET-OUTPUT%')`,
      ),
    );
    const { user } = await buildMember(database.db, { identityType: 'Teacher' });
    const { token } = await tokenFor(database.db, user.id);
    const res = await asUser(app, token).post('/api/course/programExecution/submit', {
      languageId: 'python3',
      timeLimit: 2000,
      sourceCode: 'print("SECRET-OUTPUT-" + input())\n',
      testcases: [{ stdin: 'x1', stdout: 'SECRET-OUTPUT-x1' }],
    });
    expect(res.statusCode, res.body).toBe(200);
    const deadline = Date.now() + 20_000;
    const failed = () => lines.filter((l) => l.includes('"level":"error"'));
    while (failed().length === 0 && Date.now() < deadline) await sleep(100);
    expect(failed()).not.toHaveLength(0);
    const text = lines.join('\n');
    expect(text).not.toContain('SECRET-OUTPUT');
    expect(text).not.toContain('params');
    // The reason stays: the constraint the database named.
    expect(failed().join('\n')).toContain('runner_test_refuse');
  });
});
