import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyOf, tokenHash, type WriteRecord, type WriteRef } from './lib/acklog';
import { ROOT } from './lib/cluster';
import { allowedValues, answerRanTwice, doublyJudged, unfinished, verdictOf } from './lib/verify-logic';
import { verifyWrites } from './verify';

const w = (ref: WriteRef, value: string, startedAt: number, endedAt: number, ack = true): WriteRecord => ({
  key: keyOf(ref),
  ref,
  value,
  startedAt,
  endedAt,
  ack,
  status: ack ? 200 : 502,
});
const resume: WriteRef = { kind: 'resume', resumeId: 1 };

describe('which values a key may hold', () => {
  it('a later acknowledged write replaces an earlier one', () => {
    const writes = [w(resume, 'a', 0, 10), w(resume, 'b', 20, 30)];
    expect([...allowedValues(writes)]).toEqual(['b']);
    expect(verdictOf('k', writes, 'b').ok).toBe(true);
    expect(verdictOf('k', writes, 'a')).toMatchObject({ ok: false, expected: 'b', acknowledged: 2 });
  });

  it('overlapping writes may land in either order', () => {
    const writes = [w(resume, 'a', 0, 30), w(resume, 'b', 10, 20)];
    expect([...allowedValues(writes)].sort()).toEqual(['a', 'b']);
  });

  it('a write that was not acknowledged may or may not be there', () => {
    const writes = [w(resume, 'a', 0, 10), w(resume, 'b', 20, 25, false)];
    expect([...allowedValues(writes)].sort()).toEqual(['a', 'b']);
    expect(verdictOf('k', writes, 'a').ok).toBe(true);
    expect(verdictOf('k', writes, 'b').ok).toBe(true);
    // Even one sent before an acknowledged write: it may have been applied after it.
    expect(verdictOf('k', [w(resume, 'x', 0, 5, false), w(resume, 'y', 10, 20)], 'x').ok).toBe(true);
  });

  it('a missing row loses an acknowledged write; without one there is nothing to check', () => {
    expect(verdictOf('k', [w(resume, 'a', 0, 10)], null).ok).toBe(false);
    expect(verdictOf('k', [w(resume, 'a', 0, 10, false)], null)).toMatchObject({ ok: true, acknowledged: 0 });
  });

  it('finds evaluations judged twice and left running', () => {
    const facts = [
      { id: 1, status: 'complete', completeStages: 1, maxRunsPerCase: 1 },
      { id: 2, status: 'complete', completeStages: 2, maxRunsPerCase: 1 },
      { id: 3, status: 'failed', completeStages: 0, maxRunsPerCase: 2 },
      { id: 4, status: 'running', completeStages: 0, maxRunsPerCase: 1 },
      { id: 5, status: 'queued', completeStages: 0, maxRunsPerCase: 0 },
    ];
    expect(doublyJudged(facts).map((e) => e.id)).toEqual([2, 3]);
    expect(unfinished(facts).map((e) => e.id)).toEqual([4, 5]);
    expect(answerRanTwice(['failed', 'complete'])).toBe(false);
    expect(answerRanTwice(['complete', 'complete'])).toBe(true);
  });
});

// Against a small database with the project's schema (the server's migrations), on the PostgreSQL the API
// tests use.
const adminUrl = process.env.TEST_DATABASE_URL;

describe.skipIf(!adminUrl)('verify against a database', () => {
  const name = `uplus_lt_${randomBytes(5).toString('hex')}`;
  let url = '';
  let db: pg.Pool;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    await admin.end();
    const u = new URL(adminUrl!);
    u.pathname = `/${name}`;
    url = u.toString();
    db = new pg.Pool({ connectionString: url, max: 2 });
    // pool.end() resolves before its clients' sockets have closed: the drop below (with force) may still
    // terminate one, which pg reports as an error of the pool; at teardown that is expected
    db.on('error', () => {});
    await migrate(drizzle(db), { migrationsFolder: path.join(ROOT, 'apps/server/drizzle') });
    const one = async (sql: string, params: unknown[]) => Number((await db.query(sql, params)).rows[0].id);
    ids.teacher = await one(
      `insert into users (username, name, password_hash) values ('t1', 'T', 'x') returning id`,
      [],
    );
    ids.student = await one(
      `insert into users (username, name, password_hash) values ('s1', 'S', 'x') returning id`,
      [],
    );
    ids.course = await one('insert into courses (teacher_id, name) values ($1, $2) returning id', [
      ids.teacher,
      'C',
    ]);
    ids.homework = await one(
      'insert into homeworks (course_id, name, published_at) values ($1, $2, now()) returning id',
      [ids.course, 'H'],
    );
    const question = async (type: number) =>
      one(
        `insert into homework_questions (homework_id, qsn_type, title_text, question) values ($1, $2, 'q', '{}') returning id`,
        [ids.homework, type],
      );
    ids.choice = await question(1);
    ids.code = await question(5);
    ids.submission = await one(
      `insert into homework_submissions (homework_id, student_id, status, submitted_at) values ($1, $2, 'submitted', now()) returning id`,
      [ids.homework, ids.student],
    );
    await db.query(
      `insert into homework_answers (submission_id, question_id, answer, max_score, grade_state) values
         ($1, $2, 'B', 10, 'graded'), ($1, $3, 'print(3) # M1', 10, 'graded')`,
      [ids.submission, ids.choice, ids.code],
    );
    ids.resume = await one(
      `insert into resume_onlines (user_id, evaluation) values ($1, 'older text') returning id`,
      [ids.student],
    );
    await db.query(
      `insert into lib_questions (owner_id, qsn_type, title_text, question) values ($1, 1, 'kept', '{}')`,
      [ids.teacher],
    );
    await db.query(
      `insert into sessions (token_hash, kind, user_id, expires_at, revoked_at) values
         ($1, 'access', $3, now() + interval '1 day', now()), ($2, 'access', $3, now() + interval '1 day', null)`,
      [tokenHash('revoked-token'), tokenHash('active-token'), ids.student],
    );
    const evaluation = (status: string) =>
      one(
        `insert into code_evaluations (user_id, language_id, time_limit_ms, source_code, status)
           values ($1, 'python3', 1000, 'print(3) # M1', $2) returning id`,
        [ids.student, status],
      );
    ids.e1 = await evaluation('complete');
    ids.e2 = await evaluation('complete');
    ids.e3 = await evaluation('running');
    await db.query(
      `insert into code_evaluation_stages (evaluation_id, stage, success, message) values ($1, 'COMPLETE', true, '')`,
      [ids.e1],
    );
  }, 120_000);

  afterAll(async () => {
    await db?.end();
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    // let the pool's connections finish closing before the drop would terminate them
    for (let i = 0; i < 50; i++) {
      const open = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
        name,
      ]);
      if (open.rows[0].n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  });

  it('finds the lost writes, the code answer run twice and the evaluation left running', async () => {
    const hw = ids.homework!;
    const records = [
      w({ kind: 'answer', homeworkId: hw, username: 's1', questionId: ids.choice! }, 'B', 0, 10),
      w(
        { kind: 'submission', homeworkId: hw, username: 's1', codeQuestionId: ids.code! },
        'submitted',
        0,
        10,
      ),
      w({ kind: 'answer', homeworkId: hw, username: 's1', questionId: ids.code! }, 'print(3) # M1', 0, 10),
      // lost: the resume holds an older text than the acknowledged one
      w({ kind: 'resume', resumeId: ids.resume! }, 'newest text', 0, 10),
      w({ kind: 'libQuestion', username: 't1', title: 'kept' }, 'exists', 0, 10),
      // lost: never stored
      w({ kind: 'libQuestion', username: 't1', title: 'gone' }, 'exists', 0, 10),
      w({ kind: 'signout', tokenHash: tokenHash('revoked-token') }, 'revoked', 0, 10),
      // lost: the session is still active
      w({ kind: 'signout', tokenHash: tokenHash('active-token') }, 'revoked', 0, 10),
      // not acknowledged: not required
      w({ kind: 'grade', answerId: 999_999 }, 'comment', 0, 10, false),
    ];
    const report = await verifyWrites({ databaseUrl: url, records, since: new Date(0), waitS: 0 });
    expect(report.lost.map((l) => l.key).sort()).toEqual(
      [`lib:t1:gone`, `resume:${ids.resume}`, `signout:${tokenHash('active-token')}`].sort(),
    );
    expect(report.acknowledged).toMatchObject({
      answer: 2,
      submission: 1,
      resume: 1,
      libQuestion: 2,
      signout: 2,
    });
    expect(report.codeAnswers).toMatchObject({ submitted: 1, graded: 1, pending: 0, ranTwice: 1 });
    expect(report.evaluations.unfinished).toEqual([ids.e3]);
    expect(report.evaluations.total).toBe(3);
    expect(report.ok).toBe(false);
  });

  it('passes when every acknowledged write is there and nothing is left running', async () => {
    await db.query(`update code_evaluations set status = 'failed' where id = $1`, [ids.e2]);
    await db.query(`update code_evaluations set status = 'complete' where id = $1`, [ids.e3]);
    await db.query(`update code_evaluations set status = 'failed' where id = $1`, [ids.e3]);
    const records = [
      w({ kind: 'resume', resumeId: ids.resume! }, 'a', 0, 10),
      w({ kind: 'resume', resumeId: ids.resume! }, 'older text', 20, 30),
      w(
        { kind: 'submission', homeworkId: ids.homework!, username: 's1', codeQuestionId: ids.code! },
        'submitted',
        0,
        10,
      ),
    ];
    const report = await verifyWrites({ databaseUrl: url, records, since: new Date(0), waitS: 0 });
    expect(report.lost).toEqual([]);
    expect(report.codeAnswers).toMatchObject({ submitted: 1, graded: 1, ranTwice: 0 });
    expect(report.ok).toBe(true);
  });
});
