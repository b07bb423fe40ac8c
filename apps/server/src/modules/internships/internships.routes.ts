import {
  eliminateBody,
  exitBody,
  exitResult,
  grantBody,
  groupBody,
  groupCodeParams,
  groupIdParams,
  groupMember,
  groupMemberPage,
  groupMemberParams,
  groupMemberStageParams,
  groupMembersQuery,
  groupStageParams,
  INTERNSHIPS_MSG,
  inviteCodeBody,
  joinBody,
  joinedCount,
  joinedCountQuery,
  joinResult,
  managedGroup,
  managedGroupPage,
  pageQuery,
  SERVICE_BASES,
  stageBody,
  stageDetail,
  stageIdParams,
  stageTaskParams,
  studentGroupPage,
  studentGroupsQuery,
  taskCompleted,
} from '@uplus/shared';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import * as service from './internships.service';

const tags = ['internships'];
const base = SERVICE_BASES.ourea;
const organiser = `Non-business users: 403 ${INTERNSHIPS_MSG.businessOnly}; no company yet: 403 ${INTERNSHIPS_MSG.companyRequired}; another company’s group (or none): 404 ${INTERNSHIPS_MSG.groupNotFound}.`;
const changing = `${organiser} A finished group: 400 ${INTERNSHIPS_MSG.groupAlreadyFinished}.`;
const stageRules = `Another user’s stage, or one of a group left: 404 ${INTERNSHIPS_MSG.stageNotFound}; eliminated: 403 ${INTERNSHIPS_MSG.eliminatedFallback}; before the start: 400 ${INTERNSHIPS_MSG.notStarted}; locked: 403 ${INTERNSHIPS_MSG.noStagePermission}.`;

/** Internships (issue 12): the student's 我的实习 and the organiser's groups, stages, codes and members. */
export const internshipRoutes = (app: App, ctx: AppContext) => {
  const n = Number;

  // ----- Student (spec 001 section 7)
  app.get(
    `${base}/internship_groups/student`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the student’s internship groups (not exited), newest join first, with stages',
        description: 'details: underway (not finished) or finished; absent: all.',
        querystring: studentGroupsQuery,
        response: answers(studentGroupPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageStudentGroups({ ctx, actor, query: request.query }));
    },
  );

  app.post(
    `${base}/internship_members/exit`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Leave an internship with one of the six reasons (answer message 退出成功)',
        description: `No reason: 400 ${INTERNSHIPS_MSG.exitReasonRequired}; 其他 without words: 400 ${INTERNSHIPS_MSG.exitOtherRequired}; over 50: 400 ${INTERNSHIPS_MSG.exitOtherTooLong}. Not a member: 404 ${INTERNSHIPS_MSG.notMember}. Finished: 400 ${INTERNSHIPS_MSG.exitFinished}.`,
        body: exitBody,
        response: answers(exitResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const result = await service.exitInternship({ db: ctx.db, actor, body: request.body, now: ctx.now() });
      return { ...ok(result), message: INTERNSHIPS_MSG.exited };
    },
  );

  app.post(
    `${base}/internship_members/join`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Join the internship of an invite code (answer message 加入实习成功)',
        description: `Code trimmed, case-sensitive; short or unknown: 400 ${INTERNSHIPS_MSG.inviteCodeInvalid}. A current internship: 400 ${INTERNSHIPS_MSG.joinLimit}. Position: 1-15 characters. Teachers and business users: 403.`,
        body: joinBody,
        response: answers(joinResult),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const result = await service.joinInternship({ db: ctx.db, actor, body: request.body, now: ctx.now() });
      return { ...ok(result), message: INTERNSHIPS_MSG.joined };
    },
  );

  app.get(
    `${base}/internship_members/joined_count`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Whether an invite code admits anyone now (joinFlag) and how many joined its group',
        description: `Exactly one of inviteCode and internProgramId (else 400 ${INTERNSHIPS_MSG.inviteCodeInvalid}). inviteCode: short or unknown code 400 / 404 ${INTERNSHIPS_MSG.inviteCodeInvalid}. internProgramId (issue 14, accepting an internship offer): joinFlag = the asker is a current member of that programme, joinCount = the asker’s current internships; unknown programme 404 ${INTERNSHIPS_MSG.groupNotFound}.`,
        querystring: joinedCountQuery,
        response: answers(joinedCount),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { inviteCode, internProgramId } = request.query;
      if (internProgramId)
        return ok(await service.programJoinedCount({ db: ctx.db, actor, groupId: n(internProgramId) }));
      return ok(await service.joinedCount({ db: ctx.db, code: inviteCode ?? '' }));
    },
  );

  app.get(
    `${base}/internship_stages/:stageId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Enter a stage: its description and tasks with the member’s completions',
        description: stageRules,
        params: stageIdParams,
        response: answers(stageDetail),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.enterStage({ db: ctx.db, actor, stageId: n(request.params.stageId), now: ctx.now() }),
      );
    },
  );

  app.post(
    `${base}/internship_stages/:stageId/tasks/:taskId/complete`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Mark a task of a stage done (progress: the share of the stage’s tasks done)',
        description: `${stageRules} Finished group: 400 ${INTERNSHIPS_MSG.internshipEnded}. Another stage’s task: 404.`,
        params: stageTaskParams,
        response: answers(taskCompleted),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { stageId, taskId } = request.params;
      return ok(
        await service.completeStageTask({
          db: ctx.db,
          actor,
          stageId: n(stageId),
          taskId: n(taskId),
          now: ctx.now(),
        }),
      );
    },
  );

  // ----- Organiser
  app.get(
    `${base}/internship_groups/managed`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of the company’s internship groups, newest first',
        description: organiser,
        querystring: pageQuery,
        response: answers(managedGroupPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.pageManagedGroups({ db: ctx.db, actor, query: request.query, now: ctx.now() }));
    },
  );

  app.post(
    `${base}/internship_groups`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Create an internship group',
        description: organiser,
        body: groupBody,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(await service.createGroup({ db: ctx.db, actor, body: request.body, now: ctx.now() }));
    },
  );

  app.get(
    `${base}/internship_groups/:groupId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'One of the company’s groups with stages, tasks and invite codes',
        description: organiser,
        params: groupIdParams,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.getManagedGroup({
          db: ctx.db,
          actor,
          groupId: n(request.params.groupId),
          now: ctx.now(),
        }),
      );
    },
  );

  app.put(
    `${base}/internship_groups/:groupId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Change a group’s name, description and period',
        description: changing,
        params: groupIdParams,
        body: groupBody,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.updateGroup({
          db: ctx.db,
          actor,
          groupId: n(request.params.groupId),
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/finish`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Finish a group (members can no longer exit; certificates may be issued)',
        description: changing,
        params: groupIdParams,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const group = await service.finishGroup({
        db: ctx.db,
        actor,
        groupId: n(request.params.groupId),
        now: ctx.now(),
      });
      return { ...ok(group), message: INTERNSHIPS_MSG.finishedOk };
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/stages`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Add a stage (with its tasks) at the end of a group',
        description: changing,
        params: groupIdParams,
        body: stageBody,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.addStage({
          db: ctx.db,
          actor,
          groupId: n(request.params.groupId),
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.put(
    `${base}/internship_groups/:groupId/stages/:stageId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Change a stage and its tasks (listed ids kept, new ones made, missing ones removed)',
        description: `${changing} Another group’s stage or task: 404.`,
        params: groupStageParams,
        body: stageBody,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, stageId } = request.params;
      return ok(
        await service.updateStage({
          db: ctx.db,
          actor,
          groupId: n(groupId),
          stageId: n(stageId),
          body: request.body,
          now: ctx.now(),
        }),
      );
    },
  );

  app.delete(
    `${base}/internship_groups/:groupId/stages/:stageId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Remove a stage (its tasks, grants and completions with it)',
        description: changing,
        params: groupStageParams,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, stageId } = request.params;
      return ok(
        await service.removeStage({
          db: ctx.db,
          actor,
          groupId: n(groupId),
          stageId: n(stageId),
          now: ctx.now(),
        }),
      );
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/invite_codes`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Make a random 8-character mixed-case invite code (optional max uses)',
        description: changing,
        params: groupIdParams,
        body: inviteCodeBody,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.addInviteCode({
          db: ctx.db,
          actor,
          groupId: n(request.params.groupId),
          body: request.body ?? {},
          now: ctx.now(),
        }),
      );
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/invite_codes/:codeId/disable`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Disable an invite code (it admits nobody after)',
        description: `${organiser} Another group’s code: 404.`,
        params: groupCodeParams,
        response: answers(managedGroup),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, codeId } = request.params;
      return ok(
        await service.disableInviteCode({
          db: ctx.db,
          actor,
          groupId: n(groupId),
          codeId: n(codeId),
          now: ctx.now(),
        }),
      );
    },
  );

  app.get(
    `${base}/internship_groups/:groupId/members`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'A page of a group’s members (exited ones too), in join order',
        description: organiser,
        params: groupIdParams,
        querystring: groupMembersQuery,
        response: answers(groupMemberPage),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      return ok(
        await service.pageGroupMembers({
          db: ctx.db,
          actor,
          groupId: n(request.params.groupId),
          query: request.query,
        }),
      );
    },
  );

  const memberRule = `${changing} Another group’s member: 404 ${INTERNSHIPS_MSG.memberNotFound}; exited: 400 ${INTERNSHIPS_MSG.memberExited}.`;

  app.post(
    `${base}/internship_groups/:groupId/members/:memberId/eliminate`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Mark a member eliminated with a description (they see the not-suitable dialog)',
        description: memberRule,
        params: groupMemberParams,
        body: eliminateBody,
        response: answers(groupMember),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, memberId } = request.params;
      return ok(
        await service.eliminateMember({
          db: ctx.db,
          actor,
          groupId: n(groupId),
          memberId: n(memberId),
          body: request.body,
        }),
      );
    },
  );

  app.post(
    `${base}/internship_groups/:groupId/members/:memberId/restore`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Undo an elimination',
        description: memberRule,
        params: groupMemberParams,
        response: answers(groupMember),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, memberId } = request.params;
      return ok(
        await service.restoreMember({ db: ctx.db, actor, groupId: n(groupId), memberId: n(memberId) }),
      );
    },
  );

  app.put(
    `${base}/internship_groups/:groupId/members/:memberId/stages/:stageId`,
    {
      onRequest: ctx.auth.signedIn,
      schema: {
        tags,
        summary: 'Grant (granted: true) or revoke a stage for a member',
        description: `${memberRule} Another group’s stage: 404.`,
        params: groupMemberStageParams,
        body: grantBody,
        response: answers(groupMember),
      },
    },
    async (request) => {
      const actor = await ctx.auth.require(request);
      const { groupId, memberId, stageId } = request.params;
      return ok(
        await service.setStageGrant({
          db: ctx.db,
          actor,
          groupId: n(groupId),
          memberId: n(memberId),
          stageId: n(stageId),
          granted: request.body.granted,
        }),
      );
    },
  );
};
