import { and, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { assistantFiles } from '../../db/schema';

/* Files given to the assistants (issue 16 part 5): their extracted text, or why it could not be read. */

export type AssistantFileRow = typeof assistantFiles.$inferSelect;

export const insertAssistantFile = async (
  db: Db,
  row: typeof assistantFiles.$inferInsert,
): Promise<AssistantFileRow> => {
  const [created] = await db.insert(assistantFiles).values(row).returning();
  if (!created) throw new Error('assistant file row not written');
  return created;
};

/** The rows of `fileIds` that `userId` uploaded (others' and unknown ids left out), in no set order. */
export const findOwnAssistantFiles = async (
  db: Db,
  userId: number,
  fileIds: readonly number[],
): Promise<AssistantFileRow[]> =>
  fileIds.length
    ? db
        .select()
        .from(assistantFiles)
        .where(and(eq(assistantFiles.userId, userId), inArray(assistantFiles.fileId, [...fileIds])))
    : [];
