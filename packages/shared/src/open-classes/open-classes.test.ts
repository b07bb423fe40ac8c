import { describe, expect, it } from 'vitest';
import {
  courseRoomStatusOf,
  DEFAULT_ENTERPRISE_NAME,
  isHlsUrl,
  openCourseBody,
  progressPercentOf,
  roomStatusOf,
  sessionBody,
  subscriptionCardState,
} from './open-classes';

const NOW = Date.UTC(2026, 10, 24, 10, 0, 0);
const HOUR = 3600_000;

const row = (over: {
  status?: 'Online' | 'Offline' | null;
  liveMode?: 'SingleLive' | 'SeriesLive' | 'Video';
  startAt?: number | null;
  roomStatus?: 'LiveNotStart' | 'Living' | 'Playback';
  progress?: number;
  schools?: string[];
  enterprises?: string[];
  noModel?: boolean;
}) => {
  const liveMode = over.liveMode ?? 'SingleLive';
  const roomStatus = over.roomStatus ?? 'LiveNotStart';
  const titles = { LiveNotStart: '未开始', Living: '直播中', Playback: '回放' } as const;
  return {
    progressPercentage: over.progress ?? 0,
    roomStatus,
    roomStatusTitle: titles[roomStatus],
    opencourseModel: over.noModel
      ? null
      : {
          opencourseStartAt: over.startAt === undefined ? NOW + HOUR : over.startAt,
          liveMode,
          status: over.status === undefined ? ('Online' as const) : over.status,
        },
    subscriptContentModel: {
      liveMode,
      partnerSchools: (over.schools ?? []).map((name, i) => ({ id: String(i + 1), name })),
      enterpriseNames: over.enterprises ?? [],
    },
  };
};

describe('subscriptionCardState (spec 4: expired, live tag, label, live icon)', () => {
  it.each([
    // state, input, expected
    [
      'online, not started',
      row({}),
      { expired: false, showLiveTag: true, liveLabel: '直播', showLiveIcon: false },
    ],
    [
      'online, living',
      row({ startAt: NOW - HOUR, roomStatus: 'Living' }),
      { expired: false, showLiveTag: true, liveLabel: '直播中', showLiveIcon: true },
    ],
    [
      'online, playback',
      row({ startAt: NOW - 5 * HOUR, roomStatus: 'Playback' }),
      { expired: false, showLiveTag: true, liveLabel: '回放', showLiveIcon: false },
    ],
    [
      'offline (expired)',
      row({ status: 'Offline', startAt: NOW - HOUR, roomStatus: 'Playback' }),
      { expired: true, showLiveTag: false, liveLabel: '回放', showLiveIcon: false },
    ],
    ['status missing (expired)', row({ status: null }), { expired: true, showLiveTag: false }],
    ['course gone (expired)', row({ noModel: true }), { expired: true, showLiveTag: false }],
    ['video course: no live tag', row({ liveMode: 'Video', roomStatus: 'Playback' }), { showLiveTag: false }],
    [
      'start exactly now counts as started',
      row({ startAt: NOW, roomStatus: 'Living' }),
      { liveLabel: '直播中' },
    ],
    ['no start time: 直播', row({ startAt: null }), { liveLabel: '直播' }],
  ])('%s', (_name, input, expected) => {
    expect(subscriptionCardState(input, NOW)).toMatchObject(expected);
  });

  it('expired cards are greyed: 课程已过期, not openable, deletable; live ones 开始学习', () => {
    expect(subscriptionCardState(row({ status: 'Offline' }), NOW)).toMatchObject({
      buttonText: '课程已过期',
      openable: false,
      deletable: true,
    });
    expect(subscriptionCardState(row({}), NOW)).toMatchObject({
      buttonText: '开始学习',
      openable: true,
      deletable: false,
    });
  });

  it('progress bar for video courses only, as a rounded percent', () => {
    expect(subscriptionCardState(row({ liveMode: 'Video', progress: 0.456 }), NOW)).toMatchObject({
      showProgress: true,
      progressPercent: 46,
    });
    expect(subscriptionCardState(row({ progress: 0.5 }), NOW).showProgress).toBe(false);
  });

  it('partners: 不限 without schools, the platform name without enterprises', () => {
    expect(subscriptionCardState(row({}), NOW)).toMatchObject({
      schoolsText: '不限',
      enterprisesText: DEFAULT_ENTERPRISE_NAME,
    });
    expect(
      subscriptionCardState(
        row({ schools: ['优加示范大学', '二中'], enterprises: ['优加信息技术有限公司'] }),
        NOW,
      ),
    ).toMatchObject({ schoolsText: '优加示范大学、二中', enterprisesText: '优加信息技术有限公司' });
  });
});

describe('progressPercentOf (spec 9)', () => {
  it.each([
    [0, 0],
    [0.004, 0],
    [0.005, 1],
    [0.456, 46],
    [0.995, 100],
    [1, 100],
    [1.5, 100],
    [-1, 0],
    [null, 0],
  ])('%s -> %s', (input, out) => expect(progressPercentOf(input)).toBe(out));
});

describe('room status', () => {
  const s = { startAt: NOW, endAt: NOW + HOUR };
  it.each([
    [NOW - 1, 'LiveNotStart'],
    [NOW, 'Living'],
    [NOW + HOUR - 1, 'Living'],
    [NOW + HOUR, 'Playback'],
  ])('at %s: %s', (at, status) => expect(roomStatusOf(s, at)).toBe(status));

  it('a session without a start (a video) is Playback', () => {
    expect(roomStatusOf({ startAt: null, endAt: null }, NOW)).toBe('Playback');
  });

  it('a course: Living over LiveNotStart over Playback; video always Playback', () => {
    const past = { startAt: NOW - 3 * HOUR, endAt: NOW - 2 * HOUR };
    const living = { startAt: NOW - HOUR, endAt: NOW + HOUR };
    const next = { startAt: NOW + HOUR, endAt: NOW + 2 * HOUR };
    expect(courseRoomStatusOf('SeriesLive', [past, living, next], NOW)).toBe('Living');
    expect(courseRoomStatusOf('SeriesLive', [past, next], NOW)).toBe('LiveNotStart');
    expect(courseRoomStatusOf('SeriesLive', [past], NOW)).toBe('Playback');
    expect(courseRoomStatusOf('SingleLive', [], NOW)).toBe('LiveNotStart');
    expect(courseRoomStatusOf('Video', [next], NOW)).toBe('Playback');
  });
});

describe('request schemas', () => {
  it('a course needs a name and a live mode', () => {
    expect(openCourseBody.safeParse({ name: ' ', liveMode: 'Video' }).error?.issues[0]?.message).toBe(
      '请输入课程名称',
    );
    expect(openCourseBody.safeParse({ name: 'a', liveMode: 'Other' }).error?.issues[0]?.message).toBe(
      '请选择直播形式',
    );
    expect(openCourseBody.parse({ name: 'a', liveMode: 'Video', posterFileId: '7' }).posterFileId).toBe(7);
  });

  it('HLS addresses: https and .m3u8 only', () => {
    expect(isHlsUrl('https://cdn.example.com/a/index.m3u8')).toBe(true);
    expect(isHlsUrl('https://cdn.example.com/a/index.m3u8?x=1')).toBe(true);
    expect(isHlsUrl('http://cdn.example.com/a/index.m3u8')).toBe(false);
    expect(isHlsUrl('https://cdn.example.com/a.mp4')).toBe(false);
    expect(isHlsUrl('javascript:alert(1)//.m3u8')).toBe(false);
    expect(sessionBody.safeParse({ title: 't', hlsUrl: 'ftp://x/a.m3u8' }).success).toBe(false);
    expect(sessionBody.parse({ title: 't', hlsUrl: '' }).hlsUrl).toBeNull();
  });
});
