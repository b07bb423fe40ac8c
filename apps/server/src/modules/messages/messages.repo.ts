import { and, count, desc, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { messages } from '../../db/schema';

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
