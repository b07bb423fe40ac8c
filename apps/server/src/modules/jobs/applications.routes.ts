import {
  APPLICATIONS_MSG,
  companyDeliveriesQuery,
  companyDeliveryDetail,
  companyDeliveryPage,
  companyDeliveryParams,
  companyDeliveryResume,
  JOBS_MSG,
  SERVICE_BASES,
  sendFeedbackBody,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './applications.service';

const tags = ['jobs'];
const base = `${SERVICE_BASES.ourea}/company/delivery_records`;
const who =
  `Business users of a company only (others 403 ${APPLICATIONS_MSG.businessOnly}; no company yet 403 ` +
  `${APPLICATIONS_MSG.noCompany}); another company’s delivery or an unknown id: 404 ${APPLICATIONS_MSG.deliveryNotFound}.`;

/** The employer's applications inbox (issue 14): list, detail, open a resume, invitations, 不合适. */
export const applicationsRoutes = (app: App, ctx: AppContext) => {
  app.get(
    base,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The company’s deliveries (a position, a programme, or one mode), newest first',
        description: `${who} Cancelled ones are listed with canceled true (已取消).`,
        querystring: companyDeliveriesQuery,
        response: answers(companyDeliveryPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageDeliveries({ ctx, actor, query: request.query }));
    },
  );

  app.get(
    `${base}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'One delivery with every feedback and the seeker’s answers',
        description: who,
        params: companyDeliveryParams,
        response: answers(companyDeliveryDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.getDelivery({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  app.get(
    `${base}/:id/resume`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Open the delivered resume (marks the delivery 被查看 the first time)',
        description: `${who} Hidden by the seeker: 403 ${JOBS_MSG.resumeHidden}; cancelled: 400 ${APPLICATIONS_MSG.canceled}.`,
        params: companyDeliveryParams,
        response: answers(companyDeliveryResume),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.openResume({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  app.post(
    `${base}/:id/feedbacks`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Send a written-test, interview or offer invitation',
        description: `${who} Rules: feedbackErrors (400 with the first message); cancelled or 不合适: 400.`,
        params: companyDeliveryParams,
        body: sendFeedbackBody,
        response: answers(companyDeliveryDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const detail = await service.sendFeedback({
        ctx,
        actor,
        id: Number(request.params.id),
        body: request.body,
      });
      return { ...ok(detail), message: APPLICATIONS_MSG.sent };
    },
  );

  app.put(
    `${base}/:id/inappropriate`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Mark the delivery 不合适',
        description: `${who} Cancelled or already 不合适: 400.`,
        params: companyDeliveryParams,
        response: answers(companyDeliveryDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const detail = await service.markInappropriate({ ctx, actor, id: Number(request.params.id) });
      return { ...ok(detail), message: APPLICATIONS_MSG.markedInappropriate };
    },
  );
};
