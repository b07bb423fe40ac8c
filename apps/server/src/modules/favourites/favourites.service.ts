import type { Db } from '../../db/client';
import { type FavouriteTargetType, findFavourite } from './favourites.repo';

/*
 * Favourites (issue 14): a job seeker's saved positions and companies (我的收藏).
 */

/** Contract: the favourite `userId` keeps of a target, as `{ id }`, or null (also for visitors). */
export const favouriteOf = async (opts: {
  db: Db;
  userId: number | null;
  targetType: FavouriteTargetType;
  targetId: number;
}): Promise<{ id: number } | null> => {
  if (opts.userId == null) return null;
  const row = await findFavourite(opts.db, opts.userId, opts.targetType, opts.targetId);
  return row ? { id: row.id } : null;
};
