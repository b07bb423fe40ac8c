import {
  type CareerTalk,
  type JobFair,
  RESERVATIONS_MSG,
  type ReservationBody,
  type ReservationListQuery,
  type ReservationPage,
} from '@uplus/shared';
import { AppError } from '../../core/errors';
import type { FileUrlContext } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { presentFairs, presentTalks } from './reservations.presenter';
import {
  deleteReservation,
  findFair,
  findFairs,
  findReservationById,
  findTalk,
  findTalks,
  pageReservations,
  upsertReservation,
} from './reservations.repo';

/*
 * Reservations (我的预约, issue 14): a signed-in user reserves a career talk or a job fair that is neither
 * canceled nor over, lists their own (12 a page, canceled talks included: the card greys them) and cancels
 * their own; another user's reservation is not found.
 */

/** `GET ourea/reservations`: the asker's reservations of one kind, newest first. */
export const listReservations = async (opts: {
  ctx: FileUrlContext;
  actor: Actor;
  query: ReservationListQuery;
}): Promise<ReservationPage> => {
  const { ctx, actor, query } = opts;
  const { rows, total } = await pageReservations(ctx.db, {
    userId: actor.userId,
    targetType: query.targetType,
    limit: query.pageSize,
    offset: (query.pageNumber - 1) * query.pageSize,
  });
  const ids = rows.map((r) => r.targetId);
  if (query.targetType === 'CareerTalk') {
    const talks = new Map<string, CareerTalk>(
      (await presentTalks(ctx, await findTalks(ctx.db, ids), actor.userId)).map((t) => [t.id, t]),
    );
    return {
      rows: rows.flatMap((r) => {
        const talk = talks.get(String(r.targetId));
        return talk
          ? [
              {
                id: String(r.id),
                targetType: 'CareerTalk' as const,
                targetId: talk.id,
                careerTalk: talk,
                jobFair: null,
                content: talk,
              },
            ]
          : [];
      }),
      total,
    };
  }
  const fairs = new Map<string, JobFair>(
    (await presentFairs(ctx, await findFairs(ctx.db, ids), actor.userId)).map((f) => [f.id, f]),
  );
  return {
    rows: rows.flatMap((r) => {
      const fair = fairs.get(String(r.targetId));
      return fair
        ? [
            {
              id: String(r.id),
              targetType: 'JobFair' as const,
              targetId: fair.id,
              careerTalk: null,
              jobFair: fair,
              content: fair,
            },
          ]
        : [];
    }),
    total,
  };
};

/** `POST ourea/reservations`: reserves a talk or fair (twice: the same reservation). */
export const reserve = async (opts: { ctx: FileUrlContext; actor: Actor; body: ReservationBody }) => {
  const { ctx, actor, body } = opts;
  const id = Number(body.targetId);
  const now = ctx.now();
  if (body.targetType === 'CareerTalk') {
    const talk = await findTalk(ctx.db, id);
    if (!talk) throw AppError.notFound(RESERVATIONS_MSG.talkNotFound);
    if (talk.status === 'Canceled') throw AppError.badRequest(RESERVATIONS_MSG.talkCanceledNoReserve);
    if (now >= talk.endAt) throw AppError.badRequest(RESERVATIONS_MSG.endedNoReserve);
  } else {
    const fair = await findFair(ctx.db, id);
    if (!fair) throw AppError.notFound(RESERVATIONS_MSG.fairNotFound);
    if (fair.canceled === 'Yes') throw AppError.badRequest(RESERVATIONS_MSG.fairCanceledNoReserve);
    if (now >= fair.endAt) throw AppError.badRequest(RESERVATIONS_MSG.endedNoReserve);
  }
  const row = await upsertReservation(ctx.db, actor.userId, body.targetType, id);
  return { id: String(row.id) };
};

/** `DELETE ourea/reservations/{id}`: cancels one of the asker's reservations. */
export const cancelReservation = async (opts: { ctx: FileUrlContext; actor: Actor; id: string }) => {
  const row = await findReservationById(opts.ctx.db, Number(opts.id));
  if (!row || row.userId !== opts.actor.userId) throw AppError.notFound(RESERVATIONS_MSG.notFound);
  await deleteReservation(opts.ctx.db, row.id, opts.actor.userId);
};
