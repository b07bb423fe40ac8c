import { and, count, desc, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { recruitmentOccupations } from '../../db/schema';

export type OccupationRow = typeof recruitmentOccupations.$inferSelect;
export type OccupationValues = Omit<
  typeof recruitmentOccupations.$inferInsert,
  'id' | 'companyId' | 'createdBy' | 'onlined' | 'approvalAt' | 'createdAt' | 'updatedAt'
>;

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

export const findOccupation = async (db: Db, id: number): Promise<OccupationRow | null> =>
  (await db.select().from(recruitmentOccupations).where(eq(recruitmentOccupations.id, id)).limit(1))[0] ??
  null;

export const insertOccupation = async (
  db: Db,
  values: OccupationValues & { companyId: number; createdBy: number },
): Promise<OccupationRow> => {
  const [row] = await db.insert(recruitmentOccupations).values(values).returning();
  if (!row) throw new Error('position not written');
  return row;
};

/** Updates a position of `companyId`; null when it is another company's (or gone). */
export const updateOccupation = async (
  db: Db,
  companyId: number,
  id: number,
  values: Partial<OccupationValues> & Partial<Pick<OccupationRow, 'onlined' | 'approvalAt'>>,
): Promise<OccupationRow | null> =>
  (
    await db
      .update(recruitmentOccupations)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(recruitmentOccupations.id, id), eq(recruitmentOccupations.companyId, companyId)))
      .returning()
  )[0] ?? null;

/** A page of a company's positions, newest first (recruitment_occupations_company_idx). */
export const pageCompanyOccupations = async (
  db: Db,
  companyId: number,
  filter: { onlined?: 'Yes' | 'No' },
  page: { offset: number; limit: number },
) => {
  const where = and(
    eq(recruitmentOccupations.companyId, companyId),
    filter.onlined ? eq(recruitmentOccupations.onlined, filter.onlined) : undefined,
  );
  const rows = await db
    .select()
    .from(recruitmentOccupations)
    .where(where)
    .orderBy(desc(recruitmentOccupations.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(recruitmentOccupations).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A page of online positions, newest approvalAt first (recruitment_occupations_online_idx), filtered by a
 * part of the name, city, nature and company.
 */
export const pageOnlineOccupations = async (
  db: Db,
  filter: { search?: string; cityCode?: string; jobNature?: string; companyId?: number },
  page: { offset: number; limit: number },
) => {
  const conditions: (SQL | undefined)[] = [
    eq(recruitmentOccupations.onlined, 'Yes'),
    filter.search ? ilike(recruitmentOccupations.name, likePattern(filter.search)) : undefined,
    filter.cityCode ? eq(recruitmentOccupations.cityCode, filter.cityCode) : undefined,
    filter.jobNature ? eq(recruitmentOccupations.jobNature, filter.jobNature) : undefined,
    filter.companyId ? eq(recruitmentOccupations.companyId, filter.companyId) : undefined,
  ];
  const where = and(...conditions);
  const rows = await db
    .select()
    .from(recruitmentOccupations)
    .where(where)
    .orderBy(desc(recruitmentOccupations.approvalAt), desc(recruitmentOccupations.id))
    .offset(page.offset)
    .limit(page.limit);
  const [total] = await db.select({ n: count() }).from(recruitmentOccupations).where(where);
  return { rows, total: Number(total?.n ?? 0) };
};
