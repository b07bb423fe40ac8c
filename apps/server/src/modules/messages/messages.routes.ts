import {
  courseNotice,
  courseNoticePage,
  courseNoticeParams,
  courseNoticesQuery,
  markMessagesReadBody,
  markMessagesReadResult,
  messageCounts,
  messagePage,
  messagesQuery,
  notice,
  noticePage,
  noticeParams,
  noticesQuery,
  publishCourseNoticeBody,
  SERVICE_BASES,
  smallBellQuery,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as messages from './messages.service';

const tags = ['messages'];
const qmn = SERVICE_BASES.qmn;

/** The caller's messages and notices under the qmn service (spec 001 section 7 Messages). */
export const messageRoutes = (app: App, ctx: AppContext) => {
  app.post(
    `${qmn}/c/messages`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A page of the caller's messages, newest first (paging in the query)",
        querystring: messagesQuery,
        response: answers(messagePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.pageMyMessages({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.post(
    `${qmn}/c/counts`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "The caller's unread messages, in all and per kind",
        response: answers(messageCounts),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.countMyUnread({ db: ctx.db, actor }));
    },
  );

  app.patch(
    `${qmn}/noticeMemberStatus`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "Marks the caller's messages read (the listed ones, or all) and the notices they opened",
        body: markMessagesReadBody,
        response: answers(markMessagesReadResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.markMyMessagesRead({ db: ctx.db, actor, body: request.body, now: ctx.now() }));
    },
  );

  app.get(
    `${qmn}/notices`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A page of the caller's notices, read or not, newest first",
        querystring: noticesQuery,
        response: answers(noticePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.pageMyNotices({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.get(
    `${qmn}/notices/smallBell`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A page of the caller's unread notices of a genre (Course unless given), newest first",
        querystring: smallBellQuery,
        response: answers(noticePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.pageMyUnreadNotices({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.get(
    `${qmn}/notices/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "One of the caller's notices (404 for any other)",
        params: noticeParams,
        response: answers(notice),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.getMyNotice({ db: ctx.db, actor, params: request.params }));
    },
  );

  // issue 11 (courses-web): a course's teacher publishes notices to its students and lists them
  app.post(
    `${qmn}/courses/:courseId/notices`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "Publish a notice to every student of one of the caller's courses",
        description:
          'Title (请输入通知标题, at most 100) and content (请输入通知内容, at most 5000) required. A course without ' +
          'students: 400. Another teacher’s course, a student, or no such course: 404 课程不存在.',
        params: courseNoticeParams,
        body: publishCourseNoticeBody,
        response: answers(courseNotice),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await messages.publishMyCourseNotice({
          db: ctx.db,
          actor,
          params: request.params,
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${qmn}/courses/:courseId/notices`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A page of the notices of one of the caller's courses, newest first, with read counts",
        description: 'Another teacher’s course, a student, or no such course: 404 课程不存在.',
        params: courseNoticeParams,
        querystring: courseNoticesQuery,
        response: answers(courseNoticePage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await messages.pageMyCourseNotices({
          db: ctx.db,
          actor,
          params: request.params,
          query: request.query,
        }),
      );
    },
  );
};
