import {
  organModule,
  organModulesQuery,
  organPermissions,
  organPermissionsQuery,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as organisations from './organisations.service';

const tags = ['organisations'];

export const organisationRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${SERVICE_BASES.base}/organ/permissions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "Permissions (key -> value) of the caller's organisation or one of its ancestors",
        querystring: organPermissionsQuery,
        response: answers(organPermissions),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await organisations.getOrganisationPermissions({
          db: ctx.db,
          actor,
          collegeId: request.query.collegeId,
        }),
      );
    },
  );

  app.get(
    `${SERVICE_BASES.base}/organ/modules`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: "Modules of the caller's organisation",
        querystring: organModulesQuery,
        response: answers(z.array(organModule)),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await organisations.getMyOrganisationModules({ db: ctx.db, actor }));
    },
  );
};
