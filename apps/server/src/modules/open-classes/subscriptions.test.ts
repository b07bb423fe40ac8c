import {
  type CourseVideos,
  OPEN_CLASS_MSG,
  type ProgressResult,
  type SubscribeResult,
  type SubscriptionPage,
  subscriptionCardState,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildOrganisation } from '../../test/factories';
import { ensureOpenClassDictionaries } from './catalogue.service';
import {
  businessUser,
  createCourse,
  DAY,
  expectError,
  expectOk,
  HOUR,
  M,
  OC,
  publishedCourse,
  studentUser,
  teacherUser,
} from './open-classes-test-support';
import { nextWatched } from './subscriptions.service';

const SUB = `${OC}/open_courses/subscripte`;
const LIST = `${OC}/open_courses/subscriptions`;
const PROGRESS = `${OC}/open_courses/progress`;

describe('nextWatched (the progress rule)', () => {
  const at = 1_000_000;
  it.each([
    ['a first report credits at most 5 s', null, 100, at, 5],
    ['a first report at 3 s credits 3 s', null, 3, at, 3],
    ['10 s of real time after 10 s: 20 s', { position: 10, watched: 10, at }, 20, at + 10_000, 20],
    ['a jump to the end gains only real time + 5 s', { position: 10, watched: 10, at }, 600, at + 10_000, 25],
    ['a long pause gains at most 30 s + 5 s', { position: 10, watched: 10, at }, 600, at + 3_600_000, 45],
    [
      'after a jump (position beyond the frontier) nothing grows',
      { position: 300, watched: 20, at },
      310,
      at + 10_000,
      20,
    ],
    ['going back never lowers it', { position: 50, watched: 50, at }, 5, at + 10_000, 50],
    ['rewatching before the frontier keeps it', { position: 5, watched: 50, at }, 15, at + 10_000, 50],
  ])('%s', (_name, previous, position, now, expected) => {
    expect(nextWatched({ previous, position, now })).toBe(expected);
  });
});

describe.each(testDrivers())('open classes: subscriptions and progress (%s)', (driver) => {
  const t = useTestApp(driver);
  beforeAll(async () => {
    await ensureOpenClassDictionaries({ db: t.db });
  });

  it('subscribe: students only, Online only, idempotent; unsubscribe one’s own only', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const course = await publishedCourse(teacher.api);
    const student = await studentUser(t.db, t.app);
    const other = await studentUser(t.db, t.app);
    expectError(
      await teacher.api.post(SUB, { openCourseId: course.id }),
      403,
      OPEN_CLASS_MSG.teacherCannotOperate,
    );
    const biz = await businessUser(t.db, t.app);
    expectError(
      await biz.api.post(SUB, { openCourseId: course.id }),
      403,
      OPEN_CLASS_MSG.onlyStudentsSubscribe,
    );
    expectError(await t.app.inject({ method: 'POST', url: SUB, payload: { openCourseId: course.id } }), 401);
    expectError(await student.api.post(SUB, { openCourseId: 'abc' }), 400, OPEN_CLASS_MSG.courseIdInvalid);
    const draft = await createCourse(teacher.api);
    expectError(await student.api.post(SUB, { openCourseId: draft.id }), 404, OPEN_CLASS_MSG.courseNotFound);
    const first = expectOk<SubscribeResult>(await student.api.post(SUB, { openCourseId: course.id }));
    const again = expectOk<SubscribeResult>(await student.api.post(SUB, { openCourseId: Number(course.id) }));
    expect(again).toEqual(first);
    expect(first).toMatchObject({ openCourseId: course.id, subscribed: true });
    // another user's subscription id
    expectError(await other.api.delete(`${SUB}/${first.id}`), 404, OPEN_CLASS_MSG.subscriptionNotFound);
    expect(expectOk<SubscriptionPage>(await student.api.get(LIST)).total).toBe(1);
    // another student's list holds none of it
    expect(expectOk<SubscriptionPage>(await other.api.get(LIST))).toEqual({ rows: [], total: 0 });
    expect(expectOk(await student.api.delete(`${SUB}/${first.id}`))).toEqual({ id: first.id });
    expectError(await student.api.delete(`${SUB}/${first.id}`), 404);
    expect(expectOk<SubscriptionPage>(await student.api.get(LIST)).total).toBe(0);
    // an Offline course cannot be subscribed; one subscribed before stays (expired)
    expectOk(await student.api.post(SUB, { openCourseId: course.id }));
    expectOk(await teacher.api.post(`${M}/${course.id}/offline`));
    expectError(await other.api.post(SUB, { openCourseId: course.id }), 400, OPEN_CLASS_MSG.courseOffline);
    expect(expectOk<SubscriptionPage>(await student.api.get(LIST)).rows[0]?.opencourseModel.status).toBe(
      'Offline',
    );
  });

  it('the list has spec 3’s shape and the four card states', async () => {
    const biz = await businessUser(t.db, t.app, { name: '卡片企业' });
    const school = await buildOrganisation(t.db, { type: 'school', name: '卡片大学' });
    const now = Date.now();
    const notStarted = await publishedCourse(biz.api, {
      body: {
        name: '未开始',
        liveMode: 'SingleLive',
        partnerSchoolIds: [String(school.id)],
        partnerCompanyIds: [String(biz.company?.id)],
      },
      sessions: [{ title: 's', startAt: now + DAY, endAt: now + DAY + HOUR }],
    });
    const living = await publishedCourse(biz.api, {
      body: { name: '直播中', liveMode: 'SeriesLive' },
      sessions: [
        { title: 'a', startAt: now - 2 * DAY, endAt: now - 2 * DAY + HOUR },
        { title: 'b', startAt: now - HOUR, endAt: now + HOUR },
      ],
    });
    const over = await publishedCourse(biz.api, {
      body: { name: '回放', liveMode: 'SingleLive' },
      sessions: [{ title: 's', startAt: now - DAY, endAt: now - DAY + HOUR }],
    });
    const expired = await publishedCourse(biz.api, { body: { name: '已下线' } });
    const student = await studentUser(t.db, t.app);
    for (const c of [notStarted, living, over, expired])
      expectOk(await student.api.post(SUB, { openCourseId: c.id }));
    expectOk(await biz.api.post(`${M}/${expired.id}/offline`));
    const page = expectOk<SubscriptionPage>(await student.api.get(`${LIST}?sort=recentSubscribe&order=desc`));
    expect(page.total).toBe(4);
    const byName = new Map(page.rows.map((r) => [r.subscriptContentModel.name, r]));
    const first = byName.get('未开始');
    expect(first).toMatchObject({
      courseId: notStarted.id,
      progressPercentage: 0,
      roomStatus: 'LiveNotStart',
      roomStatusTitle: '未开始',
      opencourseModel: { opencourseStartAt: now + DAY, liveMode: 'SingleLive', status: 'Online' },
      subscriptContentModel: {
        name: '未开始',
        tabulationPosterUrl: '',
        liveMode: 'SingleLive',
        partnerSchools: [{ id: String(school.id), name: '卡片大学' }],
        enterpriseNames: ['卡片企业'],
        liveCount: 1,
      },
      lastStudiedAt: null,
    });
    const card = (name: string) => {
      const row = byName.get(name);
      if (!row) throw new Error(name);
      return subscriptionCardState(row, now);
    };
    expect(card('未开始')).toMatchObject({
      expired: false,
      showLiveTag: true,
      liveLabel: '直播',
      showLiveIcon: false,
    });
    expect(card('直播中')).toMatchObject({
      expired: false,
      showLiveTag: true,
      liveLabel: '直播中',
      showLiveIcon: true,
    });
    expect(card('回放')).toMatchObject({
      expired: false,
      showLiveTag: true,
      liveLabel: '回放',
      showLiveIcon: false,
    });
    expect(card('已下线')).toMatchObject({
      expired: true,
      showLiveTag: false,
      buttonText: '课程已过期',
      deletable: true,
      showProgress: true,
    });
    expect(byName.get('直播中')?.roomStatus).toBe('Living');
    expect(living.id).toBeTruthy();
    expect(over.id).toBeTruthy();
  });

  it('sorted by recent subscription and by recent study, both ways, paged', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const student = await studentUser(t.db, t.app);
    const courses = [];
    for (const name of ['甲', '乙', '丙']) {
      const c = await publishedCourse(teacher.api, { body: { name } });
      expectOk(await student.api.post(SUB, { openCourseId: c.id }));
      courses.push(c);
      t.clock.advance(1000);
    }
    try {
      const names = async (query: string) =>
        expectOk<SubscriptionPage>(await student.api.get(`${LIST}?${query}`)).rows.map(
          (r) => r.subscriptContentModel.name,
        );
      expect(await names('sort=recentSubscribe&order=desc')).toEqual(['丙', '乙', '甲']);
      expect(await names('sort=recentSubscribe&order=asc')).toEqual(['甲', '乙', '丙']);
      // study 甲 and then 乙: most recently studied first, never studied last
      for (const c of [courses[0], courses[1]]) {
        expectOk(
          await student.api.post(PROGRESS, { sessionId: c?.sessions[0]?.id, position: 1, duration: 100 }),
        );
        t.clock.advance(1000);
      }
      expect(await names('sort=recentStudy&order=desc')).toEqual(['乙', '甲', '丙']);
      expect(await names('sort=recentStudy&order=asc')).toEqual(['甲', '乙', '丙']);
      expect(await names('pageNumber=2&pageSize=2&sort=recentStudy')).toEqual(['丙']);
      expect(expectOk<SubscriptionPage>(await student.api.get(`${LIST}?pageSize=2`)).total).toBe(3);
      expectError(await student.api.get(`${LIST}?sort=hot`), 400, OPEN_CLASS_MSG.sortInvalid);
      expectError(await student.api.get(`${LIST}?order=up`), 400, OPEN_CLASS_MSG.orderInvalid);
    } finally {
      t.clock.reset();
    }
  });

  it('progress: subscribers of Online video courses; clamped; grows only with real time; over all videos', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const course = await publishedCourse(teacher.api, {
      sessions: [
        { title: '一', hlsUrl: 'https://cdn.example.com/1.m3u8', durationSeconds: 100 },
        { title: '二', hlsUrl: 'https://cdn.example.com/2.m3u8', durationSeconds: 300 },
      ],
    });
    const [one, two] = course.sessions;
    const student = await studentUser(t.db, t.app);
    const report = (position: number, duration = 100, sessionId = one?.id) =>
      student.api.post(PROGRESS, { sessionId, position, duration });
    expectError(await report(1), 403, OPEN_CLASS_MSG.subscribeFirst);
    expectOk(await student.api.post(SUB, { openCourseId: course.id }));
    expectError(await student.api.post(PROGRESS, { sessionId: one?.id, position: 1, duration: 0 }), 400);
    expectError(await student.api.post(PROGRESS, { sessionId: one?.id, position: 'x', duration: 100 }), 400);
    try {
      // one call cannot finish the video
      let r = expectOk<ProgressResult>(await report(100));
      expect(r).toMatchObject({ position: 100, watchedSeconds: 5, durationSeconds: 100 });
      expect(r.progressPercentage).toBeCloseTo(5 / 400);
      // back to the start and watch for real: 10 s of time, 10 s of video
      r = expectOk<ProgressResult>(await report(0));
      expect(r.watchedSeconds).toBe(5);
      for (let at = 10; at <= 100; at += 10) {
        t.clock.advance(10_000);
        r = expectOk<ProgressResult>(await report(at));
      }
      expect(r).toMatchObject({ position: 100, watchedSeconds: 100 });
      expect(r.progressPercentage).toBeCloseTo(100 / 400);
      // a position past the end is clamped to the session's length (not the reported one)
      t.clock.advance(10_000);
      r = expectOk<ProgressResult>(await report(5000, 5000));
      expect(r).toMatchObject({ position: 100, watchedSeconds: 100, durationSeconds: 100 });
      expect(expectOk<ProgressResult>(await report(-5)).position).toBe(0);
      // the second video: a jump ahead earns only real time
      r = expectOk<ProgressResult>(await report(0, 300, two?.id));
      t.clock.advance(10_000);
      r = expectOk<ProgressResult>(await report(290, 300, two?.id));
      expect(r.watchedSeconds).toBeCloseTo(15, 0); // the test clock runs on real time too
      expect(r.progressPercentage).toBeCloseTo(115 / 400);
      const list = expectOk<SubscriptionPage>(await student.api.get(LIST));
      expect(list.rows[0]?.progressPercentage).toBeCloseTo(115 / 400);
      expect(subscriptionCardState(list.rows[0] as never, Date.now()).progressPercent).toBe(29);
      expect(list.rows[0]?.lastStudiedAt).toBeGreaterThan(0);
      // the last position is given back with the videos
      const videos = expectOk<CourseVideos>(
        await student.api.get(`${OC}/open_courses/video?openCourseId=${course.id}`),
      );
      expect(videos.videos.map((v) => [v.position, Math.round(v.watchedSeconds)])).toEqual([
        [0, 100],
        [290, 15],
      ]);
    } finally {
      t.clock.reset();
    }
    // another student's report changes nothing of this one's
    const other = await studentUser(t.db, t.app);
    expectError(await other.api.post(PROGRESS, { sessionId: one?.id, position: 1, duration: 100 }), 403);
    // live courses have no progress; drafts and offline courses none either
    const live = await publishedCourse(teacher.api, {
      body: { liveMode: 'SingleLive' },
      sessions: [{ title: 'l', startAt: Date.now() - HOUR, endAt: Date.now() + HOUR }],
    });
    expectOk(await student.api.post(SUB, { openCourseId: live.id }));
    expectError(
      await student.api.post(PROGRESS, { sessionId: live.sessions[0]?.id, position: 1, duration: 10 }),
      400,
      OPEN_CLASS_MSG.progressVideoOnly,
    );
    expectOk(await teacher.api.post(`${M}/${course.id}/offline`));
    expectError(await report(1), 404, OPEN_CLASS_MSG.sessionNotFound);
  });
});
