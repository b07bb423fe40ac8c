import { and, count, desc, eq, inArray, isNull, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courses, messages, noticeRecipients, notices, users } from '../../db/schema';

/*
 * The only place with SQL for messages. Every read and update takes the owner's user id, so no query here
 * can reach another user's messages.
 */

export type MessageRow = typeof messages.$inferSelect;

export const insertMessage = async (db: Db, values: typeof messages.$inferInsert) => {
  const [row] = await db.insert(messages).values(values).returning();
  return row!;
};

const ownedBy = (userId: number, type?: string) =>
  type ? and(eq(messages.userId, userId), eq(messages.type, type)) : eq(messages.userId, userId);

/** One page of a user's messages, newest event first (ties: newest stored first). */
export const pageByUser = async (
  db: Db,
  opts: { userId: number; type?: string; limit: number; offset: number },
) => {
  const where = ownedBy(opts.userId, opts.type);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(messages)
      .where(where)
      .orderBy(desc(messages.happenedAt), desc(messages.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(messages).where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

/** A user's unread messages per kind (kinds without unread messages are absent). */
export const countUnreadByType = (db: Db, userId: number) =>
  db
    .select({ type: messages.type, n: count() })
    .from(messages)
    .where(and(eq(messages.userId, userId), isNull(messages.readAt)))
    .groupBy(messages.type);

/** Marks a user's unread messages read: those in `ids`, or all when `ids` is null. Returns how many changed. */
export const markRead = async (db: Db, opts: { userId: number; ids: number[] | null; at: Date }) => {
  const conditions = [eq(messages.userId, opts.userId), isNull(messages.readAt)];
  if (opts.ids) conditions.push(inArray(messages.id, opts.ids));
  const changed = await db
    .update(messages)
    .set({ readAt: opts.at })
    .where(and(...conditions))
    .returning({ id: messages.id });
  return changed.length;
};

/*
 * Notices. A notice is reachable only through its recipient row: every read below joins
 * `notice_recipients` on the caller's user id, so a notice not addressed to the caller matches nothing.
 */

export type NoticeRow = {
  id: number;
  genre: string;
  title: string;
  content: string;
  publishedAt: Date;
  courseId: number;
  courseName: string;
  publisherName: string;
  readAt: Date | null;
};

const noticeColumns = {
  id: notices.id,
  genre: notices.genre,
  title: notices.title,
  content: notices.content,
  publishedAt: notices.publishedAt,
  courseId: notices.courseId,
  courseName: courses.name,
  publisherName: users.name,
  readAt: noticeRecipients.readAt,
};

const addressedTo = (opts: { userId: number; genre?: string; unreadOnly?: boolean; noticeId?: number }) => {
  const conditions: SQL[] = [eq(noticeRecipients.userId, opts.userId)];
  if (opts.genre) conditions.push(eq(notices.genre, opts.genre));
  if (opts.unreadOnly) conditions.push(isNull(noticeRecipients.readAt));
  if (opts.noticeId !== undefined) conditions.push(eq(notices.id, opts.noticeId));
  return and(...conditions);
};

/** Notices as their recipients see them: with the course's name and the publisher's. */
const selectNotices = (db: Db) =>
  db
    .select(noticeColumns)
    .from(noticeRecipients)
    .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
    .innerJoin(courses, eq(courses.id, notices.courseId))
    .innerJoin(users, eq(users.id, notices.publisherId));

/** One page of the notices addressed to a user (all, or only unread), newest published first. */
export const pageNoticesOfUser = async (
  db: Db,
  opts: { userId: number; genre?: string; unreadOnly?: boolean; limit: number; offset: number },
): Promise<{ rows: NoticeRow[]; total: number }> => {
  const where = addressedTo(opts);
  const [rows, [total]] = await Promise.all([
    selectNotices(db)
      .where(where)
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db
      .select({ n: count() })
      .from(noticeRecipients)
      .innerJoin(notices, eq(notices.id, noticeRecipients.noticeId))
      .where(where),
  ]);
  return { rows, total: Number(total?.n ?? 0) };
};

/** A notice addressed to the user, or undefined (not addressed to them, or no such notice). */
export const findNoticeOfUser = async (db: Db, opts: { userId: number; noticeId: number }) => {
  const [row] = await selectNotices(db).where(addressedTo(opts)).limit(1);
  return row as NoticeRow | undefined;
};

/**
 * Marks the user's unread notices in `noticeIds` read, and the user's messages announcing them. Returns how
 * many notices and messages changed.
 */
export const markNoticesRead = async (db: Db, opts: { userId: number; noticeIds: number[]; at: Date }) => {
  const changed = await db
    .update(noticeRecipients)
    .set({ readAt: opts.at })
    .where(
      and(
        eq(noticeRecipients.userId, opts.userId),
        inArray(noticeRecipients.noticeId, opts.noticeIds),
        isNull(noticeRecipients.readAt),
      ),
    )
    .returning({ id: noticeRecipients.noticeId });
  const messagesChanged = await db
    .update(messages)
    .set({ readAt: opts.at })
    .where(
      and(
        eq(messages.userId, opts.userId),
        inArray(messages.noticeId, opts.noticeIds),
        isNull(messages.readAt),
      ),
    )
    .returning({ id: messages.id });
  return { notices: changed.length, messages: messagesChanged.length };
};

/** The course a notice is published for: its teacher and name. */
export const findCourse = async (db: Db, courseId: number) => {
  const [row] = await db
    .select({ id: courses.id, teacherId: courses.teacherId, name: courses.name })
    .from(courses)
    .where(eq(courses.id, courseId))
    .limit(1);
  return row;
};

/** How many of the given user ids exist. */
export const countUsers = async (db: Db, userIds: number[]) => {
  const [row] = await db.select({ n: count() }).from(users).where(inArray(users.id, userIds));
  return Number(row?.n ?? 0);
};

/** Stores a notice, its recipients (unread) and the message announcing it to each of them. */
export const insertNotice = async (
  db: Db,
  opts: {
    notice: typeof notices.$inferInsert;
    recipientIds: number[];
    messageBody: string;
    now: Date;
  },
) =>
  db.transaction(async (tx) => {
    const [row] = await tx.insert(notices).values(opts.notice).returning();
    const stored = row!;
    await tx
      .insert(noticeRecipients)
      .values(opts.recipientIds.map((userId) => ({ noticeId: stored.id, userId })));
    await tx.insert(messages).values(
      opts.recipientIds.map((userId) => ({
        userId,
        type: 'Course',
        body: opts.messageBody,
        happenedAt: stored.publishedAt,
        createdAt: opts.now,
        noticeId: stored.id,
      })),
    );
    return stored;
  });

/*
 * A course's notices as its teacher lists them (issue 11): every notice of the course with its publisher,
 * how many students it went to and how many opened it. Callers check first that the course is the
 * teacher's (messages.policy).
 */

export type CourseNoticeRow = {
  id: number;
  title: string;
  content: string;
  publishedAt: Date;
  publisherName: string;
  recipientCount: number;
  readCount: number;
};

/** One page of a course's notices, newest published first (notices_course_idx). */
export const pageNoticesOfCourse = async (
  db: Db,
  opts: { courseId: number; limit: number; offset: number },
): Promise<{ rows: CourseNoticeRow[]; total: number }> => {
  const where = eq(notices.courseId, opts.courseId);
  const [page, [total]] = await Promise.all([
    db
      .select({
        id: notices.id,
        title: notices.title,
        content: notices.content,
        publishedAt: notices.publishedAt,
        publisherName: users.name,
      })
      .from(notices)
      .innerJoin(users, eq(users.id, notices.publisherId))
      .where(where)
      .orderBy(desc(notices.publishedAt), desc(notices.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(notices).where(where),
  ]);
  const ids = page.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({
            noticeId: noticeRecipients.noticeId,
            recipients: count(),
            read: count(noticeRecipients.readAt),
          })
          .from(noticeRecipients)
          .where(inArray(noticeRecipients.noticeId, ids))
          .groupBy(noticeRecipients.noticeId);
  const byNotice = new Map(counts.map((c) => [c.noticeId, c]));
  return {
    rows: page.map((r) => ({
      ...r,
      recipientCount: Number(byNotice.get(r.id)?.recipients ?? 0),
      readCount: Number(byNotice.get(r.id)?.read ?? 0),
    })),
    total: Number(total?.n ?? 0),
  };
};
