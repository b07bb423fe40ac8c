import {
  CODE_GRADE_MSG,
  JUDGE_RUN_MSG,
  type JudgeRun,
  type JudgeRunParams,
  judgeQuestionScore,
  type LatestJudgeRun,
  type StartJudgeRunResult,
  TEACHING_MSG,
} from '@uplus/shared';
import type { LlmConfig } from '../../../config/config';
import { AppError } from '../../../core/errors';
import { safeError } from '../../../core/logging';
import { type Db, isConnectionLost } from '../../../db/client';
import { gradeSubmissionCodeJob, judgeRunJob } from '../../../jobs/definitions';
import type { JobQueue } from '../../../jobs/queue';
import type { LlmClient } from '../../../llm/client';
import { courseRoleOf } from '../../courses/courses.service';
import type { CodeExecutionConfig } from '../../program-execution/program-execution.config';
import { RUNNER_MSG } from '../../program-execution/program-execution.runner';
import * as programExecution from '../../program-execution/program-execution.service';
import { judgeOnBehalf } from '../../question-bank/ai.service';
import type { Actor } from '../../sessions/actor';
import { blankCodeGrade, type CodeGrade, codeGradeOf, codeRunPlanOf, failedCodeGrade } from './grading.code';
import { assertMayStartJudgeRuns } from './grading.policy';
import * as repo from './grading.repo';

/*
 * Grading of submitted homework (issue 11): code answers run in the sandbox through the code runners' queue,
 * short answers judged by the AI judge in background runs, and the submission's totals kept in step.
 */

/** Timings of grading (tests shorten them). */
export type GradingTimings = {
  /** An answer claimed by a worker is its own this long; a dead worker's claim is taken over after it. */
  leaseMs: number;
  /** How often a worker looks at its evaluation while it runs. */
  pollMs: number;
  /** How long a worker waits when the code queue is full or the model's per-user limit is reached. */
  retryMs: number;
  /** Longest wait for one answer's evaluation (queued and run) before the answer counts as failed. */
  evaluationTimeoutMs: number;
};

export const DEFAULT_GRADING_TIMINGS: GradingTimings = {
  leaseMs: 120_000,
  pollMs: 100,
  retryMs: 2_000,
  evaluationTimeoutMs: 20 * 60_000,
};

/** Where grading logs. */
export type GradingLog = {
  warn: (obj: object, msg: string) => void;
  error: (obj: object, msg: string) => void;
};

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Recomputes a submitted submission's totals from its answers: totalScore = the sum of the graded answers'
 * scores (one decimal), pendingCount = the answers still pending or failed. A draft is left alone (null).
 * Pass a transaction as `db` to keep it with the grade written.
 */
export const recomputeSubmissionTotals = (
  db: Db,
  submissionId: number,
): Promise<{ totalScore: number; pendingCount: number } | null> => repo.recomputeTotals(db, submissionId);

/**
 * Queues the sandbox grading of a submitted submission's code answers (qsnType 4, 5, 8; `isCodeType`), when
 * it has any pending. Call it after the submit's transaction committed; or pass that transaction as `db`
 * (call `jobs.start()` before opening it) and `wakeCodeGrading(jobs)` after the commit. Returns whether a
 * job was queued.
 */
export const queueCodeGrading = async (opts: { db: Db; jobs: JobQueue; submissionId: number }) => {
  if (!(await repo.hasPendingCodeAnswers(opts.db, opts.submissionId))) return false;
  await opts.jobs.send(gradeSubmissionCodeJob, { submissionId: opts.submissionId }, { db: opts.db });
  opts.jobs.wake(gradeSubmissionCodeJob);
  return true;
};

/** Wakes the code-grading workers now (after a commit that queued grading inside its transaction). */
export const wakeCodeGrading = (jobs: JobQueue) => jobs.wake(gradeSubmissionCodeJob);

/** What code grading needs: the database, the job queue of the code runners and their limits. */
export type CodeGradingDeps = {
  db: Db;
  jobs: JobQueue;
  codeExecution: CodeExecutionConfig;
  log: GradingLog;
  timings?: Partial<GradingTimings>;
};

/** How many times an answer's program is run when its runs are cut off by their runner (a worker killed). */
export const MAX_CODE_RUNS = 3;

/** What a runner writes on an evaluation it could not finish itself: not the program's fault. */
const RUNNER_FAILURES: readonly string[] = [
  RUNNER_MSG.runnerDied,
  RUNNER_MSG.runnerStopped,
  RUNNER_MSG.systemError,
];

/**
 * The failure of a finished evaluation that was its runner's, not the program's: a failure row a runner wrote
 * for it (a dead runner's, found by another's sweep, or one that stopped), or no failure row at all on a failed
 * evaluation (the sweep marks it failed first and writes its row just after). Null for a run that ended on its
 * own (complete, or failed by the program: a compile error, a crash).
 */
export const runnerInterruption = (outcome: {
  status: string;
  stages: readonly { success: boolean; message: string }[];
}): string | null => {
  if (outcome.status !== 'failed') return null;
  const failures = outcome.stages.filter((s) => !s.success);
  if (failures.length === 0) return RUNNER_MSG.runnerDied;
  const runner = failures.find((s) => RUNNER_FAILURES.some((m) => s.message.endsWith(m)));
  return runner ? runner.message : null;
};

/** Queues the evaluation of an answer's program; a grade instead when it cannot be queued. */
const queueCodeRun = async (
  deps: CodeGradingDeps & { timings: GradingTimings },
  studentId: number,
  answer: repo.CodeAnswerRow,
  plan: NonNullable<ReturnType<typeof codeRunPlanOf>>,
  deadline: number,
): Promise<programExecution.QueuedEvaluation | CodeGrade> => {
  for (;;) {
    const { languages, unavailableReason } = await programExecution.listLanguages({
      db: deps.db,
      config: deps.codeExecution,
    });
    if (unavailableReason)
      return failedCodeGrade(plan, `${CODE_GRADE_MSG.sandboxUnavailable}（${unavailableReason}）`);
    if (!languages.some((l) => l.id === plan.languageId)) {
      return failedCodeGrade(
        plan,
        `${CODE_GRADE_MSG.sandboxUnavailable}（不支持的语言：${plan.languageId}）`,
      );
    }
    try {
      return await programExecution.queueSystemEvaluation({
        db: deps.db,
        jobs: deps.jobs,
        config: deps.codeExecution,
        userId: studentId,
        languageId: plan.languageId,
        timeLimitMs: plan.timeLimitMs,
        sourceCode: answer.answer,
        testcases: plan.testcases,
      });
    } catch (error) {
      // The queue is full: grading waits its turn rather than failing the answer.
      if (!(error instanceof AppError) || error.code !== 503 || Date.now() > deadline) {
        const reason = error instanceof AppError ? error.message : '系统错误';
        return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（${reason}）`);
      }
      await sleep(deps.timings.retryMs);
    }
  }
};

/**
 * Runs one code answer in the sandbox (through the runners' queue) and turns the outcome into its grade. A
 * run cut off by its runner (the worker died or stopped mid-run) is queued again, so that another runner
 * finishes it, up to MAX_CODE_RUNS runs: it is never read as the program's compile error or crash.
 */
const gradeCodeAnswer = async (
  deps: CodeGradingDeps & { timings: GradingTimings },
  studentId: number,
  answer: repo.CodeAnswerRow,
): Promise<CodeGrade> => {
  const plan = codeRunPlanOf(answer.question);
  if (!plan) return failedCodeGrade(null, CODE_GRADE_MSG.notGradable);
  if (answer.answer.trim() === '') return blankCodeGrade(plan);

  const deadline = Date.now() + deps.timings.evaluationTimeoutMs;
  for (let run = 1; ; run++) {
    const queued = await queueCodeRun(deps, studentId, answer, plan, deadline);
    if (!('evaluationId' in queued)) return queued;
    for (;;) {
      let outcome: Awaited<ReturnType<typeof programExecution.systemEvaluationOutcome>>;
      try {
        outcome = await programExecution.systemEvaluationOutcome({
          db: deps.db,
          evaluationId: queued.evaluationId,
        });
      } catch (error) {
        // PostgreSQL restarting under the poll: the run goes on in the sandbox; ask again
        if (!isConnectionLost(error) || Date.now() > deadline) throw error;
        await sleep(deps.timings.pollMs);
        continue;
      }
      if (!outcome) return failedCodeGrade(plan, CODE_GRADE_MSG.runFailed);
      if (outcome.finished) {
        const interrupted = runnerInterruption(outcome);
        if (!interrupted) {
          return codeGradeOf({
            plan,
            maxScore: answer.maxScore,
            stages: outcome.stages,
            caseIds: queued.caseIds,
          });
        }
        if (run >= MAX_CODE_RUNS || Date.now() > deadline)
          return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（${interrupted}）`);
        deps.log.warn(
          { answer: answer.id, evaluation: queued.evaluationId, run, reason: interrupted },
          'code grading: the run was cut off by its runner, running it again',
        );
        break;
      }
      if (Date.now() > deadline) return failedCodeGrade(plan, `${CODE_GRADE_MSG.runFailed}（评测超时）`);
      await sleep(deps.timings.pollMs);
    }
  }
};

/**
 * The code-grading job: grades each pending code answer of a submitted submission in the sandbox, one at a
 * time. Each answer is claimed for a lease first (a retry, or a second worker, skips it), its grade is
 * written only while it is still pending (a teacher's grade is never overwritten), together with the
 * submission's totals. A compile error scores 0 with the compiler's message; a sandbox that cannot run it
 * or a crash leaves the answer failed for the teacher, with the reason. Errors of the database are thrown:
 * the job is retried and goes on where it stopped.
 */
export const gradeSubmissionCode = async (deps: CodeGradingDeps & { submissionId: number }) => {
  const timings = { ...DEFAULT_GRADING_TIMINGS, ...deps.timings };
  const submission = await repo.findSubmission(deps.db, deps.submissionId);
  if (submission?.status !== 'submitted') return;
  const answers = await repo.listPendingCodeAnswers(deps.db, submission.id);
  for (const answer of answers) {
    if (!(await repo.claimAnswer(deps.db, answer.id, timings.leaseMs))) continue;
    const renew = setInterval(() => {
      repo.renewClaims(deps.db, [answer.id]).catch(() => {});
    }, timings.leaseMs / 3);
    renew.unref();
    let grade: CodeGrade;
    try {
      grade = await gradeCodeAnswer({ ...deps, timings }, submission.studentId, answer);
    } catch (error) {
      // The database gone for longer than a poll: the job is retried and the answer, still pending, is
      // claimed again once its lease runs out; it is not failed for the teacher over an outage.
      if (isConnectionLost(error)) throw error;
      deps.log.error({ err: safeError(error), answer: answer.id }, 'code grading failed');
      grade = failedCodeGrade(codeRunPlanOf(answer.question), `${CODE_GRADE_MSG.runFailed}（系统错误）`);
    } finally {
      clearInterval(renew);
    }
    await deps.db.transaction(async (tx) => {
      const submissionId = await repo.applyGrade(tx, answer.id, {
        gradeState: grade.gradeState,
        gradeSource: grade.gradeState === 'graded' ? 'code' : null,
        score: grade.score,
        codeDetail: grade.detail,
      });
      if (submissionId !== null) await repo.recomputeTotals(tx, submissionId);
    });
  }
};

/* ---- AI-judge runs ---- */

const judgeRunOf = (row: repo.JudgeRunRow): JudgeRun => ({
  id: String(row.id),
  status: row.status as JudgeRun['status'],
  total: row.total,
  judged: row.judged,
  failed: row.failed,
  error: row.error,
  createdAt: row.createdAt.getTime(),
  finishedAt: row.finishedAt?.getTime() ?? null,
});

/** The homework the path names, of a course the caller teaches; else 404 作业不存在 (students: 403). */
const taughtHomework = async (db: Db, actor: Actor, params: JudgeRunParams) => {
  assertMayStartJudgeRuns(actor);
  const homework = await repo.findHomeworkInCourse(db, Number(params.courseId), Number(params.homeworkId));
  const role = homework ? await courseRoleOf({ db, actor, courseId: homework.courseId }) : null;
  if (!homework || role?.role !== 'Teacher') throw AppError.notFound(TEACHING_MSG.homeworkNotFound);
  return homework;
};

/**
 * `POST .../homeworks/{homeworkId}/judgeRuns`: starts an AI-judge run over the short answers of the
 * submitted submissions still pending. A run already running is answered instead (and its job sent again,
 * so a run whose worker died resumes); nothing to judge answers run null with the reason. 503 AI服务未配置
 * without a model.
 */
export const startJudgeRun = async (opts: {
  db: Db;
  jobs: JobQueue;
  llm: LlmClient;
  actor: Actor;
  params: JudgeRunParams;
}): Promise<StartJudgeRunResult> => {
  const homework = await taughtHomework(opts.db, opts.actor, opts.params);
  opts.llm.modelFor('judge');
  // Before the transaction: on PGlite a query outside it would wait for it to end.
  await opts.jobs.start();
  const result = await opts.db.transaction(async (tx) => {
    await repo.lockRunStart(tx, homework.id);
    const running = await repo.findRunningRun(tx, homework.id);
    if (running) {
      await opts.jobs.send(judgeRunJob, { runId: running.id }, { db: tx });
      return { run: judgeRunOf(running), started: false, message: JUDGE_RUN_MSG.alreadyRunning };
    }
    const total = await repo.countJudgeable(tx, homework.id);
    if (total === 0) return { run: null, started: false, message: JUDGE_RUN_MSG.nothingToJudge };
    const run = await repo.insertRun(tx, { homeworkId: homework.id, requestedBy: opts.actor.userId, total });
    await opts.jobs.send(judgeRunJob, { runId: run.id }, { db: tx });
    return { run: judgeRunOf(run), started: true, message: JUDGE_RUN_MSG.started(total) };
  });
  if (result.run) opts.jobs.wake(judgeRunJob);
  return result;
};

/** `GET .../homeworks/{homeworkId}/judgeRuns/latest`: the newest run of the homework, or null. */
export const latestJudgeRun = async (opts: {
  db: Db;
  actor: Actor;
  params: JudgeRunParams;
}): Promise<LatestJudgeRun> => {
  const homework = await taughtHomework(opts.db, opts.actor, opts.params);
  const row = await repo.findLatestRun(opts.db, homework.id);
  return row ? judgeRunOf(row) : null;
};

/** What a judge run needs: the model, its per-user limits, and timings. */
export type JudgeRunDeps = {
  db: Db;
  llm: LlmClient;
  limits: Pick<LlmConfig, 'callsPerMinute' | 'streamsPerUser'>;
  log: GradingLog;
  timings?: Partial<GradingTimings>;
};

/**
 * The judge-run job: claims the run's short answers one at a time (`repo.claimNextShortAnswer`: nothing is
 * judged twice, also by two workers), has the AI judge score each (one model call per answer, as the
 * teacher who started the run: their per-user limit holds; at the limit the run waits and tries again), and
 * writes score, comment and basis with gradeSource 'ai' while the answer is still pending (a teacher's
 * grade is never overwritten), with the submission's totals. A model failure, or a score the judge held for
 * review, counts the answer as failed and leaves it pending for the teacher. Without a model the run fails.
 * The run ends when no answer is left to claim and none is being judged by another worker.
 */
export const workJudgeRun = async (deps: JudgeRunDeps & { runId: number }) => {
  const timings = { ...DEFAULT_GRADING_TIMINGS, ...deps.timings };
  const run = await repo.findRun(deps.db, deps.runId);
  if (run?.status !== 'running') return;
  const scope = { homeworkId: run.homeworkId, before: run.createdAt, leaseMs: timings.leaseMs };
  const tried: number[] = [];
  for (;;) {
    const answer = await repo.claimNextShortAnswer(deps.db, { ...scope, exclude: tried });
    if (!answer) {
      // Another worker may still be judging answers of this run (or died holding them: their lease runs out
      // and they are claimed here).
      if ((await repo.countClaimedByOthers(deps.db, { ...scope, exclude: tried })) > 0) {
        await sleep(Math.min(timings.retryMs, timings.leaseMs));
        continue;
      }
      await repo.finishRun(deps.db, run.id, { status: 'done' });
      return;
    }
    tried.push(answer.id);
    const renew = setInterval(() => {
      repo.renewClaims(deps.db, [answer.id]).catch(() => {});
    }, timings.leaseMs / 3);
    renew.unref();
    try {
      const outcome = await judgeOne(deps, timings, run.requestedBy, answer);
      if (outcome.kind === 'stop') {
        await repo.releaseClaim(deps.db, answer.id);
        await repo.finishRun(deps.db, run.id, { status: 'failed', error: outcome.reason });
        return;
      }
      if (outcome.kind === 'failed') {
        await deps.db.transaction(async (tx) => {
          await repo.releaseClaim(tx, answer.id);
          await repo.bumpRun(tx, run.id, 'failed');
        });
        continue;
      }
      await deps.db.transaction(async (tx) => {
        const submissionId = await repo.applyGrade(tx, answer.id, {
          gradeState: 'graded',
          gradeSource: 'ai',
          score: outcome.score,
          comment: outcome.comment,
          basis: outcome.basis,
        });
        if (submissionId === null) return; // graded by the teacher meanwhile: theirs stands
        await repo.recomputeTotals(tx, submissionId);
        await repo.bumpRun(tx, run.id, 'judged');
      });
    } finally {
      clearInterval(renew);
    }
    // Another worker of the same run may have ended it meanwhile.
    const current = await repo.findRun(deps.db, run.id);
    if (current?.status !== 'running') return;
  }
};

type JudgeOutcome =
  | { kind: 'judged'; score: number; comment: string; basis: string }
  | { kind: 'failed' }
  | { kind: 'stop'; reason: string };

/** One model call for one answer, waiting at the per-user limit; what became of it. */
const judgeOne = async (
  deps: JudgeRunDeps,
  timings: GradingTimings,
  requestedBy: number,
  answer: repo.ClaimedShortAnswer,
): Promise<JudgeOutcome> => {
  const q = answer.question;
  const questionScore = judgeQuestionScore(answer.maxScore || answer.questionScore);
  for (;;) {
    try {
      const result = await judgeOnBehalf({
        llm: deps.llm,
        db: deps.db,
        actor: { userId: requestedBy },
        limits: deps.limits,
        log: deps.log,
        body: {
          question: q.description ? `${q.titleText}\n${q.description}` : q.titleText,
          questionScore,
          questionType: 'ShortAnswer',
          realAnswer: q.answer,
          studentAnswer: answer.answer,
        },
      });
      if (result.needsReview) return { kind: 'failed' };
      const score = Math.min(answer.maxScore, Math.max(0, Math.round(result.score * 10) / 10));
      return { kind: 'judged', score, comment: result.comment, basis: result.basis };
    } catch (error) {
      if (error instanceof AppError && error.code === 429) {
        await sleep(timings.retryMs);
        continue;
      }
      if (error instanceof AppError && error.code === 503) return { kind: 'stop', reason: error.message };
      deps.log.warn({ err: safeError(error), answer: answer.id }, 'AI judge failed on an answer');
      return { kind: 'failed' };
    }
  }
};
