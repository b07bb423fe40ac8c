import {
  type CourseProgram,
  type CourseVideos,
  type DictionaryEntry,
  type LiveInfo,
  OPEN_CLASS_MSG,
  type OpenCourseCardPage,
  type OpenCourseDetail,
  type PartnerEnterprise,
  type RecentLivePage,
  type SearchInfoPage,
  type SlideshowItem,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildOrganisation, unique } from '../../test/factories';
import { ensureOpenClassDictionaries } from './catalogue.service';
import {
  businessUser,
  createCourse,
  DAY,
  expectError,
  expectOk,
  fileOf,
  HOUR,
  M,
  OC,
  publishedCourse,
  studentUser,
  teacherUser,
  visitor,
} from './open-classes-test-support';

describe.each(testDrivers())('open classes: public pages (%s)', (driver) => {
  const t = useTestApp(driver);
  beforeAll(async () => {
    await ensureOpenClassDictionaries({ db: t.db });
  });

  it('dictionaries and course programs (with Online course counts)', async () => {
    const classify = expectOk<DictionaryEntry[]>(
      await visitor(t.app).get(`${OC}/dictionarys?groupCode=CourseClassify`),
    );
    expect(classify.map((e) => e.title)).toEqual([
      '职业规划',
      '求职技巧',
      '行业认知',
      '技术前沿',
      '创新创业',
      '职场素养',
    ]);
    const industry = expectOk<DictionaryEntry[]>(
      await visitor(t.app).get(`${OC}/dictionarys?groupCode=CourseIndustry`),
    );
    expect(industry.map((e) => e.title)).toContain('互联网/IT');
    expectError(
      await visitor(t.app).get(`${OC}/dictionarys?groupCode=Other`),
      400,
      OPEN_CLASS_MSG.groupCodeInvalid,
    );
    // seeding again changes nothing
    await ensureOpenClassDictionaries({ db: t.db });
    expect(
      expectOk<DictionaryEntry[]>(await visitor(t.app).get(`${OC}/dictionarys?groupCode=CourseClassify`)),
    ).toHaveLength(6);
    const before = expectOk<CourseProgram[]>(await visitor(t.app).get(`${OC}/course_programs`));
    const teacher = await teacherUser(t.db, t.app);
    await publishedCourse(teacher.api, { body: { classifyCode: 'Workplace' } });
    await createCourse(teacher.api, { classifyCode: 'Workplace' }); // a draft does not count
    const after = expectOk<CourseProgram[]>(await visitor(t.app).get(`${OC}/course_programs`));
    const count = (list: CourseProgram[]) => list.find((p) => p.code === 'Workplace')?.courseCount ?? 0;
    expect(count(after) - count(before)).toBe(1);
  });

  it('the list: Online only, newest start first, search, filters, paging', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const tag = unique('列表');
    const start = Date.now() + 10 * DAY;
    const older = await publishedCourse(teacher.api, {
      body: { name: `${tag}旧`, classifyCode: 'TechFrontier', startAt: start },
    });
    const newer = await publishedCourse(teacher.api, {
      body: { name: `${tag}新`, industryCode: 'BigData', liveMode: 'SeriesLive' },
      sessions: [{ title: '直播', startAt: start + DAY, endAt: start + DAY + HOUR }],
    });
    await createCourse(teacher.api, { name: `${tag}草稿` });
    const q = (extra = '') => `${OC}/open_courses?search=${encodeURIComponent(tag)}${extra}`;
    const all = expectOk<OpenCourseCardPage>(await visitor(t.app).get(q()));
    expect(all.total).toBe(2);
    expect(all.rows.map((r) => r.id)).toEqual([newer.id, older.id]);
    expect(all.rows[0]).toMatchObject({
      liveMode: 'SeriesLive',
      liveCount: 1,
      roomStatus: 'LiveNotStart',
      roomStatusTitle: '未开始',
      industry: { code: 'BigData', title: '大数据' },
      subscribed: false,
      partnerSchools: [],
      enterpriseNames: [],
    });
    expect(
      expectOk<OpenCourseCardPage>(await visitor(t.app).get(q('&classifyCode=TechFrontier'))).rows,
    ).toHaveLength(1);
    const live = async (mode: string) =>
      expectOk<OpenCourseCardPage>(await visitor(t.app).get(q(`&liveMode=${mode}`)));
    expect((await live('SingleLive')).rows).toHaveLength(0);
    expect((await live('Video')).rows).toMatchObject([{ id: older.id, roomStatus: 'Playback' }]);
    const page2 = expectOk<OpenCourseCardPage>(await visitor(t.app).get(q('&pageNumber=2&pageSize=1')));
    expect(page2).toMatchObject({ total: 2, rows: [{ id: older.id }] });
    expectError(
      await visitor(t.app).get(`${OC}/open_courses?liveMode=Radio`),
      400,
      OPEN_CLASS_MSG.liveModeInvalid,
    );
  });

  it('the detail: visible when Online or to its organiser; personalised; series_live only for a series', async () => {
    const biz = await businessUser(t.db, t.app, { name: unique('详情企业') });
    const school = await buildOrganisation(t.db, { type: 'school', name: '详情大学' });
    const draft = await createCourse(biz.api, { partnerSchoolIds: [String(school.id)] });
    expectError(
      await visitor(t.app).get(`${OC}/open_courses/${draft.id}`),
      404,
      OPEN_CLASS_MSG.courseNotFound,
    );
    const stranger = await studentUser(t.db, t.app);
    expectError(await stranger.api.get(`${OC}/open_courses/${draft.id}`), 404);
    expect(expectOk<OpenCourseDetail>(await biz.api.get(`${OC}/open_courses/${draft.id}`))).toMatchObject({
      status: 'Draft',
      isOrganiser: true,
    });
    const start = Date.now() + DAY;
    const series = await publishedCourse(biz.api, {
      body: {
        liveMode: 'SeriesLive',
        lecturers: [{ name: '李讲师', introduction: '资深架构师' }],
        partnerSchoolIds: [String(school.id)],
        partnerCompanyIds: [String(biz.company?.id)],
      },
      sessions: [
        { title: '一', startAt: start, endAt: start + HOUR },
        { title: '二', startAt: start + DAY, endAt: start + DAY + HOUR },
      ],
    });
    const seen = expectOk<OpenCourseDetail>(await visitor(t.app).get(`${OC}/open_courses/${series.id}`));
    expect(seen).toMatchObject({
      liveMode: 'SeriesLive',
      status: 'Online',
      organiserName: biz.company?.name,
      lecturers: [{ name: '李讲师', introduction: '资深架构师' }],
      partnerSchools: [{ name: '详情大学' }],
      partnerEnterprises: [{ id: String(biz.company?.id), name: biz.company?.name, logoUrl: '' }],
      liveCount: 2,
      subscribed: false,
      subscriptionId: null,
      isOrganiser: false,
    });
    expect(seen.courseResources).toEqual(
      series.sessions.map((s) => ({
        id: s.id,
        title: s.title,
        partnerEnterpriseId: String(biz.company?.id),
      })),
    );
    expect(seen.sessions.map((s) => s.roomStatus)).toEqual(['LiveNotStart', 'LiveNotStart']);
    const student = await studentUser(t.db, t.app);
    const sub = expectOk<{ id: string }>(
      await student.api.post(`${OC}/open_courses/subscripte`, { openCourseId: series.id }),
    );
    expect(
      expectOk<OpenCourseDetail>(await student.api.get(`${OC}/open_courses/${series.id}`)),
    ).toMatchObject({
      subscribed: true,
      subscriptionId: sub.id,
      subscriberCount: 1,
    });
    expect(
      expectOk<OpenCourseDetail>(await visitor(t.app).get(`${OC}/open_courses/series_live/${series.id}`)).id,
    ).toBe(series.id);
    const video = await publishedCourse(biz.api);
    expectError(await visitor(t.app).get(`${OC}/open_courses/series_live/${video.id}`), 404);
    // offline: gone for the public
    expectOk(await biz.api.post(`${M}/${series.id}/offline`));
    expectError(await visitor(t.app).get(`${OC}/open_courses/${series.id}`), 404);
  });

  it('search by school and by company', async () => {
    const biz = await businessUser(t.db, t.app, { name: unique('搜索企业') });
    const partner = await businessUser(t.db, t.app, { name: unique('搜索伙伴') });
    const school = await buildOrganisation(t.db, { type: 'school', name: unique('搜索大学') });
    const course = await publishedCourse(biz.api, {
      body: { partnerSchoolIds: [String(school.id)], partnerCompanyIds: [String(partner.company?.id)] },
    });
    await createCourse(biz.api, { partnerSchoolIds: [String(school.id)] }); // a draft is not counted
    const schools = expectOk<SearchInfoPage>(
      await visitor(t.app).get(
        `${OC}/open_courses/search/info?searchType=school&search=${encodeURIComponent(school.name)}`,
      ),
    );
    expect(schools).toEqual({
      rows: [{ id: String(school.id), name: school.name, logoUrl: '', courseCount: 1 }],
      total: 1,
    });
    for (const company of [biz.company, partner.company]) {
      const found = expectOk<SearchInfoPage>(
        await visitor(t.app).get(
          `${OC}/open_courses/search/info?searchType=company&search=${encodeURIComponent(company?.name ?? '')}`,
        ),
      );
      expect(found.rows).toEqual([
        { id: String(company?.id), name: company?.name, logoUrl: '', courseCount: 1 },
      ]);
      const courses = expectOk<OpenCourseCardPage>(
        await visitor(t.app).get(`${OC}/open_courses/search/all?searchType=company&id=${company?.id}`),
      );
      expect(courses.rows.map((r) => r.id)).toEqual([course.id]);
    }
    const bySchool = expectOk<OpenCourseCardPage>(
      await visitor(t.app).get(`${OC}/open_courses/search/all?searchType=school&id=${school.id}`),
    );
    expect(bySchool).toMatchObject({
      total: 1,
      rows: [{ id: course.id, partnerSchools: [{ name: school.name }] }],
    });
    expectError(
      await visitor(t.app).get(`${OC}/open_courses/search/info?searchType=city`),
      400,
      OPEN_CLASS_MSG.searchTypeInvalid,
    );
  });

  it('live info: room status over time; playback only for those who may watch', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const start = t.clock.now().getTime() + HOUR;
    const course = await publishedCourse(teacher.api, {
      body: { liveMode: 'SingleLive' },
      sessions: [{ title: '直播', startAt: start, endAt: start + HOUR }],
    });
    const sid = course.sessions[0]?.id;
    const playback = await fileOf(t.db, teacher.user.id, 'video');
    expectOk(
      await teacher.api.put(`${M}/${course.id}/sessions/${sid}`, {
        title: '直播',
        startAt: start,
        endAt: start + HOUR,
        videoFileId: playback.id,
      }),
    );
    const student = await studentUser(t.db, t.app);
    const info = async (api = visitor(t.app)) => expectOk<LiveInfo>(await api.get(`${OC}/live/info/${sid}`));
    expect(await info()).toMatchObject({
      roomStatus: 'LiveNotStart',
      roomStatusTitle: '未开始',
      canWatch: false,
    });
    t.clock.advance(HOUR + 1000);
    try {
      expect(await info()).toMatchObject({ roomStatus: 'Living', roomStatusTitle: '直播中' });
      t.clock.advance(HOUR);
      expect(await info()).toMatchObject({
        roomStatus: 'Playback',
        roomStatusTitle: '回放',
        playbackUrl: null,
      });
      expect(await info(student.api)).toMatchObject({ canWatch: false, playbackUrl: null });
      expectOk(await student.api.post(`${OC}/open_courses/subscripte`, { openCourseId: course.id }));
      const watched = await info(student.api);
      expect(watched).toMatchObject({ canWatch: true, subscribed: true, playbackKind: 'file' });
      expect(watched.playbackUrl).toMatch(new RegExp(`^/api/files/${playback.id}/content\\?`));
      expect(await info(teacher.api)).toMatchObject({ canWatch: true, isOrganiser: true });
    } finally {
      t.clock.reset();
    }
    // a draft's session is the organiser's only
    const draft = await createCourse(teacher.api, { liveMode: 'SingleLive' });
    const ds = expectOk<{ id: string }>(
      await teacher.api.post(`${M}/${draft.id}/sessions`, {
        title: 'x',
        startAt: start,
        endAt: start + HOUR,
      }),
    );
    expectError(await visitor(t.app).get(`${OC}/live/info/${ds.id}`), 404, OPEN_CLASS_MSG.sessionNotFound);
    expectError(await student.api.get(`${OC}/live/info/${ds.id}`), 404);
    expectOk(await teacher.api.get(`${OC}/live/info/${ds.id}`));
  });

  it('recent lives: upcoming and living sessions of Online live courses', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const now = Date.now();
    const course = await publishedCourse(teacher.api, {
      body: { liveMode: 'SeriesLive', name: unique('近期直播') },
      sessions: [
        { title: '已结束', startAt: now - 3 * HOUR, endAt: now - 2 * HOUR },
        { title: '直播中', startAt: now - HOUR, endAt: now + HOUR },
        { title: '下周', startAt: now + 7 * DAY, endAt: now + 7 * DAY + HOUR },
      ],
    });
    const all = expectOk<RecentLivePage>(
      await visitor(t.app).get(`${OC}/open_courses/recent_lives?pageSize=100`),
    );
    const mine = all.rows.filter((r) => r.openCourseId === course.id);
    expect(mine.map((r) => [r.title, r.roomStatusTitle])).toEqual([
      ['直播中', '直播中'],
      ['下周', '未开始'],
    ]);
  });

  it('videos: for subscribers and the organiser, with signed addresses and last positions', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const file = await fileOf(t.db, teacher.user.id, 'video');
    const course = await publishedCourse(teacher.api, {
      sessions: [
        { title: '上传的', videoFileId: file.id, durationSeconds: 30 },
        { title: 'HLS的', hlsUrl: 'https://cdn.example.com/x/index.m3u8', durationSeconds: 60 },
      ],
    });
    const url = `${OC}/open_courses/video?openCourseId=${course.id}`;
    expectError(await visitor(t.app).get(url), 401);
    const student = await studentUser(t.db, t.app);
    expectError(await student.api.get(url), 403, OPEN_CLASS_MSG.subscribeFirst);
    expectOk(await student.api.post(`${OC}/open_courses/subscripte`, { openCourseId: course.id }));
    const videos = expectOk<CourseVideos>(await student.api.get(url));
    expect(videos.videos).toMatchObject([
      { title: '上传的', kind: 'file', contentType: 'video/mp4', durationSeconds: 30, position: 0 },
      {
        title: 'HLS的',
        kind: 'hls',
        url: 'https://cdn.example.com/x/index.m3u8',
        contentType: 'application/vnd.apple.mpegurl',
      },
    ]);
    expect(videos.videos[0]?.url).toMatch(/signature=/);
    expectOk(await teacher.api.get(url));
    // a video's session page: 回放, with the video for the subscriber
    const info = expectOk<LiveInfo>(await student.api.get(`${OC}/live/info/${course.sessions[1]?.id}`));
    expect(info).toMatchObject({
      roomStatus: 'Playback',
      roomStatusTitle: '回放',
      playbackKind: 'hls',
      playbackUrl: 'https://cdn.example.com/x/index.m3u8',
    });
    // a live course has no videos call
    const live = await publishedCourse(teacher.api, {
      body: { liveMode: 'SingleLive' },
      sessions: [{ title: 'x', startAt: Date.now() + DAY, endAt: Date.now() + DAY + HOUR }],
    });
    expectError(await teacher.api.get(`${OC}/open_courses/video?openCourseId=${live.id}`), 404);
  });

  it('slideshow (newest Online with a poster) and partner companies by id', async () => {
    const biz = await businessUser(t.db, t.app, { name: unique('轮播企业') });
    const poster = await fileOf(t.db, biz.user.id, 'poster');
    const withPoster = await publishedCourse(biz.api, { body: { posterFileId: poster.id, name: '有海报' } });
    await publishedCourse(biz.api, { body: { name: '无海报' } });
    const slides = expectOk<SlideshowItem[]>(
      await visitor(t.app).get(`${OC}/promotions/open_course/slideshow`),
    );
    expect(slides[0]).toMatchObject({ id: withPoster.id, name: '有海报' });
    expect(slides[0]?.posterUrl).toMatch(/signature=/);
    expect(slides.some((s) => s.name === '无海报')).toBe(false);
    const found = expectOk<PartnerEnterprise[]>(
      await visitor(t.app).post(`${OC}/companies/partners`, { ids: [String(biz.company?.id), '999999999'] }),
    );
    expect(found).toEqual([{ id: String(biz.company?.id), name: biz.company?.name, logoUrl: '' }]);
    expectError(await visitor(t.app).post(`${OC}/companies/partners`, { ids: ['x'] }), 400);
  });
});
