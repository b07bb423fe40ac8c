import { type CareerTalk, RESERVATIONS_MSG, type TalkLiveInfo, talkExpired } from '@uplus/shared';

/*
 * What the phone page of a career talk (/h5/talklive?id=) shows in its player area, decided from the talk
 * (ourea career_talks/{id}) and its room (GET {live}/info/talk-{id}): the same rules as the desktop page
 * (reservations/career-talk-detail-page.tsx), written as one pure function so they can be tested.
 */

/** Whether the talk's room is worth asking for: a published online talk that is live or has a playback. */
export const talkWatchable = (talk: Pick<CareerTalk, 'status' | 'mode' | 'talkStatus'>) =>
  talk.status === 'Publish' &&
  talk.mode === 'Online' &&
  (talk.talkStatus === 'Underway' || talk.talkStatus === 'Playback');

/** The page as a whole: closed (canceled, expired) or open with its player area. */
export type TalkScreen =
  | { kind: 'closed'; text: string }
  | { kind: 'player'; src: string; live: boolean }
  | { kind: 'loading' }
  | { kind: 'note'; text: string };

/**
 * Canceled: 宣讲会已取消，不可查看详情; an online talk 360 days after its start: 宣讲会已过期. A watchable talk
 * plays its playback (first playback model) or, while live, the HLS address; without one it says why. Other
 * talks say when or where they take place.
 */
export const talkScreenOf = (
  talk: CareerTalk,
  room: { pending: boolean; data: TalkLiveInfo | undefined },
  now: number,
): TalkScreen => {
  if (talk.status === 'Canceled') return { kind: 'closed', text: RESERVATIONS_MSG.talkCanceled };
  if (talkExpired(talk, now)) return { kind: 'closed', text: RESERVATIONS_MSG.talkExpired };
  if (!talkWatchable(talk)) {
    if (talk.mode === 'Offline')
      return { kind: 'note', text: talk.place ? `宣讲地点：${talk.place}` : '宣讲地点待定' };
    if (talk.talkStatus === 'NotStarted') return { kind: 'note', text: '直播尚未开始，开始后在本页观看' };
    return { kind: 'note', text: '直播已结束，暂无回放' };
  }
  if (room.pending) return { kind: 'loading' };
  const playback = room.data?.liveRoomPlaybackModels[0]?.playbackUrl;
  if (playback) return { kind: 'player', src: playback, live: false };
  const hls = room.data?.playUrls?.hls;
  if (talk.talkStatus === 'Underway' && hls) return { kind: 'player', src: hls, live: true };
  if (talk.talkStatus === 'Underway')
    return {
      kind: 'note',
      text: room.data?.liveStarted ? '直播进行中，直播服务未配置，暂无法观看' : '直播尚未开始',
    };
  return { kind: 'note', text: '暂无回放' };
};
