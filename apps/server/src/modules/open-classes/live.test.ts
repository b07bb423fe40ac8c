import { createHash } from 'node:crypto';
import { type LiveRoomConfig, type LiveToken, OPEN_CLASS_MSG } from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { ensureOpenClassDictionaries } from './catalogue.service';
import { authKeyOf, liveTokenOf, signLiveUrl, verifyLiveToken } from './live-signing';
import {
  DAY,
  expectError,
  expectOk,
  HOUR,
  OC,
  publishedCourse,
  studentUser,
  teacherUser,
  visitor,
} from './open-classes-test-support';

const AUTH_KEY = 'live-auth-key-7Hq2-do-not-leak';
const CHAT_SECRET = 'chat-secret-Zr8v-do-not-leak';
const LIVE = {
  playUrl: 'https://play.example.com/live',
  pushUrl: 'rtmp://push.example.com/live',
  authKey: AUTH_KEY,
  chatUrl: 'wss://chat.example.com/ws',
  chatSecret: CHAT_SECRET,
  tokenTtlSeconds: 3600,
};

describe('type A auth_key signing', () => {
  it('matches Alibaba Cloud’s documented example', () => {
    expect(
      authKeyOf({
        uri: '/video/standard/test.mp4',
        timestamp: 1444435200,
        rand: '0',
        uid: '0',
        key: 'aliyuncdnexp1234',
      }),
    ).toBe('1444435200-0-0-23bf85053008f5c0e791667a313e28ce');
  });

  it('matches a worked example: md5("/live/session-7.m3u8-1700000000-abc123-0-secretkey")', () => {
    // computed by hand with `echo -n '/live/session-7.m3u8-1700000000-abc123-0-secretkey' | md5sum`
    expect(
      signLiveUrl('https://play.example.com/live/session-7.m3u8', {
        key: 'secretkey',
        expiresAtSeconds: 1700000000,
        rand: 'abc123',
      }),
    ).toBe(
      'https://play.example.com/live/session-7.m3u8?auth_key=1700000000-abc123-0-6e8d4261ff7e560843d919e86d959e37',
    );
    expect(signLiveUrl('https://play.example.com/live/a.flv', { key: undefined, expiresAtSeconds: 1 })).toBe(
      'https://play.example.com/live/a.flv',
    );
  });

  it('tokens: payload.signature (HMAC-SHA256), checked and expiring', () => {
    // computed by hand with base64url of the JSON and `openssl dgst -sha256 -hmac chat-secret`
    const token = liveTokenOf({
      secret: 'chat-secret',
      sessionId: 7,
      userId: 42,
      expiresAtSeconds: 1700000000,
    });
    expect(token).toBe(
      'eyJzaWQiOiI3IiwidWlkIjoiNDIiLCJleHAiOjE3MDAwMDAwMDB9.4bd9cae522227c6feea004a37a4b0fd332c932de4ee4d213c65343433ddd14cb',
    );
    expect(verifyLiveToken(token, 'chat-secret', 1699999999)).toEqual({
      sid: '7',
      uid: '42',
      exp: 1700000000,
    });
    expect(verifyLiveToken(token, 'chat-secret', 1700000000)).toBeNull();
    expect(verifyLiveToken(token, 'other', 1)).toBeNull();
    expect(verifyLiveToken(`${token.slice(0, -1)}0`, 'chat-secret', 1)).toBeNull();
  });
});

describe.each(testDrivers())('live rooms without a provider (%s)', (driver) => {
  const t = useTestApp(driver);
  beforeAll(async () => {
    await ensureOpenClassDictionaries({ db: t.db });
  });

  it('configured=false; tokens 503 for those who may watch, 403 for others', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const start = Date.now() + DAY;
    const course = await publishedCourse(teacher.api, {
      body: { liveMode: 'SingleLive' },
      sessions: [{ title: '直播', startAt: start, endAt: start + HOUR }],
    });
    const sid = course.sessions[0]?.id;
    const config = expectOk<LiveRoomConfig>(
      await teacher.api.get(`${OC}/live_rooms/config?sessionId=${sid}`),
    );
    expect(config).toEqual({
      configured: false,
      sessionId: sid,
      roomStatus: 'LiveNotStart',
      roomStatusTitle: '未开始',
      playUrls: null,
      pushUrl: null,
      chatUrl: null,
      canWatch: true,
    });
    const student = await studentUser(t.db, t.app);
    for (const kind of ['chat', 'watch'])
      expectError(
        await student.api.post(`${OC}/live_rooms/${kind}/token`, { sessionId: sid }),
        403,
        OPEN_CLASS_MSG.liveNoPermission,
      );
    expectOk(await student.api.post(`${OC}/open_courses/subscripte`, { openCourseId: course.id }));
    for (const kind of ['chat', 'watch'])
      expectError(
        await student.api.post(`${OC}/live_rooms/${kind}/token`, { sessionId: sid }),
        503,
        OPEN_CLASS_MSG.liveNotConfigured,
      );
  });
});

describe.each(testDrivers())('live rooms with a provider (%s)', (driver) => {
  const lines: string[] = [];
  const t = useTestApp(driver, {
    config: { live: LIVE, logLevel: 'trace' },
    deps: { logStream: { write: (line: string) => void lines.push(line) } },
  });
  beforeAll(async () => {
    await ensureOpenClassDictionaries({ db: t.db });
  });

  it('signed play addresses for subscribers, the push address for the organiser only, tokens that verify', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const start = Date.now() - HOUR;
    const course = await publishedCourse(teacher.api, {
      body: { liveMode: 'SeriesLive' },
      sessions: [{ title: '直播', startAt: start, endAt: start + 2 * HOUR }],
    });
    const sid = course.sessions[0]?.id as string;
    const url = `${OC}/live_rooms/config?sessionId=${sid}`;
    const bodies: string[] = [];
    const read = async (res: Awaited<ReturnType<ReturnType<typeof visitor>['get']>>) => {
      bodies.push(res.body);
      return expectOk<LiveRoomConfig>(res);
    };

    // a visitor: configured, but nothing to play with
    expect(await read(await visitor(t.app).get(url))).toMatchObject({
      configured: true,
      roomStatus: 'Living',
      roomStatusTitle: '直播中',
      playUrls: null,
      pushUrl: null,
      chatUrl: null,
      canWatch: false,
    });
    // the organiser: play, push and chat
    const mine = await read(await teacher.api.get(url));
    expect(mine.pushUrl).toMatch(
      new RegExp(
        `^rtmp://push\\.example\\.com/live/session-${sid}\\?auth_key=\\d+-[0-9a-f]+-0-[0-9a-f]{32}$`,
      ),
    );
    expect(mine.chatUrl).toBe('wss://chat.example.com/ws');
    // a subscriber: play and chat, no push; the signature is what the provider computes
    const student = await studentUser(t.db, t.app);
    expect(await read(await student.api.get(url))).toMatchObject({ canWatch: false, playUrls: null });
    expectOk(await student.api.post(`${OC}/open_courses/subscripte`, { openCourseId: course.id }));
    const theirs = await read(await student.api.get(url));
    expect(theirs).toMatchObject({ canWatch: true, pushUrl: null, chatUrl: 'wss://chat.example.com/ws' });
    const hls = new URL(theirs.playUrls?.hls ?? '');
    expect(hls.origin + hls.pathname).toBe(`https://play.example.com/live/session-${sid}.m3u8`);
    const [timestamp, rand, uid, hash] = (hls.searchParams.get('auth_key') ?? '').split('-');
    expect(hash).toBe(
      createHash('md5').update(`${hls.pathname}-${timestamp}-${rand}-${uid}-${AUTH_KEY}`).digest('hex'),
    );
    expect(Number(timestamp)).toBeGreaterThan(Date.now() / 1000 + 3500);
    expect(theirs.playUrls?.flv).toMatch(new RegExp(`/live/session-${sid}\\.flv\\?auth_key=`));

    // tokens
    const chat = await student.api.post(`${OC}/live_rooms/chat/token`, { sessionId: sid });
    const watch = await student.api.post(`${OC}/live_rooms/watch/token`, { sessionId: sid });
    bodies.push(chat.body, watch.body);
    const chatToken = expectOk<LiveToken>(chat);
    const watchToken = expectOk<LiveToken>(watch);
    const nowSeconds = Math.floor(Date.now() / 1000);
    expect(verifyLiveToken(chatToken.token, CHAT_SECRET, nowSeconds)).toEqual({
      sid,
      uid: String(student.user.id),
      exp: chatToken.expiresAt / 1000,
    });
    expect(verifyLiveToken(watchToken.token, AUTH_KEY, nowSeconds)?.sid).toBe(sid);
    expect(verifyLiveToken(chatToken.token, AUTH_KEY, nowSeconds)).toBeNull();
    expectOk(await teacher.api.post(`${OC}/live_rooms/chat/token`, { sessionId: sid }));
    const stranger = await studentUser(t.db, t.app);
    expectError(await stranger.api.post(`${OC}/live_rooms/watch/token`, { sessionId: sid }), 403);
    expectError(
      await t.app.inject({ method: 'POST', url: `${OC}/live_rooms/chat/token`, payload: { sessionId: sid } }),
      401,
    );

    // a video course's session is not a live room
    const video = await publishedCourse(teacher.api);
    expectError(
      await teacher.api.get(`${OC}/live_rooms/config?sessionId=${video.sessions[0]?.id}`),
      400,
      OPEN_CLASS_MSG.notLiveSession,
    );

    // the keys never appear in an answer or a log line
    expect(lines.length).toBeGreaterThan(0);
    for (const text of [...bodies, ...lines]) {
      expect(text).not.toContain(AUTH_KEY);
      expect(text).not.toContain(CHAT_SECRET);
    }
  });
});
