import {
  company,
  companyBody,
  companyNames,
  companyPage,
  companyVideoBody,
  EMPLOYER_MSG,
  INTERNSHIPS_MSG,
  JOBS_MSG,
  namesQuery,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './employer.service';

const tags = ['employer'];
const base = SERVICE_BASES.ourea;

/** The company hub (企业入口, issue 12): a business user's own company. */
export const employerRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/companies/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The company the business user acts for (null before the first save)',
        description: `Non-business users: 403 ${INTERNSHIPS_MSG.businessOnly}.`,
        response: answers(company.nullable()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.myCompany({ ctx, actor }));
    },
  );

  app.put(
    `${base}/companies/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Save the business user’s company (made on the first save); logo: an own upload of purpose logo',
        description: `Non-business users: 403. Another user’s upload or another purpose: 400 文件不存在或无权使用.`,
        body: companyBody,
        response: answers(company),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const saved = await service.saveMyCompany({ ctx, actor, body: request.body });
      return { ...ok(saved), message: INTERNSHIPS_MSG.saved };
    },
  );

  app.post(
    `${base}/companies/mine/videos`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Add a company video (an own upload of purpose companyVideo: mp4, at most 200 MB; at most 10)',
        description: `Non-business users 403; no company yet 403 ${INTERNSHIPS_MSG.companyRequired}; another user’s upload 400 文件不存在或无权使用; the 11th 400 ${EMPLOYER_MSG.videosFull}.`,
        body: companyVideoBody,
        response: answers(company),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return {
        ...ok(await service.addMyVideo({ ctx, actor, body: request.body })),
        message: EMPLOYER_MSG.saved,
      };
    },
  );

  app.delete(
    `${base}/companies/mine/videos/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete a company video',
        description: `Another company’s video: 404 ${EMPLOYER_MSG.videoNotFound}.`,
        params: z.object({ id: z.string() }),
        response: answers(company),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const videoId = numericId(request.params.id, EMPLOYER_MSG.videoNotFound);
      return { ...ok(await service.removeMyVideo({ ctx, actor, videoId })), message: EMPLOYER_MSG.deleted };
    },
  );

  app.get(
    `${base}/companies/names`,
    {
      schema: {
        tags,
        summary: 'Company autocomplete (public): name or nickname contains search, at most 10',
        description: 'details=statistics adds occupationCount (online positions).',
        querystring: namesQuery,
        response: answers(companyNames),
      },
    },
    async (request) => ok(await service.companyNamesOf({ db: ctx.db, query: request.query })),
  );

  app.get(
    `${base}/companies/:id`,
    {
      schema: {
        tags,
        summary: 'A company’s public page: card, description, videos (signed), online position count',
        description: `Unknown id: 404 ${JOBS_MSG.companyNotFound}.`,
        params: z.object({ id: z.string() }),
        response: answers(companyPage),
      },
    },
    async (request) =>
      ok(
        await service.companyPageOf({
          ctx,
          companyId: numericId(request.params.id, JOBS_MSG.companyNotFound),
        }),
      ),
  );
};

/** A numeric id of a path, or 404 with `message` (a malformed id names nothing). */
export const numericId = (value: string, message: string): number => {
  if (!/^[1-9][0-9]{0,14}$/.test(value)) throw AppError.notFound(message);
  return Number(value);
};
