import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { careerTalks, jobFairCompanies, jobFairOccupations, jobFairs, reservations } from '../../db/schema';

export type TalkRow = typeof careerTalks.$inferSelect;
export type FairRow = typeof jobFairs.$inferSelect;
export type ReservationRow = typeof reservations.$inferSelect;
export type ReservationTarget = 'CareerTalk' | 'JobFair';
type Page = { limit: number; offset: number };

const like = (search: string) => `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// ---------------------------------------------------------------------------------------------------------
// Career talks

export const insertTalk = async (db: Db, values: typeof careerTalks.$inferInsert) =>
  (await db.insert(careerTalks).values(values).returning())[0] as TalkRow;

export const updateTalk = async (db: Db, id: number, values: Partial<typeof careerTalks.$inferInsert>) =>
  (
    await db
      .update(careerTalks)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(careerTalks.id, id))
      .returning()
  )[0] ?? null;

export const findTalk = async (db: Db, id: number): Promise<TalkRow | null> =>
  (await db.select().from(careerTalks).where(eq(careerTalks.id, id)).limit(1))[0] ?? null;

export const findTalks = async (db: Db, ids: readonly number[]): Promise<TalkRow[]> =>
  ids.length
    ? db
        .select()
        .from(careerTalks)
        .where(inArray(careerTalks.id, [...ids]))
    : [];

/** Talks newest start first: a company's (all states) or the published ones (job seekers). */
export const pageTalks = async (
  db: Db,
  opts: Page & { companyId?: number; search?: string },
): Promise<{ rows: TalkRow[]; total: number }> => {
  const where = and(
    opts.companyId == null ? eq(careerTalks.status, 'Publish') : eq(careerTalks.companyId, opts.companyId),
    opts.search ? ilike(careerTalks.subject, like(opts.search)) : undefined,
  );
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(careerTalks)
      .where(where)
      .orderBy(desc(careerTalks.startAt), desc(careerTalks.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(careerTalks).where(where),
  ]);
  return { rows, total: Number(n?.n ?? 0) };
};

/** Counts one more entry to the live room or one more playback view. */
export const countTalkVisit = async (db: Db, id: number, what: 'online' | 'view') => {
  await db
    .update(careerTalks)
    .set(
      what === 'online'
        ? { onlineCount: sql`${careerTalks.onlineCount} + 1` }
        : { viewCount: sql`${careerTalks.viewCount} + 1` },
    )
    .where(eq(careerTalks.id, id));
};

// ---------------------------------------------------------------------------------------------------------
// Job fairs

export const insertFair = async (db: Db, values: typeof jobFairs.$inferInsert) =>
  (await db.insert(jobFairs).values(values).returning())[0] as FairRow;

export const updateFair = async (db: Db, id: number, values: Partial<typeof jobFairs.$inferInsert>) =>
  (
    await db
      .update(jobFairs)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(jobFairs.id, id))
      .returning()
  )[0] ?? null;

export const findFair = async (db: Db, id: number): Promise<FairRow | null> =>
  (await db.select().from(jobFairs).where(eq(jobFairs.id, id)).limit(1))[0] ?? null;

export const findFairs = async (db: Db, ids: readonly number[]): Promise<FairRow[]> =>
  ids.length
    ? db
        .select()
        .from(jobFairs)
        .where(inArray(jobFairs.id, [...ids]))
    : [];

/** Fairs newest start first; `includeCanceled` for the employers' page. */
export const pageFairs = async (
  db: Db,
  opts: Page & { search?: string; includeCanceled?: boolean },
): Promise<{ rows: FairRow[]; total: number }> => {
  const where = and(
    opts.includeCanceled ? undefined : eq(jobFairs.canceled, 'No'),
    opts.search ? ilike(jobFairs.subject, like(opts.search)) : undefined,
  );
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(jobFairs)
      .where(where)
      .orderBy(desc(jobFairs.startAt), desc(jobFairs.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(jobFairs).where(where),
  ]);
  return { rows, total: Number(n?.n ?? 0) };
};

/** companyCount and occupationCount of each fair. */
export const fairCounts = async (db: Db, fairIds: readonly number[]) => {
  if (!fairIds.length)
    return { companies: new Map<number, number>(), occupations: new Map<number, number>() };
  const ids = [...fairIds];
  const [c, o] = await Promise.all([
    db
      .select({ fairId: jobFairCompanies.fairId, n: count() })
      .from(jobFairCompanies)
      .where(inArray(jobFairCompanies.fairId, ids))
      .groupBy(jobFairCompanies.fairId),
    db
      .select({ fairId: jobFairOccupations.fairId, n: count() })
      .from(jobFairOccupations)
      .where(inArray(jobFairOccupations.fairId, ids))
      .groupBy(jobFairOccupations.fairId),
  ]);
  return {
    companies: new Map(c.map((r) => [r.fairId, Number(r.n)])),
    occupations: new Map(o.map((r) => [r.fairId, Number(r.n)])),
  };
};

/** The companies of a fair in the order they joined, with their positions there. */
export const fairParticipants = async (db: Db, fairId: number) => {
  const [companies, occupations] = await Promise.all([
    db
      .select()
      .from(jobFairCompanies)
      .where(eq(jobFairCompanies.fairId, fairId))
      .orderBy(jobFairCompanies.joinedAt, jobFairCompanies.companyId),
    db.select().from(jobFairOccupations).where(eq(jobFairOccupations.fairId, fairId)),
  ]);
  return { companies, occupations };
};

/** Which of `fairIds` a company takes part in, with its positions there. */
export const participationsOf = async (db: Db, companyId: number, fairIds: readonly number[]) => {
  if (!fairIds.length) return new Map<number, number[]>();
  const ids = [...fairIds];
  const [joined, occupations] = await Promise.all([
    db
      .select({ fairId: jobFairCompanies.fairId })
      .from(jobFairCompanies)
      .where(and(eq(jobFairCompanies.companyId, companyId), inArray(jobFairCompanies.fairId, ids))),
    db
      .select()
      .from(jobFairOccupations)
      .where(and(eq(jobFairOccupations.companyId, companyId), inArray(jobFairOccupations.fairId, ids))),
  ]);
  const map = new Map<number, number[]>(joined.map((j) => [j.fairId, []]));
  for (const o of occupations) map.get(o.fairId)?.push(o.occupationId);
  return map;
};

/** A company joins a fair (or changes its positions there). */
export const saveParticipation = (
  db: Db,
  fairId: number,
  companyId: number,
  occupationIds: readonly number[],
) =>
  db.transaction(async (tx) => {
    await tx.insert(jobFairCompanies).values({ fairId, companyId }).onConflictDoNothing();
    await tx
      .delete(jobFairOccupations)
      .where(and(eq(jobFairOccupations.fairId, fairId), eq(jobFairOccupations.companyId, companyId)));
    if (occupationIds.length)
      await tx
        .insert(jobFairOccupations)
        .values(occupationIds.map((occupationId) => ({ fairId, occupationId, companyId })));
  });

/** A company leaves a fair (its positions there go too). */
export const deleteParticipation = (db: Db, fairId: number, companyId: number) =>
  db.transaction(async (tx) => {
    await tx
      .delete(jobFairOccupations)
      .where(and(eq(jobFairOccupations.fairId, fairId), eq(jobFairOccupations.companyId, companyId)));
    const gone = await tx
      .delete(jobFairCompanies)
      .where(and(eq(jobFairCompanies.fairId, fairId), eq(jobFairCompanies.companyId, companyId)))
      .returning();
    return gone.length > 0;
  });

// ---------------------------------------------------------------------------------------------------------
// Reservations

export const findReservationById = async (db: Db, id: number): Promise<ReservationRow | null> =>
  (await db.select().from(reservations).where(eq(reservations.id, id)).limit(1))[0] ?? null;

/** Keeps a reservation (the existing one when the user already reserved the target). */
export const upsertReservation = async (
  db: Db,
  userId: number,
  targetType: ReservationTarget,
  targetId: number,
): Promise<ReservationRow> => {
  await db.insert(reservations).values({ userId, targetType, targetId }).onConflictDoNothing();
  return (
    await db
      .select()
      .from(reservations)
      .where(
        and(
          eq(reservations.userId, userId),
          eq(reservations.targetType, targetType),
          eq(reservations.targetId, targetId),
        ),
      )
      .limit(1)
  )[0] as ReservationRow;
};

export const deleteReservation = async (db: Db, id: number, userId: number) =>
  (
    await db
      .delete(reservations)
      .where(and(eq(reservations.id, id), eq(reservations.userId, userId)))
      .returning()
  ).length > 0;

/** A user's reservations of one kind, newest first. */
export const pageReservations = async (
  db: Db,
  opts: Page & { userId: number; targetType: ReservationTarget },
): Promise<{ rows: ReservationRow[]; total: number }> => {
  const where = and(eq(reservations.userId, opts.userId), eq(reservations.targetType, opts.targetType));
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(reservations)
      .where(where)
      .orderBy(desc(reservations.createdAt), desc(reservations.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(reservations).where(where),
  ]);
  return { rows, total: Number(n?.n ?? 0) };
};

/** How many reservations each target has. */
export const countReservations = async (db: Db, targetType: ReservationTarget, ids: readonly number[]) => {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ targetId: reservations.targetId, n: count() })
    .from(reservations)
    .where(and(eq(reservations.targetType, targetType), inArray(reservations.targetId, [...ids])))
    .groupBy(reservations.targetId);
  return new Map(rows.map((r) => [r.targetId, Number(r.n)]));
};

/** The user's reservation id of each of `ids` they reserved. */
export const reservationsOf = async (
  db: Db,
  userId: number,
  targetType: ReservationTarget,
  ids: readonly number[],
) => {
  if (!ids.length) return new Map<number, number>();
  const rows = await db
    .select({ id: reservations.id, targetId: reservations.targetId })
    .from(reservations)
    .where(
      and(
        eq(reservations.userId, userId),
        eq(reservations.targetType, targetType),
        inArray(reservations.targetId, [...ids]),
      ),
    );
  return new Map(rows.map((r) => [r.targetId, r.id]));
};
