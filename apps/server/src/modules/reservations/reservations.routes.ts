import {
  careerTalk,
  careerTalkBody,
  careerTalkPage,
  jobFairBody,
  jobFairDetail,
  jobFairPage,
  managedFairPage,
  managedTalk,
  managedTalkPage,
  managePageQuery,
  participationBody,
  playbackBody,
  RESERVATIONS_MSG,
  reservationBody,
  reservationCreated,
  reservationIdParams,
  reservationListQuery,
  reservationPage,
  SERVICE_BASES,
  talkListQuery,
  talkLiveInfo,
  talkRoomIdParams,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as fairs from './fairs.service';
import * as reservations from './reservations.service';
import * as talks from './talks.service';

const tags = ['reservations'];
const base = SERVICE_BASES.ourea;
const employerRule = `Business users of a company only (others 403 ${RESERVATIONS_MSG.businessOnly}; no company yet 403 ${RESERVATIONS_MSG.companyRequired}). Another company’s id: 404.`;
const created = z.object({ id: z.string() });

/** Career talks, job fairs and reservations (issue 14). */
export const reservationRoutes = (app: App, ctx: AppContext) => {
  const said = <T>(data: T, message: string) => ({ ...ok(data), message });

  // ---- job seekers ---------------------------------------------------------------------------------------
  app.get(
    `${base}/reservations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The asker’s reservations of one kind (talks or fairs with their derived states), 12 a page',
        querystring: reservationListQuery,
        response: answers(reservationPage),
      },
    },
    async (request) =>
      ok(
        await reservations.listReservations({
          ctx,
          actor: await ctx.auth.require(request),
          query: request.query,
        }),
      ),
  );
  app.post(
    `${base}/reservations`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Reserve a career talk or a job fair (twice: the same reservation)',
        description: `Unknown: 404. Canceled: 400 ${RESERVATIONS_MSG.talkCanceledNoReserve} / ${RESERVATIONS_MSG.fairCanceledNoReserve}. Over: 400 ${RESERVATIONS_MSG.endedNoReserve}.`,
        body: reservationBody,
        response: answers(reservationCreated),
      },
    },
    async (request) =>
      said(
        await reservations.reserve({ ctx, actor: await ctx.auth.require(request), body: request.body }),
        RESERVATIONS_MSG.reserved,
      ),
  );
  app.delete(
    `${base}/reservations/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Cancel one of the asker’s reservations',
        description: `Another user’s or unknown: 404 ${RESERVATIONS_MSG.notFound}.`,
        params: reservationIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await reservations.cancelReservation({
        ctx,
        actor: await ctx.auth.require(request),
        id: request.params.id,
      });
      return said(null, RESERVATIONS_MSG.canceled);
    },
  );
  app.get(
    `${base}/career_talks`,
    {
      schema: {
        tags,
        summary: 'Published career talks, newest first',
        querystring: talkListQuery,
        response: answers(careerTalkPage),
      },
    },
    async (request) =>
      ok(await talks.publicTalks({ ctx, actor: await ctx.auth.optional(request), query: request.query })),
  );
  app.get(
    `${base}/career_talks/:id`,
    {
      schema: {
        tags,
        summary: 'A career talk (canceled ones too: status says so)',
        params: reservationIdParams,
        response: answers(careerTalk),
      },
    },
    async (request) =>
      ok(await talks.talkDetail({ ctx, actor: await ctx.auth.optional(request), id: request.params.id })),
  );
  app.get(
    `${SERVICE_BASES.live}/info/:roomId`,
    {
      schema: {
        tags,
        summary: 'A career talk’s live room (roomId talk-{id}): state, play addresses while live, playback',
        description: `liveRoomPlaybackModels[0].playbackUrl after the end when a playback exists. Canceled or unknown: 404 ${RESERVATIONS_MSG.roomNotFound}.`,
        params: talkRoomIdParams,
        response: answers(talkLiveInfo),
      },
    },
    async (request) => ok(await talks.talkLiveInfo({ ctx, roomId: request.params.roomId })),
  );
  app.get(
    `${base}/job_fairs`,
    {
      schema: {
        tags,
        summary: 'Job fairs not canceled, newest first',
        querystring: talkListQuery,
        response: answers(jobFairPage),
      },
    },
    async (request) =>
      ok(await fairs.publicFairs({ ctx, actor: await ctx.auth.optional(request), query: request.query })),
  );
  app.get(
    `${base}/job_fairs/:id`,
    {
      schema: {
        tags,
        summary: 'A job fair with its companies and their online positions there',
        params: reservationIdParams,
        response: answers(jobFairDetail),
      },
    },
    async (request) =>
      ok(await fairs.fairDetail({ ctx, actor: await ctx.auth.optional(request), id: request.params.id })),
  );

  // ---- the company's business users ----------------------------------------------------------------------
  const employer = <P extends z.ZodTypeAny | undefined, B extends z.ZodTypeAny | undefined>(
    summary: string,
    extra: { params?: P; body?: B; querystring?: z.ZodTypeAny; response: z.ZodTypeAny },
  ) => ({
    onRequest: ctx.auth.signedIn,
    schema: { tags, summary, description: employerRule, ...extra, response: answers(extra.response) },
  });

  app.get(
    `${base}/company/career_talks`,
    employer('The asker’s company’s career talks (every state)', {
      querystring: managePageQuery,
      response: managedTalkPage,
    }),
    async (request) =>
      ok(
        await talks.companyTalks({
          ctx,
          actor: await ctx.auth.require(request),
          query: managePageQuery.parse(request.query),
        }),
      ),
  );
  app.post(
    `${base}/company/career_talks`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish a career talk',
        description: employerRule,
        body: careerTalkBody,
        response: answers(managedTalk),
      },
    },
    async (request) =>
      said(
        await talks.createTalk({ ctx, actor: await ctx.auth.require(request), body: request.body }),
        RESERVATIONS_MSG.saved,
      ),
  );
  app.put(
    `${base}/company/career_talks/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit a career talk (not canceled, not ended)',
        description: employerRule,
        params: reservationIdParams,
        body: careerTalkBody,
        response: answers(managedTalk),
      },
    },
    async (request) =>
      said(
        await talks.editTalk({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          body: request.body,
        }),
        RESERVATIONS_MSG.saved,
      ),
  );
  app.delete(
    `${base}/company/career_talks/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Cancel a career talk',
        description: employerRule,
        params: reservationIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await talks.cancelTalk({ ctx, actor: await ctx.auth.require(request), id: request.params.id });
      return said(null, RESERVATIONS_MSG.talkCanceledDone);
    },
  );
  app.put(
    `${base}/company/career_talks/:id/live`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Start an online talk’s live (between its start and end)',
        description: employerRule,
        params: reservationIdParams,
        response: answers(managedTalk),
      },
    },
    async (request) =>
      said(
        await talks.startLive({ ctx, actor: await ctx.auth.require(request), id: request.params.id }),
        RESERVATIONS_MSG.liveStarted,
      ),
  );
  app.delete(
    `${base}/company/career_talks/:id/live`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Stop an online talk’s live',
        description: employerRule,
        params: reservationIdParams,
        response: answers(managedTalk),
      },
    },
    async (request) =>
      said(
        await talks.stopLive({ ctx, actor: await ctx.auth.require(request), id: request.params.id }),
        RESERVATIONS_MSG.liveStopped,
      ),
  );
  app.put(
    `${base}/company/career_talks/:id/playback`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Set an online talk’s playback video (an own upload of purpose video)',
        description: employerRule,
        params: reservationIdParams,
        body: playbackBody,
        response: answers(managedTalk),
      },
    },
    async (request) =>
      said(
        await talks.savePlayback({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          fileId: request.body.fileId,
        }),
        RESERVATIONS_MSG.playbackSaved,
      ),
  );
  app.get(
    `${base}/company/job_fairs`,
    employer('Every job fair with the asker’s company’s part in it', {
      querystring: managePageQuery,
      response: managedFairPage,
    }),
    async (request) =>
      ok(
        await fairs.companyFairs({
          ctx,
          actor: await ctx.auth.require(request),
          query: managePageQuery.parse(request.query),
        }),
      ),
  );
  app.post(
    `${base}/company/job_fairs`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish a job fair (the asker’s company organises it)',
        description: employerRule,
        body: jobFairBody,
        response: answers(created),
      },
    },
    async (request) =>
      said(
        await fairs.createFair({ ctx, actor: await ctx.auth.require(request), body: request.body }),
        RESERVATIONS_MSG.saved,
      ),
  );
  app.put(
    `${base}/company/job_fairs/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit an organised job fair (not canceled, not finished)',
        description: employerRule,
        params: reservationIdParams,
        body: jobFairBody,
        response: answers(created),
      },
    },
    async (request) =>
      said(
        await fairs.editFair({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          body: request.body,
        }),
        RESERVATIONS_MSG.saved,
      ),
  );
  app.delete(
    `${base}/company/job_fairs/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Cancel an organised job fair',
        description: employerRule,
        params: reservationIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await fairs.cancelFair({ ctx, actor: await ctx.auth.require(request), id: request.params.id });
      return said(null, RESERVATIONS_MSG.fairCanceledDone);
    },
  );
  app.put(
    `${base}/company/job_fairs/:id/participation`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary:
          'Take part in a job fair with some of the company’s online positions (replaces the earlier choice)',
        description: `${employerRule} Another company’s or an offline position: 400 ${RESERVATIONS_MSG.occupationNotYours}.`,
        params: reservationIdParams,
        body: participationBody,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await fairs.joinFair({
        ctx,
        actor: await ctx.auth.require(request),
        id: request.params.id,
        body: request.body,
      });
      return said(null, RESERVATIONS_MSG.joined);
    },
  );
  app.delete(
    `${base}/company/job_fairs/:id/participation`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Leave a job fair',
        description: employerRule,
        params: reservationIdParams,
        response: answers(z.null()),
      },
    },
    async (request) => {
      await fairs.leaveFair({ ctx, actor: await ctx.auth.require(request), id: request.params.id });
      return said(null, RESERVATIONS_MSG.left);
    },
  );
};
