import {
  ASSISTANT_BASE,
  assistantContext,
  assistantContextQuery,
  assistantCourseParams,
  assistantMessage,
  chatBody,
  conversation,
  conversationIdParams,
  conversationListQueryWithUser,
  courseUsage,
  mentorConsent,
  messageIdParams,
  messageListQuery,
  rejoinQuery,
  renameConversationBody,
  usageQuery,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, errorEnvelope, ok } from '../../http/envelope';
import { openEventStream } from '../question-bank/sse';
import { assistantFileRoutes } from './assistant-files.routes';
import * as service from './assistants.service';
import { createAssistantRunner } from './chat-runner';
import { knowledgeRoutes } from './knowledge.routes';

const tags = ['assistants'];
const base = ASSISTANT_BASE;

const page = <T extends z.ZodType>(row: T) => z.object({ rows: z.array(row), total: z.number().int() });

/** What every scene check may answer (GET /context, POST /chat). */
const SCENE_ERRORS =
  '400 请在课程中使用AI助手 (course scenes without courseId), 请在实验、实训或课件页面中使用AI助手 (DoExperiment, ' +
  'DoPractice, PreviewCourseware without contentId); 403 当前机构未开通AI助手 (organisation qabot ≠ 2), 你不是该课程的成员, ' +
  '暂无权限 (wrong role in the course: CourseQA/ExerciseAnswer/HomeworkAnswer need a Student member, TeacherQA ' +
  'the course’s teacher; CareerMentorQA: students of an organisation with qabot = 2 only); 404 内容不存在或未发布 ' +
  '(the catalogue item is not published).';

/**
 * The AI assistants (issue 16; portal spec 2.15, 3, 6, 7; career spec 6): the permission context,
 * conversations, the chat stream (answers written by a server-side task), rejoining and stopping answers,
 * the course's usage figures and the career mentor's consent. Also registers the uploads' and the
 * knowledge base's routes.
 */
export const assistantRoutes = (app: App, ctx: AppContext) => {
  const runner = createAssistantRunner({
    db: ctx.db,
    llm: ctx.llm,
    bus: ctx.notifications,
    log: app.log,
    now: ctx.now,
  });
  // Before the server waits for its connections: running answers end (as interrupted), followers close.
  app.addHook('preClose', async () => runner.close());
  const limits = () => ctx.config.assistant ?? service.DEFAULT_ASSISTANT_CONFIG;

  app.get(
    `${base}/context`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The assistant permission context of a scene (spec 3)',
        description: `hasKnowledge: the course has indexed passages; remaining: today's questions left. ${SCENE_ERRORS}`,
        querystring: assistantContextQuery,
        response: answers(assistantContext),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.getContext({
          db: ctx.db,
          actor,
          query: request.query,
          limits: limits(),
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${base}/conversations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The user’s conversations of a scene (and course or item), newest first',
        description:
          'Own conversations only. With userId (another user): a course’s teacher lists a student’s conversations ' +
          'of the course (CourseQA, ExerciseAnswer, HomeworkAnswer with courseId) when ' +
          'ASSISTANT_TEACHER_READS_CONVERSATIONS is on; 403 暂无权限 otherwise. answering: an answer is being written.',
        querystring: conversationListQueryWithUser,
        response: answers(page(conversation)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.listConversations({ db: ctx.db, actor, limits: limits(), query: request.query }),
      );
    },
  );

  app.patch(
    `${base}/conversations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Rename an own conversation',
        description: `400 请输入会话名称, 会话名称最多40个字; 404 会话不存在或已删除 (someone else’s too).`,
        params: conversationIdParams,
        body: renameConversationBody,
        response: answers(conversation),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.renameConversation({
          db: ctx.db,
          actor,
          id: request.params.id,
          title: request.body.title,
        }),
      );
    },
  );

  app.delete(
    `${base}/conversations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete an own conversation with its messages (a running answer is stopped)',
        description: '404 会话不存在或已删除 (someone else’s too).',
        params: conversationIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      await service.deleteConversation({ db: ctx.db, actor, id: request.params.id, runner });
      return ok(null);
    },
  );

  app.get(
    `${base}/conversations/:id/messages`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of a conversation’s messages: page 1 the newest, oldest first within a page',
        description:
          'An answer still Streaming whose heartbeat is older than 30 s reads as Failed 回答中断，请重新提问 (and is ' +
          'saved so). 404 会话不存在或已删除 (someone else’s, unless a teacher may read it: see the list).',
        params: conversationIdParams,
        querystring: messageListQuery,
        response: answers(page(assistantMessage)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.listMessages({
          db: ctx.db,
          actor,
          limits: limits(),
          id: request.params.id,
          query: request.query,
        }),
      );
    },
  );

  app.post(
    `${base}/chat`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Ask a question; the answer streams back (text/event-stream of ChatEvent)',
        description:
          'Each event one `data: <json>` line: `meta` {conversationId, messageId, userMessageId, taskId, title}, then ' +
          '`citations` (knowledge on and allowed in the scene; possibly []), then `message` {answer: delta, offset: ' +
          'length after it} (with replace: true the answer is the whole text, replacing what was shown: the homework ' +
          'guard), then `done` {status Done|Stopped|Failed, diagram, error}. The answer is written by a task on the ' +
          'server: a client that goes away does not stop it (GET messages/{id}/stream rejoins). Errors before the ' +
          `stream answer the envelope: 400 (validation: 请输入问题, 问题最多4000字, 最多上传3个文件, 场景不正确, 对话类型不正确; ` +
          '会话与当前场景不一致; the files’ own), 403 当前身份不能使用该功能 (chat type of another audience, teacher task ' +
          'outside TeacherQA or with another chat type), 当前机构未开通课程分析, 当前机构未开通智能判题; 404 会话不存在或已删除; ' +
          '409 上一个问题还在回答中，请稍候; 429 今日提问次数已用完，请明天再来 (ASSISTANT_USER_DAILY), ' +
          `本课程今日的AI提问次数已用完，请明天再来 (ASSISTANT_COURSE_DAILY); 503 AI服务未配置. ${SCENE_ERRORS}`,
        body: chatBody,
        response: {
          200: z.unknown().describe('text/event-stream of ChatEvent'),
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const requestAt = Date.now();
      const actor = await ctx.auth.require(request);
      const admitted = await service.ask({
        db: ctx.db,
        llm: ctx.llm,
        actor,
        body: request.body,
        limits: limits(),
        runner,
        now: ctx.now(),
        requestAt,
      });
      const stream = openEventStream(reply);
      stream.send(admitted.meta);
      await runner.follow({
        messageId: admitted.meta.messageId,
        offset: 0,
        stream,
        citations: admitted.knowledge,
      });
    },
  );

  app.get(
    `${base}/messages/:id/stream`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Rejoin an answer (any instance): its text from offset on, then live deltas, then done',
        description:
          'text/event-stream: one `message` with the text from offset up to now (when there is any), then `message` ' +
          'deltas, then `done` (at once when the answer has ended). 404 消息不存在 (someone else’s, or a question).',
        params: messageIdParams,
        querystring: rejoinQuery,
        response: {
          200: z.unknown().describe('text/event-stream of ChatEvent'),
          '4xx': errorEnvelope,
          '5xx': errorEnvelope,
        },
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.require(request);
      await service.assertOwnAnswer({ db: ctx.db, actor, id: request.params.id });
      const stream = openEventStream(reply);
      await runner.follow({
        messageId: request.params.id,
        offset: request.query.offset,
        stream,
        citations: false,
      });
    },
  );

  app.post(
    `${base}/messages/:id/stop`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Stop an own answer wherever it runs; answers the message once it has ended',
        description:
          'The text so far is kept, status Stopped (error 已停止回答). A finished answer is answered as it is. ' +
          '404 消息不存在 (someone else’s, or a question).',
        params: messageIdParams,
        response: answers(assistantMessage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.stopAnswer({ db: ctx.db, actor, id: request.params.id, runner }));
    },
  );

  app.get(
    `${base}/:courseId/usage`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The students’ use of the assistant in a course (figures only) for the course’s teachers',
        description:
          'The last `days` days (today included, China time): questions and asking users per day, the total, the ' +
          'students who asked, questions per chat type; conversationsVisible: ASSISTANT_TEACHER_READS_CONVERSATIONS. ' +
          '403 暂无权限 for anyone but the course’s teachers.',
        params: assistantCourseParams,
        querystring: usageQuery,
        response: answers(courseUsage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.courseUsage({
          db: ctx.db,
          actor,
          courseId: request.params.courseId,
          days: request.query.days,
          limits: limits(),
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${base}/mentor/consent`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Whether the career mentor may read the student’s resume, intention and deliveries',
        description: '403 暂无权限 for anyone but students.',
        response: answers(mentorConsent),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getConsent({ db: ctx.db, actor }));
    },
  );

  app.put(
    `${base}/mentor/consent`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Give or take back the career mentor’s consent',
        description: '403 暂无权限 for anyone but students.',
        body: mentorConsent,
        response: answers(mentorConsent),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.setConsent({ db: ctx.db, actor, granted: request.body.granted }));
    },
  );

  assistantFileRoutes(app, ctx);
  knowledgeRoutes(app, ctx);
};
