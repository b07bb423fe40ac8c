import type { CodeGradeDetail, GeneratedQuestion } from '@uplus/shared';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { ago, lockForTransaction } from '../../../db/rate-limit';
import {
  courses,
  homeworkAnswers,
  homeworkJudgeRuns,
  homeworkQuestions,
  homeworkSubmissions,
  homeworks,
} from '../../../db/schema';

/** Rows of a raw statement, on either driver. */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Question types whose answers run in the sandbox: 4 ACM programming, 5 programming, 8 function. */
const CODE_TYPES = sql.raw('(4, 5, 8)');
/** 简答题: answers the AI judge scores. */
const SHORT_ANSWER = 7;

/** A submission as grading needs it. */
export const findSubmission = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      id: homeworkSubmissions.id,
      homeworkId: homeworkSubmissions.homeworkId,
      studentId: homeworkSubmissions.studentId,
      status: homeworkSubmissions.status,
    })
    .from(homeworkSubmissions)
    .where(eq(homeworkSubmissions.id, id))
    .limit(1);
  return row ?? null;
};

/**
 * Sets a submitted submission's total (the sum of its graded answers' scores, one decimal) and pending count
 * (answers pending or failed) from its answers; a draft is left alone. Returns the new values (null: not a
 * submitted submission).
 */
export const recomputeTotals = async (db: Db, submissionId: number) =>
  // Two graders finishing answers of one submission at once: the row lock is taken by a statement of its
  // own, so the sums below are read by a later statement (a fresh snapshot under read committed) that sees
  // the other grader's committed answers. Summing in the locking UPDATE itself could write a total read
  // before the other grader's commit, after it (tested: two workers on one submission).
  db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from ${homeworkSubmissions} where id = ${submissionId} for update`);
    return sumTotals(tx, submissionId);
  });

const sumTotals = async (db: Db, submissionId: number) => {
  const result = await db.execute(sql`
    update ${homeworkSubmissions} s set
      total_score = coalesce((
        select round(sum(a.score)::numeric, 1)::double precision from ${homeworkAnswers} a
        where a.submission_id = s.id and a.grade_state = 'graded' and a.score is not null
      ), 0),
      pending_count = (
        select count(*)::int from ${homeworkAnswers} a
        where a.submission_id = s.id and a.grade_state in ('pending', 'failed')
      ),
      updated_at = now()
    where s.id = ${submissionId} and s.status = 'submitted'
    returning s.total_score as "totalScore", s.pending_count as "pendingCount"
  `);
  const [row] = rowsOf<{ totalScore: number | string; pendingCount: number | string }>(result);
  return row ? { totalScore: Number(row.totalScore), pendingCount: Number(row.pendingCount) } : null;
};

/** Whether a submission has code answers still pending (ungraded). */
export const hasPendingCodeAnswers = async (db: Db, submissionId: number) => {
  const result = await db.execute(sql`
    select 1 from ${homeworkAnswers} a join ${homeworkQuestions} q on q.id = a.question_id
    where a.submission_id = ${submissionId} and a.grade_state = 'pending' and q.qsn_type in ${CODE_TYPES}
    limit 1
  `);
  return rowsOf(result).length > 0;
};

/**
 * Submitted submissions with a pending code answer nobody holds (no claim, or its lease ran out): their
 * grading job died with its worker, or was never worked. `submittedBeforeMs`: only those submitted at least
 * that long ago (the periodic look leaves the ones just submitted to their own job).
 */
export const listSubmissionsWithUnclaimedCode = async (db: Db, leaseMs: number, submittedBeforeMs = 0) => {
  const result = await db.execute(sql`
    select distinct a.submission_id::text as id from ${homeworkAnswers} a
    join ${homeworkQuestions} q on q.id = a.question_id
    join ${homeworkSubmissions} s on s.id = a.submission_id
    where a.grade_state = 'pending' and q.qsn_type in ${CODE_TYPES} and s.status = 'submitted'
      and (a.judge_claimed_at is null or a.judge_claimed_at < ${ago(leaseMs)})
      and s.submitted_at <= ${ago(submittedBeforeMs)}
  `);
  return rowsOf<{ id: string }>(result).map((r) => Number(r.id));
};

/** A code answer waiting for the sandbox, with its question. */
export type CodeAnswerRow = {
  id: number;
  answer: string;
  maxScore: number;
  qsnType: number;
  question: GeneratedQuestion;
};

/** The pending code answers of a submission, in question order. */
export const listPendingCodeAnswers = async (db: Db, submissionId: number): Promise<CodeAnswerRow[]> =>
  db
    .select({
      id: homeworkAnswers.id,
      answer: homeworkAnswers.answer,
      maxScore: homeworkAnswers.maxScore,
      qsnType: homeworkQuestions.qsnType,
      question: homeworkQuestions.question,
    })
    .from(homeworkAnswers)
    .innerJoin(homeworkQuestions, eq(homeworkQuestions.id, homeworkAnswers.questionId))
    .where(
      and(
        eq(homeworkAnswers.submissionId, submissionId),
        eq(homeworkAnswers.gradeState, 'pending'),
        sql`${homeworkQuestions.qsnType} in ${CODE_TYPES}`,
      ),
    )
    .orderBy(homeworkQuestions.id);

/**
 * Claims a pending answer for `leaseMs` (judge_claimed_at): taken when nobody holds it or the holder's lease
 * ran out. Returns whether this caller holds it now.
 */
export const claimAnswer = async (db: Db, answerId: number, leaseMs: number) => {
  const rows = await db
    .update(homeworkAnswers)
    .set({ judgeClaimedAt: sql`now()` })
    .where(
      and(
        eq(homeworkAnswers.id, answerId),
        eq(homeworkAnswers.gradeState, 'pending'),
        sql`(${homeworkAnswers.judgeClaimedAt} is null or ${homeworkAnswers.judgeClaimedAt} < ${ago(leaseMs)})`,
      ),
    )
    .returning({ id: homeworkAnswers.id });
  return rows.length === 1;
};

/** Renews the claims of answers still pending (a long model call or run keeps its lease). */
export const renewClaims = async (db: Db, answerIds: number[]) => {
  if (answerIds.length === 0) return;
  await db.execute(sql`
    update ${homeworkAnswers} set judge_claimed_at = now()
    where id in (${sql.join(
      answerIds.map((id) => sql`${id}`),
      sql`, `,
    )}) and grade_state = 'pending' and judge_claimed_at is not null
  `);
};

/** Gives a claim back (the answer stays pending for the next run or the teacher). */
export const releaseClaim = async (db: Db, answerId: number) => {
  await db
    .update(homeworkAnswers)
    .set({ judgeClaimedAt: null })
    .where(and(eq(homeworkAnswers.id, answerId), eq(homeworkAnswers.gradeState, 'pending')));
};

/**
 * Writes a grade on an answer that is still pending (a teacher's grade given meanwhile is never
 * overwritten) and releases its claim. Returns the submission's id when written, else null.
 */
export const applyGrade = async (
  db: Db,
  answerId: number,
  grade: {
    gradeState: 'graded' | 'failed';
    gradeSource: 'code' | 'ai' | null;
    score: number | null;
    comment?: string;
    basis?: string;
    codeDetail?: CodeGradeDetail | null;
  },
) => {
  const [row] = await db
    .update(homeworkAnswers)
    .set({
      gradeState: grade.gradeState,
      gradeSource: grade.gradeSource,
      score: grade.score,
      ...(grade.comment === undefined ? {} : { comment: grade.comment }),
      ...(grade.basis === undefined ? {} : { basis: grade.basis }),
      ...(grade.codeDetail === undefined ? {} : { codeDetail: grade.codeDetail }),
      judgeClaimedAt: null,
      gradedAt: grade.gradeState === 'graded' ? sql`now()` : null,
      gradedBy: null,
      updatedAt: sql`now()`,
    })
    .where(and(eq(homeworkAnswers.id, answerId), eq(homeworkAnswers.gradeState, 'pending')))
    .returning({ submissionId: homeworkAnswers.submissionId });
  return row?.submissionId ?? null;
};

/* ---- AI-judge runs ---- */

export type JudgeRunRow = typeof homeworkJudgeRuns.$inferSelect;

/** The homework the path names with its course's teacher; null when none or of another course. */
export const findHomeworkInCourse = async (db: Db, courseId: number, homeworkId: number) => {
  const [row] = await db
    .select({ id: homeworks.id, courseId: courses.id, teacherId: courses.teacherId })
    .from(homeworks)
    .innerJoin(courses, eq(courses.id, homeworks.courseId))
    .where(and(eq(homeworks.id, homeworkId), eq(homeworks.courseId, courseId)))
    .limit(1);
  return row ?? null;
};

/** Advisory-lock class serialising the start of judge runs of one homework (the int is the homework id). */
const JUDGE_RUN_START_LOCK = 1_106_011;

/** Takes the start lock of a homework's judge runs for the rest of the transaction. */
export const lockRunStart = (tx: Db, homeworkId: number) =>
  lockForTransaction(tx, [JUDGE_RUN_START_LOCK, homeworkId]);

export const findRun = async (db: Db, id: number) => {
  const [row] = await db.select().from(homeworkJudgeRuns).where(eq(homeworkJudgeRuns.id, id)).limit(1);
  return row ?? null;
};

/** The newest run of a homework (null: none ever). */
export const findLatestRun = async (db: Db, homeworkId: number) => {
  const [row] = await db
    .select()
    .from(homeworkJudgeRuns)
    .where(eq(homeworkJudgeRuns.homeworkId, homeworkId))
    .orderBy(desc(homeworkJudgeRuns.id))
    .limit(1);
  return row ?? null;
};

/** The run of a homework still running (null: none). */
export const findRunningRun = async (db: Db, homeworkId: number) => {
  const [row] = await db
    .select()
    .from(homeworkJudgeRuns)
    .where(and(eq(homeworkJudgeRuns.homeworkId, homeworkId), eq(homeworkJudgeRuns.status, 'running')))
    .orderBy(desc(homeworkJudgeRuns.id))
    .limit(1);
  return row ?? null;
};

/** Ids of the runs still running (resumed when a process starts). */
export const listRunningRunIds = async (db: Db) => {
  const rows = await db
    .select({ id: homeworkJudgeRuns.id })
    .from(homeworkJudgeRuns)
    .where(eq(homeworkJudgeRuns.status, 'running'));
  return rows.map((r) => r.id);
};

/**
 * What a run of `homeworkId` judges: the short answers still pending of its submissions submitted by
 * `before` (the run's start).
 */
const judgeableWhere = (homeworkId: number, before: Date | SQL) => sql`
  q.homework_id = ${homeworkId} and q.qsn_type = ${SHORT_ANSWER} and a.grade_state = 'pending'
  and s.status = 'submitted' and s.submitted_at <= ${before}
`;
type SQL = ReturnType<typeof sql>;

/** Short answers a run started now would judge. */
export const countJudgeable = async (db: Db, homeworkId: number) => {
  const result = await db.execute(sql`
    select count(*)::int as n from ${homeworkAnswers} a
    join ${homeworkQuestions} q on q.id = a.question_id
    join ${homeworkSubmissions} s on s.id = a.submission_id
    where ${judgeableWhere(homeworkId, sql`now()`)}
  `);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
};

export const insertRun = async (
  db: Db,
  values: { homeworkId: number; requestedBy: number; total: number },
) => {
  const [row] = await db.insert(homeworkJudgeRuns).values(values).returning();
  return row!;
};

/** A short answer claimed by a run, with what the judge needs. */
export type ClaimedShortAnswer = {
  id: number;
  submissionId: number;
  answer: string;
  maxScore: number;
  question: GeneratedQuestion;
  questionScore: number;
};

/**
 * Claims the next short answer of a run (lowest id first) in one statement: pending, of a submission
 * submitted by the run's start, not claimed by anyone whose lease still runs, and not among `exclude` (the
 * answers this worker already tried). Two workers never get the same answer (SKIP LOCKED plus the claim's
 * own condition). Null when none is left.
 */
export const claimNextShortAnswer = async (
  db: Db,
  opts: { homeworkId: number; before: Date; leaseMs: number; exclude: number[] },
): Promise<ClaimedShortAnswer | null> => {
  const free = sql`(a.judge_claimed_at is null or a.judge_claimed_at < ${ago(opts.leaseMs)})`;
  const excluded =
    opts.exclude.length === 0
      ? sql`true`
      : sql`a.id not in (${sql.join(
          opts.exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    update ${homeworkAnswers} a set judge_claimed_at = now()
    from ${homeworkQuestions} q
    where q.id = a.question_id and a.grade_state = 'pending' and ${free}
      and a.id = (
        select a.id from ${homeworkAnswers} a
        join ${homeworkQuestions} q on q.id = a.question_id
        join ${homeworkSubmissions} s on s.id = a.submission_id
        where ${judgeableWhere(opts.homeworkId, opts.before)} and ${free} and ${excluded}
        order by a.id
        limit 1
        for update of a skip locked
      )
    returning a.id::text as id, a.submission_id::text as "submissionId", a.answer, a.max_score as "maxScore",
      q.question, q.score as "questionScore"
  `);
  const [row] = rowsOf<{
    id: string;
    submissionId: string;
    answer: string;
    maxScore: number;
    question: GeneratedQuestion | string;
    questionScore: number;
  }>(result);
  if (!row) return null;
  return {
    id: Number(row.id),
    submissionId: Number(row.submissionId),
    answer: row.answer,
    maxScore: Number(row.maxScore),
    question: typeof row.question === 'string' ? JSON.parse(row.question) : row.question,
    questionScore: Number(row.questionScore),
  };
};

/**
 * Short answers of a run claimed by someone whose lease still runs (another worker judging them now), not
 * among `exclude`.
 */
export const countClaimedByOthers = async (
  db: Db,
  opts: { homeworkId: number; before: Date; leaseMs: number; exclude: number[] },
) => {
  const excluded =
    opts.exclude.length === 0
      ? sql`true`
      : sql`a.id not in (${sql.join(
          opts.exclude.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const result = await db.execute(sql`
    select count(*)::int as n from ${homeworkAnswers} a
    join ${homeworkQuestions} q on q.id = a.question_id
    join ${homeworkSubmissions} s on s.id = a.submission_id
    where ${judgeableWhere(opts.homeworkId, opts.before)} and ${excluded}
      and a.judge_claimed_at is not null and a.judge_claimed_at >= ${ago(opts.leaseMs)}
  `);
  return Number(rowsOf<{ n: number | string }>(result)[0]?.n ?? 0);
};

/** Counts one answer of a running run as judged or failed. */
export const bumpRun = async (db: Db, runId: number, field: 'judged' | 'failed') => {
  const column = field === 'judged' ? homeworkJudgeRuns.judged : homeworkJudgeRuns.failed;
  await db
    .update(homeworkJudgeRuns)
    .set({ [field]: sql`${column} + 1` })
    .where(eq(homeworkJudgeRuns.id, runId));
};

/** Ends a running run (done, or failed with the reason). Returns whether this call ended it. */
export const finishRun = async (
  db: Db,
  runId: number,
  outcome: { status: 'done' } | { status: 'failed'; error: string },
) => {
  const rows = await db
    .update(homeworkJudgeRuns)
    .set({
      status: outcome.status,
      error: outcome.status === 'failed' ? outcome.error : null,
      finishedAt: sql`now()`,
    })
    .where(and(eq(homeworkJudgeRuns.id, runId), eq(homeworkJudgeRuns.status, 'running')))
    .returning({ id: homeworkJudgeRuns.id });
  return rows.length === 1;
};
