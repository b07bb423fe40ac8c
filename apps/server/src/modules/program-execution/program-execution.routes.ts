import {
  PROGRAM_EXECUTION_LIMITS,
  programExecutionQuery,
  programLanguage,
  programStageResult,
  SERVICE_BASES,
  submitProgramBody,
  submitProgramResult,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import type { JobQueue } from '../../jobs/queue';
import type { CodeExecutionConfig } from './program-execution.config';
import * as service from './program-execution.service';

const tags = ['programExecution'];
const base = `${SERVICE_BASES.course}/programExecution`;
const L = PROGRAM_EXECUTION_LIMITS;

/** Test runs of coding questions (spec 000 sections 4, 5.2, 7). */
export const programExecutionRoutes = (
  app: App,
  ctx: AppContext,
  deps: { jobs: JobQueue; config: CodeExecutionConfig },
) => {
  app.get(
    `${base}/languages`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Languages the code runners can run now',
        description:
          'Only languages whose toolchain is present on a live code runner that can isolate code. When no ' +
          'code can run (no runner online, or its host cannot isolate code), the list is empty and `message` ' +
          'says why.',
        response: answers(z.array(programLanguage)),
      },
    },
    async (request) => {
      await ctx.auth.require(request);
      const { languages, unavailableReason } = await service.listLanguages({
        db: ctx.db,
        config: deps.config,
      });
      return unavailableReason ? { ...ok(languages), message: unavailableReason } : ok(languages);
    },
  );

  app.post(
    `${base}/submit`,
    {
      onRequest: ctx.auth.signedIn,
      bodyLimit: L.maxRequestBytes,
      schema: {
        tags,
        summary: 'Queue a test run of a program against test cases (teachers and business users)',
        description:
          `Limits: source code ${L.maxSourceBytes / 1024} KB, ${L.maxTestcases} test cases, ` +
          `${L.maxInputBytes / 1024 / 1024} MB input and ${L.maxExpectedOutputBytes / 1024 / 1024} MB expected ` +
          `output per case, ${L.maxRequestBytes / 1024 / 1024} MB per request (413 beyond), time limit ` +
          `${L.minTimeLimitMs} to ${L.maxTimeLimitMs} ms per case, ${deps.config.submitsPerMinute} submits per ` +
          'user and minute (429 beyond). 503 编译服务繁忙，请稍后重试 when the queue is full. Each case ' +
          'runs with 256 MB of memory and may print at most 1 MB.',
        body: submitProgramBody,
        response: answers(submitProgramResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.submitEvaluation({
          db: ctx.db,
          jobs: deps.jobs,
          config: deps.config,
          actor,
          body: request.body,
        }),
      );
    },
  );

  app.get(
    `${base}/programExecution`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Stage results of an own test run so far (poll once a second)',
        querystring: programExecutionQuery,
        response: answers(z.array(programStageResult)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.getEvaluationStages({ db: ctx.db, actor, evaluationId: request.query.evaluationId }),
      );
    },
  );
};
