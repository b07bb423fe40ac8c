import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import {
  companies,
  internshipGroups,
  internshipInviteCodes,
  internshipMembers,
  internshipStageGrants,
  internshipStages,
  internshipStageTasks,
  internshipTaskCompletions,
  users,
} from '../../db/schema';

/* SQL of the internships area. */

export type GroupRow = typeof internshipGroups.$inferSelect;
export type StageRow = typeof internshipStages.$inferSelect;
export type TaskRow = typeof internshipStageTasks.$inferSelect;
export type InviteCodeRow = typeof internshipInviteCodes.$inferSelect;
export type MemberRow = typeof internshipMembers.$inferSelect;

// ----- Groups

export const insertGroup = async (db: Db, values: typeof internshipGroups.$inferInsert) => {
  const [row] = await db.insert(internshipGroups).values(values).returning();
  if (!row) throw new Error('internship group not written');
  return row;
};

export const updateGroup = async (
  db: Db,
  id: number,
  values: Partial<Pick<GroupRow, 'name' | 'description' | 'startAt' | 'endAt' | 'finishedAt'>>,
) => {
  const [row] = await db.update(internshipGroups).set(values).where(eq(internshipGroups.id, id)).returning();
  return row ?? null;
};

export const findGroup = async (db: Db, id: number) => {
  const [row] = await db.select().from(internshipGroups).where(eq(internshipGroups.id, id)).limit(1);
  return row ?? null;
};

/** A group locked for the rest of the transaction. */
export const lockGroup = async (db: Db, id: number) => {
  const [row] = await db
    .select()
    .from(internshipGroups)
    .where(eq(internshipGroups.id, id))
    .for('update')
    .limit(1);
  return row ?? null;
};

/** A page of a company's groups, newest first, with member (not exited) and stage counts. */
export const pageCompanyGroups = async (
  db: Db,
  companyId: number,
  page: { offset: number; limit: number },
) => {
  const memberCount = sql<number>`(select count(*) from internship_members m where m.group_id = "internship_groups"."id" and m.exited_at is null)`;
  const stageCount = sql<number>`(select count(*) from internship_stages s where s.group_id = "internship_groups"."id")`;
  const rows = await db
    .select({
      group: internshipGroups,
      memberCount: memberCount.mapWith(Number),
      stageCount: stageCount.mapWith(Number),
    })
    .from(internshipGroups)
    .where(eq(internshipGroups.companyId, companyId))
    .orderBy(desc(internshipGroups.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(internshipGroups)
    .where(eq(internshipGroups.companyId, companyId));
  return { rows, total: total?.n ?? 0 };
};

export const countMembers = async (db: Db, groupId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(internshipMembers)
    .where(and(eq(internshipMembers.groupId, groupId), isNull(internshipMembers.exitedAt)));
  return row?.n ?? 0;
};

// ----- Stages and tasks

export const findStages = (db: Db, groupIds: readonly number[]) =>
  groupIds.length
    ? db
        .select()
        .from(internshipStages)
        .where(inArray(internshipStages.groupId, [...groupIds]))
        .orderBy(asc(internshipStages.sort), asc(internshipStages.id))
    : Promise.resolve([] as StageRow[]);

export const findStage = async (db: Db, id: number) => {
  const [row] = await db.select().from(internshipStages).where(eq(internshipStages.id, id)).limit(1);
  return row ?? null;
};

export const insertStage = async (db: Db, values: typeof internshipStages.$inferInsert) => {
  const [row] = await db.insert(internshipStages).values(values).returning();
  if (!row) throw new Error('stage not written');
  return row;
};

export const updateStage = async (
  db: Db,
  id: number,
  values: Partial<Pick<StageRow, 'name' | 'description' | 'openToAll'>>,
) => {
  await db.update(internshipStages).set(values).where(eq(internshipStages.id, id));
};

export const deleteStage = async (db: Db, id: number) => {
  await db.delete(internshipStages).where(eq(internshipStages.id, id));
};

export const maxStageSort = async (db: Db, groupId: number) => {
  const [row] = await db
    .select({ n: sql<number>`coalesce(max(${internshipStages.sort}), -1)`.mapWith(Number), c: count() })
    .from(internshipStages)
    .where(eq(internshipStages.groupId, groupId));
  return { maxSort: row?.n ?? -1, count: row?.c ?? 0 };
};

export const findTasks = (db: Db, stageIds: readonly number[]) =>
  stageIds.length
    ? db
        .select()
        .from(internshipStageTasks)
        .where(inArray(internshipStageTasks.stageId, [...stageIds]))
        .orderBy(asc(internshipStageTasks.sort), asc(internshipStageTasks.id))
    : Promise.resolve([] as TaskRow[]);

export const insertTask = async (db: Db, values: typeof internshipStageTasks.$inferInsert) => {
  await db.insert(internshipStageTasks).values(values);
};

export const updateTask = async (db: Db, id: number, values: Pick<TaskRow, 'title' | 'content' | 'sort'>) => {
  await db.update(internshipStageTasks).set(values).where(eq(internshipStageTasks.id, id));
};

export const deleteTasks = async (db: Db, ids: readonly number[]) => {
  if (ids.length) await db.delete(internshipStageTasks).where(inArray(internshipStageTasks.id, [...ids]));
};

// ----- Invite codes

export const insertInviteCode = async (db: Db, values: typeof internshipInviteCodes.$inferInsert) => {
  const [row] = await db.insert(internshipInviteCodes).values(values).onConflictDoNothing().returning();
  return row ?? null;
};

/** A group's codes with how many joined with each. */
export const findInviteCodes = async (db: Db, groupId: number) =>
  db
    .select({
      code: internshipInviteCodes,
      uses: sql<number>`(select count(*) from internship_members m where m.invite_code_id = "internship_invite_codes"."id")`.mapWith(
        Number,
      ),
    })
    .from(internshipInviteCodes)
    .where(eq(internshipInviteCodes.groupId, groupId))
    .orderBy(asc(internshipInviteCodes.id));

export const findInviteCodeById = async (db: Db, id: number) => {
  const [row] = await db
    .select()
    .from(internshipInviteCodes)
    .where(eq(internshipInviteCodes.id, id))
    .limit(1);
  return row ?? null;
};

/** A code (exact, case-sensitive) with its group and company; `lock`: the code row locked (uses counted after). */
export const findInviteCode = async (db: Db, code: string, lock = false) => {
  const query = db
    .select({ code: internshipInviteCodes, group: internshipGroups, companyName: companies.name })
    .from(internshipInviteCodes)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipInviteCodes.groupId))
    .innerJoin(companies, eq(companies.id, internshipGroups.companyId))
    .where(eq(internshipInviteCodes.code, code))
    .limit(1);
  const [row] = lock ? await query.for('update', { of: internshipInviteCodes }) : await query;
  return row ?? null;
};

export const countCodeUses = async (db: Db, codeId: number) => {
  const [row] = await db
    .select({ n: count() })
    .from(internshipMembers)
    .where(eq(internshipMembers.inviteCodeId, codeId));
  return row?.n ?? 0;
};

export const disableInviteCode = async (db: Db, id: number, at: Date) => {
  await db
    .update(internshipInviteCodes)
    .set({ disabledAt: at })
    .where(and(eq(internshipInviteCodes.id, id), isNull(internshipInviteCodes.disabledAt)));
};

// ----- Members

/** Locks the user's row: joins of one user run one after the other (one current internship each). */
export const lockUser = async (db: Db, userId: number) => {
  await db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
};

/** The user's current internships: member rows not exited in groups not finished. */
export const findCurrentMemberships = (db: Db, userId: number) =>
  db
    .select({ member: internshipMembers, group: internshipGroups })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .where(
      and(
        eq(internshipMembers.userId, userId),
        isNull(internshipMembers.exitedAt),
        isNull(internshipGroups.finishedAt),
      ),
    );

/** The user's member row (not exited) in a group, or null. */
export const findActiveMember = async (db: Db, groupId: number, userId: number) => {
  const [row] = await db
    .select()
    .from(internshipMembers)
    .where(
      and(
        eq(internshipMembers.groupId, groupId),
        eq(internshipMembers.userId, userId),
        isNull(internshipMembers.exitedAt),
      ),
    )
    .limit(1);
  return row ?? null;
};

export const findMember = async (db: Db, id: number) => {
  const [row] = await db.select().from(internshipMembers).where(eq(internshipMembers.id, id)).limit(1);
  return row ?? null;
};

export const insertMember = async (db: Db, values: typeof internshipMembers.$inferInsert) => {
  const [row] = await db.insert(internshipMembers).values(values).returning();
  if (!row) throw new Error('member not written');
  return row;
};

export const updateMember = async (
  db: Db,
  id: number,
  values: Partial<
    Pick<MemberRow, 'eliminated' | 'eliminatedDescription' | 'exitedAt' | 'exitReason' | 'exitDescription'>
  >,
) => {
  const [row] = await db
    .update(internshipMembers)
    .set(values)
    .where(eq(internshipMembers.id, id))
    .returning();
  return row ?? null;
};

/**
 * A page of the student's groups (member rows not exited), newest join first. `details`: underway (group not
 * finished) or finished.
 */
export const pageStudentMemberships = async (
  db: Db,
  userId: number,
  details: 'underway' | 'finished' | undefined,
  page: { offset: number; limit: number },
) => {
  const where = and(
    eq(internshipMembers.userId, userId),
    isNull(internshipMembers.exitedAt),
    details === 'underway'
      ? isNull(internshipGroups.finishedAt)
      : details === 'finished'
        ? sql`${internshipGroups.finishedAt} is not null`
        : undefined,
  );
  const rows = await db
    .select({ member: internshipMembers, group: internshipGroups, company: companies })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .innerJoin(companies, eq(companies.id, internshipGroups.companyId))
    .where(where)
    .orderBy(desc(internshipMembers.joinedAt), desc(internshipMembers.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .where(where);
  return { rows, total: total?.n ?? 0 };
};

/** A page of a group's members (exited ones too), in join order, with the user's name. */
export const pageGroupMembers = async (db: Db, groupId: number, page: { offset: number; limit: number }) => {
  const rows = await db
    .select({ member: internshipMembers, userName: users.name })
    .from(internshipMembers)
    .innerJoin(users, eq(users.id, internshipMembers.userId))
    .where(eq(internshipMembers.groupId, groupId))
    .orderBy(asc(internshipMembers.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db
    .select({ n: count() })
    .from(internshipMembers)
    .where(eq(internshipMembers.groupId, groupId));
  return { rows, total: total?.n ?? 0 };
};

export const findMemberWithName = async (db: Db, id: number) => {
  const [row] = await db
    .select({ member: internshipMembers, userName: users.name })
    .from(internshipMembers)
    .innerJoin(users, eq(users.id, internshipMembers.userId))
    .where(eq(internshipMembers.id, id))
    .limit(1);
  return row ?? null;
};

/** A member with its group, if the group is the company's. */
export const findCompanyMember = async (db: Db, companyId: number, memberId: number) => {
  const [row] = await db
    .select({ member: internshipMembers, group: internshipGroups })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .where(and(eq(internshipMembers.id, memberId), eq(internshipGroups.companyId, companyId)))
    .limit(1);
  return row ?? null;
};

/** The user's newest membership (not eliminated, not exited) of a finished group of the company, or null. */
export const findFinishedMemberId = async (db: Db, companyId: number, userId: number) => {
  const [row] = await db
    .select({ memberId: internshipMembers.id })
    .from(internshipMembers)
    .innerJoin(internshipGroups, eq(internshipGroups.id, internshipMembers.groupId))
    .where(
      and(
        eq(internshipGroups.companyId, companyId),
        isNotNull(internshipGroups.finishedAt),
        eq(internshipMembers.userId, userId),
        eq(internshipMembers.eliminated, false),
        isNull(internshipMembers.exitedAt),
      ),
    )
    .orderBy(desc(internshipMembers.id))
    .limit(1);
  return row?.memberId ?? null;
};

// ----- Grants and completions

export const findGrants = (db: Db, memberIds: readonly number[]) =>
  memberIds.length
    ? db
        .select()
        .from(internshipStageGrants)
        .where(inArray(internshipStageGrants.memberId, [...memberIds]))
    : Promise.resolve([] as (typeof internshipStageGrants.$inferSelect)[]);

export const grantStage = async (db: Db, stageId: number, memberId: number) => {
  await db.insert(internshipStageGrants).values({ stageId, memberId }).onConflictDoNothing();
};

export const revokeStage = async (db: Db, stageId: number, memberId: number) => {
  await db
    .delete(internshipStageGrants)
    .where(and(eq(internshipStageGrants.stageId, stageId), eq(internshipStageGrants.memberId, memberId)));
};

/** Completed task ids per member. */
export const findCompletions = (db: Db, memberIds: readonly number[]) =>
  memberIds.length
    ? db
        .select({ taskId: internshipTaskCompletions.taskId, memberId: internshipTaskCompletions.memberId })
        .from(internshipTaskCompletions)
        .where(inArray(internshipTaskCompletions.memberId, [...memberIds]))
    : Promise.resolve([] as { taskId: number; memberId: number }[]);

export const completeTask = async (db: Db, taskId: number, memberId: number, at: Date) => {
  await db
    .insert(internshipTaskCompletions)
    .values({ taskId, memberId, completedAt: at })
    .onConflictDoNothing();
};

// ----- Recruitment (issue 14: a group open for applications is an internship programme)

/** Sets a group's recruit state (Draft, Online or Offline). */
export const setGroupRecruitState = async (db: Db, id: number, recruitState: string) => {
  const [row] = await db
    .update(internshipGroups)
    .set({ recruitState })
    .where(eq(internshipGroups.id, id))
    .returning();
  return row ?? null;
};

/** A page of the Online groups (programmes), newest first (internship_groups_recruit_idx). */
export const pageOnlineGroups = async (db: Db, page: { offset: number; limit: number }) => {
  const where = eq(internshipGroups.recruitState, 'Online');
  const rows = await db
    .select()
    .from(internshipGroups)
    .where(where)
    .orderBy(desc(internshipGroups.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(internshipGroups).where(where);
  return { rows, total: total?.n ?? 0 };
};
// ----- Internship programmes (issue 14: the feedback center)

/** Groups by id (unknown ones left out), with their company. */
export const findGroupsByIds = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .select()
        .from(internshipGroups)
        .where(inArray(internshipGroups.id, [...ids]))
    : Promise.resolve([] as GroupRow[]);

/** Companies' names by id. */
export const findCompanyNames = (db: Db, ids: readonly number[]) =>
  ids.length
    ? db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(inArray(companies.id, [...ids]))
    : Promise.resolve([] as { id: number; name: string }[]);
