import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users';

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
  },
  (t) => [
    index('messages_user_happened_idx').on(t.userId, t.happenedAt.desc(), t.id.desc()),
    // the bell asks for unread counts on every page focus: keep that lookup small
    index('messages_user_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
    check('messages_type_check', sql`${t.type} in ('System', 'Course', 'Internship', 'Recruitment')`),
  ],
);
