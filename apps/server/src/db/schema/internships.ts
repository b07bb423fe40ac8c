import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { companies } from './employer';
import { users } from './users';

/*
 * Internships (我的实习; issue 12, spec 001 sections 2.12, 3, 4, 5, 8): a company's internship group with its
 * stages and tasks, the invite codes students join by, its members (position, elimination, exit) and the
 * stage access the organiser grants. Status is derived: Finished once finished, NotStarted before the
 * start, otherwise Underway.
 */

/** An internship group (实习计划) run by a company. */
export const internshipGroups = pgTable(
  'internship_groups',
  {
    id: identityId(),
    companyId: ownerRef('company_id', () => companies.id),
    /** the business user who created it */
    organiserId: ownerRef('organiser_id', () => users.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    startAt: timestamp('start_at', { withTimezone: true }).notNull(),
    endAt: timestamp('end_at', { withTimezone: true }).notNull(),
    /** when the organiser finished the group; set: Finished */
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /**
     * Recruitment (issue 14): Draft (not open for applications), Online (an internship programme students
     * deliver to) or Offline (taken down: deleted Yes, 已下线)
     */
    recruitState: text('recruit_state').notNull().default('Draft'),
    createdAt: createdAt(),
  },
  (t) => [
    index('internship_groups_company_idx').on(t.companyId, t.id),
    index('internship_groups_recruit_idx').on(t.recruitState, t.id),
    check('internship_groups_recruit_state_check', sql`${t.recruitState} in ('Draft', 'Online', 'Offline')`),
  ],
);

/** A stage of an internship group, in order. `openToAll`: every member may enter without a grant. */
export const internshipStages = pgTable(
  'internship_stages',
  {
    id: identityId(),
    groupId: ownerRef('group_id', () => internshipGroups.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    openToAll: boolean('open_to_all').notNull().default(false),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('internship_stages_group_idx').on(t.groupId, t.sort, t.id)],
);

/** A task of a stage; a member's progress in the stage is the share of its tasks they completed. */
export const internshipStageTasks = pgTable(
  'internship_stage_tasks',
  {
    id: identityId(),
    stageId: ownerRef('stage_id', () => internshipStages.id),
    title: text('title').notNull(),
    content: text('content').notNull().default(''),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('internship_stage_tasks_stage_idx').on(t.stageId, t.sort, t.id)],
);

/** An invite code of a group: case-sensitive, unique over all groups; a disabled code admits nobody. */
export const internshipInviteCodes = pgTable(
  'internship_invite_codes',
  {
    id: identityId(),
    groupId: ownerRef('group_id', () => internshipGroups.id),
    code: text('code').notNull(),
    /** how many may join with it; null: no limit */
    maxUses: integer('max_uses'),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('internship_invite_codes_code_idx').on(t.code),
    index('internship_invite_codes_group_idx').on(t.groupId),
  ],
);

/**
 * A student in an internship group. A member who exited keeps the row (exitedAt, the reason); joining
 * again makes a new row. One current internship per user (a row not exited in a group not finished) is a
 * service rule, under a lock on the user.
 */
export const internshipMembers = pgTable(
  'internship_members',
  {
    id: identityId(),
    groupId: ownerRef('group_id', () => internshipGroups.id),
    userId: ownerRef('user_id', () => users.id),
    inviteCodeId: bigint('invite_code_id', { mode: 'number' }).references(() => internshipInviteCodes.id, {
      onDelete: 'set null',
    }),
    /** the position's full name (internshipOccupationName), at most 15 characters */
    occupationName: text('occupation_name').notNull(),
    eliminated: boolean('eliminated').notNull().default(false),
    eliminatedDescription: text('eliminated_description').notNull().default(''),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull().defaultNow(),
    exitedAt: timestamp('exited_at', { withTimezone: true }),
    /** one of the six reasons (its code) */
    exitReason: text('exit_reason'),
    /** the text sent as exitedDescription (the reason's words, or the member's own for 'other') */
    exitDescription: text('exit_description'),
  },
  (t) => [
    index('internship_members_user_idx').on(t.userId, t.exitedAt),
    index('internship_members_group_idx').on(t.groupId, t.id),
    uniqueIndex('internship_members_current_idx').on(t.groupId, t.userId).where(sql`${t.exitedAt} is null`),
    // the six reasons of spec 001 section 5 (@uplus/shared EXIT_REASONS)
    check(
      'internship_members_exit_reason_check',
      sql`${t.exitReason} is null or ${t.exitReason} in ('KeepUp', 'Schedule', 'Mismatch', 'OtherProgram', 'Offline', 'Other')`,
    ),
  ],
);

/** Access to a stage granted by the organiser to one member. */
export const internshipStageGrants = pgTable(
  'internship_stage_grants',
  {
    stageId: ownerRef('stage_id', () => internshipStages.id),
    memberId: ownerRef('member_id', () => internshipMembers.id),
    grantedAt: timestamp('granted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.stageId, t.memberId] }),
    index('internship_stage_grants_member_idx').on(t.memberId),
  ],
);

/** A task a member completed. */
export const internshipTaskCompletions = pgTable(
  'internship_task_completions',
  {
    taskId: ownerRef('task_id', () => internshipStageTasks.id),
    memberId: ownerRef('member_id', () => internshipMembers.id),
    completedAt: timestamp('completed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.taskId, t.memberId] }),
    index('internship_task_completions_member_idx').on(t.memberId),
  ],
);
