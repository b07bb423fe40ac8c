import { randomInt } from 'node:crypto';
import {
  type EliminateBody,
  type ExitBody,
  type ExitReasonCode,
  exitReasonOfDescription,
  type GroupBody,
  type GroupMember,
  type GroupMemberPage,
  INTERNSHIP_LIMITS,
  INTERNSHIPS_MSG,
  INVITE_CODE_ALPHABET,
  type InviteCodeBody,
  internshipStatusOf,
  type JoinBody,
  type JoinedCount,
  type JoinResult,
  type ManagedGroup,
  type ManagedGroupPage,
  type ManagedGroupSummary,
  type PageQuery,
  type StageBody,
  type StageDetail,
  type StudentGroupPage,
  type StudentGroupsQuery,
  type TaskCompleted,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { type FileUrlContext, fileUrls } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { assertMayJoin, organiserCompany } from './internships.policy';
import * as repo from './internships.repo';

/*
 * Internships (issue 12): the student's groups, join by invite code (one current internship per user, under
 * a lock on the user), exit with a reason, stages with access and task progress; the organiser's groups,
 * stages, tasks, invite codes and members. Status is derived (internshipStatusOf).
 */

const pageOf = (q: PageQuery) => ({ offset: (q.pageNumber - 1) * q.pageSize, limit: q.pageSize });
const ms = (d: Date) => d.getTime();

// ---------------------------------------------------------------------------------------------------------
// Contract (certificates): a member of one of a company's groups

export type CompanyMember = {
  memberId: number;
  userId: number;
  groupId: number;
  groupName: string;
  startAt: Date;
  endAt: Date;
  occupationName: string;
  /** the group is finished */
  finished: boolean;
  /** the organiser eliminated (淘汰) the member */
  eliminated: boolean;
};

/**
 * A member (any state: exited and eliminated ones too) of a group of `companyId`, or null when there is no
 * such member or their group is another company's.
 */
export const companyMemberOf = async (opts: {
  db: Db;
  companyId: number;
  memberId: number;
}): Promise<CompanyMember | null> => {
  const row = await repo.findCompanyMember(opts.db, opts.companyId, opts.memberId);
  if (!row) return null;
  return {
    memberId: row.member.id,
    userId: row.member.userId,
    groupId: row.group.id,
    groupName: row.group.name,
    startAt: row.group.startAt,
    endAt: row.group.endAt,
    occupationName: row.member.occupationName,
    finished: row.group.finishedAt !== null,
    eliminated: row.member.eliminated,
  };
};

/** A member the company could certify: the user's membership of a finished group of it (the demo uses it). */
export const finishedMemberIdOf = (opts: { db: Db; companyId: number; userId: number }) =>
  repo.findFinishedMemberId(opts.db, opts.companyId, opts.userId);

// ---------------------------------------------------------------------------------------------------------
// Progress and access

type Access = {
  stages: repo.StageRow[];
  tasksByStage: Map<number, repo.TaskRow[]>;
  grants: Set<string>;
  done: Set<string>;
};

const key = (a: number, b: number) => `${a}:${b}`;

/** Stages, tasks, grants and completions of some groups and members, in four queries. */
const loadAccess = async (db: Db, groupIds: number[], memberIds: number[]): Promise<Access> => {
  const stages = await repo.findStages(db, groupIds);
  const [tasks, grants, completions] = await Promise.all([
    repo.findTasks(
      db,
      stages.map((s) => s.id),
    ),
    repo.findGrants(db, memberIds),
    repo.findCompletions(db, memberIds),
  ]);
  const tasksByStage = new Map<number, repo.TaskRow[]>();
  for (const t of tasks) tasksByStage.set(t.stageId, [...(tasksByStage.get(t.stageId) ?? []), t]);
  return {
    stages,
    tasksByStage,
    grants: new Set(grants.map((g) => key(g.stageId, g.memberId))),
    done: new Set(completions.map((c) => key(c.taskId, c.memberId))),
  };
};

/** Share of the stage's tasks the member completed (0 for a stage without tasks). */
const stageProgress = (access: Access, stageId: number, memberId: number) => {
  const tasks = access.tasksByStage.get(stageId) ?? [];
  if (!tasks.length) return 0;
  return tasks.filter((t) => access.done.has(key(t.id, memberId))).length / tasks.length;
};

const mayEnter = (access: Access, stage: repo.StageRow, member: repo.MemberRow) =>
  !member.eliminated && (stage.openToAll || access.grants.has(key(stage.id, member.id)));

const logoUrls = async (ctx: FileUrlContext, logoIds: (number | null)[]) => fileUrls(ctx, logoIds);

// ---------------------------------------------------------------------------------------------------------
// Student

/** `GET internship_groups/student`: a page of the student's groups (not exited), with their stages. */
export const pageStudentGroups = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: StudentGroupsQuery;
}): Promise<StudentGroupPage> => {
  const { db } = opts.ctx;
  const now = opts.ctx.now();
  const page = await repo.pageStudentMemberships(
    db,
    opts.actor.userId,
    opts.query.details,
    pageOf(opts.query),
  );
  const access = await loadAccess(
    db,
    page.rows.map((r) => r.group.id),
    page.rows.map((r) => r.member.id),
  );
  const logos = await logoUrls(
    opts.ctx,
    page.rows.map((r) => r.company.logoFileId),
  );
  return {
    total: page.total,
    rows: page.rows.map(({ member, group, company }) => ({
      id: String(group.id),
      name: group.name,
      description: group.description,
      status: internshipStatusOf(group, now),
      startTimestamp: ms(group.startAt),
      endTimestamp: ms(group.endAt),
      company: {
        id: String(company.id),
        name: company.name,
        logo: company.logoFileId ? (logos.get(company.logoFileId) ?? '') : '',
      },
      internshipMembers: [
        {
          id: String(member.id),
          eliminated: member.eliminated ? 'Yes' : 'No',
          eliminatedDescription: member.eliminatedDescription,
          internshipOccupationName: member.occupationName,
          joinedAt: ms(member.joinedAt),
        },
      ],
      internships: access.stages
        .filter((s) => s.groupId === group.id)
        .map((s) => ({
          id: String(s.id),
          name: s.name,
          isHasPerm: mayEnter(access, s, member) ? 'Yes' : 'No',
          progressPercentage: stageProgress(access, s.id, member.id),
        })),
    })),
  };
};

/** `GET internship_members/joined_count`: whether the code admits anyone now, and how many joined. */
export const joinedCount = async (opts: { db: Db; code: string }): Promise<JoinedCount> => {
  const found = await repo.findInviteCode(opts.db, opts.code);
  if (!found) throw AppError.notFound(INTERNSHIPS_MSG.inviteCodeInvalid);
  const [joinCount, uses] = await Promise.all([
    repo.countMembers(opts.db, found.group.id),
    repo.countCodeUses(opts.db, found.code.id),
  ]);
  const message = codeRefusal(found.code, found.group, uses) ?? '';
  return {
    joinFlag: !message,
    joinCount,
    groupName: found.group.name,
    companyName: found.companyName,
    message,
  };
};

/** Why a code admits nobody now, or null. */
const codeRefusal = (code: repo.InviteCodeRow, group: repo.GroupRow, uses: number) => {
  if (code.disabledAt) return INTERNSHIPS_MSG.inviteCodeDisabled;
  if (group.finishedAt) return INTERNSHIPS_MSG.groupFinished;
  if (code.maxUses !== null && uses >= code.maxUses) return INTERNSHIPS_MSG.inviteCodeUsedUp;
  return null;
};

/**
 * `POST internship_members/join`. Under a lock on the user's row (two joins of one user run one after the
 * other) and on the code's row (its uses are counted after the lock): unknown code 400 请输入正确的邀请码;
 * a current internship elsewhere 400 每人同时只能参加1个实习计划…
 */
export const joinInternship = async (opts: {
  db: Db;
  actor: Actor;
  body: JoinBody;
  now: Date;
}): Promise<JoinResult> => {
  assertMayJoin(opts.actor);
  return opts.db.transaction(async (tx) => {
    await repo.lockUser(tx, opts.actor.userId);
    const found = await repo.findInviteCode(tx, opts.body.inviteCode, true);
    if (!found) throw AppError.badRequest(INTERNSHIPS_MSG.inviteCodeInvalid);
    const current = await repo.findCurrentMemberships(tx, opts.actor.userId);
    if (current.some((c) => c.group.id === found.group.id))
      throw AppError.badRequest(INTERNSHIPS_MSG.alreadyInGroup);
    const refusal = codeRefusal(found.code, found.group, await repo.countCodeUses(tx, found.code.id));
    if (refusal) throw AppError.badRequest(refusal);
    if (current.length) throw AppError.badRequest(INTERNSHIPS_MSG.joinLimit);
    // a finished group's old row (not exited) would block the partial unique index: it cannot be this group
    const member = await repo.insertMember(tx, {
      groupId: found.group.id,
      userId: opts.actor.userId,
      inviteCodeId: found.code.id,
      occupationName: opts.body.internshipOccupationName,
      joinedAt: opts.now,
    });
    return { internshipGroupId: String(found.group.id), memberId: String(member.id) };
  });
};

/** `POST internship_members/exit`: the member leaves with one of the six reasons (not once finished). */
export const exitInternship = async (opts: { db: Db; actor: Actor; body: ExitBody; now: Date }) =>
  opts.db.transaction(async (tx) => {
    await repo.lockUser(tx, opts.actor.userId);
    const groupId = Number(opts.body.internshipGroupId);
    const member = await repo.findActiveMember(tx, groupId, opts.actor.userId);
    if (!member) throw AppError.notFound(INTERNSHIPS_MSG.notMember);
    const group = await repo.findGroup(tx, groupId);
    if (!group || group.finishedAt) throw AppError.badRequest(INTERNSHIPS_MSG.exitFinished);
    const reason: ExitReasonCode =
      opts.body.exitReason ?? exitReasonOfDescription(opts.body.exitedDescription);
    await repo.updateMember(tx, member.id, {
      exitedAt: opts.now,
      exitReason: reason,
      exitDescription: opts.body.exitedDescription,
    });
    return { internshipGroupId: String(groupId), exitReason: reason };
  });

/**
 * The stage a member may enter: another user's stage (or one of a group they left) 404 阶段不存在; an
 * eliminated member 403 with the fallback text; before the start 400 实习未开始; locked 403 暂无阶段权限.
 */
const enterableStage = async (db: Db, actor: Actor, stageId: number, now: Date) => {
  const stage = await repo.findStage(db, stageId);
  if (!stage) throw AppError.notFound(INTERNSHIPS_MSG.stageNotFound);
  const member = await repo.findActiveMember(db, stage.groupId, actor.userId);
  const group = member ? await repo.findGroup(db, stage.groupId) : null;
  if (!member || !group) throw AppError.notFound(INTERNSHIPS_MSG.stageNotFound);
  if (member.eliminated) throw AppError.forbidden(INTERNSHIPS_MSG.eliminatedFallback);
  const status = internshipStatusOf(group, now);
  if (status === 'NotStarted') throw AppError.badRequest(INTERNSHIPS_MSG.notStarted);
  const access = await loadAccess(db, [group.id], [member.id]);
  if (!mayEnter(access, stage, member)) throw AppError.forbidden(INTERNSHIPS_MSG.noStagePermission);
  return { stage, member, group, status, access };
};

/** `GET internship_stages/{stageId}`: the stage's description and tasks with the member's completions. */
export const enterStage = async (opts: {
  db: Db;
  actor: Actor;
  stageId: number;
  now: Date;
}): Promise<StageDetail> => {
  const { stage, member, group, status, access } = await enterableStage(
    opts.db,
    opts.actor,
    opts.stageId,
    opts.now,
  );
  return {
    id: String(stage.id),
    name: stage.name,
    description: stage.description,
    groupId: String(group.id),
    groupName: group.name,
    status,
    progressPercentage: stageProgress(access, stage.id, member.id),
    tasks: (access.tasksByStage.get(stage.id) ?? []).map((t) => ({
      id: String(t.id),
      title: t.title,
      content: t.content,
      completed: access.done.has(key(t.id, member.id)),
    })),
  };
};

/** `POST internship_stages/{stageId}/tasks/{taskId}/complete` (not once the group is finished). */
export const completeStageTask = async (opts: {
  db: Db;
  actor: Actor;
  stageId: number;
  taskId: number;
  now: Date;
}): Promise<TaskCompleted> => {
  const { stage, member, status, access } = await enterableStage(opts.db, opts.actor, opts.stageId, opts.now);
  if (status === 'Finished') throw AppError.badRequest(INTERNSHIPS_MSG.internshipEnded);
  const tasks = access.tasksByStage.get(stage.id) ?? [];
  if (!tasks.some((t) => t.id === opts.taskId)) throw AppError.notFound(INTERNSHIPS_MSG.taskNotFound);
  await repo.completeTask(opts.db, opts.taskId, member.id, opts.now);
  access.done.add(key(opts.taskId, member.id));
  return {
    stageId: String(stage.id),
    taskId: String(opts.taskId),
    completed: true,
    progressPercentage: stageProgress(access, stage.id, member.id),
  };
};

// ---------------------------------------------------------------------------------------------------------
// Organiser

/** A group of the organiser's company, else 404 实习计划不存在 (non-business 403 first). */
const ownGroup = async (db: Db, actor: Actor, groupId: number) => {
  const company = await organiserCompany(db, actor);
  const group = await repo.findGroup(db, groupId);
  if (!group || group.companyId !== company.id) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  return { company, group };
};

/** An own group that is not finished (changing a finished one: 400 实习计划已结束). */
const ownOpenGroup = async (db: Db, actor: Actor, groupId: number) => {
  const own = await ownGroup(db, actor, groupId);
  if (own.group.finishedAt) throw AppError.badRequest(INTERNSHIPS_MSG.groupAlreadyFinished);
  return own;
};

const summaryOf = (
  group: repo.GroupRow,
  counts: { memberCount: number; stageCount: number },
  now: Date,
): ManagedGroupSummary => ({
  id: String(group.id),
  name: group.name,
  description: group.description,
  status: internshipStatusOf(group, now),
  startTimestamp: ms(group.startAt),
  endTimestamp: ms(group.endAt),
  finishedAt: group.finishedAt ? ms(group.finishedAt) : null,
  memberCount: counts.memberCount,
  stageCount: counts.stageCount,
});

/** The organiser's view of a group: stages with tasks, invite codes with uses. */
const managedGroupOf = async (db: Db, group: repo.GroupRow, now: Date): Promise<ManagedGroup> => {
  const [stages, codes, memberCount] = await Promise.all([
    repo.findStages(db, [group.id]),
    repo.findInviteCodes(db, group.id),
    repo.countMembers(db, group.id),
  ]);
  const tasks = await repo.findTasks(
    db,
    stages.map((s) => s.id),
  );
  return {
    ...summaryOf(group, { memberCount, stageCount: stages.length }, now),
    stages: stages.map((s) => ({
      id: String(s.id),
      name: s.name,
      description: s.description,
      openToAll: s.openToAll,
      tasks: tasks
        .filter((t) => t.stageId === s.id)
        .map((t) => ({ id: String(t.id), title: t.title, content: t.content })),
    })),
    inviteCodes: codes.map(({ code, uses }) => ({
      id: String(code.id),
      code: code.code,
      maxUses: code.maxUses,
      uses,
      disabled: code.disabledAt !== null,
      createdAt: ms(code.createdAt),
    })),
  };
};

export const pageManagedGroups = async (opts: {
  db: Db;
  actor: Actor;
  query: PageQuery;
  now: Date;
}): Promise<ManagedGroupPage> => {
  const company = await organiserCompany(opts.db, opts.actor);
  const page = await repo.pageCompanyGroups(opts.db, company.id, pageOf(opts.query));
  return { total: page.total, rows: page.rows.map((r) => summaryOf(r.group, r, opts.now)) };
};

/** Makes a group of a company (the organiser's form, the demo data, other areas' tests). */
export const createGroupRecord = (
  db: Db,
  values: {
    companyId: number;
    organiserId: number;
    name: string;
    description?: string;
    startAt: Date;
    endAt: Date;
  },
) => repo.insertGroup(db, { ...values, description: values.description ?? '' });

export const createGroup = async (opts: { db: Db; actor: Actor; body: GroupBody; now: Date }) => {
  const company = await organiserCompany(opts.db, opts.actor);
  const group = await createGroupRecord(opts.db, {
    companyId: company.id,
    organiserId: opts.actor.userId,
    name: opts.body.name,
    description: opts.body.description,
    startAt: new Date(opts.body.startTimestamp),
    endAt: new Date(opts.body.endTimestamp),
  });
  return managedGroupOf(opts.db, group, opts.now);
};

export const getManagedGroup = async (opts: { db: Db; actor: Actor; groupId: number; now: Date }) => {
  const { group } = await ownGroup(opts.db, opts.actor, opts.groupId);
  return managedGroupOf(opts.db, group, opts.now);
};

export const updateGroup = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  body: GroupBody;
  now: Date;
}) => {
  await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  const group = await repo.updateGroup(opts.db, opts.groupId, {
    name: opts.body.name,
    description: opts.body.description,
    startAt: new Date(opts.body.startTimestamp),
    endAt: new Date(opts.body.endTimestamp),
  });
  if (!group) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  return managedGroupOf(opts.db, group, opts.now);
};

/** Finishes a group: members can no longer exit or complete tasks; certificates may be issued. */
export const finishGroup = async (opts: { db: Db; actor: Actor; groupId: number; now: Date }) => {
  await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  const group = await repo.updateGroup(opts.db, opts.groupId, { finishedAt: opts.now });
  if (!group) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  return managedGroupOf(opts.db, group, opts.now);
};

/** Writes a stage's tasks: listed ids kept (must be the stage's: else 404), new ones made, others removed. */
const writeTasks = async (db: Db, stageId: number, tasks: StageBody['tasks'], existing: repo.TaskRow[]) => {
  const ids = new Set(existing.map((t) => t.id));
  const kept = new Set<number>();
  for (const [sort, task] of tasks.entries()) {
    if (task.id !== undefined) {
      const id = Number(task.id);
      if (!ids.has(id) || kept.has(id)) throw AppError.notFound(INTERNSHIPS_MSG.taskNotFound);
      kept.add(id);
      await repo.updateTask(db, id, { title: task.title, content: task.content, sort });
    } else {
      await repo.insertTask(db, { stageId, title: task.title, content: task.content, sort });
    }
  }
  await repo.deleteTasks(
    db,
    existing.filter((t) => !kept.has(t.id)).map((t) => t.id),
  );
};

/** Makes a stage (with its tasks) at the end of a group; the demo data uses it too. */
export const createStageRecord = async (db: Db, groupId: number, body: StageBody) =>
  db.transaction(async (tx) => {
    await repo.lockGroup(tx, groupId);
    const { maxSort, count } = await repo.maxStageSort(tx, groupId);
    if (count >= INTERNSHIP_LIMITS.stagesPerGroup) throw AppError.badRequest(INTERNSHIPS_MSG.tooManyStages);
    const stage = await repo.insertStage(tx, {
      groupId,
      name: body.name,
      description: body.description,
      openToAll: body.openToAll,
      sort: maxSort + 1,
    });
    await writeTasks(tx, stage.id, body.tasks, []);
    return stage;
  });

export const addStage = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  body: StageBody;
  now: Date;
}) => {
  const { group } = await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  await createStageRecord(opts.db, group.id, opts.body);
  return managedGroupOf(opts.db, group, opts.now);
};

const ownStage = async (db: Db, groupId: number, stageId: number) => {
  const stage = await repo.findStage(db, stageId);
  if (!stage || stage.groupId !== groupId) throw AppError.notFound(INTERNSHIPS_MSG.stageNotFound);
  return stage;
};

export const updateStage = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  stageId: number;
  body: StageBody;
  now: Date;
}) => {
  const { group } = await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  const stage = await ownStage(opts.db, group.id, opts.stageId);
  await opts.db.transaction(async (tx) => {
    await repo.updateStage(tx, stage.id, {
      name: opts.body.name,
      description: opts.body.description,
      openToAll: opts.body.openToAll,
    });
    await writeTasks(tx, stage.id, opts.body.tasks, await repo.findTasks(tx, [stage.id]));
  });
  return managedGroupOf(opts.db, group, opts.now);
};

export const removeStage = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  stageId: number;
  now: Date;
}) => {
  const { group } = await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  const stage = await ownStage(opts.db, group.id, opts.stageId);
  await repo.deleteStage(opts.db, stage.id);
  return managedGroupOf(opts.db, group, opts.now);
};

/** A random code of the generated form (8 mixed-case letters and digits). */
export const randomInviteCode = () =>
  Array.from(
    { length: INTERNSHIP_LIMITS.inviteCodeLength },
    () => INVITE_CODE_ALPHABET[randomInt(INVITE_CODE_ALPHABET.length)],
  ).join('');

/** Adds an invite code to a group: `code` given (the demo data) or a new random one (retried on a clash). */
export const createInviteCodeRecord = async (
  db: Db,
  groupId: number,
  opts: { code?: string; maxUses?: number | null } = {},
) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const row = await repo.insertInviteCode(db, {
      groupId,
      code: opts.code ?? randomInviteCode(),
      maxUses: opts.maxUses ?? null,
    });
    if (row) return row;
    if (opts.code) throw new Error(`invite code ${opts.code} is taken`);
  }
  throw new Error('no free invite code after 5 attempts');
};

export const addInviteCode = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  body: InviteCodeBody;
  now: Date;
}) => {
  const { group } = await ownOpenGroup(opts.db, opts.actor, opts.groupId);
  await createInviteCodeRecord(opts.db, group.id, { maxUses: opts.body.maxUses ?? null });
  return managedGroupOf(opts.db, group, opts.now);
};

export const disableInviteCode = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  codeId: number;
  now: Date;
}) => {
  const { group } = await ownGroup(opts.db, opts.actor, opts.groupId);
  const code = await repo.findInviteCodeById(opts.db, opts.codeId);
  if (!code || code.groupId !== group.id) throw AppError.notFound(INTERNSHIPS_MSG.inviteCodeNotFound);
  await repo.disableInviteCode(opts.db, code.id, opts.now);
  return managedGroupOf(opts.db, group, opts.now);
};

/** Members as the organiser sees them, with overall progress and granted stages. */
const membersOf = async (
  db: Db,
  groupId: number,
  rows: { member: repo.MemberRow; userName: string }[],
): Promise<GroupMember[]> => {
  const access = await loadAccess(
    db,
    [groupId],
    rows.map((r) => r.member.id),
  );
  const allTasks = [...access.tasksByStage.values()].flat();
  return rows.map(({ member, userName }) => ({
    id: String(member.id),
    userId: String(member.userId),
    userName,
    occupationName: member.occupationName,
    joinedAt: ms(member.joinedAt),
    exited: member.exitedAt !== null,
    exitedAt: member.exitedAt ? ms(member.exitedAt) : null,
    exitReason: (member.exitReason as ExitReasonCode | null) ?? null,
    exitDescription: member.exitDescription ?? '',
    eliminated: member.eliminated,
    eliminatedDescription: member.eliminatedDescription,
    progressPercentage: allTasks.length
      ? allTasks.filter((t) => access.done.has(key(t.id, member.id))).length / allTasks.length
      : 0,
    grantedStageIds: access.stages
      .filter((s) => access.grants.has(key(s.id, member.id)))
      .map((s) => String(s.id)),
  }));
};

/** A page of a group's members (exited ones too), in join order. */
export const pageGroupMembers = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  query: PageQuery;
}): Promise<GroupMemberPage> => {
  const { group } = await ownGroup(opts.db, opts.actor, opts.groupId);
  const page = await repo.pageGroupMembers(opts.db, group.id, pageOf(opts.query));
  return { total: page.total, rows: await membersOf(opts.db, group.id, page.rows) };
};

/** A member of an own group that is not finished; an exited member 400 该成员已退出实习. */
const ownMember = async (db: Db, actor: Actor, groupId: number, memberId: number) => {
  const { group } = await ownOpenGroup(db, actor, groupId);
  const member = await repo.findMember(db, memberId);
  if (!member || member.groupId !== group.id) throw AppError.notFound(INTERNSHIPS_MSG.memberNotFound);
  if (member.exitedAt) throw AppError.badRequest(INTERNSHIPS_MSG.memberExited);
  return { group, member };
};

const memberAnswer = async (db: Db, groupId: number, memberId: number) => {
  const row = await repo.findMemberWithName(db, memberId);
  if (!row) throw AppError.notFound(INTERNSHIPS_MSG.memberNotFound);
  const [member] = await membersOf(db, groupId, [row]);
  if (!member) throw AppError.notFound(INTERNSHIPS_MSG.memberNotFound);
  return member;
};

export const eliminateMember = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  memberId: number;
  body: EliminateBody;
}) => {
  const { group, member } = await ownMember(opts.db, opts.actor, opts.groupId, opts.memberId);
  await repo.updateMember(opts.db, member.id, {
    eliminated: true,
    eliminatedDescription: opts.body.eliminatedDescription,
  });
  return memberAnswer(opts.db, group.id, member.id);
};

/** Undoes an elimination. */
export const restoreMember = async (opts: { db: Db; actor: Actor; groupId: number; memberId: number }) => {
  const { group, member } = await ownMember(opts.db, opts.actor, opts.groupId, opts.memberId);
  await repo.updateMember(opts.db, member.id, { eliminated: false, eliminatedDescription: '' });
  return memberAnswer(opts.db, group.id, member.id);
};

/** Grants (granted: true) or revokes a stage for a member. */
export const setStageGrant = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
  memberId: number;
  stageId: number;
  granted: boolean;
}) => {
  const { group, member } = await ownMember(opts.db, opts.actor, opts.groupId, opts.memberId);
  const stage = await ownStage(opts.db, group.id, opts.stageId);
  if (opts.granted) await repo.grantStage(opts.db, stage.id, member.id);
  else await repo.revokeStage(opts.db, stage.id, member.id);
  return memberAnswer(opts.db, group.id, member.id);
};

/** Adds a member directly (the demo data and tests; students join by code). */
export const addMemberRecord = (
  db: Db,
  values: {
    groupId: number;
    userId: number;
    occupationName: string;
    inviteCodeId?: number | null;
    joinedAt?: Date;
  },
) => repo.insertMember(db, { ...values, inviteCodeId: values.inviteCodeId ?? null });

/** Finishes a group at `at` (the demo data; the organiser's route is finishGroup). */
export const finishGroupRecord = (db: Db, groupId: number, at: Date) =>
  repo.updateGroup(db, groupId, { finishedAt: at });

// ---------------------------------------------------------------------------------------------------------
// Contract (issue 14, jobs/programs): a group open for applications is an internship programme

export type { GroupRow } from './internships.repo';

/** The organiser's own group (403 not business / no company; another company's 404 实习计划不存在). */
export const organiserGroupOf = (opts: { db: Db; actor: Actor; groupId: number }) =>
  ownGroup(opts.db, opts.actor, opts.groupId);

/** Sets a group's recruit state (the caller checked who asks). */
export const setGroupRecruitState = (opts: { db: Db; groupId: number; recruitState: string }) =>
  repo.setGroupRecruitState(opts.db, opts.groupId, opts.recruitState);

/** A group by id, any state, or null. */
export const groupById = (opts: { db: Db; groupId: number }) => repo.findGroup(opts.db, opts.groupId);

/** A page of the Online groups, newest first. */
export const pageOnlineGroups = (opts: { db: Db; query: PageQuery }) =>
  repo.pageOnlineGroups(opts.db, pageOf(opts.query));
// Contracts (issue 14, jobs feedback center): internship programmes and joining by an accepted offer

/** An internship programme as the feedback center shows it. */
export type ProgrammeSummary = {
  id: number;
  companyId: number;
  name: string;
  status: ReturnType<typeof internshipStatusOf>;
  /** taken offline (recruitState Offline): 已下线 */
  deleted: boolean;
  startAt: Date;
  endAt: Date;
};

/** Contract: programmes (internship groups) by id; unknown ids are absent. */
export const programmesByIds = async (opts: {
  db: Db;
  ids: readonly number[];
  now: Date;
}): Promise<Map<number, ProgrammeSummary>> => {
  const rows = await repo.findGroupsByIds(opts.db, [...new Set(opts.ids)]);
  return new Map(
    rows.map((g) => [
      g.id,
      {
        id: g.id,
        companyId: g.companyId,
        name: g.name,
        status: internshipStatusOf(g, opts.now),
        deleted: g.recruitState === 'Offline',
        startAt: g.startAt,
        endAt: g.endAt,
      },
    ]),
  );
};

/**
 * `GET internship_members/joined_count?internProgramId=`: joinFlag = the asker is a current member of that
 * programme; joinCount = how many current internships the asker has (spec section 4, offer acceptance).
 */
export const programJoinedCount = async (opts: {
  db: Db;
  actor: Actor;
  groupId: number;
}): Promise<JoinedCount> => {
  const [group, current] = await Promise.all([
    repo.findGroup(opts.db, opts.groupId),
    repo.findCurrentMemberships(opts.db, opts.actor.userId),
  ]);
  if (!group) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  const [company] = await repo.findCompanyNames(opts.db, [group.companyId]);
  return {
    joinFlag: current.some((c) => c.group.id === group.id),
    joinCount: current.length,
    groupName: group.name,
    companyName: company?.name ?? '',
    message: '',
  };
};

/**
 * Contract: joins the user to programme `groupId` because they accepted its offer, inside the caller's
 * transaction `db`. Under the same user lock as joining by code, with the one-current-internship rule: already
 * a current member of it: nothing to do; a current internship elsewhere: 400 每人同时只能参加1个实习计划…;
 * a finished group: 400 实习已结束.
 */
export const joinByOffer = async (opts: {
  db: Db;
  userId: number;
  groupId: number;
  occupationName: string;
  now: Date;
}): Promise<{ internshipGroupId: string; memberId: string }> => {
  await repo.lockUser(opts.db, opts.userId);
  const group = await repo.findGroup(opts.db, opts.groupId);
  if (!group) throw AppError.notFound(INTERNSHIPS_MSG.groupNotFound);
  const current = await repo.findCurrentMemberships(opts.db, opts.userId);
  const mine = current.find((c) => c.group.id === group.id);
  if (mine) return { internshipGroupId: String(group.id), memberId: String(mine.member.id) };
  if (current.length) throw AppError.badRequest(INTERNSHIPS_MSG.joinLimit);
  if (group.finishedAt) throw AppError.badRequest(INTERNSHIPS_MSG.groupFinished);
  const member = await repo.insertMember(opts.db, {
    groupId: group.id,
    userId: opts.userId,
    inviteCodeId: null,
    occupationName: [...(opts.occupationName || group.name)]
      .slice(0, INTERNSHIP_LIMITS.occupationMax)
      .join(''),
    joinedAt: opts.now,
  });
  return { internshipGroupId: String(group.id), memberId: String(member.id) };
};
