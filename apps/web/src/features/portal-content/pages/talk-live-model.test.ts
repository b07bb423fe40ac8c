import { type CareerTalk, RESERVATIONS_MSG, type TalkLiveInfo } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { talkScreenOf, talkWatchable } from './talk-live-model';

const now = Date.UTC(2026, 4, 20);
const talk = (over: Partial<CareerTalk> = {}): CareerTalk => ({
  id: '5',
  subject: '校园招聘宣讲',
  mode: 'Online',
  status: 'Publish',
  talkStatus: 'Underway',
  startTimestamp: now - 600_000,
  endTimestamp: now + 3_600_000,
  place: '',
  description: '',
  posterUrl: null,
  participantCount: 0,
  company: { id: '1', name: '优加', nickName: '小U', logo: null },
  liveRoom: { roomId: 'talk-5', onlineCount: 0, viewCount: 0 },
  liveStarted: true,
  hasPlayback: false,
  reservation: false,
  reservationId: null,
  ...over,
});
const room = (over: Partial<TalkLiveInfo> = {}): TalkLiveInfo => ({
  roomId: 'talk-5',
  talkId: '5',
  subject: 's',
  talkStatus: 'Underway',
  liveStarted: true,
  playUrls: null,
  onlineCount: 0,
  viewCount: 0,
  liveRoomPlaybackModels: [],
  ...over,
});
const loaded = (data: TalkLiveInfo) => ({ pending: false, data });

describe('talkScreenOf', () => {
  it('closes canceled and expired talks', () => {
    expect(talkScreenOf(talk({ status: 'Canceled' }), loaded(room()), now)).toEqual({
      kind: 'closed',
      text: RESERVATIONS_MSG.talkCanceled,
    });
    const old = talk({ startTimestamp: now - 400 * 86_400_000, talkStatus: 'Playback' });
    expect(talkScreenOf(old, loaded(room()), now)).toEqual({
      kind: 'closed',
      text: RESERVATIONS_MSG.talkExpired,
    });
  });

  it('plays the live HLS stream of an Underway talk, or says why not', () => {
    const hls = room({ playUrls: { hls: '/live/talk-5.m3u8', flv: '' } });
    expect(talkScreenOf(talk(), loaded(hls), now)).toEqual({
      kind: 'player',
      src: '/live/talk-5.m3u8',
      live: true,
    });
    expect(talkScreenOf(talk(), loaded(room({ liveStarted: false })), now)).toEqual({
      kind: 'note',
      text: '直播尚未开始',
    });
    expect(talkScreenOf(talk(), { pending: true, data: undefined }, now)).toEqual({ kind: 'loading' });
  });

  it('plays the first playback of a Playback talk, else 暂无回放', () => {
    const ended = talk({ talkStatus: 'Playback', startTimestamp: now - 86_400_000, endTimestamp: now - 1 });
    const playback = room({
      liveRoomPlaybackModels: [{ playbackUrl: '/api/files/1/v.mp4', contentType: 'video/mp4' }],
    });
    expect(talkScreenOf(ended, loaded(playback), now)).toEqual({
      kind: 'player',
      src: '/api/files/1/v.mp4',
      live: false,
    });
    expect(talkScreenOf(ended, loaded(room()), now)).toEqual({ kind: 'note', text: '暂无回放' });
  });

  it('does not ask for the room of talks with nothing to watch', () => {
    expect(talkWatchable(talk({ talkStatus: 'NotStarted' }))).toBe(false);
    expect(talkWatchable(talk({ mode: 'Offline' }))).toBe(false);
    expect(talkScreenOf(talk({ mode: 'Offline', place: '图书馆报告厅' }), loaded(room()), now)).toEqual({
      kind: 'note',
      text: '宣讲地点：图书馆报告厅',
    });
    expect(talkScreenOf(talk({ talkStatus: 'NotStarted' }), loaded(room()), now).kind).toBe('note');
  });
});
