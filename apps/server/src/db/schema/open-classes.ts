import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  real,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { companies } from './employer';
import { files } from './files';
import { organisations } from './organisations';
import { users } from './users';

/*
 * Open classes (职业发展课; issue 12, spec 001 sections 2.11, 3, 4, 7): open courses of three live modes made
 * by an organiser (a teacher or a business user), their lecturers, partner schools and enterprises, sessions
 * (live sessions, or the videos of a video course), students' subscriptions and viewing progress, and the
 * CourseClassify / CourseIndustry dictionaries they are filed under.
 */

/** Dictionary entries by group (CourseClassify, CourseIndustry): code and title. */
export const dictionaryEntries = pgTable(
  'dictionary_entries',
  {
    groupCode: text('group_code').notNull(),
    code: text('code').notNull(),
    title: text('title').notNull(),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.groupCode, t.code] })],
);

/** An open course. Draft until first published; then Online (visible, subscribable) or Offline (expired). */
export const openCourses = pgTable(
  'open_courses',
  {
    id: identityId(),
    organiserId: ownerRef('organiser_id', () => users.id),
    /** the organiser's company when a business user made it */
    companyId: bigint('company_id', { mode: 'number' }).references(() => companies.id, {
      onDelete: 'set null',
    }),
    name: text('name').notNull(),
    /** SingleLive, SeriesLive or Video */
    liveMode: text('live_mode').notNull(),
    /** Draft, Online or Offline */
    status: text('status').notNull().default('Draft'),
    /** CourseClassify dictionary code */
    classifyCode: text('classify_code'),
    /** CourseIndustry dictionary code */
    industryCode: text('industry_code'),
    posterFileId: bigint('poster_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    introduction: text('introduction').notNull().default(''),
    /** opencourseStartAt: when the course (its first session) starts */
    startAt: timestamp('start_at', { withTimezone: true }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('open_courses_status_start_idx').on(t.status, t.startAt, t.id),
    index('open_courses_organiser_idx').on(t.organiserId, t.id),
    check('open_courses_live_mode_check', sql`${t.liveMode} in ('SingleLive', 'SeriesLive', 'Video')`),
    check('open_courses_status_check', sql`${t.status} in ('Draft', 'Online', 'Offline')`),
  ],
);

/** A lecturer of an open course. */
export const openCourseLecturers = pgTable(
  'open_course_lecturers',
  {
    id: identityId(),
    openCourseId: ownerRef('open_course_id', () => openCourses.id),
    name: text('name').notNull(),
    title: text('title').notNull().default(''),
    introduction: text('introduction').notNull().default(''),
    avatarFileId: bigint('avatar_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [index('open_course_lecturers_course_idx').on(t.openCourseId, t.sort)],
);

/** A partner school of an open course (none: 不限). */
export const openCoursePartnerSchools = pgTable(
  'open_course_partner_schools',
  {
    openCourseId: ownerRef('open_course_id', () => openCourses.id),
    organisationId: ownerRef('organisation_id', () => organisations.id),
  },
  (t) => [
    primaryKey({ columns: [t.openCourseId, t.organisationId] }),
    index('open_course_partner_schools_org_idx').on(t.organisationId),
  ],
);

/** A partner enterprise of an open course (none: the platform's name). */
export const openCoursePartnerCompanies = pgTable(
  'open_course_partner_companies',
  {
    openCourseId: ownerRef('open_course_id', () => openCourses.id),
    companyId: ownerRef('company_id', () => companies.id),
  },
  (t) => [
    primaryKey({ columns: [t.openCourseId, t.companyId] }),
    index('open_course_partner_companies_company_idx').on(t.companyId),
  ],
);

/**
 * A session of an open course: a live session (start and end; its playback once over) or, in a video
 * course, one video. The video is an uploaded file or an HLS address.
 */
export const openCourseSessions = pgTable(
  'open_course_sessions',
  {
    id: identityId(),
    openCourseId: ownerRef('open_course_id', () => openCourses.id),
    title: text('title').notNull(),
    startAt: timestamp('start_at', { withTimezone: true }),
    endAt: timestamp('end_at', { withTimezone: true }),
    /** the uploaded video (a video course's video, or a live session's playback) */
    videoFileId: bigint('video_file_id', { mode: 'number' }).references(() => files.id, {
      onDelete: 'set null',
    }),
    /** an HLS (.m3u8) address instead of an uploaded file */
    hlsUrl: text('hls_url'),
    /** the video's length in seconds (0 until known) */
    durationSeconds: integer('duration_seconds').notNull().default(0),
    sort: integer('sort').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [index('open_course_sessions_course_idx').on(t.openCourseId, t.sort, t.id)],
);

/** A student's subscription to an open course, with the progress of a video course (0 to 1). */
export const openCourseSubscriptions = pgTable(
  'open_course_subscriptions',
  {
    id: identityId(),
    userId: ownerRef('user_id', () => users.id),
    openCourseId: ownerRef('open_course_id', () => openCourses.id),
    progressPercentage: real('progress_percentage').notNull().default(0),
    subscribedAt: timestamp('subscribed_at', { withTimezone: true }).notNull().defaultNow(),
    /** last time the student watched (最近学习); null: never */
    lastStudiedAt: timestamp('last_studied_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('open_course_subscriptions_user_course_idx').on(t.userId, t.openCourseId),
    index('open_course_subscriptions_user_subscribed_idx').on(t.userId, t.subscribedAt),
    index('open_course_subscriptions_user_studied_idx').on(t.userId, t.lastStudiedAt),
    index('open_course_subscriptions_course_idx').on(t.openCourseId),
  ],
);

/** Where a student is in one video: the last position (resume from) and the furthest watched. */
export const openCourseProgress = pgTable(
  'open_course_progress',
  {
    userId: ownerRef('user_id', () => users.id),
    sessionId: ownerRef('session_id', () => openCourseSessions.id),
    positionSeconds: real('position_seconds').notNull().default(0),
    /** the furthest position reached: what counts toward progress */
    watchedSeconds: real('watched_seconds').notNull().default(0),
    durationSeconds: real('duration_seconds').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.sessionId] }),
    index('open_course_progress_session_idx').on(t.sessionId),
  ],
);
