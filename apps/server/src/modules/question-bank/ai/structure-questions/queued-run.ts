import type { StageResult } from '@uplus/sandbox';
import { isEvaluationFinished, type ProgramStageResult } from '@uplus/shared';
import type { Db } from '../../../../db/client';
import type { JobQueue } from '../../../../jobs/queue';
import type { CodeExecutionConfig } from '../../../program-execution/program-execution.config';
import * as programExecution from '../../../program-execution/program-execution.service';
import type { Actor } from '../../../sessions/actor';
import type { ReferenceRun } from './reference';

/** How long a reference run may take through the queue before it counts as not run. */
export const QUEUED_REFERENCE_TIMEOUT_MS = 120_000;
const POLL_MS = 200;

/**
 * Runs a reference solution through the code-execution service (spec 000 section 7 programExecution): the
 * same queue, code runners, limits and rate limit as a teacher's test run, so API-only servers work and the
 * runs count against the queue bound. The stage rows come back with the cases' positions (1, 2, ...) as
 * testcaseIds. A refusal (busy, no runner, rate limit) or a timeout is a PREPROCESS failure: not run.
 */
export const queuedReferenceRun =
  (deps: {
    db: Db;
    jobs: JobQueue;
    config: CodeExecutionConfig;
    actor: Actor;
    timeoutMs?: number;
  }): ReferenceRun =>
  async (request) => {
    const notRun = (message: string): StageResult[] => [
      {
        stage: 'PREPROCESS',
        success: false,
        message,
        output: null,
        outputQualified: null,
        testcaseId: null,
        timeUsed: null,
      },
    ];
    let submitted: Awaited<ReturnType<typeof programExecution.submitEvaluation>>;
    try {
      submitted = await programExecution.submitEvaluation({
        db: deps.db,
        jobs: deps.jobs,
        config: deps.config,
        actor: deps.actor,
        body: {
          sourceCode: request.sourceCode,
          languageId: request.languageId,
          timeLimit: Number(request.timeLimit),
          testcases: request.testcases.map((c) => ({ stdin: c.stdin, stdout: c.stdout })),
        },
      });
    } catch (error) {
      return notRun((error as Error).message);
    }
    const position = new Map(submitted.testcases.map((c, i) => [c.testcaseId, String(i + 1)]));
    const deadline = Date.now() + (deps.timeoutMs ?? QUEUED_REFERENCE_TIMEOUT_MS);
    for (;;) {
      const stages: ProgramStageResult[] = await programExecution.getEvaluationStages({
        db: deps.db,
        actor: deps.actor,
        evaluationId: submitted.evaluationId,
      });
      if (isEvaluationFinished(stages)) {
        return stages.map((s) => ({
          stage: s.stage,
          success: s.success,
          message: s.message,
          output: s.output,
          outputQualified: s.outputQualified,
          testcaseId: s.testcaseId === null ? null : (position.get(s.testcaseId) ?? null),
          timeUsed: s.timeUsed,
          ...(s.verdict ? { verdict: s.verdict } : {}),
          ...(s.errorOutput ? { errorOutput: s.errorOutput } : {}),
        }));
      }
      if (Date.now() > deadline) return notRun('参考答案运行超时，请稍后重试');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  };
