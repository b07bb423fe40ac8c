/*
 * Career talks and job fairs (issue 14, career spec sections 4, 8, 9): the pure rules the reservation cards,
 * the talk and fair pages and the server share: a talk's derived status and its card line, the 360-day
 * expiry, the viewer counts, a fair's status and badge.
 */

export const TALK_MODES = ['Online', 'Offline'] as const;
export type TalkMode = (typeof TALK_MODES)[number];
export const TALK_STATES = ['Publish', 'Canceled'] as const;
export type TalkState = (typeof TALK_STATES)[number];
export const TALK_STATUSES = ['NotStarted', 'Underway', 'Finished', 'Timeout', 'Playback'] as const;
export type TalkStatus = (typeof TALK_STATUSES)[number];
export const FAIR_STATUSES = ['Publish', 'Underway', 'Finished'] as const;
export type FairStatus = (typeof FAIR_STATUSES)[number];

export const TALK_MODE_TITLES: Record<TalkMode, string> = { Online: '线上宣讲', Offline: '线下宣讲' };
export const FAIR_MODE_TITLES: Record<TalkMode, string> = { Online: '线上双选会', Offline: '线下双选会' };

const DAY_MS = 86_400_000;
/** An online talk expires this many days after its start (spec section 9). */
export const TALK_EXPIRY_DAYS = 360;

/**
 * A talk's status: NotStarted before its start, Underway until its end; after the end an online talk shows
 * Playback when a playback exists, Finished when its live started, Timeout when it never went live; an offline
 * talk is Finished.
 */
export const talkStatusOf = (
  talk: {
    mode: TalkMode;
    startTimestamp: number;
    endTimestamp: number;
    liveStarted: boolean;
    hasPlayback: boolean;
  },
  now: number,
): TalkStatus => {
  if (now < talk.startTimestamp) return 'NotStarted';
  if (now < talk.endTimestamp) return 'Underway';
  if (talk.mode === 'Offline') return 'Finished';
  if (talk.hasPlayback) return 'Playback';
  return talk.liveStarted ? 'Finished' : 'Timeout';
};

/** An online talk more than 360 days after its start is expired (宣讲会已过期); offline talks never. */
export const talkExpired = (talk: { mode: TalkMode; startTimestamp: number }, now: number) =>
  talk.mode === 'Online' && now - talk.startTimestamp > TALK_EXPIRY_DAYS * DAY_MS;

/** Viewers shown while live: 5 × the online count (spec section 9). */
export const liveViewerCount = (onlineCount: number) => 5 * Math.max(0, onlineCount);

/** The pseudo-random 1–50 offset of a talk's playback views, the same for a talk id every time. */
export const playbackViewOffset = (talkId: string | number) => {
  let h = 2166136261;
  for (const ch of String(talkId)) {
    h ^= ch.charCodeAt(0);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return (h % 50) + 1;
};

/** Playback views shown: 5 × the view count plus the talk's 1–50 offset (spec section 9). */
export const playbackViewCount = (viewCount: number, talkId: string | number) =>
  5 * Math.max(0, viewCount) + playbackViewOffset(talkId);

/** What a talk card shows in its status corner. */
export type TalkCardLine =
  | { kind: 'time'; text: string; reservations: number }
  | { kind: 'live'; text: '直播中'; viewers: number }
  | { kind: 'playback'; text: '回放'; views: number }
  | { kind: 'ended'; text: '已结束' }
  | { kind: 'offline'; text: '未开始' | '进行中' | '已结束' };

/** A talk card's status line (spec section 4): the card's time text comes from the caller's formatter. */
export const talkCardLineOf = (
  talk: {
    id: string;
    mode: TalkMode;
    talkStatus: TalkStatus;
    participantCount: number;
    liveRoom: { onlineCount: number; viewCount: number };
  },
  timeText: string,
): TalkCardLine => {
  if (talk.mode === 'Offline')
    return {
      kind: 'offline',
      text:
        talk.talkStatus === 'NotStarted' ? '未开始' : talk.talkStatus === 'Underway' ? '进行中' : '已结束',
    };
  switch (talk.talkStatus) {
    case 'NotStarted':
      return { kind: 'time', text: timeText, reservations: talk.participantCount };
    case 'Underway':
      return { kind: 'live', text: '直播中', viewers: liveViewerCount(talk.liveRoom.onlineCount) };
    case 'Playback':
      return { kind: 'playback', text: '回放', views: playbackViewCount(talk.liveRoom.viewCount, talk.id) };
    default:
      return { kind: 'ended', text: '已结束' };
  }
};

/** Clicking a talk card: open it, or a toast instead (canceled: info; expired: warning). */
export const talkOpenCheck = (
  talk: { mode: TalkMode; status: TalkState; startTimestamp: number },
  now: number,
): { open: true } | { open: false; level: 'info' | 'warning'; message: string } => {
  if (talk.status === 'Canceled')
    return { open: false, level: 'info', message: '宣讲会已取消，不可查看详情' };
  if (talkExpired(talk, now)) return { open: false, level: 'warning', message: '宣讲会已过期' };
  return { open: true };
};

/** A fair's status: Publish before its start, Underway until its end, then Finished. */
export const fairStatusOf = (
  fair: { startTimestamp: number; endTimestamp: number },
  now: number,
): FairStatus => (now < fair.startTimestamp ? 'Publish' : now < fair.endTimestamp ? 'Underway' : 'Finished');

/** A fair's badge (spec section 4): 预约中 / 已预约 before it starts, then 进行中, 已结束. */
export const fairBadgeOf = (fair: { status: FairStatus; reservation: boolean }) =>
  fair.status === 'Publish'
    ? fair.reservation
      ? '已预约'
      : '预约中'
    : fair.status === 'Underway'
      ? '进行中'
      : '已结束';
