import { act, fireEvent, screen } from '@testing-library/react';
import { type ManagedTalk, RESERVATIONS_MSG } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../components/lazy-antd';
import { ok, renderApp, sessionRoutes, setSite, signIn, stubFetch } from '../../test/helpers';

const now = Date.now();
const managed = (over: Partial<ManagedTalk> = {}): ManagedTalk => ({
  id: '3',
  subject: '春招宣讲',
  mode: 'Online',
  status: 'Publish',
  talkStatus: 'Underway',
  startTimestamp: now - 60_000,
  endTimestamp: now + 3_600_000,
  place: '',
  description: '',
  posterUrl: null,
  participantCount: 6,
  company: { id: '1', name: '优加', nickName: '小U', logo: null },
  liveRoom: { roomId: 'talk-3', onlineCount: 0, viewCount: 0 },
  liveStarted: false,
  hasPlayback: false,
  reservation: false,
  reservationId: null,
  posterFileId: null,
  playbackUrl: null,
  liveOn: false,
  pushUrl: null,
  ...over,
});

describe('宣讲会管理', () => {
  beforeEach(() => setSite());
  afterEach(async () => {
    await deferredLoadsSettled();
    window.localStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('is for business users only', async () => {
    signIn('Student');
    stubFetch({ ...sessionRoutes('Student') });
    renderApp('/u/enterprise/talks');
    expect((await screen.findByTestId('business-only')).textContent).toBe(RESERVATIONS_MSG.businessOnly);
  });

  it('starts the live of an Underway online talk, and the form says what is missing', async () => {
    signIn('Business');
    let talk = managed();
    const calls = stubFetch({
      ...sessionRoutes('Business'),
      'GET /api/ourea/company/career_talks': () => ok({ rows: [talk], total: 1 }),
      'PUT /api/ourea/company/career_talks/3/live': () => {
        talk = managed({ liveStarted: true, liveOn: true });
        return ok(talk);
      },
    });
    renderApp('/u/enterprise/talks');
    const live = await screen.findByTestId('talk-live');
    expect(live.textContent).toContain('开始直播');
    await act(async () => {
      fireEvent.click(live);
    });
    expect(calls.some((c) => c.method === 'PUT' && c.path.endsWith('/live'))).toBe(true);
    expect(await screen.findByText(RESERVATIONS_MSG.liveStarted)).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByTestId('talk-live').textContent).toContain('结束直播'));

    fireEvent.click(screen.getByTestId('talk-create'));
    const save = await screen.findByTestId('event-save', {}, { timeout: 4000 });
    await act(async () => {
      fireEvent.click(save);
    });
    expect(await screen.findByText(RESERVATIONS_MSG.subjectRequired)).toBeTruthy();
    expect(screen.getByText(RESERVATIONS_MSG.startRequired)).toBeTruthy();
    expect(screen.getByTestId('event-subject').getAttribute('aria-invalid')).toBe('true');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });
});
