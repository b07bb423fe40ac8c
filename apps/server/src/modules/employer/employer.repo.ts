import { count, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, companyMembers, companyVideos } from '../../db/schema';

export type CompanyRow = typeof companies.$inferSelect;

export const insertCompany = async (db: Db, row: typeof companies.$inferInsert): Promise<CompanyRow> => {
  const [created] = await db.insert(companies).values(row).returning();
  if (!created) throw new Error('company row not written');
  return created;
};

export const insertCompanyMember = async (db: Db, companyId: number, userId: number) => {
  await db.insert(companyMembers).values({ companyId, userId }).onConflictDoNothing();
};

/** The company a user acts for (the first one they joined), or null. */
export const findCompanyOfUser = async (db: Db, userId: number): Promise<CompanyRow | null> =>
  (
    await db
      .select({ company: companies })
      .from(companyMembers)
      .innerJoin(companies, eq(companies.id, companyMembers.companyId))
      .where(eq(companyMembers.userId, userId))
      .orderBy(companyMembers.joinedAt)
      .limit(1)
  )[0]?.company ?? null;

export const findCompanies = async (db: Db, ids: readonly number[]): Promise<CompanyRow[]> =>
  ids.length
    ? db
        .select()
        .from(companies)
        .where(inArray(companies.id, [...ids]))
    : [];

export const updateCompany = async (
  db: Db,
  id: number,
  patch: Partial<Pick<CompanyRow, 'name' | 'introduction' | 'logoFileId'>>,
): Promise<CompanyRow | null> =>
  (
    await db
      .update(companies)
      .set({ ...patch, updatedAt: new Date() })
      .where(eq(companies.id, id))
      .returning()
  )[0] ?? null;

/** How many videos each company has (companies without any are absent). */
export const countVideos = async (db: Db, companyIds: readonly number[]): Promise<Map<number, number>> => {
  if (!companyIds.length) return new Map();
  const rows = await db
    .select({ companyId: companyVideos.companyId, n: count() })
    .from(companyVideos)
    .where(inArray(companyVideos.companyId, [...companyIds]))
    .groupBy(companyVideos.companyId);
  return new Map(rows.map((r) => [r.companyId, Number(r.n)]));
};
