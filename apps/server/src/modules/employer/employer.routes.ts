import { company, companyBody, INTERNSHIPS_MSG, SERVICE_BASES } from '@uplus/shared';
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
};
