import { and, eq } from 'drizzle-orm';
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
