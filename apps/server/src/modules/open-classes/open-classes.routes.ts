import {
  courseProgram,
  courseVideos,
  courseVideosQuery,
  dictionaryEntry,
  dictionaryQuery,
  idResult,
  liveInfo,
  liveRoomConfig,
  liveRoomConfigQuery,
  liveToken,
  liveTokenBody,
  manageCourseDetail,
  manageCoursePage,
  manageCoursesQuery,
  manageSession,
  manageSessionParams,
  OPEN_CLASS_MSG,
  openCourseBody,
  openCourseCardPage,
  openCourseDetail,
  openCourseIdParams,
  openCoursesQuery,
  pageQuery,
  partnerEnterprise,
  partnerOptionPage,
  partnerOptionsQuery,
  partnersBody,
  progressBody,
  progressResult,
  recentLivePage,
  SERVICE_BASES,
  searchAllQuery,
  searchInfoPage,
  searchInfoQuery,
  sessionBody,
  sessionIdParams,
  slideshowItem,
  subscribeBody,
  subscribeResult,
  subscriptionIdParams,
  subscriptionPage,
  subscriptionsQuery,
} from '@uplus/shared';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as catalogue from './catalogue.service';
import * as live from './live.service';
import * as manage from './manage.service';
import * as subscriptions from './subscriptions.service';

const tags = ['open-classes'];
const base = SERVICE_BASES.opencourse;
const organiserRule =
  'Teachers and business users (acting for their company). Students: 403 学生身份暂无权限. Another organiser’s course (or none): 404 课程不存在.';
const publicRule = 'Sign-in optional. Online courses, or any status for their organiser; others 404.';

/** Open classes (职业发展课, issue 12): organiser, public, student and live-provider calls. */
export const openClassRoutes = (app: App, ctx: AppContext) => {
  // ----- Organiser
  const m = `${base}/open_courses/manage`;
  app.get(
    m,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the organiser’s own open courses, newest first',
        description: organiserRule,
        querystring: manageCoursesQuery,
        response: answers(manageCoursePage),
      },
    },
    async (request) =>
      ok(
        await manage.pageManagedCourses({
          ctx,
          actor: await ctx.auth.require(request),
          query: request.query,
        }),
      ),
  );
  app.post(
    m,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create an open course (a Draft) with lecturers and partners',
        description: organiserRule,
        body: openCourseBody,
        response: answers(manageCourseDetail),
      },
    },
    async (request) =>
      ok(await manage.createOpenCourse({ ctx, actor: await ctx.auth.require(request), body: request.body })),
  );
  app.get(
    `${m}/partner_options`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Schools (organisations of type school) or companies to choose partners from',
        description: organiserRule,
        querystring: partnerOptionsQuery,
        response: answers(partnerOptionPage),
      },
    },
    async (request) =>
      ok(await manage.pagePartners({ ctx, actor: await ctx.auth.require(request), query: request.query })),
  );
  app.get(
    `${m}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The organiser’s course with its sessions',
        description: organiserRule,
        params: openCourseIdParams,
        response: answers(manageCourseDetail),
      },
    },
    async (request) =>
      ok(
        await manage.getManagedCourse({ ctx, actor: await ctx.auth.require(request), id: request.params.id }),
      ),
  );
  app.put(
    `${m}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Update the course form (lecturers and partners are replaced)',
        description: `${organiserRule} Live mode of a published course: 400 ${OPEN_CLASS_MSG.liveModeLocked}.`,
        params: openCourseIdParams,
        body: openCourseBody,
        response: answers(manageCourseDetail),
      },
    },
    async (request) =>
      ok(
        await manage.updateManagedCourse({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          body: request.body,
        }),
      ),
  );
  app.delete(
    `${m}/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Delete a Draft course',
        description: `${organiserRule} Not a Draft: 400 ${OPEN_CLASS_MSG.deleteOnlyDraft}.`,
        params: openCourseIdParams,
        response: answers(idResult),
      },
    },
    async (request) =>
      ok(
        await manage.deleteManagedCourse({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
        }),
      ),
  );
  app.post(
    `${m}/:id/publish`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish (to Online)',
        description: `${organiserRule} Needs a session; SingleLive exactly one; Video a video in every session.`,
        params: openCourseIdParams,
        response: answers(manageCourseDetail),
      },
    },
    async (request) =>
      ok(await manage.publishCourse({ ctx, actor: await ctx.auth.require(request), id: request.params.id })),
  );
  app.post(
    `${m}/:id/offline`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Take an Online course offline (subscribers see it expired)',
        description: organiserRule,
        params: openCourseIdParams,
        response: answers(manageCourseDetail),
      },
    },
    async (request) =>
      ok(await manage.takeOffline({ ctx, actor: await ctx.auth.require(request), id: request.params.id })),
  );
  app.post(
    `${m}/:id/sessions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Add a session (live: start and end; video: an uploaded video or an HLS address)',
        description: organiserRule,
        params: openCourseIdParams,
        body: sessionBody,
        response: answers(manageSession),
      },
    },
    async (request) =>
      ok(
        await manage.addSession({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          body: request.body,
        }),
      ),
  );
  app.put(
    `${m}/:id/sessions/:sessionId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Update a session (a live session may get its playback video)',
        description: `${organiserRule} A session of another course: 404 ${OPEN_CLASS_MSG.sessionNotFound}.`,
        params: manageSessionParams,
        body: sessionBody,
        response: answers(manageSession),
      },
    },
    async (request) =>
      ok(
        await manage.editSession({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          sessionId: request.params.sessionId,
          body: request.body,
        }),
      ),
  );
  app.delete(
    `${m}/:id/sessions/:sessionId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Remove a session (an Online course keeps at least one)',
        description: organiserRule,
        params: manageSessionParams,
        response: answers(idResult),
      },
    },
    async (request) =>
      ok(
        await manage.removeSession({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
          sessionId: request.params.sessionId,
        }),
      ),
  );

  // ----- Public (sign-in optional)
  app.get(
    `${base}/open_courses`,
    {
      schema: {
        tags,
        summary: 'A page of Online courses, newest start first',
        description:
          'Search by name; filter by classifyCode, industryCode, liveMode. Personalised when signed in.',
        querystring: openCoursesQuery,
        response: answers(openCourseCardPage),
      },
    },
    async (request) =>
      ok(
        await catalogue.pageOpenCourses({
          ctx,
          actor: await ctx.auth.optional(request),
          query: request.query,
        }),
      ),
  );
  app.get(
    `${base}/open_courses/search/info`,
    {
      schema: {
        tags,
        summary: 'Schools (partners) or companies (organisers or partners) that have Online courses',
        querystring: searchInfoQuery,
        response: answers(searchInfoPage),
      },
    },
    async (request) => ok(await catalogue.searchInfo({ ctx, query: request.query })),
  );
  app.get(
    `${base}/open_courses/search/all`,
    {
      schema: {
        tags,
        summary: 'The Online courses of one school or company',
        querystring: searchAllQuery,
        response: answers(openCourseCardPage),
      },
    },
    async (request) =>
      ok(await catalogue.searchAll({ ctx, actor: await ctx.auth.optional(request), query: request.query })),
  );
  app.get(
    `${base}/open_courses/recent_lives`,
    {
      schema: {
        tags,
        summary: 'Upcoming and living sessions of Online live courses, soonest first',
        querystring: pageQuery,
        response: answers(recentLivePage),
      },
    },
    async (request) => ok(await catalogue.recentLives({ ctx, query: request.query })),
  );
  app.get(
    `${base}/open_courses/video`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A video course’s videos (signed addresses or HLS) with the student’s last positions',
        description: `The organiser or a subscriber; others 403 ${OPEN_CLASS_MSG.subscribeFirst}. Not a visible video course: 404.`,
        querystring: courseVideosQuery,
        response: answers(courseVideos),
      },
    },
    async (request) =>
      ok(
        await catalogue.courseVideos({
          ctx,
          actor: await ctx.auth.require(request),
          openCourseId: request.query.openCourseId,
        }),
      ),
  );
  app.get(
    `${base}/open_courses/series_live/:id`,
    {
      schema: {
        tags,
        summary: 'A series-live course’s detail with its sessions',
        description: `${publicRule} Not a SeriesLive course: 404.`,
        params: openCourseIdParams,
        response: answers(openCourseDetail),
      },
    },
    async (request) =>
      ok(
        await catalogue.courseDetail({
          ctx,
          actor: await ctx.auth.optional(request),
          id: request.params.id,
          seriesOnly: true,
        }),
      ),
  );
  app.get(
    `${base}/open_courses/:id`,
    {
      schema: {
        tags,
        summary: 'An open course’s detail (lecturers, partners, resources, sessions, subscription)',
        description: publicRule,
        params: openCourseIdParams,
        response: answers(openCourseDetail),
      },
    },
    async (request) =>
      ok(
        await catalogue.courseDetail({ ctx, actor: await ctx.auth.optional(request), id: request.params.id }),
      ),
  );
  app.get(
    `${base}/live/info/:id`,
    {
      schema: {
        tags,
        summary: 'A session: schedule, room status, and its playback for those who may watch',
        description: `${publicRule} (of the session's course)`,
        params: sessionIdParams,
        response: answers(liveInfo),
      },
    },
    async (request) =>
      ok(await catalogue.liveInfo({ ctx, actor: await ctx.auth.optional(request), id: request.params.id })),
  );
  app.get(
    `${base}/promotions/open_course/slideshow`,
    {
      schema: {
        tags,
        summary: 'The newest Online courses with a poster (the portal’s slideshow)',
        response: answers(z.array(slideshowItem)),
      },
    },
    async () => ok(await catalogue.slideshow({ ctx })),
  );
  app.get(
    `${base}/course_programs`,
    {
      schema: {
        tags,
        summary: 'The CourseClassify dictionary with the number of Online courses under each entry',
        response: answers(z.array(courseProgram)),
      },
    },
    async () => ok(await catalogue.coursePrograms({ db: ctx.db })),
  );
  app.post(
    `${base}/companies/partners`,
    {
      schema: {
        tags,
        summary: 'Companies by id: name and logo address (unknown ids left out)',
        body: partnersBody,
        response: answers(z.array(partnerEnterprise)),
      },
    },
    async (request) => ok(await catalogue.partners({ ctx, ids: request.body.ids })),
  );
  app.get(
    `${base}/dictionarys`,
    {
      schema: {
        tags,
        summary: 'Dictionary entries of a group (CourseClassify or CourseIndustry)',
        querystring: dictionaryQuery,
        response: answers(z.array(dictionaryEntry)),
      },
    },
    async (request) => ok(await catalogue.dictionary({ db: ctx.db, groupCode: request.query.groupCode })),
  );

  // ----- Student
  app.post(
    `${base}/open_courses/subscripte`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Subscribe to an Online course (idempotent)',
        description: `Students only (teachers 403 ${OPEN_CLASS_MSG.teacherCannotOperate}). Offline: 400 ${OPEN_CLASS_MSG.courseOffline}; not visible: 404.`,
        body: subscribeBody,
        response: answers(subscribeResult),
      },
    },
    async (request) =>
      ok(
        await subscriptions.subscribe({
          ctx,
          actor: await ctx.auth.require(request),
          openCourseId: request.body.openCourseId,
        }),
      ),
  );
  app.delete(
    `${base}/open_courses/subscripte/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Remove one’s own subscription',
        description: `Another user’s subscription (or none): 404 ${OPEN_CLASS_MSG.subscriptionNotFound}.`,
        params: subscriptionIdParams,
        response: answers(idResult),
      },
    },
    async (request) =>
      ok(
        await subscriptions.unsubscribe({
          ctx,
          actor: await ctx.auth.require(request),
          id: request.params.id,
        }),
      ),
  );
  app.get(
    `${base}/open_courses/subscriptions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the student’s subscriptions (最近学习 / 最近订阅)',
        description: 'sort=recentStudy (never studied last) | recentSubscribe; order=desc | asc.',
        querystring: subscriptionsQuery,
        response: answers(subscriptionPage),
      },
    },
    async (request) =>
      ok(
        await subscriptions.pageMySubscriptions({
          ctx,
          actor: await ctx.auth.require(request),
          query: request.query,
        }),
      ),
  );
  app.post(
    `${base}/open_courses/progress`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Report the player’s position in a video; answers the course’s progress (0 to 1)',
        description:
          'Subscribers of an Online video course. The watched frontier grows by at most the real time since the previous report (≤30 s) + 5 s.',
        body: progressBody,
        response: answers(progressResult),
      },
    },
    async (request) =>
      ok(
        await subscriptions.reportProgress({
          ctx,
          actor: await ctx.auth.require(request),
          body: request.body,
        }),
      ),
  );

  // ----- Live provider
  app.get(
    `${base}/live_rooms/config`,
    {
      schema: {
        tags,
        summary: 'The live room’s provider: configured flag, signed play addresses, push (organiser), chat',
        description: `${publicRule} Play and chat addresses only for the organiser and subscribers.`,
        querystring: liveRoomConfigQuery,
        response: answers(liveRoomConfig),
      },
    },
    async (request) =>
      ok(
        await live.liveRoomConfig({
          ctx,
          actor: await ctx.auth.optional(request),
          sessionId: request.query.sessionId,
        }),
      ),
  );
  for (const kind of ['chat', 'watch'] as const)
    app.post(
      `${base}/live_rooms/${kind}/token`,
      {
        onRequest: ctx.auth.signedIn,
        schema: {
          tags,
          summary: `A ${kind} token for a live session (HMAC, expiring)`,
          description: `The organiser or a subscriber; others 403 ${OPEN_CLASS_MSG.liveNoPermission}. No provider: 503 ${OPEN_CLASS_MSG.liveNotConfigured}.`,
          body: liveTokenBody,
          response: answers(liveToken),
        },
      },
      async (request) =>
        ok(
          await live.liveToken({
            ctx,
            actor: await ctx.auth.require(request),
            sessionId: request.body.sessionId,
            kind,
          }),
        ),
    );
};
