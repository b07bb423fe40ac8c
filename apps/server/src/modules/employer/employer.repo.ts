import { and, asc, count, eq, ilike, inArray, or } from 'drizzle-orm';
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
  patch: Partial<
    Pick<
      CompanyRow,
      'name' | 'introduction' | 'logoFileId' | 'nickname' | 'financingRound' | 'industry' | 'scale'
    >
  >,
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

export type VideoRow = typeof companyVideos.$inferSelect;

/** A company's videos in order. */
export const findVideos = (db: Db, companyId: number): Promise<VideoRow[]> =>
  db
    .select()
    .from(companyVideos)
    .where(eq(companyVideos.companyId, companyId))
    .orderBy(asc(companyVideos.sort), asc(companyVideos.id));

export const insertVideo = async (db: Db, row: typeof companyVideos.$inferInsert): Promise<VideoRow> => {
  const [created] = await db.insert(companyVideos).values(row).returning();
  if (!created) throw new Error('company video not written');
  return created;
};

/** Deletes a video of the company; false when it is not the company's. */
export const deleteVideo = async (db: Db, companyId: number, id: number) =>
  (
    await db
      .delete(companyVideos)
      .where(and(eq(companyVideos.id, id), eq(companyVideos.companyId, companyId)))
      .returning({ id: companyVideos.id })
  ).length > 0;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Companies whose name or nickname contains `search` (all when empty), by name, at most `limit`. */
export const searchCompanies = (db: Db, search: string, limit: number): Promise<CompanyRow[]> =>
  db
    .select()
    .from(companies)
    .where(
      search
        ? or(ilike(companies.name, likePattern(search)), ilike(companies.nickname, likePattern(search)))
        : undefined,
    )
    .orderBy(asc(companies.name), asc(companies.id))
    .limit(limit);
