import {
  AI_LIMITS,
  aiStreamEvent,
  generateDraftBody,
  judgeBody,
  judgeResult,
  SERVICE_BASES,
  stopTaskAppType,
  stopTaskParams,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, errorEnvelope, ok } from '../../http/envelope';
import { createAiTasks } from '../../llm/tasks';
import * as service from './ai.service';
import { openEventStream } from './sse';

const tags = ['ai'];
const base = `${SERVICE_BASES.course}/ai`;

/** The AI question draft (streamed), stopping it, and the AI judge (spec 000 sections 3.4, 5.3, 5.4, 7). */
export const aiRoutes = (app: App, ctx: AppContext) => {
  const tasks = createAiTasks({ bus: ctx.notifications });
  // Before the server waits for its connections: running streams end now.
  app.addHook('preClose', async () => tasks.close());

  app.post(
    `${base}/generate_questions/sse`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Stream a question draft (teachers and business users)',
        description:
          'Answers `text/event-stream`: lines `data: {"event":"message","answer":"<delta>","taskId":"<id>"}`, ' +
          '`data: {"event":"error","answer":"<reason>","taskId":"<id>"}` on failure, then the end. Errors ' +
          'before the stream starts (400, 401, 403, 503 AI服务未配置, 429 beyond the user’s model calls per ' +
          'minute (AI_RATE_LIMIT_PER_MINUTE) or streams at once (AI_STREAMS_PER_USER)) answer the usual envelope.',
        body: generateDraftBody,
        response: {
          200: aiStreamEvent.describe('each event of the stream (text/event-stream)'),
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.require(request);
      const deps = { llm: ctx.llm, db: ctx.db, tasks, actor, limits: ctx.config.llm, log: request.log };
      const call = await service.prepareDraft(deps);
      const stream = openEventStream(reply);
      await service.streamDraft({ ...deps, body: request.body, stream, call });
    },
  );

  app.post(
    `${base}/tasks/:taskId/stop`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Stop an own running draft stream, on whichever server instance holds it',
        description:
          'appType generate-questions-sse (body or query). Stopping a finished task, or one of another ' +
          'user, changes nothing.',
        params: stopTaskParams,
        querystring: stopTaskAppType,
        body: stopTaskAppType.nullish(),
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      await service.stopTask({ tasks, actor, taskId: request.params.taskId });
      return ok(null);
    },
  );

  app.post(
    `${base}/judge_questions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Score a short-answer or programming answer against the reference (teachers, business users)',
        description:
          `Texts at most ${AI_LIMITS.maxTextLength} characters; questionScore an integer ` +
          `${AI_LIMITS.minQuestionScore} to ${AI_LIMITS.maxQuestionScore}. A whitespace-only student answer ` +
          'scores 0 without the model. The score is held to 0..questionScore with one decimal; a model score out ' +
          'of range or not a number is held (0 for a non-number), marked needsReview with rawScore and ' +
          'reviewReason, and logged as a warning. ' +
          '502 AI判题失败：<reason> when the model fails; 503 AI服务未配置 without a model; 429 ' +
          'AI请求过于频繁，请稍后再试 beyond the user’s model calls per minute.',
        body: judgeBody,
        response: answers(judgeResult),
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.require(request);
      const gone = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) gone.abort();
      });
      return ok(
        await service.judge({
          llm: ctx.llm,
          db: ctx.db,
          actor,
          body: request.body,
          limits: ctx.config.llm,
          signal: gone.signal,
          log: request.log,
        }),
      );
    },
  );
};
