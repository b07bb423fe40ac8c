import { DATA_SCREEN_SUMMARY_PATH, dataScreenQuery, dataScreenSummary } from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as dataScreen from './data-screen.service';

const tags = ['data-screen'];

/** The built-in data screen's figures (spec 001 section 5: college leaders only). */
export const dataScreenRoutes = (app: App, ctx: AppContext) => {
  app.get(
    DATA_SCREEN_SUMMARY_PATH,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A college's figures for its data screen (the college's leader or administrator only)",
        querystring: dataScreenQuery,
        response: answers(dataScreenSummary),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await dataScreen.getDataScreenSummary({ db: ctx.db, actor, query: request.query, now: ctx.now() }),
      );
    },
  );
};
