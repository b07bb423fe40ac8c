import { generateQuestionsBody, generateQuestionsResult, SERVICE_BASES } from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import type { JobQueue } from '../../jobs/queue';
import type { CodeExecutionConfig } from '../program-execution/program-execution.config';
import { structureQuestions } from './ai/structure-questions';
import { queuedReferenceRun } from './ai/structure-questions/queued-run';
import { type ReferenceRun, sandboxReferenceRun } from './ai/structure-questions/reference';
import { admitModelCall } from './ai.service';
import { assertMaySetQuestions } from './question-bank.policy';

/** `POST /api/course/ai/generate_questions`: the streamed draft into checked questions (spec 000 3.3, 7). */
/**
 * Reference solutions run through the code-execution queue when it is given (as `buildApp` does: the same
 * runners, limits and rate limit as test runs), else in this process's sandbox; tests may pass their own.
 */
export type GenerateQuestionsDeps = {
  jobs?: JobQueue;
  codeExecution?: CodeExecutionConfig;
  runReference?: ReferenceRun;
};

export const generateQuestionsRoutes = (app: App, ctx: AppContext, deps: GenerateQuestionsDeps = {}) => {
  app.post(
    `${SERVICE_BASES.course}/ai/generate_questions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags: ['ai'],
        summary: 'Structure a generated draft into questions; coding questions are checked in the sandbox',
        description:
          'The model answers JSON under a schema; broken answers are re-asked (at most 2), questions that fail ' +
          'the editor rules or whose reference solution disagrees with their test cases are re-asked once, then ' +
          'flagged with failureMsg. Unusable answers: 502 AI出题失败：<reason>. No model configured: 503 AI服务未配置. ' +
          'Beyond the user’s model calls per minute: 429 AI请求过于频繁，请稍后再试. ' +
          'Clients wait up to 10 minutes.',
        body: generateQuestionsBody,
        response: answers(generateQuestionsResult),
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.require(request);
      assertMaySetQuestions(actor);
      // A client that gives up stops the model request too.
      const controller = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) controller.abort();
      });
      return ok(
        await structureQuestions({
          llm: ctx.llm,
          body: request.body,
          runReference:
            deps.runReference ??
            (deps.jobs && deps.codeExecution
              ? queuedReferenceRun({ db: ctx.db, jobs: deps.jobs, config: deps.codeExecution, actor })
              : sandboxReferenceRun),
          signal: controller.signal,
          admit: () =>
            admitModelCall({ llm: ctx.llm, db: ctx.db, actor, kind: 'structure', limits: ctx.config.llm }),
        }),
      );
    },
  );
};
