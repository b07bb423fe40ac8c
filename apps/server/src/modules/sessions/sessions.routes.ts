import { SERVICE_BASES, sessionRefresh, verifyResult } from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as sessions from './sessions.service';

const tags = ['session'];

export const sessionRoutes = (app: App, ctx: AppContext) => {
  app.get(
    '/api/login/verify',
    {
      onRequest: ctx.auth.signedIn,
      schema: { tags, summary: 'Check the access token', response: answers(verifyResult) },
    },
    async (request) => ok(sessions.verifySession({ actor: await ctx.auth.require(request) })),
  );

  app.get(
    `${SERVICE_BASES.base}/session/refresh_token`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Current organisation and permission masks of the session',
        response: answers(sessionRefresh),
      },
    },
    async (request) => ok(sessions.refreshSession({ actor: await ctx.auth.require(request) })),
  );

  app.post(
    `${SERVICE_BASES.base}/logout`,
    {
      onRequest: ctx.auth.signedIn,
      schema: { tags, summary: 'Revoke the access token', response: answers(z.null()) },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      await sessions.logout({ db: ctx.db, actor, now: ctx.now() });
      return ok(null);
    },
  );
};
