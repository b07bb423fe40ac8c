import {
  type CareerTalk,
  FILES_MSG,
  type JobFairDetail,
  type ManagedFairPage,
  type ManagedTalk,
  type ManagedTalkPage,
  RESERVATIONS_MSG,
  type ReservationPage,
  type TalkLiveInfo,
} from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { Db } from '../../db/client';
import { files, recruitmentOccupations } from '../../db/schema';
import type { App } from '../../http/context';
import { type TestContext, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember, unique } from '../../test/factories';
import { createCompany } from '../employer/employer.service';

const O = '/api/ourea';
const LIVE = '/api/live';
const HOUR = 3_600_000;

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const data = <T>(res: Res): T => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};
const expectError = (res: Res, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
};
const client = (app: App, token: string) => {
  const send = (method: 'PUT' | 'DELETE') => (url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: { 'x-access-token': token },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  return { ...asUser(app, token), put: send('PUT'), delete: send('DELETE') };
};

/** A business user acting for a fresh company, with a helper to add positions. */
const employer = async (t: TestContext) => {
  const me = await buildSignedInMember(t.db, { identityType: 'Business' });
  const company = await createCompany({ db: t.db, userId: me.user.id, name: unique('企业') });
  const job = async (onlined: 'Yes' | 'No' = 'Yes') =>
    (
      await t.db
        .insert(recruitmentOccupations)
        .values({ companyId: company.id, createdBy: me.user.id, name: unique('职位'), onlined })
        .returning()
    )[0] as { id: number };
  return { ...me, company, job, api: client(t.app, me.token) };
};
const student = async (t: TestContext) => {
  const me = await buildSignedInMember(t.db);
  return { ...me, api: client(t.app, me.token) };
};
const upload = async (db: Db, ownerId: number, purpose: 'video' | 'poster') =>
  (
    await db
      .insert(files)
      .values({
        storageKey: unique('k'),
        ownerId,
        purpose,
        name: purpose === 'video' ? 'v.mp4' : 'p.png',
        contentType: purpose === 'video' ? 'video/mp4' : 'image/png',
        size: 10,
      })
      .returning()
  )[0] as { id: number };

const talkBody = (t: TestContext, over: Record<string, unknown> = {}) => {
  const start = t.clock.now().getTime() + HOUR;
  return {
    subject: '2027届校园招聘宣讲',
    mode: 'Online',
    startTimestamp: start,
    endTimestamp: start + 2 * HOUR,
    ...over,
  };
};

describe.each(testDrivers())('career talks, job fairs and reservations on %s', (driver) => {
  const t = useTestApp(driver);

  it('lets only a company’s business users manage talks, with the form’s messages', async () => {
    const s = await student(t);
    expectError(
      await s.api.post(`${O}/company/career_talks`, talkBody(t)),
      403,
      RESERVATIONS_MSG.businessOnly,
    );
    expectError(await s.api.get(`${O}/company/job_fairs`), 403, RESERVATIONS_MSG.businessOnly);
    const noCompany = await buildSignedInMember(t.db, { identityType: 'Business' });
    expectError(
      await client(t.app, noCompany.token).post(`${O}/company/career_talks`, talkBody(t)),
      403,
      RESERVATIONS_MSG.companyRequired,
    );
    const e = await employer(t);
    expectError(
      await e.api.post(`${O}/company/career_talks`, talkBody(t, { subject: ' ' })),
      400,
      RESERVATIONS_MSG.subjectRequired,
    );
    expectError(
      await e.api.post(
        `${O}/company/career_talks`,
        talkBody(t, { endTimestamp: talkBody(t).startTimestamp }),
      ),
      400,
      RESERVATIONS_MSG.endBeforeStart,
    );
    expectError(
      await e.api.post(`${O}/company/career_talks`, talkBody(t, { mode: 'Offline', place: '' })),
      400,
      RESERVATIONS_MSG.placeRequired,
    );
    const other = await employer(t);
    const otherPoster = await upload(t.db, other.user.id, 'poster');
    expectError(
      await e.api.post(`${O}/company/career_talks`, talkBody(t, { posterFileId: otherPoster.id })),
      400,
      FILES_MSG.notUsable,
    );
    const poster = await upload(t.db, e.user.id, 'poster');
    const res = await e.api.post(`${O}/company/career_talks`, talkBody(t, { posterFileId: poster.id }));
    expect(res.json().message).toBe(RESERVATIONS_MSG.saved);
    const talk = data<ManagedTalk>(res);
    expect(talk).toMatchObject({
      status: 'Publish',
      talkStatus: 'NotStarted',
      posterFileId: poster.id,
      participantCount: 0,
    });
    expect(talk.posterUrl).toBeTruthy();
    expect(talk.liveRoom.roomId).toBe(`talk-${talk.id}`);

    // another company sees none of it and touches none of it
    expect(data<ManagedTalkPage>(await other.api.get(`${O}/company/career_talks`)).total).toBe(0);
    expect(data<ManagedTalkPage>(await e.api.get(`${O}/company/career_talks`)).rows.map((r) => r.id)).toEqual(
      [talk.id],
    );
    for (const res of [
      await other.api.put(`${O}/company/career_talks/${talk.id}`, talkBody(t)),
      await other.api.delete(`${O}/company/career_talks/${talk.id}`),
      await other.api.put(`${O}/company/career_talks/${talk.id}/live`),
      await other.api.delete(`${O}/company/career_talks/${talk.id}/live`),
      await other.api.put(`${O}/company/career_talks/${talk.id}/playback`, {
        fileId: (await upload(t.db, other.user.id, 'video')).id,
      }),
    ])
      expectError(res, 404, RESERVATIONS_MSG.talkNotFound);

    const edited = data<ManagedTalk>(
      await e.api.put(
        `${O}/company/career_talks/${talk.id}`,
        talkBody(t, { subject: '新主题', posterFileId: poster.id }),
      ),
    );
    expect(edited.subject).toBe('新主题');
    const canceled = await e.api.delete(`${O}/company/career_talks/${talk.id}`);
    expect(canceled.json().message).toBe(RESERVATIONS_MSG.talkCanceledDone);
    expectError(
      await e.api.put(`${O}/company/career_talks/${talk.id}`, talkBody(t)),
      400,
      RESERVATIONS_MSG.alreadyCanceled,
    );
    expect(
      data<CareerTalk>(await t.app.inject({ method: 'GET', url: `${O}/career_talks/${talk.id}` })).status,
    ).toBe('Canceled');
    expect(
      data<{ rows: CareerTalk[] }>(await t.app.inject({ method: 'GET', url: `${O}/career_talks` })).rows.map(
        (r) => r.id,
      ),
    ).not.toContain(talk.id);
  });

  it('derives NotStarted, Underway, Timeout, Finished and Playback; the live and the playback are the company’s', async () => {
    const e = await employer(t);
    const s = await student(t);
    const make = async (over: Record<string, unknown> = {}) =>
      data<ManagedTalk>(await e.api.post(`${O}/company/career_talks`, talkBody(t, over)));
    const never = await make();
    const live = await make();
    const withPlayback = await make();
    const offline = await make({ mode: 'Offline', place: '图书馆报告厅' });
    const status = async (id: string) =>
      data<CareerTalk>(await s.api.get(`${O}/career_talks/${id}`)).talkStatus;
    expect(await status(never.id)).toBe('NotStarted');
    expectError(
      await e.api.put(`${O}/company/career_talks/${live.id}/live`),
      400,
      RESERVATIONS_MSG.liveNotYet,
    );
    expectError(
      await e.api.put(`${O}/company/career_talks/${offline.id}/live`),
      400,
      RESERVATIONS_MSG.liveOnlineOnly,
    );
    expectError(
      await e.api.delete(`${O}/company/career_talks/${live.id}/live`),
      400,
      RESERVATIONS_MSG.liveNotStarted,
    );
    expectError(
      await e.api.put(`${O}/company/career_talks/${offline.id}/playback`, {
        fileId: (await upload(t.db, e.user.id, 'video')).id,
      }),
      400,
      RESERVATIONS_MSG.playbackOnlineOnly,
    );
    // reserve before it starts
    const r = data<{ id: string }>(
      await s.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: live.id }),
    );
    t.clock.advance(HOUR + 60_000);
    try {
      expect(await status(never.id)).toBe('Underway');
      expect(await status(offline.id)).toBe('Underway');
      const started = await e.api.put(`${O}/company/career_talks/${live.id}/live`);
      expect(started.json().message).toBe(RESERVATIONS_MSG.liveStarted);
      expect(data<ManagedTalk>(started)).toMatchObject({ liveStarted: true, liveOn: true, pushUrl: null });
      // the room counts who enters while it is on; without a provider there are no play addresses
      const room = data<TalkLiveInfo>(await s.api.get(`${LIVE}/info/talk-${live.id}`));
      expect(room).toMatchObject({
        talkStatus: 'Underway',
        liveStarted: true,
        playUrls: null,
        onlineCount: 1,
      });
      expect(
        data<ManagedTalk>(await e.api.delete(`${O}/company/career_talks/${live.id}/live`)).liveStarted,
      ).toBe(true);
      expectError(
        await e.api.put(`${O}/company/career_talks/${withPlayback.id}/playback`, {
          fileId: (await upload(t.db, s.user.id, 'video')).id,
        }),
        400,
        FILES_MSG.notUsable,
      );
      expectError(
        await e.api.put(`${O}/company/career_talks/${withPlayback.id}/playback`, {
          fileId: (await upload(t.db, e.user.id, 'poster')).id,
        }),
        400,
        FILES_MSG.notUsable,
      );
      const saved = await e.api.put(`${O}/company/career_talks/${withPlayback.id}/playback`, {
        fileId: (await upload(t.db, e.user.id, 'video')).id,
      });
      expect(saved.json().message).toBe(RESERVATIONS_MSG.playbackSaved);
      expect(data<ManagedTalk>(saved).playbackUrl).toBeTruthy();
      // before the end there is no playback to play
      expect(
        data<TalkLiveInfo>(await s.api.get(`${LIVE}/info/talk-${withPlayback.id}`)).liveRoomPlaybackModels,
      ).toEqual([]);

      t.clock.advance(2 * HOUR);
      expect(await status(never.id)).toBe('Timeout');
      expect(await status(live.id)).toBe('Finished');
      expect(await status(withPlayback.id)).toBe('Playback');
      expect(await status(offline.id)).toBe('Finished');
      const info = data<TalkLiveInfo>(
        await t.app.inject({ method: 'GET', url: `${LIVE}/info/talk-${withPlayback.id}` }),
      );
      expect(info.liveRoomPlaybackModels[0]?.playbackUrl).toBeTruthy();
      expect(info.viewCount).toBe(1);
      expect(
        data<CareerTalk>(await s.api.get(`${O}/career_talks/${withPlayback.id}`)).liveRoom.viewCount,
      ).toBe(1);
      expectError(
        await e.api.put(`${O}/company/career_talks/${never.id}`, talkBody(t)),
        400,
        RESERVATIONS_MSG.alreadyEnded,
      );
      expectError(
        await e.api.put(`${O}/company/career_talks/${never.id}/live`),
        400,
        RESERVATIONS_MSG.alreadyEnded,
      );
      expectError(
        await s.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: never.id }),
        400,
        RESERVATIONS_MSG.endedNoReserve,
      );
      // the reservation made before lists the finished talk
      const mine = data<ReservationPage>(
        await s.api.get(`${O}/reservations?targetType=CareerTalk&details=careerTalk,live`),
      );
      expect(mine.rows[0]).toMatchObject({
        id: r.id,
        careerTalk: { id: live.id, talkStatus: 'Finished', reservation: true },
        jobFair: null,
      });
    } finally {
      t.clock.reset();
    }
    expectError(await s.api.get(`${LIVE}/info/talk-99999999`), 404, RESERVATIONS_MSG.roomNotFound);
    expectError(await s.api.get(`${LIVE}/info/room-1`), 400);
  });

  it('reserves a talk once, counts participants, lists 12 a page, greys canceled ones and cancels only one’s own', async () => {
    const e = await employer(t);
    const s = await student(t);
    const other = await student(t);
    const talks: ManagedTalk[] = [];
    for (let i = 0; i < 13; i++)
      talks.push(data<ManagedTalk>(await e.api.post(`${O}/company/career_talks`, talkBody(t))));
    const first = talks[0] as ManagedTalk;
    const res = await s.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: first.id });
    expect(res.json().message).toBe(RESERVATIONS_MSG.reserved);
    const { id } = data<{ id: string }>(res);
    expect(
      data<{ id: string }>(
        await s.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: first.id }),
      ).id,
    ).toBe(id);
    data(await other.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: first.id }));
    const detail = data<CareerTalk>(await s.api.get(`${O}/career_talks/${first.id}`));
    expect(detail).toMatchObject({ participantCount: 2, reservation: true, reservationId: id });
    expect(
      data<CareerTalk>(await t.app.inject({ method: 'GET', url: `${O}/career_talks/${first.id}` }))
        .reservation,
    ).toBe(false);
    for (const talk of talks.slice(1))
      data(await s.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: talk.id }));
    const page1 = data<ReservationPage>(await s.api.get(`${O}/reservations?targetType=CareerTalk`));
    expect(page1.total).toBe(13);
    expect(page1.rows).toHaveLength(12);
    expect(page1.rows[0]?.content).toEqual(page1.rows[0]?.careerTalk);
    expect(
      data<ReservationPage>(await s.api.get(`${O}/reservations?targetType=CareerTalk&pageNumber=2`)).rows,
    ).toHaveLength(1);
    expect(data<ReservationPage>(await s.api.get(`${O}/reservations?targetType=JobFair`)).total).toBe(0);

    // canceled by the company: still listed, status Canceled; no new reservation
    data(await e.api.delete(`${O}/company/career_talks/${first.id}`));
    const listed = data<ReservationPage>(
      await s.api.get(`${O}/reservations?targetType=CareerTalk&pageNumber=2`),
    );
    expect(listed.rows[0]?.careerTalk).toMatchObject({ id: first.id, status: 'Canceled' });
    const third = await student(t);
    expectError(
      await third.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: first.id }),
      400,
      RESERVATIONS_MSG.talkCanceledNoReserve,
    );
    expectError(
      await third.api.post(`${O}/reservations`, { targetType: 'CareerTalk', targetId: 99999999 }),
      404,
      RESERVATIONS_MSG.talkNotFound,
    );
    expectError(await third.api.post(`${O}/reservations`, { targetType: 'Other', targetId: 1 }), 400);

    expectError(await other.api.delete(`${O}/reservations/${id}`), 404, RESERVATIONS_MSG.notFound);
    const del = await s.api.delete(`${O}/reservations/${id}`);
    expect(del.json().message).toBe(RESERVATIONS_MSG.canceled);
    expect(data<ReservationPage>(await s.api.get(`${O}/reservations?targetType=CareerTalk`)).total).toBe(12);
    expect(
      (await t.app.inject({ method: 'GET', url: `${O}/reservations?targetType=CareerTalk` })).statusCode,
    ).toBe(401);
  });

  it('publishes a fair, lets companies join with their own online positions, and derives its status', async () => {
    const organiser = await employer(t);
    const guest = await employer(t);
    const s = await student(t);
    const start = t.clock.now().getTime() + HOUR;
    const body = {
      subject: '春季双选会',
      mode: 'Offline',
      place: '体育馆',
      startTimestamp: start,
      endTimestamp: start + 6 * HOUR,
    };
    const { id } = data<{ id: string }>(await organiser.api.post(`${O}/company/job_fairs`, body));
    expectError(
      await guest.api.put(`${O}/company/job_fairs/${id}`, body),
      404,
      RESERVATIONS_MSG.fairNotFound,
    );
    expectError(await guest.api.delete(`${O}/company/job_fairs/${id}`), 404, RESERVATIONS_MSG.fairNotFound);
    expectError(await s.api.put(`${O}/company/job_fairs/${id}/participation`, { occupationIds: ['1'] }), 403);

    const mine = [await guest.job(), await guest.job()];
    const offline = await guest.job('No');
    const notMine = await organiser.job();
    expectError(
      await guest.api.put(`${O}/company/job_fairs/${id}/participation`, { occupationIds: [] }),
      400,
      RESERVATIONS_MSG.occupationsRequired,
    );
    for (const ids of [[notMine.id], [offline.id], [99999999]])
      expectError(
        await guest.api.put(`${O}/company/job_fairs/${id}/participation`, { occupationIds: ids.map(String) }),
        400,
        RESERVATIONS_MSG.occupationNotYours,
      );
    const joined = await guest.api.put(`${O}/company/job_fairs/${id}/participation`, {
      occupationIds: mine.map((m) => String(m.id)),
    });
    expect(joined.json().message).toBe(RESERVATIONS_MSG.joined);
    data(
      await organiser.api.put(`${O}/company/job_fairs/${id}/participation`, {
        occupationIds: [String(notMine.id)],
      }),
    );

    const managed = data<ManagedFairPage>(await guest.api.get(`${O}/company/job_fairs`));
    expect(managed.rows.find((r) => r.id === id)).toMatchObject({
      isOrganiser: false,
      joined: true,
      companyCount: 2,
      occupationCount: 3,
    });
    expect(managed.rows.find((r) => r.id === id)?.myOccupationIds.sort()).toEqual(
      mine.map((m) => String(m.id)).sort(),
    );

    const detail = data<JobFairDetail>(await s.api.get(`${O}/job_fairs/${id}`));
    expect(detail).toMatchObject({
      status: 'Publish',
      reservation: false,
      companyCount: 2,
      occupationCount: 3,
      canceled: false,
    });
    expect(detail.companies.map((c) => c.id)).toEqual([
      String(guest.company.id),
      String(organiser.company.id),
    ]);
    expect(detail.companies[0]?.occupations.map((o) => o.id).sort()).toEqual(
      mine.map((m) => String(m.id)).sort(),
    );

    const r = data<{ id: string }>(
      await s.api.post(`${O}/reservations`, { targetType: 'JobFair', targetId: id }),
    );
    const listed = data<ReservationPage>(
      await s.api.get(`${O}/reservations?targetType=JobFair&details=jobFair,mini`),
    );
    expect(listed.rows[0]).toMatchObject({
      id: r.id,
      careerTalk: null,
      jobFair: { id, status: 'Publish', reservation: true },
    });

    t.clock.advance(HOUR + 60_000);
    try {
      expect(data<JobFairDetail>(await s.api.get(`${O}/job_fairs/${id}`)).status).toBe('Underway');
      t.clock.advance(6 * HOUR);
      expect(data<JobFairDetail>(await s.api.get(`${O}/job_fairs/${id}`)).status).toBe('Finished');
      expectError(
        await organiser.api.put(`${O}/company/job_fairs/${id}`, body),
        400,
        RESERVATIONS_MSG.alreadyEnded,
      );
      expectError(
        await (await student(t)).api.post(`${O}/reservations`, { targetType: 'JobFair', targetId: id }),
        400,
        RESERVATIONS_MSG.endedNoReserve,
      );
      expectError(
        await guest.api.put(`${O}/company/job_fairs/${id}/participation`, {
          occupationIds: [String(mine[0]?.id)],
        }),
        400,
        RESERVATIONS_MSG.alreadyEnded,
      );
    } finally {
      t.clock.reset();
    }
  });

  it('cancels a fair (organiser only): no more reservations, joins or edits; a company leaves a fair', async () => {
    const organiser = await employer(t);
    const guest = await employer(t);
    const s = await student(t);
    const start = t.clock.now().getTime() + HOUR;
    const body = { subject: '线上双选会', mode: 'Online', startTimestamp: start, endTimestamp: start + HOUR };
    const { id } = data<{ id: string }>(await organiser.api.post(`${O}/company/job_fairs`, body));
    data(
      await guest.api.put(`${O}/company/job_fairs/${id}/participation`, {
        occupationIds: [String((await guest.job()).id)],
      }),
    );
    expectError(await organiser.api.delete(`${O}/company/job_fairs/${id}/participation`), 404);
    const left = await guest.api.delete(`${O}/company/job_fairs/${id}/participation`);
    expect(left.json().message).toBe(RESERVATIONS_MSG.left);
    expect(data<JobFairDetail>(await s.api.get(`${O}/job_fairs/${id}`)).companyCount).toBe(0);
    const canceled = await organiser.api.delete(`${O}/company/job_fairs/${id}`);
    expect(canceled.json().message).toBe(RESERVATIONS_MSG.fairCanceledDone);
    expectError(
      await s.api.post(`${O}/reservations`, { targetType: 'JobFair', targetId: id }),
      400,
      RESERVATIONS_MSG.fairCanceledNoReserve,
    );
    expectError(
      await organiser.api.put(`${O}/company/job_fairs/${id}`, body),
      400,
      RESERVATIONS_MSG.alreadyCanceled,
    );
    expectError(
      await guest.api.put(`${O}/company/job_fairs/${id}/participation`, {
        occupationIds: [String((await guest.job()).id)],
      }),
      400,
      RESERVATIONS_MSG.alreadyCanceled,
    );
    expect(
      data<{ rows: { id: string }[] }>(await s.api.get(`${O}/job_fairs`)).rows.map((r) => r.id),
    ).not.toContain(id);
    expectError(await s.api.get(`${O}/job_fairs/99999999`), 404, RESERVATIONS_MSG.fairNotFound);
  });
});
