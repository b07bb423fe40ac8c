import {
  acceptanceBody,
  acceptanceResult,
  deliveryIdParams,
  deliveryTimeline,
  feedbackDetailQuery,
  feedbackListQuery,
  feedbackPage,
  feedbackRecord,
  JOBS_MSG,
  materialDownload,
  materialIdParams,
  materialView,
  readResult,
  SERVICE_BASES,
  unreadBody,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './feedback.service';

const tags = ['jobs'];
const base = SERVICE_BASES.ourea;
const ownOnly = `Only the asker’s own live delivery: another’s, a cancelled or an unknown one is 404 ${JOBS_MSG.deliveryNotFound}.`;

/** The feedback center (issue 14): the job seeker's deliveries, invitations, read marks, timeline, offer files. */
export const feedbackRoutes = (app: App, ctx: AppContext) => {
  app.get(
    `${base}/delivery_records`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the asker’s own live deliveries of one mode (the feedback center’s tabs)',
        description:
          'writtenStatus/interviewStatus/offerStatus/inappropriateStatus Yes: with such feedback; viewed Yes: opened by the company; sort viewedAt; type: feedbackRecords and unReadStatus of that type. Default order: newest delivery (with type: newest feedback of it) first.',
        querystring: feedbackListQuery,
        response: answers(feedbackPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageFeedback({ ctx, actor, query: request.query }));
    },
  );

  app.get(
    `${base}/delivery_records/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'One of the asker’s deliveries with its feedback (invite detail)',
        description: ownOnly,
        params: deliveryIdParams,
        querystring: feedbackDetailQuery,
        response: answers(feedbackRecord),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.feedbackDetail({ ctx, actor, id: Number(request.params.id), type: request.query.type }),
      );
    },
  );

  app.put(
    `${base}/delivery_records/:id/invitation/acceptances`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Accept or reject the newest invitation of a type (messages 已接受邀请 / 已拒绝邀请)',
        description: `${ownOnly} No invitation of the type: 404 ${JOBS_MSG.invitationNotFound}; past its deadline: 400 ${JOBS_MSG.invitationTimedOut}; answered: 400 ${JOBS_MSG.alreadyAnswered}. Accepting an internship offer joins the programme (one current internship: otherwise 400 and nothing changes).`,
        params: deliveryIdParams,
        body: acceptanceBody,
        response: answers(acceptanceResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const result = await service.answerInvitation({
        ctx,
        actor,
        id: Number(request.params.id),
        body: request.body,
      });
      return {
        ...ok(result),
        message: result.status === 'Accepted' ? JOBS_MSG.invitationAccepted : JOBS_MSG.invitationRejected,
      };
    },
  );

  app.delete(
    `${base}/delivery_records/:id/unread_invitations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Mark the delivery’s feedback of `type` read (absent: all)',
        description: ownOnly,
        params: deliveryIdParams,
        body: unreadBody,
        response: answers(readResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.markFeedbackRead({
          ctx,
          actor,
          id: Number(request.params.id),
          type: request.body?.type,
        }),
      );
    },
  );

  app.get(
    `${base}/delivery_records/:id/timeline`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Every step of one application with its time, oldest first (cancelled ones too)',
        description: `Only the asker’s own: another’s or an unknown one is 404 ${JOBS_MSG.deliveryNotFound}.`,
        params: deliveryIdParams,
        response: answers(deliveryTimeline),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.deliveryTimeline({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  const materialRule = `Only the job seeker whose offer holds the file, or that company’s users: anyone else 404 ${JOBS_MSG.materialNotFound}.`;

  app.get(
    `${base}/sys_materials/:id/view`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Where to show an offer file (Office files as a PDF when LibreOffice is installed)',
        description: materialRule,
        params: materialIdParams,
        response: answers(materialView),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.viewMaterial({ ctx, actor, id: Number(request.params.id) }));
    },
  );

  app.get(
    `${base}/sys_materials/:id/download`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A signed address of an offer file',
        description: materialRule,
        params: materialIdParams,
        response: answers(materialDownload),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.downloadMaterial({ ctx, actor, id: Number(request.params.id) }));
    },
  );
};
