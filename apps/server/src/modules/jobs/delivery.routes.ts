import {
  cancelDeliveryQuery,
  createDeliveryBody,
  createdDelivery,
  deliveryIdParams,
  JOBS_MSG,
  SERVICE_BASES,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './delivery.service';

const tags = ['jobs'];
const ourea = SERVICE_BASES.ourea;

/** The job seeker's deliveries (issue 14): deliver a resume, cancel a delivery. */
export const deliveryRoutes = (app: App, ctx: AppContext) => {
  app.post(
    `${ourea}/delivery_records`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Deliver a resume to a position (Recruitment) or an internship programme (InternProgram)',
        description:
          'Students (and graduates in no organisation) only: others 403 仅学生可以投递简历. Recruitment: an online ' +
          'position (unknown 404 职位不存在, offline 400 职位已下线). InternProgram: an Online programme and one or ' +
          'more of its positions. Online resume: the asker’s own, completeness ≥ 80 % (else 400 ' +
          `${JOBS_MSG.lowCompleteness}); Attached: the asker’s own attachment, member profile complete. ` +
          `Another’s resume 404 ${JOBS_MSG.resumeNotFound}; hidden resume 400 ${JOBS_MSG.resumeHidden}; a second ` +
          `live delivery to the same target 400 ${JOBS_MSG.alreadyDelivered}. Message 投递成功.`,
        body: createDeliveryBody,
        response: answers(createdDelivery),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const created = await service.createDelivery({ db: ctx.db, actor, now: ctx.now(), body: request.body });
      return { ...ok(created), message: JOBS_MSG.delivered };
    },
  );

  app.delete(
    `${ourea}/delivery_records/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Cancel the asker’s own live delivery (mode InternProgram for a programme application)',
        description:
          `Another user’s or a cancelled delivery 404 ${JOBS_MSG.deliveryNotFound}; once the company sent any ` +
          `feedback 400 ${JOBS_MSG.cannotCancelDelivery}. Message 已取消投递 or 已取消申请.`,
        params: deliveryIdParams,
        querystring: cancelDeliveryQuery,
        response: answers(z.null()),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { message } = await service.cancelDelivery({
        db: ctx.db,
        actor,
        now: ctx.now(),
        id: Number(request.params.id),
        query: request.query,
      });
      return { ...ok(null), message };
    },
  );
};
