import {
  EMPLOYER_MSG,
  INTERNSHIPS_MSG,
  JOBS_MSG,
  jobCardPage,
  jobCardsQuery,
  myOccupation,
  myOccupationPage,
  myOccupationsQuery,
  namesQuery,
  occupationBody,
  occupationDetail,
  occupationNames,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { numericId } from '../employer/employer.routes';
import * as service from './occupations.service';

const tags = ['jobs'];
const base = SERVICE_BASES.ourea;
const idParams = z.object({ id: z.string() });
const employerOnly = `Non-business users 403 ${INTERNSHIPS_MSG.businessOnly}; no company yet 403 ${INTERNSHIPS_MSG.companyRequired}; another company’s position 404 ${JOBS_MSG.occupationNotFound}.`;
const checked = `Checked in this order: name (${EMPLOYER_MSG.nameRequired}), nature, salaries (min ≤ max; 999 = 面议), city (${EMPLOYER_MSG.cityRequired} / ${EMPLOYER_MSG.cityUnknown}), degree, skills, description ≤ 2000, address ≤ 100. The address is geocoded on save (no point when not found).`;

/** Positions (issue 14): the employer's 职位管理 and what job seekers read. */
export const occupationRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/recruitment_occupations/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The company’s positions (职位管理), newest first',
        description: employerOnly,
        querystring: myOccupationsQuery,
        response: answers(myOccupationPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageMyOccupations({ db: ctx.db, actor, query: request.query }));
    },
  );

  app.post(
    `${base}/recruitment_occupations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create a position (offline until put online)',
        description: `${employerOnly} ${checked}`,
        body: occupationBody,
        response: answers(myOccupation),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const saved = await service.createMyOccupation({ ctx, actor, body: request.body });
      return { ...ok(saved), message: EMPLOYER_MSG.saved };
    },
  );

  app.put(
    `${base}/recruitment_occupations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Update a position',
        description: `${employerOnly} ${checked}`,
        params: idParams,
        body: occupationBody,
        response: answers(myOccupation),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const id = numericId(request.params.id, JOBS_MSG.occupationNotFound);
      const saved = await service.updateMyOccupation({ ctx, actor, id, body: request.body });
      return { ...ok(saved), message: EMPLOYER_MSG.saved };
    },
  );

  for (const online of [true, false]) {
    const route = { method: online ? ('PUT' as const) : ('DELETE' as const) };
    app.route({
      ...route,
      url: `${base}/recruitment_occupations/:id/online`,
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: online ? 'Put a position online (approvalAt = now)' : 'Take a position offline',
        description: employerOnly,
        params: idParams,
        response: answers(myOccupation),
      },
      handler: async (request) => {
        const actor = await ctx.auth.require(request);
        const id = numericId(request.params.id, JOBS_MSG.occupationNotFound);
        const saved = await service.setMyOccupationOnline({ db: ctx.db, actor, id, online, now: ctx.now() });
        return { ...ok(saved), message: online ? EMPLOYER_MSG.onlined : EMPLOYER_MSG.offlined };
      },
    });
  }

  app.get(
    `${base}/recruitment_occupations`,
    {
      schema: {
        tags,
        summary: 'Online positions as job cards (public), newest approvalAt first',
        description: 'search: part of the name; cityCode, jobNature, companyId filter.',
        querystring: jobCardsQuery,
        response: answers(jobCardPage),
      },
    },
    async (request) => ok(await service.pageJobCards({ ctx, query: request.query })),
  );

  app.get(
    `${base}/recruitment_occupations/names`,
    {
      schema: {
        tags,
        summary: 'Position autocomplete (public): online positions whose name contains search, at most 10',
        querystring: namesQuery,
        response: answers(occupationNames),
      },
    },
    async (request) => ok(await service.occupationNamesOf({ db: ctx.db, query: request.query })),
  );

  app.get(
    `${base}/recruitment_occupations/:id`,
    {
      schema: {
        tags,
        summary: 'A position’s detail (public; favorite, record and feedBack for the signed-in asker)',
        description: `Unknown id 404 ${JOBS_MSG.occupationNotFound}. Offline (onlined No): description and address '' and location null.`,
        params: idParams,
        response: answers(occupationDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.optional(request);
      const id = numericId(request.params.id, JOBS_MSG.occupationNotFound);
      return ok(await service.occupationDetailOf({ ctx, userId: actor?.userId ?? null, id }));
    },
  );
};
