import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { internOccupations } from '../../db/schema';
import type { OccupationValues } from './occupations.repo';

/* SQL of the internship programmes' positions (intern_occupations). */

export type InternOccupationRow = typeof internOccupations.$inferSelect;

export const findInternOccupation = async (db: Db, id: number): Promise<InternOccupationRow | null> =>
  (await db.select().from(internOccupations).where(eq(internOccupations.id, id)).limit(1))[0] ?? null;

/** The positions of some groups, in order (intern_occupations_group_idx). */
export const findGroupsOccupations = (db: Db, groupIds: readonly number[]): Promise<InternOccupationRow[]> =>
  groupIds.length
    ? db
        .select()
        .from(internOccupations)
        .where(inArray(internOccupations.groupId, [...groupIds]))
        .orderBy(asc(internOccupations.groupId), asc(internOccupations.sort), asc(internOccupations.id))
    : Promise.resolve([]);

export const insertInternOccupation = async (
  db: Db,
  values: OccupationValues & { groupId: number; sort: number },
): Promise<InternOccupationRow> => {
  const [row] = await db.insert(internOccupations).values(values).returning();
  if (!row) throw new Error('intern position not written');
  return row;
};

export const updateInternOccupation = async (
  db: Db,
  groupId: number,
  id: number,
  values: OccupationValues,
): Promise<InternOccupationRow | null> =>
  (
    await db
      .update(internOccupations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(internOccupations.id, id), eq(internOccupations.groupId, groupId)))
      .returning()
  )[0] ?? null;

export const deleteInternOccupation = async (db: Db, groupId: number, id: number) =>
  (
    await db
      .delete(internOccupations)
      .where(and(eq(internOccupations.id, id), eq(internOccupations.groupId, groupId)))
      .returning({ id: internOccupations.id })
  ).length > 0;
