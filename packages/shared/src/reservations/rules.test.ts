import { describe, expect, it } from 'vitest';
import {
  fairBadgeOf,
  fairStatusOf,
  liveViewerCount,
  playbackViewCount,
  playbackViewOffset,
  talkCardLineOf,
  talkExpired,
  talkOpenCheck,
  talkStatusOf,
} from './rules';

const DAY = 86_400_000;
const start = Date.UTC(2026, 0, 10, 2);
const end = start + 2 * 3600_000;
const talk = (over: Partial<Parameters<typeof talkStatusOf>[0]> = {}) => ({
  mode: 'Online' as const,
  startTimestamp: start,
  endTimestamp: end,
  liveStarted: false,
  hasPlayback: false,
  ...over,
});

describe('talkStatusOf', () => {
  it.each([
    ['before the start', talk(), start - 1, 'NotStarted'],
    ['at the start', talk(), start, 'Underway'],
    ['just before the end', talk(), end - 1, 'Underway'],
    ['online, ended, never live', talk(), end, 'Timeout'],
    ['online, ended, went live', talk({ liveStarted: true }), end, 'Finished'],
    ['online, ended, with a playback', talk({ liveStarted: true, hasPlayback: true }), end, 'Playback'],
    ['playback even without a live', talk({ hasPlayback: true }), end + DAY, 'Playback'],
    ['offline, before', talk({ mode: 'Offline' }), start - 1, 'NotStarted'],
    ['offline, during', talk({ mode: 'Offline' }), start + 1, 'Underway'],
    ['offline, after (never Timeout)', talk({ mode: 'Offline' }), end, 'Finished'],
    [
      'offline with a playback is still Finished',
      talk({ mode: 'Offline', hasPlayback: true }),
      end,
      'Finished',
    ],
  ] as const)('%s', (_name, t, now, expected) => {
    expect(talkStatusOf(t, now)).toBe(expected);
  });
});

describe('expiry and opening', () => {
  it('expires online talks more than 360 days after the start', () => {
    expect(talkExpired({ mode: 'Online', startTimestamp: start }, start + 360 * DAY)).toBe(false);
    expect(talkExpired({ mode: 'Online', startTimestamp: start }, start + 360 * DAY + 1)).toBe(true);
    expect(talkExpired({ mode: 'Offline', startTimestamp: start }, start + 999 * DAY)).toBe(false);
  });
  it('blocks canceled talks with an info toast, expired ones with 宣讲会已过期', () => {
    expect(talkOpenCheck({ mode: 'Online', status: 'Canceled', startTimestamp: start }, start)).toEqual({
      open: false,
      level: 'info',
      message: '宣讲会已取消，不可查看详情',
    });
    expect(
      talkOpenCheck({ mode: 'Online', status: 'Publish', startTimestamp: start }, start + 400 * DAY),
    ).toEqual({ open: false, level: 'warning', message: '宣讲会已过期' });
    expect(
      talkOpenCheck({ mode: 'Offline', status: 'Publish', startTimestamp: start }, start + 400 * DAY),
    ).toEqual({ open: true });
  });
});

describe('viewer counts', () => {
  it('shows 5 × the online count while live', () => {
    expect(liveViewerCount(7)).toBe(35);
    expect(liveViewerCount(0)).toBe(0);
  });
  it('adds a stable 1–50 offset per talk id to 5 × the views', () => {
    const offsets = Array.from({ length: 500 }, (_, i) => playbackViewOffset(String(i + 1)));
    expect(Math.min(...offsets)).toBe(1);
    expect(Math.max(...offsets)).toBe(50);
    expect(new Set(offsets).size).toBeGreaterThan(40);
    expect(playbackViewOffset('17')).toBe(playbackViewOffset(17));
    expect(playbackViewCount(3, '17')).toBe(15 + playbackViewOffset('17'));
  });
});

describe('talkCardLineOf', () => {
  const card = (
    talkStatus: Parameters<typeof talkCardLineOf>[0]['talkStatus'],
    mode: 'Online' | 'Offline' = 'Online',
  ) => ({
    id: '9',
    mode,
    talkStatus,
    participantCount: 4,
    liveRoom: { onlineCount: 3, viewCount: 2 },
  });
  it.each([
    [card('NotStarted'), { kind: 'time', text: '01-10 10:00', reservations: 4 }],
    [card('Underway'), { kind: 'live', text: '直播中', viewers: 15 }],
    [card('Finished'), { kind: 'ended', text: '已结束' }],
    [card('Timeout'), { kind: 'ended', text: '已结束' }],
    [card('Playback'), { kind: 'playback', text: '回放', views: 10 + playbackViewOffset('9') }],
    [card('NotStarted', 'Offline'), { kind: 'offline', text: '未开始' }],
    [card('Underway', 'Offline'), { kind: 'offline', text: '进行中' }],
    [card('Finished', 'Offline'), { kind: 'offline', text: '已结束' }],
  ])('%o', (t, expected) => {
    expect(talkCardLineOf(t, '01-10 10:00')).toEqual(expected);
  });
});

describe('job fairs', () => {
  it('derives Publish / Underway / Finished from the times', () => {
    expect(fairStatusOf({ startTimestamp: start, endTimestamp: end }, start - 1)).toBe('Publish');
    expect(fairStatusOf({ startTimestamp: start, endTimestamp: end }, start)).toBe('Underway');
    expect(fairStatusOf({ startTimestamp: start, endTimestamp: end }, end)).toBe('Finished');
  });
  it('badges 预约中 / 已预约 / 进行中 / 已结束', () => {
    expect(fairBadgeOf({ status: 'Publish', reservation: false })).toBe('预约中');
    expect(fairBadgeOf({ status: 'Publish', reservation: true })).toBe('已预约');
    expect(fairBadgeOf({ status: 'Underway', reservation: true })).toBe('进行中');
    expect(fairBadgeOf({ status: 'Finished', reservation: false })).toBe('已结束');
  });
});
