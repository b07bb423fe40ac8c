import {
  FAVOURITES_MSG,
  favouriteBody,
  favouriteCreated,
  favouriteIdParams,
  favouriteListQuery,
  favouritePage,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './favourites.service';

const tags = ['favourites'];
const base = SERVICE_BASES.ourea;

/** 我的收藏 (issue 14): a job seeker's favourite positions and companies. */
export const favouriteRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/favorites`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The asker’s favourites of one kind (job cards or company cards), newest first, 10 a page',
        querystring: favouriteListQuery,
        response: answers(favouritePage),
      },
    },
    async (request) =>
      ok(await service.listFavourites({ ctx, actor: await ctx.auth.require(request), query: request.query })),
  );
  app.post(
    `${base}/favorites`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Favourite a position or a company (twice: the same favourite)',
        description: `Unknown target: 404 ${FAVOURITES_MSG.occupationNotFound} / ${FAVOURITES_MSG.companyNotFound}. An offline position: 400 ${FAVOURITES_MSG.occupationOffline}.`,
        body: favouriteBody,
        response: answers(favouriteCreated),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return {
        ...ok(await service.addFavourite({ db: ctx.db, actor, body: request.body })),
        message: FAVOURITES_MSG.favourited,
      };
    },
  );
  app.delete(
    `${base}/favorites/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Cancel one of the asker’s favourites',
        description: `Another user’s or an unknown id: 404 ${FAVOURITES_MSG.notFound}.`,
        params: favouriteIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      await service.removeFavourite({ db: ctx.db, actor, id: request.params.id });
      return { ...ok(null), message: FAVOURITES_MSG.canceled };
    },
  );
};
