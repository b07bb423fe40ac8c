import {
  markMessagesReadBody,
  markMessagesReadResult,
  messageCounts,
  messagePage,
  messagesQuery,
  SERVICE_BASES,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as messages from './messages.service';

const tags = ['messages'];
const qmn = SERVICE_BASES.qmn;

/** The caller's messages under the qmn service (spec 001 section 7 Messages). */
export const messageRoutes = (app: App, ctx: AppContext) => {
  app.post(
    `${qmn}/c/messages`,
    {
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
      schema: {
        tags,
        summary: "Marks the caller's messages read (the listed ones, or all)",
        body: markMessagesReadBody,
        response: answers(markMessagesReadResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await messages.markMyMessagesRead({ db: ctx.db, actor, body: request.body, now: ctx.now() }));
    },
  );
};
