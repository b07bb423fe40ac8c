import {
  FAVOURITES_MSG,
  type FavouriteBody,
  type FavouriteJobCard,
  type FavouriteListQuery,
  type FavouritePage,
  JOB_DEGREES,
  JOB_NATURES,
  type JobNature,
  labelOf,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { Db } from '../../db/client';
import { companiesByIds, companyCards } from '../employer/employer.service';
import type { FileUrlContext } from '../files/files.service';
import { type OccupationRow, occupationsByIds, onlineOccupationCounts } from '../jobs/occupations.service';
import type { Actor } from '../sessions/actor';
import {
  deleteFavourite,
  type FavouriteTargetType,
  findFavourite,
  findFavouriteById,
  pageFavourites,
  upsertFavourite,
} from './favourites.repo';

/*
 * Favourites (issue 14): a job seeker's saved positions and companies (我的收藏). Any signed-in user keeps
 * their own; another user's favourite is not found. A favourite whose target is gone is left out of lists.
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

/** Job cards of positions (any state; `onlined` says which are offline), in the order of `rows`. */
export const jobCardsOf = async (
  ctx: FileUrlContext,
  rows: readonly OccupationRow[],
): Promise<FavouriteJobCard[]> => {
  const companies = await companyCards({ ctx, ids: rows.map((r) => r.companyId) });
  return rows.map((o) => {
    const c = companies.get(o.companyId);
    return {
      id: String(o.id),
      name: o.name,
      jobNature: o.jobNature as JobNature,
      jobNatureTitle: labelOf(JOB_NATURES, o.jobNature),
      minSalary: o.minSalary,
      maxSalary: o.maxSalary,
      cityName: o.cityName,
      degreeTitle: labelOf(JOB_DEGREES, o.degree),
      skills: o.skills,
      onlined: o.onlined === 'Yes' ? 'Yes' : 'No',
      companyId: String(o.companyId),
      logo: c?.logo ?? null,
      companyNickName: c?.nickName ?? '',
      financingRoundTitle: c?.financingRoundTitle ?? '',
      industryTitle: c?.industryTitle ?? '',
      scaleTitle: c?.scaleTitle ?? '',
    };
  });
};

/** `GET ourea/favorites`: the asker's favourites of one kind, newest first, 10 a page. */
export const listFavourites = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: FavouriteListQuery;
}): Promise<FavouritePage> => {
  const { ctx, query } = opts;
  const { rows, total } = await pageFavourites(ctx.db, {
    userId: opts.actor.userId,
    targetType: query.targetType,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  const ids = rows.map((r) => r.targetId);
  if (query.targetType === 'Occupation') {
    const found = await occupationsByIds({ db: ctx.db, ids });
    const cards = new Map((await jobCardsOf(ctx, found)).map((c) => [c.id, c]));
    return {
      rows: rows.flatMap((r) => {
        const content = cards.get(String(r.targetId));
        return content
          ? [{ id: String(r.id), targetId: String(r.targetId), targetType: 'Occupation', content }]
          : [];
      }),
      total,
    };
  }
  const [companies, counts] = await Promise.all([
    companyCards({ ctx, ids }),
    onlineOccupationCounts({ db: ctx.db, companyIds: ids }),
  ]);
  return {
    rows: rows.flatMap((r) => {
      const c = companies.get(r.targetId);
      return c
        ? [
            {
              id: String(r.id),
              targetId: String(r.targetId),
              targetType: 'Company' as const,
              content: {
                id: c.id,
                logo: c.logo,
                companyNickName: c.nickName,
                videoCount: c.videoCount,
                financingRoundTitle: c.financingRoundTitle,
                industryTitle: c.industryTitle,
                scaleTitle: c.scaleTitle,
                occupationCount: counts.get(r.targetId) ?? 0,
              },
            },
          ]
        : [];
    }),
    total,
  };
};

/**
 * `POST ourea/favorites`: favourites a position (it must exist and, for a new favourite, be online) or a
 * company; favouriting twice answers the same favourite.
 */
export const addFavourite = async (opts: { db: Db; actor: Actor; body: FavouriteBody }) => {
  const { db, actor, body } = opts;
  const targetId = Number(body.targetId);
  const existing = await findFavourite(db, actor.userId, body.targetType, targetId);
  if (existing) return { id: String(existing.id) };
  if (body.targetType === 'Occupation') {
    const [occupation] = await occupationsByIds({ db, ids: [targetId] });
    if (!occupation) throw AppError.notFound(FAVOURITES_MSG.occupationNotFound);
    if (occupation.onlined !== 'Yes') throw AppError.badRequest(FAVOURITES_MSG.occupationOffline);
  } else {
    const [company] = await companiesByIds({ db, ids: [targetId] });
    if (!company) throw AppError.notFound(FAVOURITES_MSG.companyNotFound);
  }
  const row = await upsertFavourite(db, actor.userId, body.targetType, targetId);
  return { id: String(row.id) };
};

/** `DELETE ourea/favorites/{id}`: the asker's own favourite only (others: 404). */
export const removeFavourite = async (opts: { db: Db; actor: Actor; id: string }) => {
  const row = await findFavouriteById(opts.db, Number(opts.id));
  if (!row || row.userId !== opts.actor.userId) throw AppError.notFound(FAVOURITES_MSG.notFound);
  await deleteFavourite(opts.db, row.id, opts.actor.userId);
};
