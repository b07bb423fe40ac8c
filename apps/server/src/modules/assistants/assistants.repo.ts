import { and, asc, count, countDistinct, desc, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ago, type LockKey } from '../../db/rate-limit';
import { assistantConversations, assistantMessages, assistantUsage, mentorConsents } from '../../db/schema';

/*
 * The assistants' SQL: conversations, messages (an answer's row is written by its runner while it
 * streams), daily usage counters and the career mentor's consent. Times that decide whether an answer is
 * still alive (heartbeat) are read on the database's clock, which every instance shares.
 */

// Locks ----------------------------------------------------------------------------------------------

/** Advisory-lock classes (with a user or course id as the second key). */
const USER_LOCK_CLASS = 1_609_316_001;
const COURSE_LOCK_CLASS = 1_609_316_002;

/** Serialises one user's questions (quota, one answer per conversation at a time). */
export const userLock = (userId: number): LockKey => [USER_LOCK_CLASS, userId];
/** Serialises the questions of one course (its daily quota). */
export const courseLock = (courseId: number): LockKey => [COURSE_LOCK_CLASS, courseId];

// Conversations ---------------------------------------------------------------------------------------

export type ConversationRow = typeof assistantConversations.$inferSelect;

/** Null courseId/contentId match rows without one. */
const sameOrNull = (
  column: typeof assistantConversations.courseId | typeof assistantConversations.contentId,
  value: number | null,
) => (value === null ? isNull(column) : eq(column, value));

/** An answer of the conversation that is still alive (streaming, heartbeat within `staleMs`). */
const answeringOf = (staleMs: number) =>
  // spelled out: drizzle leaves the columns of a one-table select unqualified, and "id" would be the message's
  sql<boolean>`exists (
    select 1 from assistant_messages m
    where m.conversation_id = assistant_conversations.id
      and m.status = 'Streaming'
      and m.heartbeat_at > ${ago(staleMs)}
  )`;

/** A page of a user's conversations of a scene (and course, content), newest first. */
export const pageConversations = async (
  db: Db,
  q: {
    userId: number;
    scene: string;
    courseId: number | null;
    contentId: number | null;
    offset: number;
    limit: number;
    staleMs: number;
  },
) => {
  const where = and(
    eq(assistantConversations.userId, q.userId),
    eq(assistantConversations.scene, q.scene),
    sameOrNull(assistantConversations.courseId, q.courseId),
    sameOrNull(assistantConversations.contentId, q.contentId),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: assistantConversations.id,
        userId: assistantConversations.userId,
        scene: assistantConversations.scene,
        courseId: assistantConversations.courseId,
        contentId: assistantConversations.contentId,
        title: assistantConversations.title,
        createdAt: assistantConversations.createdAt,
        updatedAt: assistantConversations.updatedAt,
        answering: answeringOf(q.staleMs),
      })
      .from(assistantConversations)
      .where(where)
      .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(assistantConversations).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
};

/** One conversation with whether an answer of it is alive. */
export const findConversation = async (db: Db, id: number, staleMs: number) => {
  const [row] = await db
    .select({
      id: assistantConversations.id,
      userId: assistantConversations.userId,
      scene: assistantConversations.scene,
      courseId: assistantConversations.courseId,
      contentId: assistantConversations.contentId,
      title: assistantConversations.title,
      createdAt: assistantConversations.createdAt,
      updatedAt: assistantConversations.updatedAt,
      answering: answeringOf(staleMs),
    })
    .from(assistantConversations)
    .where(eq(assistantConversations.id, id))
    .limit(1);
  return row ?? null;
};
export type ConversationView = NonNullable<Awaited<ReturnType<typeof findConversation>>>;

export const insertConversation = async (
  db: Db,
  values: { userId: number; scene: string; courseId: number | null; contentId: number | null; title: string },
) => {
  const [row] = await db.insert(assistantConversations).values(values).returning();
  if (!row) throw new Error('conversation insert returned no row');
  return row;
};

export const renameConversation = async (db: Db, id: number, title: string) => {
  await db.update(assistantConversations).set({ title }).where(eq(assistantConversations.id, id));
};

/** Marks the conversation as used now (the list's order). */
export const touchConversation = async (db: Db, id: number) => {
  await db
    .update(assistantConversations)
    .set({ updatedAt: sql`now()` })
    .where(eq(assistantConversations.id, id));
};

export const deleteConversation = async (db: Db, id: number) => {
  await db.delete(assistantConversations).where(eq(assistantConversations.id, id));
};

// Messages ------------------------------------------------------------------------------------------

export type MessageRow = typeof assistantMessages.$inferSelect;

/** Answers still streaming whose heartbeat stopped (their instance died) become Failed with `error`. */
export const failStaleAnswers = async (
  db: Db,
  where: { conversationId?: number; messageId?: number },
  opts: { staleMs: number; error: string },
) => {
  await db
    .update(assistantMessages)
    .set({ status: 'Failed', error: opts.error, finishedAt: sql`now()` })
    .where(
      and(
        eq(assistantMessages.status, 'Streaming'),
        lt(assistantMessages.heartbeatAt, ago(opts.staleMs)),
        where.conversationId === undefined
          ? undefined
          : eq(assistantMessages.conversationId, where.conversationId),
        where.messageId === undefined ? undefined : eq(assistantMessages.id, where.messageId),
      ),
    );
};

/** A page of a conversation's messages: page 1 the newest, each page oldest first. */
export const pageMessages = async (db: Db, q: { conversationId: number; offset: number; limit: number }) => {
  const where = eq(assistantMessages.conversationId, q.conversationId);
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(assistantMessages)
      .where(where)
      .orderBy(desc(assistantMessages.id))
      .limit(q.limit)
      .offset(q.offset),
    db.select({ n: count() }).from(assistantMessages).where(where),
  ]);
  return { rows: rows.reverse(), total: total?.n ?? 0 };
};

/** A message with the user its conversation belongs to (and the conversation's scene and course). */
export const findMessage = async (db: Db, id: number) => {
  const [row] = await db
    .select({
      message: assistantMessages,
      userId: assistantConversations.userId,
      scene: assistantConversations.scene,
      courseId: assistantConversations.courseId,
    })
    .from(assistantMessages)
    .innerJoin(assistantConversations, eq(assistantConversations.id, assistantMessages.conversationId))
    .where(eq(assistantMessages.id, id))
    .limit(1);
  return row ?? null;
};

/** The conversation's answer that is still alive, if any (one at a time). */
export const findLiveAnswer = async (db: Db, conversationId: number, staleMs: number) => {
  const [row] = await db
    .select({ id: assistantMessages.id, taskId: assistantMessages.taskId })
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.conversationId, conversationId),
        eq(assistantMessages.status, 'Streaming'),
        sql`${assistantMessages.heartbeatAt} > ${ago(staleMs)}`,
      ),
    )
    .limit(1);
  return row ?? null;
};

/** The finished turns before `beforeId`, newest `limit` messages, returned oldest first. */
export const historyOf = async (db: Db, conversationId: number, beforeId: number, limit: number) => {
  const rows = await db
    .select({
      role: assistantMessages.role,
      content: assistantMessages.content,
      status: assistantMessages.status,
    })
    .from(assistantMessages)
    .where(
      and(
        eq(assistantMessages.conversationId, conversationId),
        lt(assistantMessages.id, beforeId),
        inArray(assistantMessages.status, ['Done', 'Stopped']),
      ),
    )
    .orderBy(desc(assistantMessages.id))
    .limit(limit);
  return rows.reverse();
};

export type NewMessage = {
  conversationId: number;
  role: 'user' | 'assistant';
  chatType: string;
  teacherTask: string | null;
  content: string;
  status: 'Streaming' | 'Done';
  taskId?: string | null;
  files?: unknown[];
};

export const insertMessage = async (db: Db, values: NewMessage) => {
  const [row] = await db
    .insert(assistantMessages)
    .values({
      ...values,
      files: values.files ?? [],
      heartbeatAt: values.status === 'Streaming' ? sql`now()` : null,
    })
    .returning();
  if (!row) throw new Error('message insert returned no row');
  return row;
};

/** A running answer's progress: its text so far (and citations), renewing the heartbeat. */
export const writeProgress = async (
  db: Db,
  id: number,
  values: { content?: string; citations?: unknown[]; firstTokenAt?: Date },
) => {
  await db
    .update(assistantMessages)
    .set({
      ...(values.content === undefined ? {} : { content: values.content }),
      ...(values.citations === undefined ? {} : { citations: values.citations }),
      ...(values.firstTokenAt === undefined
        ? {}
        : {
            firstTokenAt: sql`coalesce(${assistantMessages.firstTokenAt}, ${values.firstTokenAt.toISOString()}::timestamptz)`,
          }),
      heartbeatAt: sql`now()`,
    })
    .where(and(eq(assistantMessages.id, id), eq(assistantMessages.status, 'Streaming')));
};

/** The end of an answer: its final text and status. */
export const finishAnswer = async (
  db: Db,
  id: number,
  values: {
    content: string;
    status: 'Done' | 'Stopped' | 'Failed';
    error: string | null;
    diagram: string | null;
    citations: unknown[];
    firstTokenAt: Date | null;
  },
) => {
  await db
    .update(assistantMessages)
    .set({
      content: values.content,
      status: values.status,
      error: values.error,
      diagram: values.diagram,
      citations: values.citations,
      ...(values.firstTokenAt
        ? {
            firstTokenAt: sql`coalesce(${assistantMessages.firstTokenAt}, ${values.firstTokenAt.toISOString()}::timestamptz)`,
          }
        : {}),
      heartbeatAt: sql`now()`,
      finishedAt: sql`now()`,
    })
    .where(eq(assistantMessages.id, id));
};

// Usage ---------------------------------------------------------------------------------------------

/** The day's questions of the user (every course) and of the course (every user; 0 without one), in one read. */
export const questionsOn = async (db: Db, q: { userId: number; courseId: number | null; day: string }) => {
  const [row] = await db
    .select({
      user: sql<number>`coalesce(sum(${assistantUsage.questions}) filter (where ${assistantUsage.userId} = ${q.userId}), 0)::int`,
      course: sql<number>`coalesce(sum(${assistantUsage.questions}) filter (where ${assistantUsage.courseId} = ${q.courseId ?? -1}), 0)::int`,
    })
    .from(assistantUsage)
    .where(
      and(
        eq(assistantUsage.day, q.day),
        q.courseId
          ? or(eq(assistantUsage.userId, q.userId), eq(assistantUsage.courseId, q.courseId))
          : eq(assistantUsage.userId, q.userId),
      ),
    );
  return { user: Number(row?.user ?? 0), course: Number(row?.course ?? 0) };
};

/** Counts one question. */
export const countQuestion = async (
  db: Db,
  key: { userId: number; courseId: number; day: string; chatType: string },
) => {
  await db
    .insert(assistantUsage)
    .values({ ...key, questions: 1 })
    .onConflictDoUpdate({
      target: [assistantUsage.userId, assistantUsage.courseId, assistantUsage.day, assistantUsage.chatType],
      set: { questions: sql`${assistantUsage.questions} + 1` },
    });
};

/** A course's usage from `fromDay` on, of the given chat types: per day, and per chat type. */
export const courseUsageSince = async (
  db: Db,
  q: { courseId: number; fromDay: string; chatTypes: readonly string[] },
) => {
  const where = and(
    eq(assistantUsage.courseId, q.courseId),
    gte(assistantUsage.day, q.fromDay),
    inArray(assistantUsage.chatType, [...q.chatTypes]),
  );
  const [days, types, [users]] = await Promise.all([
    db
      .select({
        day: assistantUsage.day,
        questions: sql<number>`sum(${assistantUsage.questions})::int`,
        users: countDistinct(assistantUsage.userId),
      })
      .from(assistantUsage)
      .where(where)
      .groupBy(assistantUsage.day)
      .orderBy(asc(assistantUsage.day)),
    db
      .select({
        chatType: assistantUsage.chatType,
        questions: sql<number>`sum(${assistantUsage.questions})::int`,
      })
      .from(assistantUsage)
      .where(where)
      .groupBy(assistantUsage.chatType),
    db
      .select({ n: countDistinct(assistantUsage.userId) })
      .from(assistantUsage)
      .where(where),
  ]);
  return { days, types, users: users?.n ?? 0 };
};

// Career mentor consent -----------------------------------------------------------------------------

export const findConsent = async (db: Db, userId: number) => {
  const [row] = await db
    .select({ granted: mentorConsents.granted })
    .from(mentorConsents)
    .where(eq(mentorConsents.userId, userId))
    .limit(1);
  return row?.granted ?? false;
};

export const saveConsent = async (db: Db, userId: number, granted: boolean) => {
  await db
    .insert(mentorConsents)
    .values({ userId, granted })
    .onConflictDoUpdate({ target: mentorConsents.userId, set: { granted, updatedAt: sql`now()` } });
};
