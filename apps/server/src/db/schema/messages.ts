import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt, identityId, ownerRef } from './columns';
import { courses } from './courses';
import { users } from './users';

/**
 * A notice published to some users (spec 001 sections 2.9 'course notice' and 7 `GET /notices`): a course
 * notice a teacher of the course publishes. Who it is addressed to, and whether each has read it, is in
 * `notice_recipients`.
 */
export const notices = pgTable(
  'notices',
  {
    id: identityId(),
    /** Course (the only genre so far) */
    genre: text('genre').notNull(),
    courseId: ownerRef('course_id', () => courses.id),
    publisherId: ownerRef('publisher_id', () => users.id),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('notices_course_idx').on(t.courseId),
    check('notices_genre_check', sql`${t.genre} in ('Course')`),
  ],
);

/** One addressee of a notice and when they opened it (null while unread). */
export const noticeRecipients = pgTable(
  'notice_recipients',
  {
    noticeId: ownerRef('notice_id', () => notices.id),
    userId: ownerRef('user_id', () => users.id),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.noticeId, t.userId] }),
    index('notice_recipients_user_idx').on(t.userId),
    // the workbench asks for the unread ones (smallBell) on every visit
    index('notice_recipients_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * A message to one user (spec 001 section 3 "Message notice"): its kind, text, when the event happened
 * and whether the user has read it. Messages are personal: every read goes through the owner.
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** System, Course, Internship or Recruitment */
    type: text('type').notNull(),
    body: text('body').notNull(),
    /** when the event happened; lists are newest first by it */
    happenedAt: timestamp('happened_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** null while unread */
    readAt: timestamp('read_at', { withTimezone: true }),
    /** the notice this message announces (opening the message opens it), if any */
    noticeId: bigint('notice_id', { mode: 'number' }).references(() => notices.id, { onDelete: 'cascade' }),
  },
  (t) => [
    index('messages_user_happened_idx').on(t.userId, t.happenedAt.desc(), t.id.desc()),
    // the bell asks for unread counts on every page focus: keep that lookup small
    index('messages_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('messages_type_check', sql`${t.type} in ('System', 'Course', 'Internship', 'Recruitment')`),
  ],
);
