import { act, fireEvent, screen } from '@testing-library/react';
import { type CareerTalk, type JobFairDetail, RESERVATIONS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';

const now = Date.now();
const talk = (over: Partial<CareerTalk> = {}): CareerTalk => ({
  id: '5',
  subject: '2027届校园招聘宣讲',
  mode: 'Online',
  status: 'Publish',
  talkStatus: 'NotStarted',
  startTimestamp: now + 3_600_000,
  endTimestamp: now + 7_200_000,
  place: '',
  description: '欢迎同学们',
  posterUrl: null,
  participantCount: 2,
  company: { id: '1', name: '优加信息技术有限公司', nickName: '小U', logo: null },
  liveRoom: { roomId: 'talk-5', onlineCount: 0, viewCount: 0 },
  liveStarted: false,
  hasPlayback: false,
  reservation: false,
  reservationId: null,
  ...over,
});

describe('宣讲会详情 and 双选会详情', () => {
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

  it('reserves a talk (预约成功), then offers 取消预约', async () => {
    let current = talk();
    const calls = stubFetch({
      ...sessionRoutes('Student'),
      'GET /api/ourea/career_talks/5': () => ok(current),
      'POST /api/ourea/reservations': () => {
        current = talk({ reservation: true, reservationId: '9', participantCount: 3 });
        return ok({ id: '9' });
      },
    });
    renderApp('/careertalk/details?id=5');
    expect(await screen.findByRole('heading', { name: '2027届校园招聘宣讲' })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByTestId('reservation-reserve'));
    });
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ targetType: 'CareerTalk', targetId: '5' });
    expect(await screen.findByText(RESERVATIONS_MSG.reserved)).toBeTruthy();
    expect(await screen.findByTestId('reservation-cancel')).toBeTruthy();
  });

  it('plays a Playback talk from GET live/info/talk-{id}', async () => {
    const calls = stubFetch({
      ...sessionRoutes('Student'),
      'GET /api/ourea/career_talks/5': ok(
        talk({
          talkStatus: 'Playback',
          startTimestamp: now - 86_400_000,
          endTimestamp: now - 3_600_000,
          hasPlayback: true,
        }),
      ),
      'GET /api/live/info/talk-5': ok({
        roomId: 'talk-5',
        talkId: '5',
        subject: 's',
        talkStatus: 'Playback',
        liveStarted: true,
        playUrls: null,
        onlineCount: 0,
        viewCount: 1,
        liveRoomPlaybackModels: [{ playbackUrl: '/api/files/1/v.mp4?sig=x', contentType: 'video/mp4' }],
      }),
    });
    renderApp('/careertalk/details?id=5');
    const player = await screen.findByTestId('talk-player');
    await vi.waitFor(() => expect(player.querySelector('video')).toBeTruthy(), { timeout: 4000 });
    expect(calls.some((c) => c.path === '/api/live/info/talk-5')).toBe(true);
    expect(screen.queryByTestId('reservation-reserve')).toBeNull();
  });

  it('a canceled talk shows 宣讲会已取消，不可查看详情', async () => {
    stubFetch({
      ...sessionRoutes('Student'),
      'GET /api/ourea/career_talks/5': ok(talk({ status: 'Canceled' })),
    });
    renderApp('/careertalk/details?id=5');
    expect((await screen.findByTestId('talk-canceled')).textContent).toBe(RESERVATIONS_MSG.talkCanceled);
  });

  it('a fair lists its companies with positions linking to /jobdetails', async () => {
    const fair: JobFairDetail = {
      id: '3',
      subject: '春季双选会',
      mode: 'Offline',
      status: 'Underway',
      canceled: false,
      startTimestamp: now - 1000,
      endTimestamp: now + 3_600_000,
      place: '体育馆',
      description: '',
      posterUrl: null,
      organiser: { id: '1', name: '优加', nickName: '小U', logo: null },
      companyCount: 1,
      occupationCount: 1,
      participantCount: 0,
      reservation: true,
      reservationId: '4',
      companies: [
        {
          id: '8',
          name: '某公司',
          nickName: '某某',
          logo: null,
          joinedAt: now,
          occupations: [
            {
              id: '77',
              name: '测试工程师',
              jobNature: 'FullTime',
              jobNatureTitle: '全职',
              minSalary: 8,
              maxSalary: 12,
              cityName: '上海',
              degreeTitle: '本科',
              skills: '',
              onlined: 'Yes',
              companyId: '8',
              logo: null,
              companyNickName: '某某',
              financingRoundTitle: '',
              industryTitle: '',
              scaleTitle: '',
            },
          ],
        },
      ],
    };
    stubFetch({ ...sessionRoutes('Student'), 'GET /api/ourea/job_fairs/3': ok(fair) });
    renderApp('/jobfair/details?id=3');
    expect((await screen.findByTestId('fair-badge')).textContent).toBe('进行中');
    expect(screen.getByRole('link', { name: '测试工程师' }).getAttribute('href')).toBe('/jobdetails?id=77');
    expect(screen.getByTestId('reservation-cancel')).toBeTruthy();
  });
});
