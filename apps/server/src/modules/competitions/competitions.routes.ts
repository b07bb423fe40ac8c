import {
  applyRecord,
  applyRecordOrNull,
  COMPETITIONS_MSG,
  competitionAreas,
  competitionBody,
  competitionCardPage,
  competitionIdParams,
  competitionInfo,
  competitionsQuery,
  joinTeamBody,
  leaderInfoBody,
  managedCompetitionPage,
  pageQuery,
  personalInfoBody,
  personalRecordQuery,
  recordIdParams,
  registrationPage,
  SERVICE_BASES,
  startApplyBody,
  teamMembers,
  teamNameCheck,
  teamNameQuery,
  teamPreview,
  teamPreviewQuery,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './competitions.service';

const tags = ['competitions'];
const base = SERVICE_BASES.competition;
const organiser = `Students: 403 ${COMPETITIONS_MSG.organiserOnly}.`;
const notMine = `Not a member of the record (another user’s id, or none): 404 ${COMPETITIONS_MSG.recordNotFound}.`;
const saving = `${notMine} A team member: 403 ${COMPETITIONS_MSG.captainOnly}. The other mode’s record: 400 ${COMPETITIONS_MSG.wrongMode}. Apply period closed: 400 ${COMPETITIONS_MSG.notApplyPeriod}. Checks in order: ${COMPETITIONS_MSG.nameRequired}, ${COMPETITIONS_MSG.mobileRequired} / ${COMPETITIONS_MSG.mobileInvalid}, ${COMPETITIONS_MSG.emailInvalid}, ${COMPETITIONS_MSG.organRequired}, ${COMPETITIONS_MSG.majorRequired}; a track / area of this competition when it has any (${COMPETITIONS_MSG.trackRequired} / ${COMPETITIONS_MSG.areaRequired}). A Draft becomes Submitted (message ${COMPETITIONS_MSG.submitted}).`;

/** Competitions (issue 14): publishing, the public list and details, registrations and teams. */
export const competitionRoutes = (app: App, ctx: AppContext) => {
  const n = Number;

  // ----- Organisers
  app.get(
    `${base}/competitions/mine`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the competitions the asker published, newest first',
        description: organiser,
        querystring: pageQuery,
        response: answers(managedCompetitionPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageMine({ ctx, actor, query: request.query }));
    },
  );

  app.post(
    `${base}/competitions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Publish a competition with its tracks and areas',
        description: `${organiser} Cover: a poster-purpose upload of the asker (400 文件不存在或无权使用).`,
        body: competitionBody,
        response: answers(competitionInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const info = await service.createCompetition({ ctx, actor, body: request.body });
      return { ...ok(info), message: COMPETITIONS_MSG.saved };
    },
  );

  app.put(
    `${base}/competitions/:id`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Edit a competition (tracks and areas with an id are kept, others replaced)',
        description: `${organiser} Unknown: 404 ${COMPETITIONS_MSG.competitionNotFound}; another’s: 403 ${COMPETITIONS_MSG.notCreator}; changing the mode after registrations: 400 ${COMPETITIONS_MSG.modeLocked}.`,
        params: competitionIdParams,
        body: competitionBody,
        response: answers(competitionInfo),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const info = await service.updateCompetition({
        ctx,
        actor,
        id: n(request.params.id),
        body: request.body,
      });
      return { ...ok(info), message: COMPETITIONS_MSG.saved };
    },
  );

  // ----- Everyone
  app.get(
    `${base}/competitions`,
    {
      schema: {
        tags,
        summary: 'A page of competitions, newest apply start first (no sign-in needed)',
        querystring: competitionsQuery,
        security: [],
        response: answers(competitionCardPage),
      },
    },
    async (request) => ok(await service.pageCompetitions({ ctx, query: request.query })),
  );

  app.get(
    `${base}/competitions/:id`,
    {
      schema: {
        tags,
        summary: 'A competition’s base info (foundation spec 7), with tracks and areas',
        description: `Unknown: 404 ${COMPETITIONS_MSG.competitionNotFound}. editable: the asker published it.`,
        params: competitionIdParams,
        security: [],
        response: answers(competitionInfo),
      },
    },
    async (request) =>
      ok(
        await service.competitionInfoOf({
          ctx,
          actor: await ctx.auth.optional(request),
          id: n(request.params.id),
        }),
      ),
  );

  app.get(
    `${base}/competitions/:id/area_info`,
    {
      schema: {
        tags,
        summary: 'The areas (赛区) a competition runs in',
        description: `Unknown: 404 ${COMPETITIONS_MSG.competitionNotFound}.`,
        params: competitionIdParams,
        security: [],
        response: answers(competitionAreas),
      },
    },
    async (request) => ok(await service.areaInfoOf({ db: ctx.db, id: n(request.params.id) })),
  );

  // ----- Students
  app.post(
    `${base}/apply_records`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Start a registration (a Draft): alone, or as Captain of a new team',
        description: `Teachers, business users: 403 ${COMPETITIONS_MSG.studentsOnly}. Mode not the competition’s: 400 ${COMPETITIONS_MSG.wrongMode}. Outside the apply period: 400 ${COMPETITIONS_MSG.notApplyPeriod}. Registered already: 400 ${COMPETITIONS_MSG.alreadyApplied}. Group: ${COMPETITIONS_MSG.teamNameRequired}, ${COMPETITIONS_MSG.teamNameTooLong}, ${COMPETITIONS_MSG.teamNameTaken}.`,
        body: startApplyBody,
        response: answers(applyRecord),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const record = await service.startApply({ db: ctx.db, actor, body: request.body, now: ctx.now() });
      return { ...ok(record), message: COMPETITIONS_MSG.started };
    },
  );

  app.get(
    `${base}/apply_records/personal`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The asker’s registration in a competition (foundation spec 7: applicant record), or null',
        querystring: personalRecordQuery,
        response: answers(applyRecordOrNull),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.personalRecord({
          db: ctx.db,
          actor,
          competitionId: n(request.query.competitionId),
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${base}/apply_records/verify/team_name`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Whether a team name is free in a competition',
        description: `Unknown competition: 404 ${COMPETITIONS_MSG.competitionNotFound}.`,
        querystring: teamNameQuery,
        response: answers(teamNameCheck),
      },
    },
    async (request) => {
      await ctx.auth.require(request);
      return ok(
        await service.verifyTeamName({
          db: ctx.db,
          competitionId: n(request.query.competitionId),
          teamName: request.query.teamName,
        }),
      );
    },
  );

  app.get(
    `${base}/apply_records/competitions`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: '已报名: the asker’s registrations still in force, newest first',
        description:
          'Everything not 已失效: the competition has not ended, and the registration is submitted or the apply period is still open.',
        querystring: pageQuery,
        response: answers(registrationPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageRegistrations({ ctx, actor, expired: false, query: request.query }));
    },
  );

  app.get(
    `${base}/apply_records/competitions/expired`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: '已失效: registrations whose competition ended, or Drafts after the apply period closed',
        querystring: pageQuery,
        response: answers(registrationPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageRegistrations({ ctx, actor, expired: true, query: request.query }));
    },
  );

  app.get(
    `${base}/apply_records/:recordId/team`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The team behind a join link (the link page)',
        description: `Members see it; others need the link’s code, else 404 ${COMPETITIONS_MSG.recordNotFound}.`,
        params: recordIdParams,
        querystring: teamPreviewQuery,
        response: answers(teamPreview),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.teamPreviewOf({
          ctx,
          actor,
          recordId: n(request.params.recordId),
          code: request.query.code,
        }),
      );
    },
  );

  app.get(
    `${base}/apply_records/:recordId/team_members`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'The members of a registration, captain first',
        description: notMine,
        params: recordIdParams,
        response: answers(teamMembers),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.teamMembersOf({ db: ctx.db, actor, recordId: n(request.params.recordId) }));
    },
  );

  app.post(
    `${base}/apply_records/:recordId/team_members`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Join a team by its link (message 加入成功)',
        description: `Wrong code or unknown record: 404 ${COMPETITIONS_MSG.recordNotFound}. Teachers, business users: 403 ${COMPETITIONS_MSG.studentsOnly}. Personal record: 400 ${COMPETITIONS_MSG.personalNoTeam}. Apply period closed: 400 ${COMPETITIONS_MSG.notApplyPeriod}. Registered already: 400 ${COMPETITIONS_MSG.alreadyApplied}. Full: 400 ${COMPETITIONS_MSG.teamFull}.`,
        params: recordIdParams,
        body: joinTeamBody,
        response: answers(applyRecord),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const record = await service.joinTeam({
        db: ctx.db,
        actor,
        recordId: n(request.params.recordId),
        code: request.body.code,
        now: ctx.now(),
      });
      return { ...ok(record), message: COMPETITIONS_MSG.joined };
    },
  );

  app.put(
    `${base}/apply_records/personal/:recordId/info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Save and submit a personal registration’s info',
        description: saving,
        params: recordIdParams,
        body: personalInfoBody,
        response: answers(applyRecord),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const record = await service.savePersonalInfo({
        db: ctx.db,
        actor,
        recordId: n(request.params.recordId),
        body: request.body,
        now: ctx.now(),
      });
      return { ...ok(record), message: COMPETITIONS_MSG.submitted };
    },
  );

  app.put(
    `${base}/apply_records/team/leader/:recordId/info`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Save and submit a team registration’s leader info and team name (captain only)',
        description: `${saving} Team name: ${COMPETITIONS_MSG.teamNameRequired}, ${COMPETITIONS_MSG.teamNameTaken}.`,
        params: recordIdParams,
        body: leaderInfoBody,
        response: answers(applyRecord),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const record = await service.saveLeaderInfo({
        db: ctx.db,
        actor,
        recordId: n(request.params.recordId),
        body: request.body,
        now: ctx.now(),
      });
      return { ...ok(record), message: COMPETITIONS_MSG.submitted };
    },
  );
};
