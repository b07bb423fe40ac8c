import {
  EMPLOYER_MSG,
  employerGroupParams,
  groupRecruitment,
  INTERNSHIPS_MSG,
  internOccupationDetail,
  internProgramDetail,
  internProgramPage,
  internProgramsQuery,
  JOBS_MSG,
  managedInternOccupation,
  occupationBody,
  recruitmentBody,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { numericId } from '../employer/employer.routes';
import * as service from './programs.service';

const tags = ['jobs'];
const base = SERVICE_BASES.ourea;
const idParams = z.object({ id: z.string() });
const organiserOnly = `Non-business users 403 ${INTERNSHIPS_MSG.businessOnly}; another company’s group 404 ${INTERNSHIPS_MSG.groupNotFound}.`;
const positionOnly = `Non-business users 403; another company’s position 404 ${EMPLOYER_MSG.internOccupationNotFound}. Validation as recruitment positions.`;

/** Internship programmes (issue 14): the organiser's recruitment toggle and positions, the public pages. */
export const programRoutes = (app: App, ctx: AppContext) => {
  app.put(
    `${base}/internship_groups/:groupId/recruitment`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish a group as an internship programme (Online) or take it down (Offline: deleted Yes)',
        description: `${organiserOnly} Online without positions 400 ${EMPLOYER_MSG.programNeedsOccupation}; a finished group 400 ${INTERNSHIPS_MSG.groupAlreadyFinished}.`,
        params: employerGroupParams,
        body: recruitmentBody,
        response: answers(groupRecruitment),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const saved = await service.setRecruitment({
        ctx,
        actor,
        groupId: Number(request.params.groupId),
        body: request.body,
      });
      return {
        ...ok(saved),
        message: saved.recruitState === 'Online' ? EMPLOYER_MSG.programOnline : EMPLOYER_MSG.programOffline,
      };
    },
  );

  app.get(
    `${base}/internship_groups/:groupId/intern_occupations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A group’s recruit state and positions (the organiser’s editor)',
        description: organiserOnly,
        params: employerGroupParams,
        response: answers(groupRecruitment),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.groupRecruitmentOf({ ctx, actor, groupId: Number(request.params.groupId) }));
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/intern_occupations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Add a position to a group’s programme',
        description: organiserOnly,
        params: employerGroupParams,
        body: occupationBody,
        response: answers(managedInternOccupation),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const saved = await service.createInternOccupation({
        ctx,
        actor,
        groupId: Number(request.params.groupId),
        body: request.body,
      });
      return { ...ok(saved), message: EMPLOYER_MSG.saved };
    },
  );

  app.put(
    `${base}/intern_occupations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Update a programme’s position',
        description: positionOnly,
        params: idParams,
        body: occupationBody,
        response: answers(managedInternOccupation),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const id = numericId(request.params.id, EMPLOYER_MSG.internOccupationNotFound);
      const saved = await service.updateInternOccupationOf({ ctx, actor, id, body: request.body });
      return { ...ok(saved), message: EMPLOYER_MSG.saved };
    },
  );

  app.delete(
    `${base}/intern_occupations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete a programme’s position',
        description: positionOnly,
        params: idParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const id = numericId(request.params.id, EMPLOYER_MSG.internOccupationNotFound);
      return {
        ...ok(await service.deleteInternOccupationOf({ ctx, actor, id })),
        message: EMPLOYER_MSG.deleted,
      };
    },
  );

  app.get(
    `${base}/intern_programs`,
    {
      schema: {
        tags,
        summary: 'Online internship programmes (public), newest first',
        querystring: internProgramsQuery,
        response: answers(internProgramPage),
      },
    },
    async (request) => ok(await service.pageInternPrograms({ ctx, query: request.query })),
  );

  app.get(
    `${base}/intern_programs/:id`,
    {
      schema: {
        tags,
        summary: 'An internship programme (public; record and feedBack for the signed-in asker)',
        description: `Draft, unknown, or Offline to someone who did not apply: 404 ${JOBS_MSG.programNotFound}. Offline to an applicant: deleted Yes.`,
        params: idParams,
        response: answers(internProgramDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.optional(request);
      const id = numericId(request.params.id, JOBS_MSG.programNotFound);
      return ok(await service.internProgramDetailOf({ ctx, userId: actor?.userId ?? null, id }));
    },
  );

  app.get(
    `${base}/intern_occupations/:id`,
    {
      schema: {
        tags,
        summary: 'A programme’s position (public, while its programme is visible to the asker)',
        description: `Otherwise 404 ${EMPLOYER_MSG.internOccupationNotFound}.`,
        params: idParams,
        response: answers(internOccupationDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.optional(request);
      const id = numericId(request.params.id, EMPLOYER_MSG.internOccupationNotFound);
      return ok(await service.internOccupationDetailOf({ ctx, userId: actor?.userId ?? null, id }));
    },
  );
};
