import { NOTICE_CONTENT_MAX, NOTICE_TITLE_MAX, NOTICES_MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { courseMembers } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildSignedInMember } from '../../test/factories';
import { createCourse } from '../question-bank/question-bank.service';

/*
 * The teacher's course-notice calls (issue 11, part courses-web): POST and GET
 * {qmn}/courses/{courseId}/notices. Only the course's own teacher publishes and lists; every student of the
 * course gets the notice.
 */

describe.each(testDrivers())('course notices on %s', (driver) => {
  const t = useTestApp(driver);

  /** A teacher's course with two students, a student elsewhere, and a second teacher. */
  const classroom = async () => {
    const teacher = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const other = await buildSignedInMember(t.db, { identityType: 'Teacher' });
    const { course } = await createCourse({ db: t.db, teacherId: teacher.user.id, name: '数据结构' });
    const { course: empty } = await createCourse({ db: t.db, teacherId: teacher.user.id, name: '空课程' });
    const a = await buildSignedInMember(t.db);
    const b = await buildSignedInMember(t.db);
    const outsider = await buildSignedInMember(t.db);
    // members as joining by class code leaves them (the courses area's own tests cover joining)
    await t.db.insert(courseMembers).values([
      { courseId: course.id, userId: a.user.id, memberType: 'Student' },
      { courseId: course.id, userId: b.user.id, memberType: 'Student' },
    ]);
    const api = (m: { token: string }) => asUser(t.app, m.token);
    return { teacher, other, course, empty, a, b, outsider, api };
  };
  const url = (courseId: number | string) => `/api/qmn/courses/${courseId}/notices`;

  it('publishes to every student of the course: each gets it unread, with a Course message', async () => {
    const c = await classroom();
    const before = t.clock.now().getTime();
    const res = await c.api(c.teacher).post(url(c.course.id), {
      title: '  期中考试安排  ',
      content: '第 9 周周三\n带学生证',
    });
    expect(res.statusCode).toBe(200);
    const notice = res.json().data;
    expect(notice.publishAt).toBeGreaterThanOrEqual(before);
    expect(notice).toEqual({
      id: expect.any(String),
      title: '期中考试安排',
      content: '第 9 周周三\n带学生证',
      publishAt: expect.any(Number),
      publisherName: c.teacher.user.name,
      recipientCount: 2,
      readCount: 0,
    });
    for (const s of [c.a, c.b]) {
      const mine = (await c.api(s).get('/api/qmn/notices/smallBell?genre=Course')).json().data;
      expect(mine.rows).toEqual([
        expect.objectContaining({ id: notice.id, title: '期中考试安排', read: false }),
      ]);
      const messages = (await c.api(s).post('/api/qmn/c/messages')).json().data.rows;
      expect(messages[0]).toEqual(expect.objectContaining({ type: 'Course', noticeId: notice.id }));
    }
    expect((await c.api(c.outsider).get('/api/qmn/notices')).json().data.total).toBe(0);
  });

  it('lists the course’s notices newest first, paged, with how many students opened each', async () => {
    const c = await classroom();
    const ids: string[] = [];
    for (const title of ['一', '二', '三']) {
      t.clock.advance(60_000);
      ids.push(
        (await c.api(c.teacher).post(url(c.course.id), { title, content: `${title}的内容` })).json().data.id,
      );
    }
    await c.api(c.a).patch('/api/qmn/noticeMemberStatus', { noticeIds: [ids[0]] });
    const first = (await c.api(c.teacher).get(`${url(c.course.id)}?pageNumber=1&pageSize=2`)).json().data;
    expect(first.total).toBe(3);
    expect(first.rows.map((r: { title: string }) => r.title)).toEqual(['三', '二']);
    const last = (await c.api(c.teacher).get(`${url(c.course.id)}?pageNumber=2&pageSize=2`)).json().data;
    expect(last.rows).toEqual([
      expect.objectContaining({ id: ids[0], title: '一', recipientCount: 2, readCount: 1 }),
    ]);
    const none = (await c.api(c.teacher).get(url(c.empty.id))).json().data;
    expect(none).toEqual({ rows: [], total: 0 });
  });

  it('title and content are required and bounded, with Chinese messages; nothing is sent then', async () => {
    const c = await classroom();
    const cases: [Record<string, unknown>, string][] = [
      [{ content: '内容' }, NOTICES_MSG.titleRequired],
      [{ title: '   ', content: '内容' }, NOTICES_MSG.titleRequired],
      [{ title: '标题' }, NOTICES_MSG.contentRequired],
      [{ title: '标题', content: ' \n ' }, NOTICES_MSG.contentRequired],
      [{ title: 'x'.repeat(NOTICE_TITLE_MAX + 1), content: '内容' }, NOTICES_MSG.titleTooLong],
      [{ title: '标题', content: 'x'.repeat(NOTICE_CONTENT_MAX + 1) }, NOTICES_MSG.contentTooLong],
    ];
    for (const [body, message] of cases) {
      const res = await c.api(c.teacher).post(url(c.course.id), body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 40)).toBe(400);
      expect(res.json().message).toBe(message);
    }
    const edge = await c.api(c.teacher).post(url(c.course.id), {
      title: 'x'.repeat(NOTICE_TITLE_MAX),
      content: 'y'.repeat(NOTICE_CONTENT_MAX),
    });
    expect(edge.statusCode).toBe(200);
    expect((await c.api(c.a).get('/api/qmn/notices')).json().data.total).toBe(1);
  });

  it('a course without students: 400 with the reason, nothing stored', async () => {
    const c = await classroom();
    const res = await c.api(c.teacher).post(url(c.empty.id), { title: '通知', content: '内容' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(NOTICES_MSG.courseHasNoStudents);
    expect((await c.api(c.teacher).get(url(c.empty.id))).json().data.total).toBe(0);
  });

  it('another teacher, a student of the course, or an unknown course: 404 课程不存在, nothing sent or shown', async () => {
    const c = await classroom();
    await c.api(c.teacher).post(url(c.course.id), { title: '已发布', content: '内容' });
    for (const who of [c.other, c.a, c.outsider]) {
      const publish = await c.api(who).post(url(c.course.id), { title: '冒充', content: '内容' });
      expect(publish.statusCode).toBe(404);
      expect(publish.json()).toEqual(
        expect.objectContaining({ success: false, message: '课程不存在', data: null }),
      );
      const list = await c.api(who).get(url(c.course.id));
      expect(list.statusCode).toBe(404);
      expect(JSON.stringify(list.json())).not.toContain('已发布');
    }
    expect(
      (await c.api(c.teacher).post(url(999_999_999), { title: '通知', content: '内容' })).statusCode,
    ).toBe(404);
    expect((await c.api(c.teacher).get(url('abc'))).statusCode).toBe(400);
    const seen = (await c.api(c.a).get('/api/qmn/notices')).json().data.rows;
    expect(seen.map((r: { title: string }) => r.title)).toEqual(['已发布']);
    expect((await c.api(c.teacher).get(url(c.course.id))).json().data.total).toBe(1);
  });

  it('401 without a valid token', async () => {
    const c = await classroom();
    for (const method of ['GET', 'POST'] as const) {
      const res = await t.app.inject({
        method,
        url: url(c.course.id),
        payload: { title: 't', content: 'c' },
      });
      expect(res.statusCode).toBe(401);
      expect((await asUser(t.app, 'bad').get(url(c.course.id))).statusCode).toBe(401);
    }
  });
});
