import {
  appConfig,
  appConfigQuery,
  areaCodeParam,
  areaWebsiteConfig,
  collegeCodeParam,
  collegeConfigPair,
  collegeConfigQuery,
  collegeInfo,
  SERVICE_BASES,
  schoolCodeParam,
  schoolInfo,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as site from './site.service';

const tags = ['site'];

/** Public site configuration: app config, college pairs, school, college and area records. */
export const siteRoutes = (app: App, ctx: AppContext) => {
  app.get(
    '/get_appconfig',
    {
      schema: {
        tags,
        summary: 'App config of the deployment chosen by host name, DEPLOYMENT_CODE or the default',
        querystring: appConfigQuery,
        response: answers(appConfig),
      },
    },
    async (request, reply) => {
      const actor = await ctx.auth.optional(request);
      const config = await site.getAppConfig({
        db: ctx.db,
        host: request.hostname,
        deploymentCode: ctx.config.deploymentCode,
        actor,
      });
      reply.header('cache-control', 'no-store');
      return ok(config);
    },
  );

  app.get(
    `${SERVICE_BASES.base}/config/college`,
    {
      schema: {
        tags,
        summary: 'Configuration pairs of a code; they overwrite the app config',
        querystring: collegeConfigQuery,
        response: answers(z.array(collegeConfigPair)),
      },
    },
    async (request) => ok(await site.getCollegeConfig({ db: ctx.db, code: request.query.param })),
  );

  app.get(
    `${SERVICE_BASES.base}/schools/:schoolCode`,
    { schema: { tags, summary: 'School record', params: schoolCodeParam, response: answers(schoolInfo) } },
    async (request) => ok(await site.getSchool({ db: ctx.db, code: request.params.schoolCode })),
  );

  app.get(
    `${SERVICE_BASES.base}/colleges/:code`,
    {
      schema: {
        tags,
        summary: 'College record (its id is the organisation id)',
        params: collegeCodeParam,
        response: answers(collegeInfo),
      },
    },
    async (request) => ok(await site.getCollege({ db: ctx.db, code: request.params.code })),
  );

  app.get(
    `${SERVICE_BASES.portal}/website_configs/:code`,
    {
      schema: {
        tags,
        summary: 'Area site configuration',
        params: areaCodeParam,
        response: answers(areaWebsiteConfig),
      },
    },
    async (request) => ok(await site.getAreaWebsiteConfig({ db: ctx.db, code: request.params.code })),
  );
};
