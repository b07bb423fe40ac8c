import { eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { files } from '../../db/schema';

export type FileRow = typeof files.$inferSelect;

export const insertFile = async (db: Db, row: typeof files.$inferInsert): Promise<FileRow> => {
  const [created] = await db.insert(files).values(row).returning();
  if (!created) throw new Error('file row not written');
  return created;
};

export const findFile = async (db: Db, id: number): Promise<FileRow | null> =>
  (await db.select().from(files).where(eq(files.id, id)).limit(1))[0] ?? null;

export const findFiles = async (db: Db, ids: readonly number[]): Promise<FileRow[]> =>
  ids.length
    ? db
        .select()
        .from(files)
        .where(inArray(files.id, [...ids]))
    : [];

export const findFileByKey = async (db: Db, storageKey: string): Promise<FileRow | null> =>
  (await db.select().from(files).where(eq(files.storageKey, storageKey)).limit(1))[0] ?? null;

export const deleteFileRow = async (db: Db, id: number): Promise<FileRow | null> =>
  (await db.delete(files).where(eq(files.id, id)).returning())[0] ?? null;
