// Replays the load's write log against the database: every write the server acknowledged must be there
// (lost writes must be 0), every submitted code answer must end judged, no code evaluation may be left
// queued or running, and none may be judged twice (two COMPLETE rows, or a test case run twice in it).
//
//   npm run load:verify -- [--log test-results/load/writes.jsonl] [--cluster data/cluster/cluster.json]
//                          [--wait 90] [--since <ISO time>] [--report test-results/load/verify.json]
// or: tsx scripts/load/verify.ts ...   Exit code 1 when anything is lost, stuck or judged twice.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { readAckLog, type WriteRecord } from './lib/acklog';
import { DEFAULT_CLUSTER_FILE, ROOT, readCluster } from './lib/cluster';
import {
  answerRanTwice,
  doublyJudged,
  type EvaluationFacts,
  groupByKey,
  type KeyVerdict,
  unfinished,
  verdictOf,
} from './lib/verify-logic';

export type VerifyReport = {
  /** acknowledged writes checked, by kind */
  acknowledged: Record<string, number>;
  /** keys whose acknowledged write is not in the database */
  lost: KeyVerdict[];
  codeAnswers: {
    submitted: number;
    graded: number;
    /** failed: the sandbox could not judge them (reason counts) */
    failed: number;
    failedReasons: Record<string, number>;
    /** still pending after the wait */
    pending: number;
    /**
     * run to completion by more than one evaluation: a grading resumed after the process holding it died
     * re-runs the program (the grade is still written once: only while the answer is pending)
     */
    ranTwice: number;
  };
  evaluations: {
    /** evaluations created since the load started */
    total: number;
    byStatus: Record<string, number>;
    /** still queued or running after the wait: ids */
    unfinished: number[];
    /** an evaluation with two COMPLETE rows or a test case run twice: ids */
    doublyJudged: number[];
  };
  ok: boolean;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type Db = pg.Pool;

/** The value in the database for each key of the log (null: no row). */
const readActuals = async (db: Db, records: readonly WriteRecord[]): Promise<Map<string, string | null>> => {
  const actual = new Map<string, string | null>();
  const refs = records.map((r) => r.ref);
  const homeworkIds = [
    ...new Set(refs.flatMap((r) => (r.kind === 'answer' || r.kind === 'submission' ? [r.homeworkId] : []))),
  ];
  if (homeworkIds.length > 0) {
    const answers = await db.query<{
      homework_id: string;
      username: string;
      question_id: string;
      answer: string;
    }>(
      `select s.homework_id, u.username, a.question_id, a.answer
         from homework_answers a
         join homework_submissions s on s.id = a.submission_id
         join users u on u.id = s.student_id
        where s.homework_id = any($1::bigint[])`,
      [homeworkIds],
    );
    for (const row of answers.rows) {
      actual.set(`answer:${row.homework_id}:${row.username}:${row.question_id}`, row.answer);
    }
    const submissions = await db.query<{ homework_id: string; username: string; status: string }>(
      `select s.homework_id, u.username, s.status
         from homework_submissions s join users u on u.id = s.student_id
        where s.homework_id = any($1::bigint[])`,
      [homeworkIds],
    );
    for (const row of submissions.rows)
      actual.set(`submission:${row.homework_id}:${row.username}`, row.status);
  }
  const resumeIds = [...new Set(refs.flatMap((r) => (r.kind === 'resume' ? [r.resumeId] : [])))];
  if (resumeIds.length > 0) {
    const rows = await db.query<{ id: string; evaluation: string }>(
      'select id, evaluation from resume_onlines where id = any($1::bigint[])',
      [resumeIds],
    );
    for (const row of rows.rows) actual.set(`resume:${row.id}`, row.evaluation);
  }
  const titles = [...new Set(refs.flatMap((r) => (r.kind === 'libQuestion' ? [r.title] : [])))];
  if (titles.length > 0) {
    const rows = await db.query<{ username: string; title_text: string }>(
      `select u.username, q.title_text from lib_questions q join users u on u.id = q.owner_id
        where q.title_text = any($1::text[])`,
      [titles],
    );
    for (const row of rows.rows) actual.set(`lib:${row.username}:${row.title_text}`, 'exists');
  }
  const answerIds = [...new Set(refs.flatMap((r) => (r.kind === 'grade' ? [r.answerId] : [])))];
  if (answerIds.length > 0) {
    const rows = await db.query<{ id: string; comment: string }>(
      'select id, comment from homework_answers where id = any($1::bigint[])',
      [answerIds],
    );
    for (const row of rows.rows) actual.set(`grade:${row.id}`, row.comment);
  }
  const hwIds = [...new Set(refs.flatMap((r) => (r.kind === 'homework' ? [r.homeworkId] : [])))];
  if (hwIds.length > 0) {
    const rows = await db.query<{ id: string; published: boolean }>(
      'select id, published_at is not null as published from homeworks where id = any($1::bigint[])',
      [hwIds],
    );
    for (const row of rows.rows) actual.set(`homework:${row.id}`, row.published ? 'published' : 'draft');
  }
  const hashes = [...new Set(refs.flatMap((r) => (r.kind === 'signout' ? [r.tokenHash] : [])))];
  if (hashes.length > 0) {
    const rows = await db.query<{ token_hash: string; revoked: boolean }>(
      `select s.token_hash, (s.revoked_at is not null or i.revoked_at is not null) as revoked
         from sessions s left join sessions i on i.id = s.idp_session_id
        where s.token_hash = any($1::text[])`,
      [hashes],
    );
    // A token whose row is gone cannot be used either.
    for (const h of hashes) actual.set(`signout:${h}`, 'revoked');
    for (const row of rows.rows) actual.set(`signout:${row.token_hash}`, row.revoked ? 'revoked' : 'active');
  }
  return actual;
};

type CodeAnswerRow = {
  key: string;
  grade_state: string;
  message: string | null;
  user_id: string;
  answer: string;
};

/** The code answers of acknowledged submits: their grade state and the evaluations of their source. */
const readCodeAnswers = async (db: Db, records: readonly WriteRecord[]) => {
  const submits = records.filter(
    (r) => r.ack && r.ref.kind === 'submission' && r.ref.codeQuestionId !== null,
  );
  const rows: CodeAnswerRow[] = [];
  for (let i = 0; i < submits.length; i += 500) {
    const batch = submits.slice(i, i + 500);
    const found = await db.query<CodeAnswerRow>(
      `select x.key, a.grade_state, a.code_detail->>'message' as message, s.student_id as user_id, a.answer
         from unnest($1::text[], $2::bigint[], $3::text[], $4::bigint[]) as x(key, homework_id, username, question_id)
         join users u on lower(u.username) = lower(x.username)
         join homework_submissions s on s.homework_id = x.homework_id and s.student_id = u.id
         join homework_answers a on a.submission_id = s.id and a.question_id = x.question_id`,
      [
        batch.map((r) => r.key),
        batch.map((r) => (r.ref.kind === 'submission' ? r.ref.homeworkId : 0)),
        batch.map((r) => (r.ref.kind === 'submission' ? r.ref.username : '')),
        batch.map((r) => (r.ref.kind === 'submission' ? r.ref.codeQuestionId : 0)),
      ],
    );
    rows.push(...found.rows);
  }
  return { submitted: submits.length, rows };
};

const readEvaluations = async (db: Db, since: Date): Promise<EvaluationFacts[]> => {
  const rows = await db.query<{ id: string; status: string; complete: string; max_runs: string | null }>(
    `select e.id, e.status,
            (select count(*) from code_evaluation_stages s where s.evaluation_id = e.id and s.stage = 'COMPLETE') as complete,
            (select max(n) from (select count(*) as n from code_evaluation_stages s
                                  where s.evaluation_id = e.id and s.stage = 'RUN' and s.testcase_id is not null
                                  group by s.testcase_id) runs) as max_runs
       from code_evaluations e where e.created_at >= $1`,
    [since],
  );
  return rows.rows.map((r) => ({
    id: Number(r.id),
    status: r.status,
    completeStages: Number(r.complete),
    maxRunsPerCase: Number(r.max_runs ?? 0),
  }));
};

/**
 * Verifies a write log against the database. Waits up to `waitS` seconds for the code answers of
 * acknowledged submits to leave pending and for evaluations to finish (the load may end just after a submit).
 */
export const verifyWrites = async (opts: {
  databaseUrl: string;
  records: readonly WriteRecord[];
  since: Date;
  waitS?: number;
  log?: (line: string) => void;
}): Promise<VerifyReport> => {
  const log = opts.log ?? (() => {});
  const db = new pg.Pool({ connectionString: opts.databaseUrl, max: 2 });
  try {
    const deadline = Date.now() + (opts.waitS ?? 90) * 1000;
    let code = await readCodeAnswers(db, opts.records);
    let evaluations = await readEvaluations(db, opts.since);
    while (
      Date.now() < deadline &&
      (code.rows.some((r) => r.grade_state === 'pending') || unfinished(evaluations).length > 0)
    ) {
      const pending = code.rows.filter((r) => r.grade_state === 'pending').length;
      log(
        `waiting: ${pending} code answers pending, ${unfinished(evaluations).length} evaluations unfinished`,
      );
      await sleep(3000);
      code = await readCodeAnswers(db, opts.records);
      evaluations = await readEvaluations(db, opts.since);
    }

    const actual = await readActuals(db, opts.records);
    const lost: KeyVerdict[] = [];
    const acknowledged: Record<string, number> = {};
    for (const [key, writes] of groupByKey(opts.records)) {
      for (const w of writes) if (w.ack) acknowledged[w.ref.kind] = (acknowledged[w.ref.kind] ?? 0) + 1;
      const verdict = verdictOf(key, writes, actual.get(key) ?? null);
      if (!verdict.ok) lost.push(verdict);
    }

    const failedReasons: Record<string, number> = {};
    let ranTwice = 0;
    for (const row of code.rows) {
      if (row.grade_state === 'failed') {
        const reason = (row.message ?? '').slice(0, 60) || '(no message)';
        failedReasons[reason] = (failedReasons[reason] ?? 0) + 1;
      }
    }
    // Every evaluation of each answer's source (the source carries a unique marker).
    for (let i = 0; i < code.rows.length; i += 500) {
      const batch = code.rows.slice(i, i + 500);
      const found = await db.query<{ key: string; statuses: string[] }>(
        `select x.key, array_agg(e.status) as statuses
           from unnest($1::text[], $2::bigint[], $3::text[]) as x(key, user_id, source)
           join code_evaluations e on e.user_id = x.user_id and e.source_code = x.source
          group by x.key`,
        [batch.map((r) => r.key), batch.map((r) => r.user_id), batch.map((r) => r.answer)],
      );
      ranTwice += found.rows.filter((r) => answerRanTwice(r.statuses)).length;
    }
    const byStatus: Record<string, number> = {};
    for (const e of evaluations) byStatus[e.status] = (byStatus[e.status] ?? 0) + 1;
    const missingAnswers = code.submitted - code.rows.length;
    const report: VerifyReport = {
      acknowledged,
      lost,
      codeAnswers: {
        submitted: code.submitted,
        graded: code.rows.filter((r) => r.grade_state === 'graded').length,
        failed: code.rows.filter((r) => r.grade_state === 'failed').length,
        failedReasons,
        pending: code.rows.filter((r) => r.grade_state === 'pending').length + missingAnswers,
        ranTwice,
      },
      evaluations: {
        total: evaluations.length,
        byStatus,
        unfinished: unfinished(evaluations).map((e) => e.id),
        doublyJudged: doublyJudged(evaluations).map((e) => e.id),
      },
      ok: false,
    };
    report.ok =
      lost.length === 0 &&
      report.codeAnswers.pending === 0 &&
      report.evaluations.unfinished.length === 0 &&
      report.evaluations.doublyJudged.length === 0;
    return report;
  } finally {
    await db.end();
  }
};

/** One paragraph for people. */
export const describeVerify = (r: VerifyReport): string[] => {
  const acked = Object.entries(r.acknowledged)
    .map(([k, n]) => `${k} ${n}`)
    .join(', ');
  const lines = [
    `acknowledged writes checked: ${acked || 'none'}`,
    `lost acknowledged writes: ${r.lost.length}`,
    ...r.lost
      .slice(0, 10)
      .map(
        (l) =>
          `  LOST ${l.key}: database has ${JSON.stringify(l.actual)}, expected ${JSON.stringify(l.expected)}`,
      ),
    `code answers of acknowledged submits: ${r.codeAnswers.submitted}; graded ${r.codeAnswers.graded}, failed ${r.codeAnswers.failed}, still pending ${r.codeAnswers.pending}, run twice (graded once) ${r.codeAnswers.ranTwice}`,
    ...Object.entries(r.codeAnswers.failedReasons).map(([m, n]) => `  failed (${n}): ${m}`),
    `evaluations since the start: ${r.evaluations.total} ${JSON.stringify(r.evaluations.byStatus)}; left queued/running: ${r.evaluations.unfinished.length}; judged twice: ${r.evaluations.doublyJudged.length}`,
  ];
  return lines;
};

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const args = process.argv.slice(2);
  const opt = (name: string, fallback: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
  };
  const logFile = path.resolve(ROOT, opt('log', 'test-results/load/writes.jsonl'));
  const cluster = readCluster(path.resolve(ROOT, opt('cluster', DEFAULT_CLUSTER_FILE)));
  const records = readAckLog(logFile);
  const since = new Date(
    opt('since', new Date(Math.min(...records.map((r) => r.startedAt), Date.now())).toISOString()),
  );
  const report = await verifyWrites({
    databaseUrl: cluster.databaseUrl,
    records,
    since,
    waitS: Number(opt('wait', '90')),
    log: (line) => console.log(`[verify] ${line}`),
  });
  for (const line of describeVerify(report)) console.log(`[verify] ${line}`);
  const out = opt('report', '');
  if (out) {
    mkdirSync(path.dirname(path.resolve(ROOT, out)), { recursive: true });
    writeFileSync(path.resolve(ROOT, out), `${JSON.stringify(report, null, 2)}\n`);
  }
  console.log(`[verify] ${report.ok ? 'OK' : 'FAILED'}`);
  process.exit(report.ok ? 0 : 1);
}
