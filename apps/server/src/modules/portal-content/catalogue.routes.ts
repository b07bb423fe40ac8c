import {
  contentCard,
  courseSystemMatrix,
  courseSystemMatrixQuery,
  courseSystemRow,
  courseSystemsQuery,
  exclusivesParams,
  exclusivesQuery,
  PORTAL_CONTENT_MSG,
  resourcePermit,
  resourcePermitQuery,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './catalogue.service';

const tags = ['portal-content'];
const base = SERVICE_BASES.course;

/** The catalogue calls of portal spec 7 (issue 15), answered from portal content; all public. */
export const portalCatalogueRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/exclusives/school/:schoolId/course_resources`,
    {
      schema: {
        tags,
        summary: 'A school’s exclusive courses: the published course rows of its own site',
        description:
          `ids (a comma list) picks some, in that order; without it all (at most ${service.EXCLUSIVE_LIST_MAX}). ` +
          'An unknown school: 404 学校不存在; a school without a site: [].',
        params: exclusivesParams,
        querystring: exclusivesQuery,
        security: [],
        response: answers(z.array(contentCard)),
      },
    },
    async (request) =>
      ok(
        await service.courseResources({
          db: ctx.db,
          schoolId: request.params.schoolId,
          ids: request.query.ids,
        }),
      ),
  );

  app.get(
    `${base}/exclusives/school/:schoolId/traincases`,
    {
      schema: {
        tags,
        summary: 'A school’s train cases: the published project rows of its own site',
        description: 'As course_resources.',
        params: exclusivesParams,
        querystring: exclusivesQuery,
        security: [],
        response: answers(z.array(contentCard)),
      },
    },
    async (request) =>
      ok(await service.trainCases({ db: ctx.db, schoolId: request.params.schoolId, ids: request.query.ids })),
  );

  app.get(
    `${base}/course_systems`,
    {
      schema: {
        tags,
        summary: 'A school’s published course systems (name and sort)',
        querystring: courseSystemsQuery,
        security: [],
        response: answers(z.array(courseSystemRow)),
      },
    },
    async (request) => ok(await service.courseSystems({ db: ctx.db, schoolId: request.query.school })),
  );

  app.get(
    `${base}/course_system_items/matrix`,
    {
      schema: {
        tags,
        summary: 'A course system’s columns and rows with the published courses of each cell',
        description: `Not a published course system: 404 ${PORTAL_CONTENT_MSG.notFound}.`,
        querystring: courseSystemMatrixQuery,
        security: [],
        response: answers(courseSystemMatrix),
      },
    },
    async (request) => ok(await service.courseSystemMatrix({ db: ctx.db, systemId: request.query.systemId })),
  );

  app.get(
    `${base}/course_system_items/permit/authority`,
    {
      schema: {
        tags,
        summary: 'Whether the asker may open a course, experiment or project (sign-in optional)',
        description:
          `Visitors: permit false ${PORTAL_CONTENT_MSG.needLogin}; a school site’s own resource for someone ` +
          'not of that school: permit false 暂未对您的学校开放. Unknown or unpublished: 404.',
        querystring: resourcePermitQuery,
        security: [],
        response: answers(resourcePermit),
      },
    },
    async (request) =>
      ok(
        await service.resourcePermit({
          db: ctx.db,
          actor: await ctx.auth.optional(request),
          resourceId: request.query.resourceId,
          resourceType: request.query.resourceType,
        }),
      ),
  );
};
