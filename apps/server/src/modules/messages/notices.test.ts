import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildUser, tokenFor } from '../../test/factories';
import { createCourse } from '../question-bank/question-bank.service';
import { markNoticesRead, publishCourseNotice } from './messages.service';

const DAY = 24 * 60 * 60_000;
const MARK_READ = '/api/qmn/noticeMemberStatus';

describe.each(testDrivers())('notices on %s', (driver) => {
  const t = useTestApp(driver);

  /** A teacher with a course, and two students with tokens. */
  const classroom = async () => {
    const teacher = await buildMember(t.db, { identityType: 'Teacher' });
    const { course } = await createCourse({ db: t.db, teacherId: teacher.user.id, name: '数据结构' });
    const student = async () => {
      const m = await buildMember(t.db);
      const { token } = await tokenFor(t.db, m.user.id);
      return { ...m, token, api: asUser(t.app, token) };
    };
    return { teacher, course, me: await student(), other: await student() };
  };

  const publish = (
    c: Awaited<ReturnType<typeof classroom>>,
    title: string,
    recipients: number[],
    at = Date.UTC(2026, 2, 1, 8),
    content = `${title}的内容`,
  ) =>
    publishCourseNotice({
      db: t.db,
      courseId: c.course.id,
      publisherId: c.teacher.user.id,
      title,
      content,
      recipientIds: recipients,
      now: new Date(at),
    });

  describe('GET /api/qmn/notices', () => {
    it("pages the caller's notices, newest first, with course, publisher and read state", async () => {
      const c = await classroom();
      const base = Date.UTC(2026, 2, 1, 8);
      const first = await publish(c, '第一条', [c.me.user.id], base);
      await publish(c, '第二条', [c.me.user.id, c.other.user.id], base + DAY);
      await publish(c, '别人的', [c.other.user.id], base + 2 * DAY);
      await publish(c, '第三条', [c.me.user.id], base + 3 * DAY);

      const res = await c.me.api.get('/api/qmn/notices?pageNumber=1&pageSize=2&genre=Course');
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data.total).toBe(3);
      expect(data.rows.map((r: { title: string }) => r.title)).toEqual(['第三条', '第二条']);
      expect(data.rows[0]).toEqual({
        id: expect.any(String),
        genre: 'Course',
        title: '第三条',
        content: '第三条的内容',
        publishAt: base + 3 * DAY,
        courseId: String(c.course.id),
        courseName: '数据结构',
        publisherName: c.teacher.user.name,
        read: false,
      });
      const last = (await c.me.api.get('/api/qmn/notices?pageNumber=2&pageSize=2')).json().data;
      expect(last.rows).toEqual([expect.objectContaining({ id: first.id, title: '第一条' })]);
    });

    it('each published notice is announced by a Course message that names it', async () => {
      const c = await classroom();
      const n = await publish(c, '期中考试安排', [c.me.user.id]);
      const rows = (await c.me.api.post('/api/qmn/c/messages')).json().data.rows;
      expect(rows).toEqual([
        expect.objectContaining({
          type: 'Course',
          body: '《数据结构》发布了课程通知：期中考试安排',
          noticeId: n.id,
          read: false,
          timestamp: Date.UTC(2026, 2, 1, 8),
        }),
      ]);
    });

    it('400 with a Chinese message for bad paging or genre; 401 without a token', async () => {
      const c = await classroom();
      for (const query of ['pageNumber=0', 'pageSize=101', 'pageSize=x', 'genre=System', 'genre=']) {
        for (const path of ['/api/qmn/notices', '/api/qmn/notices/smallBell']) {
          const res = await c.me.api.get(`${path}?${query}`);
          expect(res.statusCode, `${path}?${query}`).toBe(400);
          expect(res.json().success).toBe(false);
          expect(res.json().message, query).toMatch(/[\u4e00-\u9fa5]/);
        }
      }
      expect((await c.me.api.get('/api/qmn/notices?genre=System')).json().message).toBe('通知类型不正确');
      for (const url of [
        '/api/qmn/notices',
        '/api/qmn/notices/smallBell?genre=Course',
        '/api/qmn/notices/1',
      ]) {
        expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(401);
        expect((await asUser(t.app, 'not-a-token').get(url)).statusCode, url).toBe(401);
      }
    });
  });

  describe('GET /api/qmn/notices/smallBell', () => {
    it('pages only the unread notices (Course unless given), newest first', async () => {
      const c = await classroom();
      const base = Date.UTC(2026, 2, 1, 8);
      const a = await publish(c, '一', [c.me.user.id], base);
      await publish(c, '二', [c.me.user.id], base + DAY);
      await publish(c, '三', [c.me.user.id], base + 2 * DAY);
      await markNoticesRead({ db: t.db, userId: c.me.user.id, noticeIds: [Number(a.id)] });

      const bell = (
        await c.me.api.get('/api/qmn/notices/smallBell?genre=Course&pageNumber=1&pageSize=1')
      ).json().data;
      expect(bell.total).toBe(2);
      expect(bell.rows.map((r: { title: string }) => r.title)).toEqual(['三']);
      const defaults = (await c.me.api.get('/api/qmn/notices/smallBell')).json().data;
      expect(defaults.rows.map((r: { title: string; read: boolean }) => [r.title, r.read])).toEqual([
        ['三', false],
        ['二', false],
      ]);
      expect((await c.other.api.get('/api/qmn/notices/smallBell')).json().data).toEqual({
        rows: [],
        total: 0,
      });
    });
  });

  describe('GET /api/qmn/notices/{id}', () => {
    it("answers the caller's notice; someone else's or an unknown id is 404 without its data", async () => {
      const c = await classroom();
      const mine = await publish(c, '我的通知', [c.me.user.id]);
      const theirs = await publish(c, '别人的通知', [c.other.user.id], Date.UTC(2026, 2, 1, 8), '机密内容');

      const ok = await c.me.api.get(`/api/qmn/notices/${mine.id}`);
      expect(ok.statusCode).toBe(200);
      expect(ok.json().data).toMatchObject({ id: mine.id, title: '我的通知', read: false });

      const other = await c.me.api.get(`/api/qmn/notices/${theirs.id}`);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toMatchObject({ success: false, message: '通知不存在', data: null });
      expect(other.body).not.toContain('机密内容');
      expect(other.body).not.toContain('别人的通知');
      const unknown = await c.me.api.get('/api/qmn/notices/999999999');
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe('通知不存在');

      // the teacher who published it is not an addressee either
      const { token } = await tokenFor(t.db, c.teacher.user.id);
      expect((await asUser(t.app, token).get(`/api/qmn/notices/${mine.id}`)).statusCode).toBe(404);
    });

    it('400 for a malformed id', async () => {
      const c = await classroom();
      for (const id of ['abc', '1%3B%20drop%20table%20notices', '1234567890123456']) {
        const res = await c.me.api.get(`/api/qmn/notices/${id}`);
        expect(res.statusCode, id).toBe(400);
        expect(res.json().message).toBe('通知编号不正确');
      }
    });
  });

  describe('PATCH /api/qmn/noticeMemberStatus { noticeIds }', () => {
    it('marks the opened notice read with its message, only for the caller', async () => {
      const c = await classroom();
      const shared = await publish(c, '共同的通知', [c.me.user.id, c.other.user.id]);
      await publish(c, '另一条', [c.me.user.id], Date.UTC(2026, 2, 2, 8));
      expect((await c.me.api.post('/api/qmn/c/counts')).json().data.byType.Course).toBe(2);

      const res = await c.me.api.patch(MARK_READ, { noticeIds: [shared.id] });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ updated: 1, noticesUpdated: 1 });
      expect((await c.me.api.patch(MARK_READ, { noticeIds: [shared.id] })).json().data).toEqual({
        updated: 0,
        noticesUpdated: 0,
      });

      expect((await c.me.api.get(`/api/qmn/notices/${shared.id}`)).json().data.read).toBe(true);
      expect((await c.me.api.get('/api/qmn/notices/smallBell')).json().data.rows).toEqual([
        expect.objectContaining({ title: '另一条' }),
      ]);
      expect((await c.me.api.post('/api/qmn/c/counts')).json().data.byType.Course).toBe(1);
      // the other addressee's copy is untouched
      expect((await c.other.api.get(`/api/qmn/notices/${shared.id}`)).json().data.read).toBe(false);
      expect((await c.other.api.post('/api/qmn/c/counts')).json().data.unread).toBe(1);
    });

    it("someone else's notice ids change nothing; all: true reads messages, not notices", async () => {
      const c = await classroom();
      const theirs = await publish(c, '别人的', [c.other.user.id]);
      const mine = await publish(c, '我的', [c.me.user.id]);
      expect((await c.me.api.patch(MARK_READ, { noticeIds: [theirs.id] })).json().data).toEqual({
        updated: 0,
        noticesUpdated: 0,
      });
      expect((await c.other.api.get('/api/qmn/notices/smallBell')).json().data.total).toBe(1);

      expect((await c.me.api.patch(MARK_READ, { all: true })).json().data).toEqual({
        updated: 1,
        noticesUpdated: 0,
      });
      expect((await c.me.api.get(`/api/qmn/notices/${mine.id}`)).json().data.read).toBe(false);
      const both = await c.me.api.patch(MARK_READ, { ids: ['999999999'], noticeIds: [mine.id] });
      expect(both.json().data).toEqual({ updated: 0, noticesUpdated: 1 });
    });

    it('400 for a malformed notice id or nothing picked', async () => {
      const c = await classroom();
      const bad = await c.me.api.patch(MARK_READ, { noticeIds: ['x'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('通知编号不正确');
      const none = await c.me.api.patch(MARK_READ, { noticeIds: [] });
      expect(none.statusCode).toBe(400);
      expect(none.json().message).toBe('请选择要标记已读的消息');
    });
  });

  describe('publishCourseNotice', () => {
    it('stores the text safely: trimmed, NUL and lone surrogates removed, markup kept as text', async () => {
      const c = await classroom();
      const n = await publish(
        c,
        '  <b>调课</b>\u0000通知 ',
        [c.me.user.id, c.me.user.id],
        Date.UTC(2026, 2, 1, 8),
        "第一行\n<script>alert('x')</script>\uD800'; drop table notices; --\n",
      );
      const got = (await c.me.api.get(`/api/qmn/notices/${n.id}`)).json().data;
      expect(got.title).toBe('<b>调课</b>通知');
      expect(got.content).toBe("第一行\n<script>alert('x')</script>'; drop table notices; --");
      expect((await c.me.api.get('/api/qmn/notices')).json().data.total).toBe(1);
    });

    it('refuses empty or over-long texts, no addressee, unknown users, and another teacher or course', async () => {
      const c = await classroom();
      const to = [c.me.user.id];
      await expect(publish(c, '  ', to)).rejects.toThrow('请输入通知标题');
      await expect(publish(c, 'x'.repeat(101), to)).rejects.toThrow('通知标题不能超过100个字符');
      await expect(publish(c, '标题', to, 0, ' \n ')).rejects.toThrow('请输入通知内容');
      await expect(publish(c, '标题', to, 0, 'x'.repeat(5001))).rejects.toThrow('通知内容不能超过5000个字符');
      await expect(publish(c, '标题', [])).rejects.toThrow('请选择通知对象');
      await expect(publish(c, '标题', [987654321])).rejects.toThrow('用户不存在');
      const stranger = await buildUser(t.db);
      await expect(
        publishCourseNotice({
          db: t.db,
          courseId: c.course.id,
          publisherId: stranger.id,
          title: '冒充',
          content: '内容',
          recipientIds: to,
        }),
      ).rejects.toThrow('课程不存在');
      await expect(
        publishCourseNotice({
          db: t.db,
          courseId: 987654321,
          publisherId: c.teacher.user.id,
          title: '标题',
          content: '内容',
          recipientIds: to,
        }),
      ).rejects.toThrow('课程不存在');
      expect((await c.me.api.get('/api/qmn/notices')).json().data.total).toBe(0);
      expect((await c.me.api.post('/api/qmn/c/counts')).json().data.unread).toBe(0);
    });
  });
});
