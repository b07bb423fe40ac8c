import { type CareerTalk, fairStatusOf, type JobFair, type TalkMode, talkStatusOf } from '@uplus/shared';
import type { Db } from '../../db/client';
import { companyCards } from '../employer/employer.service';
import { type FileUrlContext, fileUrls } from '../files/files.service';
import {
  countReservations,
  type FairRow,
  fairCounts,
  type ReservationTarget,
  reservationsOf,
  type TalkRow,
} from './reservations.repo';

/*
 * Talks and fairs shaped for answers: derived states, counts, the asker's reservation, signed posters.
 */

export const roomIdOf = (talkId: number) => `talk-${talkId}`;

const brief = (
  card: { id: string; name: string; nickName: string; logo: string | null } | undefined,
  id: number,
) =>
  card
    ? { id: card.id, name: card.name, nickName: card.nickName, logo: card.logo }
    : { id: String(id), name: '', nickName: '', logo: null };

/** Everything the rows need besides themselves, loaded once for a page. */
const extras = async (
  ctx: FileUrlContext,
  kind: ReservationTarget,
  rows: readonly { id: number; companyId: number; posterFileId: number | null }[],
  userId: number | null,
) => {
  const ids = rows.map((r) => r.id);
  const [companies, posters, counts, mine] = await Promise.all([
    companyCards({ ctx, ids: rows.map((r) => r.companyId) }),
    fileUrls(
      ctx,
      rows.map((r) => r.posterFileId),
    ),
    countReservations(ctx.db, kind, ids),
    userId == null ? new Map<number, number>() : reservationsOf(ctx.db, userId, kind, ids),
  ]);
  return {
    company: (id: number) => brief(companies.get(id), id),
    poster: (id: number | null) => (id == null ? null : (posters.get(id) ?? null)),
    count: (id: number) => counts.get(id) ?? 0,
    mine: (id: number) => mine.get(id) ?? null,
  };
};

/** A talk's derived status at `now`. */
export const talkStatusAt = (t: TalkRow, now: Date) =>
  talkStatusOf(
    {
      mode: t.mode as TalkMode,
      startTimestamp: t.startAt.getTime(),
      endTimestamp: t.endAt.getTime(),
      liveStarted: t.liveStartedAt != null,
      hasPlayback: t.playbackFileId != null,
    },
    now.getTime(),
  );

export const presentTalks = async (
  ctx: FileUrlContext,
  rows: readonly TalkRow[],
  userId: number | null,
): Promise<CareerTalk[]> => {
  const x = await extras(ctx, 'CareerTalk', rows, userId);
  const now = ctx.now();
  return rows.map((t) => {
    const reservationId = x.mine(t.id);
    return {
      id: String(t.id),
      subject: t.subject,
      mode: t.mode as TalkMode,
      status: t.status as 'Publish' | 'Canceled',
      talkStatus: talkStatusAt(t, now),
      startTimestamp: t.startAt.getTime(),
      endTimestamp: t.endAt.getTime(),
      place: t.place,
      description: t.description,
      posterUrl: x.poster(t.posterFileId),
      participantCount: x.count(t.id),
      company: x.company(t.companyId),
      liveRoom: { roomId: roomIdOf(t.id), onlineCount: t.onlineCount, viewCount: t.viewCount },
      liveStarted: t.liveStartedAt != null,
      hasPlayback: t.playbackFileId != null,
      reservation: reservationId != null,
      reservationId: reservationId == null ? null : String(reservationId),
    };
  });
};

export const presentFairs = async (
  ctx: FileUrlContext & { db: Db },
  rows: readonly FairRow[],
  userId: number | null,
): Promise<JobFair[]> => {
  const [x, counts] = await Promise.all([
    extras(ctx, 'JobFair', rows, userId),
    fairCounts(
      ctx.db,
      rows.map((r) => r.id),
    ),
  ]);
  const now = ctx.now().getTime();
  return rows.map((f) => {
    const reservationId = x.mine(f.id);
    return {
      id: String(f.id),
      subject: f.subject,
      mode: f.mode as TalkMode,
      status: fairStatusOf({ startTimestamp: f.startAt.getTime(), endTimestamp: f.endAt.getTime() }, now),
      canceled: f.canceled === 'Yes',
      startTimestamp: f.startAt.getTime(),
      endTimestamp: f.endAt.getTime(),
      place: f.place,
      description: f.description,
      posterUrl: x.poster(f.posterFileId),
      organiser: x.company(f.companyId),
      companyCount: counts.companies.get(f.id) ?? 0,
      occupationCount: counts.occupations.get(f.id) ?? 0,
      participantCount: x.count(f.id),
      reservation: reservationId != null,
      reservationId: reservationId == null ? null : String(reservationId),
    };
  });
};
