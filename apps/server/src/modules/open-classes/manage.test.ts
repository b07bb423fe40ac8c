import { readFile } from 'node:fs/promises';
import {
  FILES_MSG,
  type ManageCourseDetail,
  type ManageCoursePage,
  OPEN_CLASS_MSG,
  type PartnerOptionPage,
} from '@uplus/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { createFileStore } from '../../storage';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildOrganisation } from '../../test/factories';
import { ensureOpenClassDictionaries } from './catalogue.service';
import {
  addSession,
  businessUser,
  createCourse,
  DAY,
  expectError,
  expectOk,
  fileOf,
  HOUR,
  M,
  publishedCourse,
  studentUser,
  teacherUser,
} from './open-classes-test-support';

describe.each(testDrivers())('open classes: the organiser (%s)', (driver) => {
  const t = useTestApp(driver);
  beforeAll(async () => {
    await ensureOpenClassDictionaries({ db: t.db });
  });

  it('students may not organise (403 学生身份暂无权限); a business user needs a company', async () => {
    const student = await studentUser(t.db, t.app);
    expectError(
      await student.api.post(M, { name: '课', liveMode: 'Video' }),
      403,
      OPEN_CLASS_MSG.studentNoPermission,
    );
    expectError(await student.api.get(M), 403, OPEN_CLASS_MSG.studentNoPermission);
    const loner = await businessUser(t.db, t.app, { company: false });
    expectError(await loner.api.post(M, { name: '课', liveMode: 'Video' }), 403, OPEN_CLASS_MSG.noCompany);
    expectError(await t.app.inject({ method: 'GET', url: M }), 401);
  });

  it('a business user creates a course for the company, with lecturers, partners and a poster', async () => {
    const biz = await businessUser(t.db, t.app);
    const school = await buildOrganisation(t.db, { type: 'school', name: '合作大学' });
    const partner = await businessUser(t.db, t.app, { name: '合作企业' });
    const poster = await fileOf(t.db, biz.user.id, 'poster');
    const photo = await fileOf(t.db, biz.user.id, 'poster');
    const course = await createCourse(biz.api, {
      name: '  求职面试技巧 ',
      liveMode: 'SeriesLive',
      classifyCode: 'JobSkills',
      industryCode: 'InternetIT',
      introduction: '简历与面试',
      posterFileId: poster.id,
      lecturers: [{ name: '王老师', title: 'HR总监', introduction: '十年招聘经验', photoFileId: photo.id }],
      partnerSchoolIds: [String(school.id)],
      partnerCompanyIds: [Number(partner.company?.id)],
    });
    expect(course).toMatchObject({
      name: '求职面试技巧',
      liveMode: 'SeriesLive',
      status: 'Draft',
      statusTitle: '草稿',
      classifyCode: 'JobSkills',
      industryCode: 'InternetIT',
      companyId: String(biz.company?.id),
      partnerSchools: [{ id: String(school.id), name: '合作大学' }],
      partnerEnterprises: [{ id: String(partner.company?.id), name: '合作企业', logoUrl: '' }],
      sessions: [],
    });
    expect(course.poster?.id).toBe(poster.id);
    expect(course.poster?.url).toMatch(/^\/api\/files\/\d+\/content\?/);
    expect(course.lecturers).toMatchObject([
      { name: '王老师', title: 'HR总监', introduction: '十年招聘经验' },
    ]);
    expect(course.lecturers[0]?.photoUrl).toMatch(/signature=/);
    // read back, and updated whole
    expect(expectOk<ManageCourseDetail>(await biz.api.get(`${M}/${course.id}`)).name).toBe('求职面试技巧');
    const updated = expectOk<ManageCourseDetail>(
      await biz.api.put(`${M}/${course.id}`, {
        name: '求职面试技巧（二）',
        liveMode: 'SeriesLive',
        lecturers: [],
      }),
    );
    expect(updated).toMatchObject({
      name: '求职面试技巧（二）',
      lecturers: [],
      partnerSchools: [],
      poster: null,
    });
  });

  it('checks codes, files and partners', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const other = await teacherUser(t.db, t.app);
    const base = { name: '课', liveMode: 'Video' };
    expectError(
      await teacher.api.post(M, { ...base, classifyCode: 'Nope' }),
      400,
      OPEN_CLASS_MSG.classifyInvalid,
    );
    expectError(
      await teacher.api.post(M, { ...base, industryCode: 'Nope' }),
      400,
      OPEN_CLASS_MSG.industryInvalid,
    );
    expectError(await teacher.api.post(M, { ...base, name: ' ' }), 400, OPEN_CLASS_MSG.nameRequired);
    expectError(
      await teacher.api.post(M, { ...base, name: 'x'.repeat(51) }),
      400,
      OPEN_CLASS_MSG.nameTooLong,
    );
    expectError(
      await teacher.api.post(M, { ...base, liveMode: 'Radio' }),
      400,
      OPEN_CLASS_MSG.liveModeInvalid,
    );
    // another user's upload, or one uploaded for another purpose
    const theirs = await fileOf(t.db, other.user.id, 'poster');
    expectError(await teacher.api.post(M, { ...base, posterFileId: theirs.id }), 400, FILES_MSG.notUsable);
    const video = await fileOf(t.db, teacher.user.id, 'video');
    expectError(await teacher.api.post(M, { ...base, posterFileId: video.id }), 400, FILES_MSG.notUsable);
    expectError(
      await teacher.api.post(M, { ...base, lecturers: [{ name: '甲', photoFileId: theirs.id }] }),
      400,
      FILES_MSG.notUsable,
    );
    expectError(
      await teacher.api.post(M, { ...base, lecturers: [{ name: '' }] }),
      400,
      OPEN_CLASS_MSG.lecturerNameRequired,
    );
    // a college is not a school; an unknown company
    const college = await buildOrganisation(t.db, { type: 'college', parentId: teacher.school.id });
    expectError(
      await teacher.api.post(M, { ...base, partnerSchoolIds: [String(college.id)] }),
      400,
      OPEN_CLASS_MSG.partnerSchoolInvalid,
    );
    expectError(
      await teacher.api.post(M, { ...base, partnerCompanyIds: ['999999999'] }),
      400,
      OPEN_CLASS_MSG.partnerCompanyInvalid,
    );
  });

  it('another organiser’s course answers 404 on every call', async () => {
    const owner = await teacherUser(t.db, t.app);
    const intruder = await businessUser(t.db, t.app);
    const course = await createCourse(owner.api, { liveMode: 'SeriesLive' });
    const session = await addSession(owner.api, course.id, {
      title: '第一讲',
      startAt: Date.now() + DAY,
      endAt: Date.now() + DAY + HOUR,
    });
    const api = intruder.api;
    const id = course.id;
    const live = { title: 'x', startAt: Date.now() + DAY, endAt: Date.now() + DAY + HOUR };
    for (const res of [
      await api.get(`${M}/${id}`),
      await api.put(`${M}/${id}`, { name: 'x', liveMode: 'SeriesLive' }),
      await api.delete(`${M}/${id}`),
      await api.post(`${M}/${id}/publish`),
      await api.post(`${M}/${id}/offline`),
      await api.post(`${M}/${id}/sessions`, live),
      await api.put(`${M}/${id}/sessions/${session.id}`, live),
      await api.delete(`${M}/${id}/sessions/${session.id}`),
    ])
      expectError(res, 404, OPEN_CLASS_MSG.courseNotFound);
    // the owner, with a session id of another course
    const mine = await createCourse(intruder.api, { liveMode: 'SeriesLive' });
    expectError(
      await api.put(`${M}/${mine.id}/sessions/${session.id}`, live),
      404,
      OPEN_CLASS_MSG.sessionNotFound,
    );
    expectError(
      await api.delete(`${M}/${mine.id}/sessions/${session.id}`),
      404,
      OPEN_CLASS_MSG.sessionNotFound,
    );
    // nothing changed
    expect(expectOk<ManageCourseDetail>(await owner.api.get(`${M}/${id}`)).sessions).toHaveLength(1);
    // bad ids
    expectError(await api.get(`${M}/abc`), 400, OPEN_CLASS_MSG.courseIdInvalid);
  });

  it('lists only the organiser’s own courses, paged, filtered', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const other = await teacherUser(t.db, t.app);
    await createCourse(other.api, { name: '别人的课' });
    await createCourse(teacher.api, { name: '第一门' });
    await createCourse(teacher.api, { name: '第二门' });
    await publishedCourse(teacher.api, { body: { name: '第三门' } });
    const page1 = expectOk<ManageCoursePage>(await teacher.api.get(`${M}?pageNumber=1&pageSize=2`));
    expect(page1.total).toBe(3);
    expect(page1.rows.map((r) => r.name)).toEqual(['第三门', '第二门']);
    const page2 = expectOk<ManageCoursePage>(await teacher.api.get(`${M}?pageNumber=2&pageSize=2`));
    expect(page2.rows.map((r) => r.name)).toEqual(['第一门']);
    const online = expectOk<ManageCoursePage>(await teacher.api.get(`${M}?status=Online`));
    expect(online.rows).toMatchObject([
      { name: '第三门', status: 'Online', statusTitle: '已上线', sessionCount: 1 },
    ]);
    expect(
      expectOk<ManageCoursePage>(await teacher.api.get(`${M}?search=${encodeURIComponent('二')}`)).total,
    ).toBe(1);
  });

  it('sessions: live times, video sources, one session for a single live', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const other = await teacherUser(t.db, t.app);
    const start = Date.now() + DAY;
    const single = await createCourse(teacher.api, { liveMode: 'SingleLive' });
    const url = `${M}/${single.id}/sessions`;
    expectError(await teacher.api.post(url, { title: 'a' }), 400, OPEN_CLASS_MSG.sessionStartRequired);
    expectError(
      await teacher.api.post(url, { title: 'a', startAt: start }),
      400,
      OPEN_CLASS_MSG.sessionEndRequired,
    );
    expectError(
      await teacher.api.post(url, { title: 'a', startAt: start, endAt: start }),
      400,
      OPEN_CLASS_MSG.sessionEndBeforeStart,
    );
    expectError(
      await teacher.api.post(url, { title: ' ', startAt: start, endAt: start + HOUR }),
      400,
      OPEN_CLASS_MSG.sessionTitleRequired,
    );
    const s = await addSession(teacher.api, single.id, {
      title: '直播',
      startAt: start,
      endAt: start + HOUR,
    });
    expect(s).toMatchObject({ roomStatus: 'LiveNotStart', roomStatusTitle: '未开始', hasVideo: false });
    expectError(
      await teacher.api.post(url, { title: 'b', startAt: start, endAt: start + HOUR }),
      400,
      OPEN_CLASS_MSG.singleLiveOneSession,
    );
    // the course starts when its first session does
    expect(expectOk<ManageCourseDetail>(await teacher.api.get(`${M}/${single.id}`)).startAt).toBe(start);
    // a playback video for the live session
    const playback = await fileOf(t.db, teacher.user.id, 'video');
    const edited = expectOk<ManageCourseDetail['sessions'][number]>(
      await teacher.api.put(`${url}/${s.id}`, {
        title: '直播',
        startAt: start,
        endAt: start + HOUR,
        videoFileId: playback.id,
      }),
    );
    expect(edited.video?.id).toBe(playback.id);
    expect(edited.hasVideo).toBe(true);

    const video = await createCourse(teacher.api, { liveMode: 'Video' });
    const vurl = `${M}/${video.id}/sessions`;
    expectError(
      await teacher.api.post(vurl, { title: 'v', durationSeconds: 30 }),
      400,
      OPEN_CLASS_MSG.videoRequired,
    );
    const mine = await fileOf(t.db, teacher.user.id, 'video');
    expectError(
      await teacher.api.post(vurl, {
        title: 'v',
        videoFileId: mine.id,
        hlsUrl: 'https://cdn.example.com/v.m3u8',
        durationSeconds: 30,
      }),
      400,
      OPEN_CLASS_MSG.videoOneSource,
    );
    expectError(
      await teacher.api.post(vurl, {
        title: 'v',
        hlsUrl: 'http://cdn.example.com/v.m3u8',
        durationSeconds: 30,
      }),
      400,
      OPEN_CLASS_MSG.hlsUrlInvalid,
    );
    expectError(
      await teacher.api.post(vurl, {
        title: 'v',
        hlsUrl: 'https://cdn.example.com/v.mp4',
        durationSeconds: 30,
      }),
      400,
      OPEN_CLASS_MSG.hlsUrlInvalid,
    );
    expectError(
      await teacher.api.post(vurl, { title: 'v', videoFileId: mine.id }),
      400,
      OPEN_CLASS_MSG.durationInvalid,
    );
    const theirs = await fileOf(t.db, other.user.id, 'video');
    expectError(
      await teacher.api.post(vurl, { title: 'v', videoFileId: theirs.id, durationSeconds: 30 }),
      400,
      FILES_MSG.notUsable,
    );
    const poster = await fileOf(t.db, teacher.user.id, 'poster');
    expectError(
      await teacher.api.post(vurl, { title: 'v', videoFileId: poster.id, durationSeconds: 30 }),
      400,
      FILES_MSG.notUsable,
    );
    const v = await addSession(teacher.api, video.id, {
      title: '第一集',
      videoFileId: mine.id,
      durationSeconds: 30,
    });
    expect(v).toMatchObject({ hasVideo: true, durationSeconds: 30, hlsUrl: null });
    expect(v.video?.url).toMatch(/signature=/);
    const h = await addSession(teacher.api, video.id, {
      title: '第二集',
      hlsUrl: 'https://cdn.example.com/v/index.m3u8',
      durationSeconds: 60,
    });
    expect(h).toMatchObject({ hasVideo: true, video: null, hlsUrl: 'https://cdn.example.com/v/index.m3u8' });
  });

  it('an uploaded MP4’s length is read from the file, whatever the browser said', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const bytes = await readFile(new URL('../../seed/assets/demo-open-class.mp4', import.meta.url));
    const file = await fileOf(t.db, teacher.user.id, 'video');
    await createFileStore(testConfig().storage).put(file.storageKey, bytes, 'video/mp4');
    const video = await createCourse(teacher.api, { liveMode: 'Video' });
    const s = await addSession(teacher.api, video.id, {
      title: '片',
      videoFileId: file.id,
      durationSeconds: 0,
    });
    expect(s.durationSeconds).toBe(30);
    const lied = expectOk<ManageCourseDetail['sessions'][number]>(
      await teacher.api.put(`${M}/${video.id}/sessions/${s.id}`, {
        title: '片',
        videoFileId: file.id,
        durationSeconds: 3,
      }),
    );
    expect(lied.durationSeconds).toBe(30);
  });

  it('publish needs sessions (and videos, and one session for a single live); offline; delete only drafts', async () => {
    const teacher = await teacherUser(t.db, t.app);
    const start = Date.now() + DAY;
    const empty = await createCourse(teacher.api, { liveMode: 'SeriesLive' });
    expectError(await teacher.api.post(`${M}/${empty.id}/publish`), 400, OPEN_CLASS_MSG.publishNeedsSession);
    // live sessions, then the draft turned into a video course: each session needs a video
    await addSession(teacher.api, empty.id, { title: '一', startAt: start, endAt: start + HOUR });
    await addSession(teacher.api, empty.id, { title: '二', startAt: start + DAY, endAt: start + DAY + HOUR });
    expectError(
      await teacher.api.put(`${M}/${empty.id}`, { name: '改单场', liveMode: 'SingleLive' }),
      400,
      OPEN_CLASS_MSG.singleLiveOneSession,
    );
    expectOk(await teacher.api.put(`${M}/${empty.id}`, { name: '改视频', liveMode: 'Video' }));
    expectError(await teacher.api.post(`${M}/${empty.id}/publish`), 400, OPEN_CLASS_MSG.publishNeedsVideos);
    expectOk(await teacher.api.put(`${M}/${empty.id}`, { name: '系列', liveMode: 'SeriesLive' }));
    const online = expectOk<ManageCourseDetail>(await teacher.api.post(`${M}/${empty.id}/publish`));
    expect(online).toMatchObject({ status: 'Online', startAt: start });
    expect(online.publishedAt).toBeGreaterThan(0);
    expectError(await teacher.api.post(`${M}/${empty.id}/publish`), 400, OPEN_CLASS_MSG.alreadyOnline);
    expectError(
      await teacher.api.put(`${M}/${empty.id}`, { name: '系列', liveMode: 'Video' }),
      400,
      OPEN_CLASS_MSG.liveModeLocked,
    );
    expectError(await teacher.api.delete(`${M}/${empty.id}`), 400, OPEN_CLASS_MSG.deleteOnlyDraft);
    // an Online course keeps its last session
    const one = await publishedCourse(teacher.api);
    expectError(
      await teacher.api.delete(`${M}/${one.id}/sessions/${one.sessions[0]?.id}`),
      400,
      OPEN_CLASS_MSG.publishNeedsSession,
    );
    // offline, and back online
    expect(expectOk<ManageCourseDetail>(await teacher.api.post(`${M}/${empty.id}/offline`)).status).toBe(
      'Offline',
    );
    expectError(await teacher.api.post(`${M}/${empty.id}/offline`), 400, OPEN_CLASS_MSG.notOnline);
    expectError(await teacher.api.delete(`${M}/${empty.id}`), 400, OPEN_CLASS_MSG.deleteOnlyDraft);
    expect(expectOk<ManageCourseDetail>(await teacher.api.post(`${M}/${empty.id}/publish`)).status).toBe(
      'Online',
    );
    // a draft goes
    const draft = await createCourse(teacher.api);
    expect(expectOk(await teacher.api.delete(`${M}/${draft.id}`))).toEqual({ id: draft.id });
    expectError(await teacher.api.get(`${M}/${draft.id}`), 404);
  });

  it('partner options: schools (organisations of type school) or companies', async () => {
    const teacher = await teacherUser(t.db, t.app);
    await buildOrganisation(t.db, { type: 'school', name: '选项示范学院甲' });
    await buildOrganisation(t.db, { type: 'college', name: '选项示范学院乙', parentId: teacher.school.id });
    const schools = expectOk<PartnerOptionPage>(
      await teacher.api.get(`${M}/partner_options?type=school&search=${encodeURIComponent('选项示范')}`),
    );
    expect(schools.rows.map((r) => r.name)).toEqual(['选项示范学院甲']);
    await businessUser(t.db, t.app, { name: '选项示范公司' });
    const companies = expectOk<PartnerOptionPage>(
      await teacher.api.get(`${M}/partner_options?type=company&search=${encodeURIComponent('选项示范')}`),
    );
    expect(companies.rows.map((r) => r.name)).toEqual(['选项示范公司']);
    expectError(
      await teacher.api.get(`${M}/partner_options?type=city`),
      400,
      OPEN_CLASS_MSG.searchTypeInvalid,
    );
    const student = await studentUser(t.db, t.app);
    expectError(await student.api.get(`${M}/partner_options?type=school`), 403);
  });
});
