import { and, count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recruitmentOccupations } from '../../db/schema';

export type OccupationRow = typeof recruitmentOccupations.$inferSelect;

/** How many online positions each company has (companies without any are absent). */
export const countOnlineOccupations = async (
  db: Db,
  companyIds: readonly number[],
): Promise<Map<number, number>> => {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: recruitmentOccupations.companyId, n: count() })
    .from(recruitmentOccupations)
    .where(
      and(
        inArray(recruitmentOccupations.companyId, [...companyIds]),
        eq(recruitmentOccupations.onlined, 'Yes'),
      ),
    )
    .groupBy(recruitmentOccupations.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
};

/** Positions by id (unknown ones left out). */
export const findOccupations = async (db: Db, ids: readonly number[]): Promise<OccupationRow[]> =>
  ids.length
    ? db
        .select()
        .from(recruitmentOccupations)
        .where(inArray(recruitmentOccupations.id, [...ids]))
    : [];
