import { type LiveRoomConfig, type LiveToken, OPEN_CLASS_MSG } from '@uplus/shared';
import type { Config } from '../../config/config';
import { AppError } from '../../core/errors';
import type { FileUrlContext } from '../files/files.service';
import type { Actor } from '../sessions/actor';
import { visibleSession } from './catalogue.service';
import { liveTokenOf, signLiveUrl, streamAddress, streamNameOf } from './live-signing';
import { isOrganiserOf } from './open-classes.policy';
import { presentSession } from './open-classes.presenter';

/*
 * The live room's provider (issue 12, config.live). Without LIVE_PLAY_URL the provider is not configured:
 * the room shows its schedule and, after the session, its playback. Play addresses (HLS and FLV) are signed
 * and handed only to those who may watch (the organiser, subscribers of the Online course); the push address
 * only to the organiser. Keys never leave the server: answers carry only signatures made with them.
 */

/** What the calls need of the app context (the files area signs addresses with it). */
type Ctx = FileUrlContext & { config: Pick<Config, 'storage' | 'live'> };

const expiryOf = (ctx: Ctx) => Math.floor(ctx.now().getTime() / 1000) + ctx.config.live.tokenTtlSeconds;

/** A live session the asker may see (a video course's video is not one: 400). */
const liveSession = async (ctx: Ctx, actor: Actor | null, sessionId: string) => {
  const found = await visibleSession(ctx, actor, sessionId);
  if (found.course.liveMode === 'Video') throw AppError.badRequest(OPEN_CLASS_MSG.notLiveSession);
  return found;
};

export const liveRoomConfig = async (opts: {
  ctx: Ctx;
  actor: Actor | null;
  sessionId: string;
}): Promise<LiveRoomConfig> => {
  const { ctx, actor } = opts;
  const live = ctx.config.live;
  const { session, course, canWatch } = await liveSession(ctx, actor, opts.sessionId);
  const shown = presentSession(session, ctx.now().getTime());
  const configured = !!live.playUrl;
  const name = streamNameOf(session.id);
  const expiresAtSeconds = expiryOf(ctx);
  const sign = (address: string) => signLiveUrl(address, { key: live.authKey, expiresAtSeconds });
  const playUrls =
    configured && canWatch && live.playUrl
      ? {
          hls: sign(streamAddress(live.playUrl, name, '.m3u8')),
          flv: sign(streamAddress(live.playUrl, name, '.flv')),
        }
      : null;
  const pushUrl =
    configured && live.pushUrl && isOrganiserOf(actor, course)
      ? sign(streamAddress(live.pushUrl, name))
      : null;
  return {
    configured,
    sessionId: String(session.id),
    roomStatus: shown.roomStatus,
    roomStatusTitle: shown.roomStatusTitle,
    playUrls,
    pushUrl,
    chatUrl: configured && canWatch ? (live.chatUrl ?? null) : null,
    canWatch,
  };
};

/** A token for the provider's chat (LIVE_CHAT_SECRET) or player (LIVE_AUTH_KEY); 503 without one. */
export const liveToken = async (opts: {
  ctx: Ctx;
  actor: Actor;
  sessionId: string;
  kind: 'chat' | 'watch';
}): Promise<LiveToken> => {
  const { ctx, actor } = opts;
  const live = ctx.config.live;
  const secret =
    opts.kind === 'chat'
      ? live.chatUrl
        ? live.chatSecret
        : undefined
      : live.playUrl
        ? live.authKey
        : undefined;
  const { session, canWatch } = await liveSession(ctx, actor, opts.sessionId);
  if (!canWatch) throw AppError.forbidden(OPEN_CLASS_MSG.liveNoPermission);
  if (!secret) throw new AppError(503, OPEN_CLASS_MSG.liveNotConfigured);
  const expiresAtSeconds = expiryOf(ctx);
  return {
    token: liveTokenOf({ secret, sessionId: session.id, userId: actor.userId, expiresAtSeconds }),
    expiresAt: expiresAtSeconds * 1000,
  };
};
