import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { files } from './files';
import { users } from './users';

/*
 * Competitions (创新大赛 / 我的竞赛; issue 14, career spec sections 2, 3, 4, 6, 7; foundation spec 7): a
 * competition published by a teacher or business user, with its tracks (赛道) and areas (赛区); students'
 * registrations (apply records: one per person, or one per team with its captain) and the members of each.
 * One registration per user per competition: unique (competition_id, user_id) on the members, the captain
 * included. Team names are unique within a competition. applyEnable and 已报名 / 已失效 are derived from the
 * times (@uplus/shared applyEnableOf, registrationExpired), never stored.
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

/** A competition. */
export const competitions = pgTable(
  'competitions',
  {
    id: identityId(),
    name: text('name').notNull(),
    organizer: text('organizer').notNull(),
    coverFileId: bigint('cover_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    description: text('description').notNull().default(''),
    /** Personal or Group */
    mode: text('mode').notNull(),
    /** the largest team, captain included; 1 in Personal mode */
    maxTeamSize: integer('max_team_size').notNull().default(1),
    applyStartAt: at('apply_start_at').notNull(),
    applyEndAt: at('apply_end_at').notNull(),
    /** when the competition (the event) ends: its registrations are 已失效 afterwards */
    endAt: at('end_at').notNull(),
    createdBy: ownerRef('created_by', () => users.id),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('competitions_list_idx').on(t.applyStartAt, t.id),
    index('competitions_creator_idx').on(t.createdBy, t.id),
    check('competitions_mode_check', sql`${t.mode} in ('Personal', 'Group')`),
    check('competitions_team_size_check', sql`${t.maxTeamSize} between 1 and 100`),
  ],
);

/** A track (赛道) of a competition. */
export const competitionTracks = pgTable(
  'competition_tracks',
  {
    id: identityId(),
    competitionId: ownerRef('competition_id', () => competitions.id),
    name: text('name').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('competition_tracks_competition_idx').on(t.competitionId, t.sort, t.id)],
);

/** An area (赛区) a competition runs in, optionally tied to a division (region) code. */
export const competitionAreas = pgTable(
  'competition_areas',
  {
    id: identityId(),
    competitionId: ownerRef('competition_id', () => competitions.id),
    name: text('name').notNull(),
    divisionCode: text('division_code'),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('competition_areas_competition_idx').on(t.competitionId, t.sort, t.id)],
);

/** A registration: a person's (Personal) or a team's (Group, led by its captain). */
export const applyRecords = pgTable(
  'apply_records',
  {
    id: identityId(),
    competitionId: ownerRef('competition_id', () => competitions.id),
    /** the captain, or the personal entrant */
    leaderId: ownerRef('leader_id', () => users.id),
    /** the competition's mode when it was started */
    mode: text('mode').notNull(),
    /** Group only; unique within the competition */
    teamName: text('team_name'),
    trackId: bigint('track_id', { mode: 'number' }).references(() => competitionTracks.id, {
      onDelete: 'set null',
    }),
    areaId: bigint('area_id', { mode: 'number' }).references(() => competitionAreas.id, {
      onDelete: 'set null',
    }),
    /** Draft until the applicant info is first saved, then Submitted */
    status: text('status').notNull().default('Draft'),
    /** when it was first submitted */
    appliedAt: at('applied_at'),
    /** the personal / leader info: name, mobile, email, organName, majorName */
    applyInfo: jsonb('apply_info').$type<Record<string, string>>().notNull().default({}),
    /** the random code the join link carries: without it nobody outside the team can see or join it */
    inviteCode: text('invite_code').notNull(),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('apply_records_competition_idx').on(t.competitionId, t.id),
    uniqueIndex('apply_records_team_name_idx').on(t.competitionId, t.teamName),
    check('apply_records_mode_check', sql`${t.mode} in ('Personal', 'Group')`),
    check('apply_records_status_check', sql`${t.status} in ('Draft', 'Submitted')`),
  ],
);

/** A person in a registration: the captain (or personal entrant) and the team members who joined. */
export const applyRecordMembers = pgTable(
  'apply_record_members',
  {
    id: identityId(),
    recordId: ownerRef('record_id', () => applyRecords.id),
    competitionId: ownerRef('competition_id', () => competitions.id),
    userId: ownerRef('user_id', () => users.id),
    /** Captain or TeamMember */
    role: text('role').notNull(),
    info: jsonb('info').$type<Record<string, string>>().notNull().default({}),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('apply_record_members_one_per_competition_idx').on(t.competitionId, t.userId),
    index('apply_record_members_user_idx').on(t.userId, t.joinedAt),
    index('apply_record_members_record_idx').on(t.recordId, t.id),
    check('apply_record_members_role_check', sql`${t.role} in ('Captain', 'TeamMember')`),
  ],
);
