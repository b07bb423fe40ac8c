import { sql } from 'drizzle-orm';
import {
  bigint,
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
import { files } from './files';
import { recruitmentOccupations } from './jobs';
import { users } from './users';

/*
 * Career talks (宣讲会), job fairs (双选会) and job seekers' reservations of them (issue 14, career spec
 * sections 2, 3, 4, 7, 9). A talk's talkStatus and a fair's status are never stored: they are derived from the
 * times, the live's start and the playback (talkStatusOf / fairStatusOf in @uplus/shared), so every instance
 * agrees without a sweeper. Canceling keeps the row (reservations list it greyed).
 */

const at = (name: string) => timestamp(name, { withTimezone: true });

export const careerTalks = pgTable(
  'career_talks',
  {
    id: identityId(),
    companyId: ownerRef('company_id', () => companies.id),
    /** the business user who created it */
    createdBy: ownerRef('created_by', () => users.id),
    subject: text('subject').notNull(),
    /** Online (a live room) or Offline (a place) */
    mode: text('mode').notNull(),
    /** Publish or Canceled */
    status: text('status').notNull().default('Publish'),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    place: text('place').notNull().default(''),
    description: text('description').notNull().default(''),
    posterFileId: bigint('poster_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** when the company started the live (online talks); null: never went live (Timeout after the end) */
    liveStartedAt: at('live_started_at'),
    /** when the company stopped it */
    liveEndedAt: at('live_ended_at'),
    /** the uploaded playback video; set: Playback after the end */
    playbackFileId: bigint('playback_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** people who entered the live room while it was on (shown ×5) */
    onlineCount: integer('online_count').notNull().default(0),
    /** playback views (shown ×5 plus a 1–50 offset) */
    viewCount: integer('view_count').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('career_talks_company_idx').on(t.companyId, t.startAt),
    index('career_talks_public_idx').on(t.status, t.startAt),
    check('career_talks_mode_check', sql`${t.mode} in ('Online', 'Offline')`),
    check('career_talks_status_check', sql`${t.status} in ('Publish', 'Canceled')`),
  ],
);

export const jobFairs = pgTable(
  'job_fairs',
  {
    id: identityId(),
    /** the organiser company */
    companyId: ownerRef('company_id', () => companies.id),
    createdBy: ownerRef('created_by', () => users.id),
    subject: text('subject').notNull(),
    mode: text('mode').notNull(),
    startAt: at('start_at').notNull(),
    endAt: at('end_at').notNull(),
    place: text('place').notNull().default(''),
    description: text('description').notNull().default(''),
    posterFileId: bigint('poster_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** Yes: canceled by its organiser */
    canceled: text('canceled').notNull().default('No'),
    createdAt: createdAt(),
    updatedAt: at('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('job_fairs_company_idx').on(t.companyId, t.startAt),
    index('job_fairs_public_idx').on(t.canceled, t.startAt),
    check('job_fairs_mode_check', sql`${t.mode} in ('Online', 'Offline')`),
    check('job_fairs_canceled_check', sql`${t.canceled} in ('Yes', 'No')`),
  ],
);

/** A company taking part in a fair. */
export const jobFairCompanies = pgTable(
  'job_fair_companies',
  {
    fairId: ownerRef('fair_id', () => jobFairs.id),
    companyId: ownerRef('company_id', () => companies.id),
    joinedAt: at('joined_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.fairId, t.companyId] }),
    index('job_fair_companies_company_idx').on(t.companyId),
  ],
);

/** A position a participating company brings to a fair. */
export const jobFairOccupations = pgTable(
  'job_fair_occupations',
  {
    fairId: ownerRef('fair_id', () => jobFairs.id),
    occupationId: ownerRef('occupation_id', () => recruitmentOccupations.id),
    /** the position's company (the participant), so a company's positions at a fair are found without a join */
    companyId: ownerRef('company_id', () => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.fairId, t.occupationId] }),
    index('job_fair_occupations_occupation_idx').on(t.occupationId),
    index('job_fair_occupations_company_idx').on(t.fairId, t.companyId),
  ],
);

/** A job seeker's reservation of a talk or a fair (one per target). */
export const reservations = pgTable(
  'reservations',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    /** CareerTalk or JobFair */
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('reservations_user_target_idx').on(t.userId, t.targetType, t.targetId),
    index('reservations_user_list_idx').on(t.userId, t.targetType, t.createdAt),
    index('reservations_target_idx').on(t.targetType, t.targetId),
    check('reservations_target_type_check', sql`${t.targetType} in ('CareerTalk', 'JobFair')`),
  ],
);
