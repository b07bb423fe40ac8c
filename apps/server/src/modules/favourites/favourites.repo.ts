import { and, count, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { favourites } from '../../db/schema';

export type FavouriteRow = typeof favourites.$inferSelect;
export type FavouriteTargetType = 'Occupation' | 'Company';

/** A user's favourite of one target, or null. */
export const findFavourite = async (
  db: Db,
  userId: number,
  targetType: FavouriteTargetType,
  targetId: number,
): Promise<FavouriteRow | null> =>
  (
    await db
      .select()
      .from(favourites)
      .where(
        and(
          eq(favourites.userId, userId),
          eq(favourites.targetType, targetType),
          eq(favourites.targetId, targetId),
        ),
      )
      .limit(1)
  )[0] ?? null;

export const findFavouriteById = async (db: Db, id: number): Promise<FavouriteRow | null> =>
  (await db.select().from(favourites).where(eq(favourites.id, id)).limit(1))[0] ?? null;

/** Keeps a favourite (the existing one when the user already favourited the target). */
export const upsertFavourite = async (
  db: Db,
  userId: number,
  targetType: FavouriteTargetType,
  targetId: number,
): Promise<FavouriteRow> => {
  await db.insert(favourites).values({ userId, targetType, targetId }).onConflictDoNothing();
  return (await findFavourite(db, userId, targetType, targetId)) as FavouriteRow;
};

export const deleteFavourite = async (db: Db, id: number, userId: number) =>
  (
    await db
      .delete(favourites)
      .where(and(eq(favourites.id, id), eq(favourites.userId, userId)))
      .returning()
  ).length > 0;

/** A user's favourites of one kind, newest first. */
export const pageFavourites = async (
  db: Db,
  opts: { userId: number; targetType: FavouriteTargetType; limit: number; offset: number },
): Promise<{ rows: FavouriteRow[]; total: number }> => {
  const where = and(eq(favourites.userId, opts.userId), eq(favourites.targetType, opts.targetType));
  const [rows, [n]] = await Promise.all([
    db
      .select()
      .from(favourites)
      .where(where)
      .orderBy(desc(favourites.createdAt), desc(favourites.id))
      .limit(opts.limit)
      .offset(opts.offset),
    db.select({ n: count() }).from(favourites).where(where),
  ]);
  return { rows, total: Number(n?.n ?? 0) };
};
