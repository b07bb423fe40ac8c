import { fireEvent, screen } from '@testing-library/react';
import { type CareerTalk, type JobFair, playbackViewOffset, RESERVATIONS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';

const shell = {
  ...sessionRoutes('Student'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  'GET /api/qmn/notices/smallBell': ok({ rows: [], total: 0 }),
  'GET /api/portal/users/u1': ok([]),
};
const DAY = 86_400_000;
const now = Date.now();

const talk = (id: number, over: Partial<CareerTalk> = {}): CareerTalk => ({
  id: String(id),
  subject: `宣讲会${id}`,
  mode: 'Online',
  status: 'Publish',
  talkStatus: 'NotStarted',
  startTimestamp: now + DAY,
  endTimestamp: now + DAY + 3_600_000,
  place: '',
  description: '',
  posterUrl: null,
  participantCount: 4,
  company: { id: '1', name: '优加', nickName: '小U', logo: null },
  liveRoom: { roomId: `talk-${id}`, onlineCount: 3, viewCount: 2 },
  liveStarted: false,
  hasPlayback: false,
  reservation: true,
  reservationId: String(id),
  ...over,
});
const fair = (id: number, over: Partial<JobFair> = {}): JobFair => ({
  id: String(id),
  subject: `双选会${id}`,
  mode: 'Offline',
  status: 'Publish',
  canceled: false,
  startTimestamp: now + DAY,
  endTimestamp: now + DAY + 3_600_000,
  place: '体育馆',
  description: '',
  posterUrl: null,
  organiser: { id: '1', name: '优加', nickName: '小U', logo: null },
  companyCount: 2,
  occupationCount: 5,
  participantCount: 1,
  reservation: true,
  reservationId: String(id),
  ...over,
});
const talkRows = (talks: CareerTalk[], total = talks.length) =>
  ok({
    rows: talks.map((t) => ({
      id: t.id,
      targetType: 'CareerTalk',
      targetId: t.id,
      careerTalk: t,
      jobFair: null,
      content: t,
    })),
    total,
  });

describe('我的预约', () => {
  beforeEach(() => {
    setSite();
    signIn('Student');
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('shows 暂无预约宣讲会 / 暂无预约双选会, asking 12 a page', async () => {
    const calls = stubFetch({ ...shell, 'GET /api/ourea/reservations': ok({ rows: [], total: 0 }) });
    renderApp('/workbench/index/reservation');
    expect((await screen.findByTestId('reservations-empty')).textContent).toBe(RESERVATIONS_MSG.emptyTalks);
    const first = calls.find((c) => c.path === '/api/ourea/reservations');
    expect(first?.query.get('pageSize')).toBe('12');
    expect(first?.query.get('details')).toBe('careerTalk,live');
    fireEvent.click(screen.getByTestId('reservation-tab-JobFair'));
    await screen.findByText(RESERVATIONS_MSG.emptyFairs);
  });

  it('talk cards: time and reservations, 直播中 ×5 viewers, 回放 views, 已结束; canceled and expired toasts', async () => {
    const talks = [
      talk(1),
      talk(2, { talkStatus: 'Underway', startTimestamp: now - 1000 }),
      talk(3, { talkStatus: 'Playback', startTimestamp: now - DAY }),
      talk(4, { talkStatus: 'Timeout', startTimestamp: now - DAY }),
      talk(5, { status: 'Canceled' }),
      talk(6, { talkStatus: 'Finished', startTimestamp: now - 361 * DAY }),
      talk(7, { mode: 'Offline', talkStatus: 'Underway', startTimestamp: now - 1000 }),
    ];
    stubFetch({ ...shell, 'GET /api/ourea/reservations': talkRows(talks) });
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderApp('/workbench/index/reservation?upType=CareerTalk');
    const cards = await screen.findAllByTestId('talk-card');
    const lines = screen.getAllByTestId('talk-line').map((l) => l.textContent ?? '');
    expect(lines[0]).toContain('4人已预约');
    expect(lines[1]).toContain('直播中 · 15人观看');
    expect(lines[2]).toContain(`回放 · ${10 + playbackViewOffset('3')}次播放`);
    expect(lines[3]).toBe('已结束');
    expect(lines[4]).toBe('已取消');
    expect(lines[6]).toBe('进行中');
    expect(screen.queryByRole('navigation', { name: /分页|Pagination/ })).toBeNull();
    expect(document.querySelector('.reservations-pager')).toBeNull();

    fireEvent.click(cards[0] as HTMLElement);
    expect(open).toHaveBeenCalledWith('/careertalk/details?id=1', '_blank', 'noopener');
    open.mockClear();
    expect(cards[4]?.className).toContain('is-canceled');
    fireEvent.click(cards[4] as HTMLElement);
    expect(await screen.findByText(RESERVATIONS_MSG.talkCanceled)).toBeTruthy();
    fireEvent.click(cards[5] as HTMLElement);
    expect(await screen.findByText(RESERVATIONS_MSG.talkExpired)).toBeTruthy();
    expect(open).not.toHaveBeenCalled();
  });

  it('shows the pager only above 12 reservations', async () => {
    stubFetch({
      ...shell,
      'GET /api/ourea/reservations': talkRows(
        Array.from({ length: 12 }, (_, i) => talk(i + 1)),
        13,
      ),
    });
    renderApp('/workbench/index/reservation');
    await screen.findAllByTestId('talk-card');
    expect(document.querySelector('.reservations-pager')).toBeTruthy();
  });

  it('fair badges 预约中 / 已预约 / 进行中 / 已结束', async () => {
    const fairs = [
      fair(1, { reservation: false }),
      fair(2),
      fair(3, { status: 'Underway' }),
      fair(4, { status: 'Finished' }),
    ];
    stubFetch({
      ...shell,
      'GET /api/ourea/reservations': ok({
        rows: fairs.map((f) => ({
          id: f.id,
          targetType: 'JobFair',
          targetId: f.id,
          careerTalk: null,
          jobFair: f,
          content: f,
        })),
        total: 4,
      }),
    });
    renderApp('/workbench/index/reservation?upType=JobFair');
    await screen.findAllByTestId('fair-card');
    expect(screen.getAllByTestId('fair-badge').map((b) => b.textContent)).toEqual([
      '预约中',
      '已预约',
      '进行中',
      '已结束',
    ]);
  });
});
