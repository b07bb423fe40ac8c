import {
  markMessagesReadBody,
  markMessagesReadResult,
  messageCounts,
  messagePage,
  messagesQuery,
  notice,
  noticePage,
  noticeParams,
  noticesQuery,
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
};
