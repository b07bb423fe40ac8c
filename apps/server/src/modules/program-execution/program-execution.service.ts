import { findLanguageDefinition, LANGUAGES } from '@uplus/sandbox';
import {
  PROGRAM_EXECUTION_MSG as PE_MSG,
  PROGRAM_VERDICTS,
  type ProgramLanguage,
  type ProgramStage,
  type ProgramStageResult,
  type ProgramVerdict,
  type SubmitProgramBody,
  type SubmitProgramResult,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { assertUnderLimit, lockForTransaction } from '../../db/rate-limit';
import { runEvaluationJob } from '../../jobs/definitions';
import type { JobQueue } from '../../jobs/queue';
import type { Actor } from '../sessions/actor';
import type { CodeExecutionConfig } from './program-execution.config';
import { assertMayRunCode, canReadEvaluation } from './program-execution.policy';
import * as repo from './program-execution.repo';

const MINUTE_MS = 60_000;

/** What the live code runners offer: languages, or (empty) the reason no code can run now. */
export type LanguagesAnswer = { languages: ProgramLanguage[]; unavailableReason: string | null };

/**
 * Languages of the live runners that can isolate code, in the sandbox table's order. Without any, the list
 * is empty and the reason says why: no runner online, or the runners' hosts cannot isolate code.
 */
export const listLanguages = async (opts: {
  db: Db;
  config: CodeExecutionConfig;
}): Promise<LanguagesAnswer> => {
  const runners = await repo.listLiveRunners(opts.db, opts.config.staleAfterMs);
  const able = runners.filter((r) => r.isolationOk);
  if (runners.length === 0) {
    return { languages: [], unavailableReason: `${PE_MSG.unavailable}（没有在线的代码运行节点）` };
  }
  if (able.length === 0) {
    const reason = runners.find((r) => r.isolationReason)?.isolationReason ?? '无法隔离运行代码';
    return { languages: [], unavailableReason: `${PE_MSG.unavailable}（${reason}）` };
  }
  const offered = new Map<string, ProgramLanguage>();
  for (const runner of able) {
    for (const language of runner.languages)
      if (!offered.has(language.id)) offered.set(language.id, language);
  }
  const order = LANGUAGES.map((l) => l.id);
  const languages = [...offered.values()].sort((a, b) => order.indexOf(a.id) - order.indexOf(b.id));
  return { languages, unavailableReason: null };
};

/**
 * `POST .../programExecution/submit`: stores the evaluation and its cases and queues the run, in one
 * transaction. 403 for students; 400 for a language no live runner offers; 503 when no runner can run code
 * or the queue is full; 429 beyond the user's submits per minute.
 */
export const submitEvaluation = async (opts: {
  db: Db;
  jobs: JobQueue;
  config: CodeExecutionConfig;
  actor: Actor;
  body: SubmitProgramBody;
}): Promise<SubmitProgramResult> => {
  assertMayRunCode(opts.actor);
  const definition = findLanguageDefinition(opts.body.languageId);
  if (!definition) throw AppError.badRequest(PE_MSG.languageUnsupported);
  const { languages, unavailableReason } = await listLanguages(opts);
  if (unavailableReason) throw new AppError(503, unavailableReason);
  if (!languages.some((l) => l.id === definition.id)) throw AppError.badRequest(PE_MSG.languageUnsupported);

  // Before the transaction: on PGlite a query outside it would wait for it to end.
  await opts.jobs.start();
  const { config, body } = opts;
  const result = await opts.db.transaction(async (tx) => {
    await assertUnderLimit(tx, {
      lock: repo.SUBMITS_LOCK,
      limit: config.submitsPerMinute,
      count: () => repo.countRecentSubmits(tx, opts.actor.userId, MINUTE_MS),
      message: PE_MSG.rateLimited,
    });
    if ((await repo.countQueued(tx)) >= config.queueLimit) throw new AppError(503, PE_MSG.busy);
    const evaluationId = await repo.insertEvaluation(tx, {
      userId: opts.actor.userId,
      languageId: definition.id,
      timeLimitMs: body.timeLimit,
      sourceCode: body.sourceCode,
    });
    const caseIds = await repo.insertCases(
      tx,
      evaluationId,
      body.testcases.map((t) => ({ stdin: t.stdin, expectedOutput: t.stdout })),
    );
    await opts.jobs.send(runEvaluationJob, { evaluationId }, { db: tx });
    return {
      evaluationId: String(evaluationId),
      testcases: caseIds.map((id) => ({ testcaseId: String(id) })),
    };
  });
  opts.jobs.wake(runEvaluationJob);
  return result;
};

const ID_RE = /^[0-9]{1,15}$/;

/**
 * `GET .../programExecution/programExecution?evaluationId=`: the stage results so far, in order. 404 for
 * an evaluation that does not exist or belongs to someone else.
 */
export const getEvaluationStages = async (opts: {
  db: Db;
  actor: Actor;
  evaluationId: string;
}): Promise<ProgramStageResult[]> => {
  const id = ID_RE.test(opts.evaluationId) ? Number(opts.evaluationId) : null;
  const evaluation = id === null ? null : await repo.findEvaluation(opts.db, id);
  if (!evaluation || !canReadEvaluation(opts.actor, evaluation)) {
    throw AppError.notFound(PE_MSG.evaluationNotFound);
  }
  const rows = await repo.listStages(opts.db, evaluation.id);
  return rows.map(toStageResult);
};

const isVerdict = (value: string | null): value is ProgramVerdict =>
  value !== null && (PROGRAM_VERDICTS as readonly string[]).includes(value);

/** Shapes a stored stage row for the API. */
export const toStageResult = (row: repo.StageRow): ProgramStageResult => ({
  stage: row.stage as ProgramStage,
  success: row.success,
  message: row.message,
  output: row.output,
  outputQualified: row.outputQualified,
  testcaseId: row.testcaseId === null ? null : String(row.testcaseId),
  timeUsed: row.timeUsed,
  memoryUsed: row.memoryUsed,
  errorOutput: row.errorOutput,
  verdict: isVerdict(row.verdict) ? row.verdict : null,
});

/*
 * Evaluations queued by the system rather than by a teacher's test run (issue 11: a homework's code answers
 * graded on submit). They run through the same queue, runners, limits and fair turns as test runs; the
 * evaluation belongs to the student whose answer it runs (students cannot start test runs, so the
 * per-user submit limit of teachers is untouched, and each student's grading is one user among others in
 * the runners' fair turns).
 */

/** A system evaluation queued: its id and the ids of its cases, in the order given. */
export type QueuedEvaluation = { evaluationId: number; caseIds: number[] };

/**
 * Queues an evaluation for `userId` without the test-run checks (the caller decided it must run): no role
 * check and no per-user submit limit; the queue bound still holds (503 编译服务繁忙 when full). The language
 * must be one the live runners offer (see `listLanguages`).
 */
export const queueSystemEvaluation = async (opts: {
  db: Db;
  jobs: JobQueue;
  config: CodeExecutionConfig;
  userId: number;
  languageId: string;
  timeLimitMs: number;
  sourceCode: string;
  testcases: { stdin: string; stdout: string }[];
}): Promise<QueuedEvaluation> => {
  const definition = findLanguageDefinition(opts.languageId);
  if (!definition) throw AppError.badRequest(PE_MSG.languageUnsupported);
  await opts.jobs.start();
  const result = await opts.db.transaction(async (tx) => {
    // The same lock as submits: the queue bound stays exact.
    await lockForTransaction(tx, repo.SUBMITS_LOCK);
    if ((await repo.countQueued(tx)) >= opts.config.queueLimit) throw new AppError(503, PE_MSG.busy);
    const evaluationId = await repo.insertEvaluation(tx, {
      userId: opts.userId,
      languageId: definition.id,
      timeLimitMs: opts.timeLimitMs,
      sourceCode: opts.sourceCode,
    });
    const caseIds = await repo.insertCases(
      tx,
      evaluationId,
      opts.testcases.map((t) => ({ stdin: t.stdin, expectedOutput: t.stdout })),
    );
    await opts.jobs.send(runEvaluationJob, { evaluationId }, { db: tx });
    return { evaluationId, caseIds };
  });
  opts.jobs.wake(runEvaluationJob);
  return result;
};

/**
 * How a system evaluation stands: finished (complete or failed) or not, and its stage rows so far. Null when
 * it does not exist (deleted).
 */
export const systemEvaluationOutcome = async (opts: {
  db: Db;
  evaluationId: number;
}): Promise<{ finished: boolean; status: repo.EvaluationStatus; stages: ProgramStageResult[] } | null> => {
  const evaluation = await repo.findEvaluation(opts.db, opts.evaluationId);
  if (!evaluation) return null;
  const status = evaluation.status as repo.EvaluationStatus;
  const finished = status === 'complete' || status === 'failed';
  // Read after the status: a finished evaluation's final row was written with (or before) its status.
  const rows = finished ? await repo.listStages(opts.db, evaluation.id) : [];
  return { finished, status, stages: rows.map(toStageResult) };
};
