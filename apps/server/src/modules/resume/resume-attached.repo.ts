import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { resumeAttached } from '../../db/schema';

/* Attached resumes: the only SQL of them (issue 13). */

export type AttachedRow = typeof resumeAttached.$inferSelect;

/** A member's attachments, newest first (at most 3 exist; `limit` bounds the read all the same). */
export const listAttached = (db: Db, userId: number, limit = 10): Promise<AttachedRow[]> =>
  db
    .select()
    .from(resumeAttached)
    .where(eq(resumeAttached.userId, userId))
    .orderBy(desc(resumeAttached.id))
    .limit(limit);

export const findAttached = async (db: Db, id: number): Promise<AttachedRow | null> =>
  (await db.select().from(resumeAttached).where(eq(resumeAttached.id, id)).limit(1))[0] ?? null;

export const countAttached = async (db: Db, userId: number): Promise<number> =>
  (await db.select({ n: count() }).from(resumeAttached).where(eq(resumeAttached.userId, userId)))[0]?.n ?? 0;

export const insertAttached = async (
  db: Db,
  row: typeof resumeAttached.$inferInsert,
): Promise<AttachedRow> => {
  const [created] = await db.insert(resumeAttached).values(row).returning();
  if (!created) throw new Error('attached resume not written');
  return created;
};

export const renameAttached = async (db: Db, id: number, name: string): Promise<AttachedRow | null> =>
  (await db.update(resumeAttached).set({ name }).where(eq(resumeAttached.id, id)).returning())[0] ?? null;

export const setAttachedPreview = async (db: Db, id: number, previewFileId: number): Promise<void> => {
  await db.update(resumeAttached).set({ previewFileId }).where(eq(resumeAttached.id, id));
};

export const deleteAttached = async (db: Db, id: number, userId: number): Promise<AttachedRow | null> =>
  (
    await db
      .delete(resumeAttached)
      .where(and(eq(resumeAttached.id, id), eq(resumeAttached.userId, userId)))
      .returning()
  )[0] ?? null;
