import {
  DATA_SCREEN_SUMMARY_PATH,
  dataCubePermit,
  dataCubeQuery,
  dataScreenQuery,
  dataScreenSummary,
} from '@uplus/shared';
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

  // issue 15: the data cube's address (spec 001 section 7), for the same people as the data screen
  app.get(
    '/api/bigdata/data_cube_configs/college_config/permit',
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "A college's data cube address (the college's leader or administrator only)",
        querystring: dataCubeQuery,
        response: answers(dataCubePermit),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await dataScreen.getDataCubePermit({ db: ctx.db, actor, collegeId: Number(request.query.collegeId) }),
      );
    },
  );
};
