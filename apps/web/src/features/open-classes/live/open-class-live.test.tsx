import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { CourseVideos } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  ok,
  type RecordedCall,
  renderApp,
  type StubAnswer,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { PROGRESS_INTERVAL_MS } from '../player/progress-watch';
import { courseDetail, HOUR, liveInfoOf, OC, shellRoutes } from '../test-support';

// hls.js is replaced by a recorder: happy-dom has no MediaSource to play with
const hlsInstances: { src: string; attached: unknown }[] = [];
const hls = { supported: true };
vi.mock('hls.js', () => {
  class FakeHls {
    static isSupported = () => hls.supported;
    static Events = { ERROR: 'hlsError' };
    record = { src: '', attached: null as unknown };
    constructor() {
      hlsInstances.push(this.record);
    }
    on() {}
    loadSource(src: string) {
      this.record.src = src;
    }
    attachMedia(media: unknown) {
      this.record.attached = media;
    }
    destroy() {}
  }
  return { default: FakeHls };
});

/** A WebSocket that records what the page sends and lets the test deliver frames. */
class FakeSocket extends EventTarget {
  static OPEN = 1;
  static instances: FakeSocket[] = [];
  readyState = 0;
  sent: string[] = [];
  constructor(readonly url: string) {
    super();
    FakeSocket.instances.push(this);
  }
  open() {
    this.readyState = 1;
    this.dispatchEvent(new Event('open'));
  }
  deliver(data: unknown) {
    const event = new Event('message') as Event & { data: unknown };
    Object.defineProperty(event, 'data', { value: typeof data === 'string' ? data : JSON.stringify(data) });
    this.dispatchEvent(event);
  }
  send(text: string) {
    this.sent.push(text);
  }
  close() {
    this.readyState = 3;
  }
}

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const routes = (extra: Record<string, Handler>) => ({ ...shellRoutes(), ...extra });
const DETAIL = `GET ${OC}/open_courses/101`;
const VIDEOS = `GET ${OC}/open_courses/video`;
const PROGRESS = `POST ${OC}/open_courses/progress`;
const LIVE = `GET ${OC}/live/info/201`;
const CONFIG = `GET ${OC}/live_rooms/config`;
const CHAT = `POST ${OC}/live_rooms/chat/token`;

const videoCourse = (subscribed: boolean) =>
  courseDetail({
    liveMode: 'Video',
    subscribed,
    subscriptionId: subscribed ? '9' : null,
    sessions: [
      {
        id: '301',
        title: '第1集 认识数据',
        startAt: null,
        endAt: null,
        roomStatus: 'Playback',
        roomStatusTitle: '回放',
        hasVideo: true,
        durationSeconds: 120,
      },
    ],
  });

const videos = (over: Partial<CourseVideos> = {}): CourseVideos => ({
  openCourseId: '101',
  progressPercentage: 0.25,
  videos: [
    {
      sessionId: '301',
      title: '第1集 认识数据',
      kind: 'file',
      url: '/api/files/7/content?sig=abc',
      contentType: 'video/mp4',
      durationSeconds: 120,
      position: 42,
      watchedSeconds: 42,
    },
    {
      sessionId: '302',
      title: '第2集 清洗数据',
      kind: 'hls',
      url: 'https://cdn.example.com/v/index.m3u8',
      contentType: 'application/vnd.apple.mpegurl',
      durationSeconds: 60,
      position: 0,
      watchedSeconds: 0,
    },
  ],
  ...over,
});

/** The <video> with a position and length the test controls. */
const controlVideo = async () => {
  const video = (await screen.findByTestId('video-element')) as HTMLVideoElement;
  const state = { position: 0, duration: 120 };
  Object.defineProperty(video, 'currentTime', {
    configurable: true,
    get: () => state.position,
    set: (v: number) => {
      state.position = v;
    },
  });
  Object.defineProperty(video, 'duration', { configurable: true, get: () => state.duration });
  return { video, state };
};

const progressCalls = (calls: RecordedCall[]) => calls.filter((c) => `${c.method} ${c.path}` === PROGRESS);

describe('openclasslive: a video course', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
    stubBrowser();
    hlsInstances.length = 0;
  });
  afterEach(async () => {
    vi.useRealTimers();
    await deferredLoadsSettled();
  });

  it('plays the file, resumes at the last position, reports every 10 s, on pause, on ended and on page hide; shows the rounded percent', async () => {
    let percent = 0.25;
    const calls = stubFetch(
      routes({
        [DETAIL]: ok(videoCourse(true)),
        [VIDEOS]: ok(videos()),
        [PROGRESS]: (c) => {
          percent = 0.456;
          const body = c.body as { sessionId: string; position: number; duration: number };
          return ok({
            sessionId: body.sessionId,
            position: body.position,
            watchedSeconds: body.position,
            durationSeconds: body.duration,
            progressPercentage: percent,
          });
        },
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    expect(await screen.findByRole('heading', { name: '产品经理的一天', level: 1 })).toBeTruthy();
    const { video, state } = await controlVideo();
    expect(video.getAttribute('src')).toBe('/api/files/7/content?sig=abc');
    expect(await screen.findByTestId('course-progress')).toHaveProperty('textContent', '25%');

    fireEvent(video, new Event('loadedmetadata'));
    expect(state.position).toBe(42);

    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent(video, new Event('play'));
    state.position = 51.5;
    vi.advanceTimersByTime(PROGRESS_INTERVAL_MS - 1);
    expect(progressCalls(calls)).toHaveLength(0);
    vi.advanceTimersByTime(1);
    vi.useRealTimers();
    await waitFor(() => expect(progressCalls(calls)).toHaveLength(1));
    expect(progressCalls(calls)[0]?.body).toEqual({ sessionId: '301', position: 51.5, duration: 120 });
    await waitFor(() => expect(screen.getByTestId('course-progress').textContent).toBe('46%'));

    state.position = 60;
    fireEvent(video, new Event('pause'));
    await waitFor(() => expect(progressCalls(calls)).toHaveLength(2));
    expect(progressCalls(calls)[1]?.body).toMatchObject({ position: 60 });

    state.position = 120;
    fireEvent(video, new Event('ended'));
    await waitFor(() => expect(progressCalls(calls)).toHaveLength(3));
    expect(progressCalls(calls)[2]?.body).toMatchObject({ position: 120, duration: 120 });

    // played again, then the tab is hidden: a keepalive report with the token
    fireEvent(video, new Event('play'));
    state.position = 10;
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(progressCalls(calls)).toHaveLength(4));
    const hidden = progressCalls(calls)[3];
    expect(hidden?.body).toEqual({ sessionId: '301', position: 10, duration: 120 });
    expect(hidden?.headers.get('X-Access-Token')).toBe('token-1');
  });

  it('the video list switches videos; an .m3u8 address plays through hls.js (loaded on demand)', async () => {
    stubFetch(routes({ [DETAIL]: ok(videoCourse(true)), [VIDEOS]: ok(videos()), [PROGRESS]: ok(null) }));
    renderApp('/openclass/openclasslive?id=101');
    const list = await screen.findByTestId('video-list');
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.getAttribute('aria-current')),
    ).toEqual(['true', 'false']);
    expect(hlsInstances).toHaveLength(0);
    fireEvent.click(within(list).getByRole('button', { name: /第2集/ }));
    await waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0]?.src).toBe('https://cdn.example.com/v/index.m3u8');
    expect(hlsInstances[0]?.attached).toBe(screen.getByTestId('video-element'));
  });

  it('HLS without Media Source Extensions: native HLS where the browser has it, else 当前浏览器不支持播放该视频', async () => {
    hls.supported = false;
    try {
      stubFetch(routes({ [DETAIL]: ok(videoCourse(true)), [VIDEOS]: ok(videos()), [PROGRESS]: ok(null) }));
      renderApp('/openclass/openclasslive?id=101');
      fireEvent.click(within(await screen.findByTestId('video-list')).getByRole('button', { name: /第2集/ }));
      expect((await screen.findByTestId('player-error')).textContent).toBe('当前浏览器不支持播放该视频');
      expect(hlsInstances).toHaveLength(0);
    } finally {
      hls.supported = true;
    }
  });

  it('moving to another video reports where the last one was left', async () => {
    const calls = stubFetch(
      routes({ [DETAIL]: ok(videoCourse(true)), [VIDEOS]: ok(videos()), [PROGRESS]: ok(null) }),
    );
    renderApp('/openclass/openclasslive?id=101');
    const { video, state } = await controlVideo();
    fireEvent(video, new Event('play'));
    state.position = 70;
    fireEvent.click(within(await screen.findByTestId('video-list')).getByRole('button', { name: /第2集/ }));
    await waitFor(() => expect(progressCalls(calls)).toHaveLength(1));
    expect(progressCalls(calls)[0]?.body).toEqual({ sessionId: '301', position: 70, duration: 120 });
    // back to the first video: it resumes where it was left
    fireEvent.click(within(screen.getByTestId('video-list')).getByRole('button', { name: /第1集/ }));
    await waitFor(() =>
      expect(screen.getByTestId('video-element').getAttribute('src')).toBe('/api/files/7/content?sig=abc'),
    );
    const again = await controlVideo();
    fireEvent(again.video, new Event('loadedmetadata'));
    expect(again.state.position).toBe(70);
  });

  it('before subscribing there is no player: 订阅后即可观看 and the video titles; 订阅 subscribes', async () => {
    let subscribed = false;
    const calls = stubFetch(
      routes({
        [DETAIL]: () => ok(videoCourse(subscribed)),
        [VIDEOS]: ok(videos()),
        [`POST ${OC}/open_courses/subscripte`]: () => {
          subscribed = true;
          return ok({ id: '9', openCourseId: '101', subscribed: true });
        },
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    expect(await screen.findByTestId('videos-subscribe-first')).toBeTruthy();
    expect(screen.queryByTestId('video-element')).toBeNull();
    expect(calls.some((c) => `${c.method} ${c.path}` === VIDEOS)).toBe(false);
    fireEvent.click(screen.getByTestId('subscribe'));
    expect(await screen.findByText('订阅成功')).toBeTruthy();
    expect(calls.find((c) => c.path.endsWith('/subscripte'))?.body).toEqual({ openCourseId: '101' });
    expect(await screen.findByTestId('video-element')).toBeTruthy();
  });

  it('a visitor who presses 订阅 is asked to sign in', async () => {
    window.localStorage.clear();
    const nav = stubBrowser();
    stubFetch(routes({ [DETAIL]: ok(videoCourse(false)) }));
    renderApp('/openclass/openclasslive?id=101');
    fireEvent.click(await screen.findByTestId('subscribe'));
    expect(await screen.findByText('请先登录')).toBeTruthy();
    fireEvent.click(screen.getByTestId('login-ok'));
    expect(nav.assign).toHaveBeenCalledTimes(1);
    expect(String(nav.assign.mock.calls[0]?.[0])).toContain('login');
  });

  it('a course that does not exist says so with the way back', async () => {
    stubFetch(
      routes({
        [DETAIL]: { status: 404, body: { success: false, code: 404, message: '课程不存在', data: null } },
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    const error = await screen.findByTestId('page-error');
    expect(error.textContent).toContain('课程不存在');
    expect(within(error).getByRole('link').getAttribute('href')).toBe('/openclass/index');
  });
});

describe('the live room', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
    stubBrowser();
    hlsInstances.length = 0;
    FakeSocket.instances = [];
  });
  afterEach(async () => {
    await deferredLoadsSettled();
  });

  const single = courseDetail({ subscribed: true, subscriptionId: '9' });

  it('未开始: the schedule and a countdown', async () => {
    stubFetch(
      routes({ [DETAIL]: ok(single), [LIVE]: ok(liveInfoOf({ startAt: Date.now() + 26 * HOUR + 5000 })) }),
    );
    renderApp('/openclass/openclasslive?id=101');
    const room = await screen.findByTestId('live-room');
    expect(within(room).getByTestId('room-status').textContent).toContain('未开始');
    expect(within(room).getByTestId('countdown').textContent).toMatch(/^1天02小时00分0\d秒$/);
    expect(within(room).getByTestId('schedule').textContent).toContain('第一讲');
  });

  it('直播中 without a provider: 直播服务未配置，请在开播后观看回放 and the schedule', async () => {
    stubFetch(
      routes({
        [DETAIL]: ok(single),
        [LIVE]: ok(
          liveInfoOf({ roomStatus: 'Living', roomStatusTitle: '直播中', startAt: Date.now() - HOUR }),
        ),
        [CONFIG]: ok({
          configured: false,
          sessionId: '201',
          roomStatus: 'Living',
          roomStatusTitle: '直播中',
          playUrls: null,
          pushUrl: null,
          chatUrl: null,
          canWatch: true,
        }),
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    const board = await screen.findByTestId('live-not-configured');
    expect(board.textContent).toContain('直播服务未配置，请在开播后观看回放');
    expect(within(board).getByTestId('schedule')).toBeTruthy();
    expect(within(screen.getByTestId('live-room')).getByTestId('room-status').textContent).toContain(
      '直播中',
    );
  });

  it('直播中 with a provider: the signed HLS stream through hls.js and the chat', async () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const calls = stubFetch(
      routes({
        [DETAIL]: ok(single),
        [LIVE]: ok(
          liveInfoOf({ roomStatus: 'Living', roomStatusTitle: '直播中', startAt: Date.now() - HOUR }),
        ),
        [CONFIG]: ok({
          configured: true,
          sessionId: '201',
          roomStatus: 'Living',
          roomStatusTitle: '直播中',
          playUrls: {
            hls: 'https://play.example.com/live/s201.m3u8?auth_key=1-0-0-abc',
            flv: 'https://play.example.com/live/s201.flv?auth_key=1-0-0-abc',
          },
          pushUrl: null,
          chatUrl: 'wss://chat.example.com/ws',
          canWatch: true,
        }),
        [CHAT]: ok({ token: 'chat-token-1', expiresAt: Date.now() + HOUR }),
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    await waitFor(() => expect(hlsInstances).toHaveLength(1));
    expect(hlsInstances[0]?.src).toBe('https://play.example.com/live/s201.m3u8?auth_key=1-0-0-abc');
    expect(calls.find((c) => `${c.method} ${c.path}` === CONFIG)?.query.get('sessionId')).toBe('201');
    await waitFor(() => expect(FakeSocket.instances).toHaveLength(1));
    const socket = FakeSocket.instances[0] as FakeSocket;
    expect(socket.url).toBe('wss://chat.example.com/ws?token=chat-token-1');
    expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toEqual({ sessionId: '201' });
    act(() => socket.open());
    act(() => {
      socket.deliver({ type: 'message', text: '老师好', nickname: '李同学' });
      socket.deliver('not json');
      socket.deliver({ type: 'join', nickname: 'x' });
    });
    const messages = await screen.findByTestId('chat-messages');
    expect(
      within(messages)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['李同学：老师好']);
    const input = screen.getByTestId('chat-input');
    fireEvent.change(input, { target: { value: '你好' } });
    fireEvent.keyDown(input, { key: 'Enter', isComposing: true });
    expect(socket.sent).toHaveLength(0);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(socket.sent.map((s) => JSON.parse(s))).toEqual([
      { type: 'message', text: '你好', nickname: '张同学' },
    ]);
  });

  it('回放: the playback video', async () => {
    stubFetch(
      routes({
        [DETAIL]: ok(single),
        [LIVE]: ok(
          liveInfoOf({
            roomStatus: 'Playback',
            roomStatusTitle: '回放',
            startAt: Date.now() - 3 * HOUR,
            endAt: Date.now() - 2 * HOUR,
            playbackUrl: '/api/files/8/content?sig=p',
            playbackKind: 'file',
          }),
        ),
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    const video = await screen.findByTestId('video-element');
    expect(video.getAttribute('src')).toBe('/api/files/8/content?sig=p');
    expect(within(screen.getByTestId('live-room')).getByTestId('room-status').textContent).toContain('回放');
  });

  it('回放 for someone not subscribed: no video, 订阅课程后即可观看', async () => {
    stubFetch(
      routes({
        [DETAIL]: ok(courseDetail()),
        [LIVE]: ok(
          liveInfoOf({ roomStatus: 'Playback', roomStatusTitle: '回放', canWatch: false, subscribed: false }),
        ),
      }),
    );
    renderApp('/openclass/openclasslive?id=101');
    expect((await screen.findByTestId('no-playback')).textContent).toContain('订阅课程后即可观看');
  });

  it('a series lists its sessions with status tags, each opening serieslivedetail; the session page shows its room', async () => {
    const series = courseDetail({
      id: '102',
      name: '求职面试系列',
      liveMode: 'SeriesLive',
      sessions: [
        {
          ...courseDetail().sessions[0],
          id: '201',
          title: '简历',
          roomStatus: 'Playback',
          roomStatusTitle: '回放',
        },
        {
          ...courseDetail().sessions[0],
          id: '202',
          title: '面试',
          roomStatus: 'Living',
          roomStatusTitle: '直播中',
        },
      ] as never,
    });
    stubFetch(
      routes({
        [`GET ${OC}/open_courses/series_live/102`]: ok(series),
        [LIVE]: ok(liveInfoOf({ openCourseId: '102', courseName: '求职面试系列', liveMode: 'SeriesLive' })),
      }),
    );
    const { router, container } = renderApp('/openclass/classopenserieslive?id=102');
    const sessions = await screen.findAllByTestId('series-session');
    expect(sessions.map((s) => within(s).getByTestId('room-status').textContent?.trim())).toEqual([
      '回放',
      '直播中',
    ]);
    expect(sessions[0]?.getAttribute('href')).toBe('/openclass/serieslivedetail?id=201');
    expect((container.querySelector('.site-page') as HTMLElement).style.background).toMatch(
      /#F7F8FD|rgb\(247, 248, 253\)/i,
    );
    fireEvent.click(sessions[0] as HTMLElement);
    await waitFor(() => expect(router.state.location.pathname).toBe('/openclass/serieslivedetail'));
    expect(await screen.findByTestId('live-room')).toBeTruthy();
    expect(screen.getByTestId('back-to-course').getAttribute('href')).toBe(
      '/openclass/classopenserieslive?id=102',
    );
    expect(screen.queryByTestId('footer')).toBeNull();
  });

  it('/h5/classlive: no header or footer, the course’s room in one column', async () => {
    stubFetch(routes({ [DETAIL]: ok(single), [LIVE]: ok(liveInfoOf()) }));
    renderApp('/h5/classlive?id=101');
    const page = await screen.findByTestId('h5-class-live');
    expect(await within(page).findByTestId('live-room')).toBeTruthy();
    expect(within(page).getByRole('heading', { name: '产品经理的一天', level: 1 })).toBeTruthy();
    expect(screen.queryByTestId('footer')).toBeNull();
    expect(screen.queryByTestId('header-product')).toBeNull();
  });
});
