import {
  type CareerTalkBody,
  type CareerTalkPage,
  type ManagedTalk,
  type ManagedTalkPage,
  type ManagePageQuery,
  RESERVATIONS_MSG,
  type TalkListQuery,
  type TalkLiveInfo,
} from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import { claimFile, type FileUrlContext, fileUrlById, fileUrls } from '../files/files.service';
import { signLiveUrl, streamAddress } from '../open-classes/live-signing';
import type { Actor } from '../sessions/actor';
import { actingCompany, ownedBy } from './reservations.policy';
import { presentTalks, roomIdOf, talkStatusAt } from './reservations.presenter';
import {
  countTalkVisit,
  findTalk,
  insertTalk,
  pageTalks,
  type TalkRow,
  updateTalk,
} from './reservations.repo';

/*
 * Career talks (宣讲会, issue 14): a company's business users publish, edit and cancel them, start and stop
 * an online talk's live and upload its playback; job seekers list and open them. The live room uses the live
 * provider of config.live (the open classes' signing): with LIVE_PLAY_URL set, the company gets a signed push
 * address and watchers signed play addresses while the live is on; without it only the state is recorded.
 */

type Ctx = FileUrlContext & { config: Pick<Config, 'storage' | 'live'> };

const pageArgs = (q: { pageNumber: number; pageSize: number }) => ({
  limit: q.pageSize,
  offset: (q.pageNumber - 1) * q.pageSize,
});

/** Whether the company's live is on right now (started, not stopped, not past the end). */
const liveOn = (t: TalkRow, now: Date) =>
  t.mode === 'Online' &&
  t.liveStartedAt != null &&
  t.liveEndedAt == null &&
  now < t.endAt &&
  now >= t.startAt;

const liveAddresses = (ctx: Ctx, t: TalkRow) => {
  const live = ctx.config.live;
  const expiresAtSeconds = Math.floor(ctx.now().getTime() / 1000) + live.tokenTtlSeconds;
  const sign = (address: string) => signLiveUrl(address, { key: live.authKey, expiresAtSeconds });
  const name = roomIdOf(t.id);
  return {
    play: live.playUrl
      ? {
          hls: sign(streamAddress(live.playUrl, name, '.m3u8')),
          flv: sign(streamAddress(live.playUrl, name, '.flv')),
        }
      : null,
    push: live.pushUrl ? sign(streamAddress(live.pushUrl, name)) : null,
  };
};

// ---------------------------------------------------------------------------------------------------------
// Job seekers

/** `GET ourea/career_talks`: published talks, newest start first. */
export const publicTalks = async (opts: {
  ctx: Ctx;
  actor: Actor | null;
  query: TalkListQuery;
}): Promise<CareerTalkPage> => {
  const { rows, total } = await pageTalks(opts.ctx.db, {
    search: opts.query.search,
    ...pageArgs(opts.query),
  });
  return { rows: await presentTalks(opts.ctx, rows, opts.actor?.userId ?? null), total };
};

/** `GET ourea/career_talks/{id}`: one talk (a canceled one too: the page says so). */
export const talkDetail = async (opts: { ctx: Ctx; actor: Actor | null; id: string }) => {
  const talk = await findTalk(opts.ctx.db, Number(opts.id));
  if (!talk) throw AppError.notFound(RESERVATIONS_MSG.talkNotFound);
  const [shown] = await presentTalks(opts.ctx, [talk], opts.actor?.userId ?? null);
  return shown as NonNullable<typeof shown>;
};

/**
 * `GET {live}/info/{roomId}` for a talk's room (talk-{id}): its state, signed play addresses while the live
 * is on (provider configured), and its playback as liveRoomPlaybackModels[0].playbackUrl after the end.
 * Opening a live room counts one online entry; opening a playback one view. Canceled or unknown: 404.
 */
export const talkLiveInfo = async (opts: { ctx: Ctx; roomId: string }): Promise<TalkLiveInfo> => {
  const { ctx } = opts;
  const id = Number(opts.roomId.slice('talk-'.length));
  const talk = await findTalk(ctx.db, id);
  if (!talk || talk.status === 'Canceled') throw AppError.notFound(RESERVATIONS_MSG.roomNotFound);
  const now = ctx.now();
  const talkStatus = talkStatusAt(talk, now);
  const on = liveOn(talk, now);
  let playbackUrl = '';
  if (talkStatus === 'Playback') {
    playbackUrl = await fileUrlById(ctx, talk.playbackFileId);
    await countTalkVisit(ctx.db, talk.id, 'view');
  } else if (on) await countTalkVisit(ctx.db, talk.id, 'online');
  return {
    roomId: roomIdOf(talk.id),
    talkId: String(talk.id),
    subject: talk.subject,
    talkStatus,
    liveStarted: talk.liveStartedAt != null,
    playUrls: on ? liveAddresses(ctx, talk).play : null,
    onlineCount: talk.onlineCount + (on ? 1 : 0),
    viewCount: talk.viewCount + (talkStatus === 'Playback' ? 1 : 0),
    liveRoomPlaybackModels: playbackUrl ? [{ playbackUrl, contentType: 'video/mp4' }] : [],
  };
};

// ---------------------------------------------------------------------------------------------------------
// The company's business users

const managed = async (ctx: Ctx, rows: TalkRow[]): Promise<ManagedTalk[]> => {
  const [shown, playbacks] = await Promise.all([
    presentTalks(ctx, rows, null),
    fileUrls(
      ctx,
      rows.map((r) => r.playbackFileId),
    ),
  ]);
  const now = ctx.now();
  return rows.map((t, i) => ({
    ...(shown[i] as (typeof shown)[number]),
    posterFileId: t.posterFileId,
    playbackUrl: t.playbackFileId == null ? null : (playbacks.get(t.playbackFileId) ?? null),
    liveOn: liveOn(t, now),
    pushUrl: liveOn(t, now) ? liveAddresses(ctx, t).push : null,
  }));
};

const oneManaged = async (ctx: Ctx, t: TalkRow) => (await managed(ctx, [t]))[0] as ManagedTalk;

/** `GET ourea/company/career_talks`: the asker's company's talks, every state. */
export const companyTalks = async (opts: {
  ctx: Ctx;
  actor: Actor;
  query: ManagePageQuery;
}): Promise<ManagedTalkPage> => {
  const company = await actingCompany(opts.ctx.db, opts.actor);
  const { rows, total } = await pageTalks(opts.ctx.db, { companyId: company.id, ...pageArgs(opts.query) });
  return { rows: await managed(opts.ctx, rows), total };
};

const posterOf = async (ctx: Ctx, actor: Actor, fileId: number | null) =>
  fileId == null
    ? null
    : (await claimFile({ db: ctx.db, userId: actor.userId, fileId, purposes: ['poster'] })).id;

const values = (body: CareerTalkBody) => ({
  subject: body.subject,
  mode: body.mode,
  startAt: new Date(body.startTimestamp),
  endAt: new Date(body.endTimestamp),
  place: body.place,
  description: body.description,
});

/** `POST ourea/company/career_talks`: publishes a talk of the asker's company. */
export const createTalk = async (opts: { ctx: Ctx; actor: Actor; body: CareerTalkBody }) => {
  const { ctx, actor, body } = opts;
  const company = await actingCompany(ctx.db, actor);
  const posterFileId = await posterOf(ctx, actor, body.posterFileId);
  const talk = await insertTalk(ctx.db, {
    ...values(body),
    posterFileId,
    companyId: company.id,
    createdBy: actor.userId,
  });
  return oneManaged(ctx, talk);
};

/** One of the asker's company's talks that may still change: not canceled, not ended. */
const changeableTalk = async (ctx: Ctx, actor: Actor, id: string) => {
  const company = await actingCompany(ctx.db, actor);
  const talk = ownedBy(await findTalk(ctx.db, Number(id)), company.id, RESERVATIONS_MSG.talkNotFound);
  if (talk.status === 'Canceled') throw AppError.badRequest(RESERVATIONS_MSG.alreadyCanceled);
  return talk;
};

/** `PUT ourea/company/career_talks/{id}`: edits a talk that has not ended. */
export const editTalk = async (opts: { ctx: Ctx; actor: Actor; id: string; body: CareerTalkBody }) => {
  const { ctx, actor, body } = opts;
  const talk = await changeableTalk(ctx, actor, opts.id);
  if (ctx.now() >= talk.endAt) throw AppError.badRequest(RESERVATIONS_MSG.alreadyEnded);
  const posterFileId =
    body.posterFileId === talk.posterFileId
      ? talk.posterFileId
      : await posterOf(ctx, actor, body.posterFileId);
  const saved = await updateTalk(ctx.db, talk.id, { ...values(body), posterFileId });
  return oneManaged(ctx, saved as TalkRow);
};

/** `DELETE ourea/company/career_talks/{id}`: cancels a talk (kept, greyed for those who reserved it). */
export const cancelTalk = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  const talk = await changeableTalk(opts.ctx, opts.actor, opts.id);
  await updateTalk(opts.ctx.db, talk.id, {
    status: 'Canceled',
    liveEndedAt: talk.liveStartedAt ? opts.ctx.now() : null,
  });
};

/** `PUT ourea/company/career_talks/{id}/live`: starts an online talk's live (from its start until its end). */
export const startLive = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  const { ctx } = opts;
  const talk = await changeableTalk(ctx, opts.actor, opts.id);
  if (talk.mode !== 'Online') throw AppError.badRequest(RESERVATIONS_MSG.liveOnlineOnly);
  const now = ctx.now();
  if (now >= talk.endAt) throw AppError.badRequest(RESERVATIONS_MSG.alreadyEnded);
  if (now < talk.startAt) throw AppError.badRequest(RESERVATIONS_MSG.liveNotYet);
  const saved = await updateTalk(ctx.db, talk.id, {
    liveStartedAt: talk.liveStartedAt ?? now,
    liveEndedAt: null,
  });
  return oneManaged(ctx, saved as TalkRow);
};

/** `DELETE ourea/company/career_talks/{id}/live`: stops the live. */
export const stopLive = async (opts: { ctx: Ctx; actor: Actor; id: string }) => {
  const { ctx } = opts;
  const talk = await changeableTalk(ctx, opts.actor, opts.id);
  if (talk.mode !== 'Online') throw AppError.badRequest(RESERVATIONS_MSG.liveOnlineOnly);
  if (!talk.liveStartedAt) throw AppError.badRequest(RESERVATIONS_MSG.liveNotStarted);
  const saved = await updateTalk(ctx.db, talk.id, { liveEndedAt: talk.liveEndedAt ?? ctx.now() });
  return oneManaged(ctx, saved as TalkRow);
};

/** `PUT ourea/company/career_talks/{id}/playback`: an online talk's playback video (an own upload, purpose video). */
export const savePlayback = async (opts: { ctx: Ctx; actor: Actor; id: string; fileId: number }) => {
  const { ctx, actor } = opts;
  const talk = await changeableTalk(ctx, actor, opts.id);
  if (talk.mode !== 'Online') throw AppError.badRequest(RESERVATIONS_MSG.playbackOnlineOnly);
  const file = await claimFile({
    db: ctx.db,
    userId: actor.userId,
    fileId: opts.fileId,
    purposes: ['video'],
  });
  const saved = await updateTalk(ctx.db, talk.id, { playbackFileId: file.id });
  return oneManaged(ctx, saved as TalkRow);
};
