import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildUser, tokenFor } from '../../test/factories';
import { sendMessage } from './messages.service';

const DAY = 24 * 60 * 60_000;
const MARK_READ = '/api/qmn/noticeMemberStatus';

describe.each(testDrivers())('messages on %s', (driver) => {
  const t = useTestApp(driver);

  /** A signed-in student with a token and a few messages, the newest event last in `bodies`. */
  const memberWithMessages = async (bodies: string[], base = Date.UTC(2026, 2, 1, 8)) => {
    const m = await buildMember(t.db);
    const sent = [];
    for (const [i, body] of bodies.entries()) {
      sent.push(
        await sendMessage({
          db: t.db,
          userId: m.user.id,
          type: i % 2 === 0 ? 'System' : 'Course',
          body,
          timestamp: new Date(base + i * DAY),
        }),
      );
    }
    const { token } = await tokenFor(t.db, m.user.id);
    return { ...m, token, sent, api: asUser(t.app, token) };
  };

  describe('POST /api/qmn/c/messages', () => {
    it("pages the caller's own messages, newest event first, with the total", async () => {
      const me = await memberWithMessages(['一', '二', '三', '四', '五']);
      await memberWithMessages(['别人的消息']);

      const first = await me.api.post('/api/qmn/c/messages?pageNumber=1&pageSize=2');
      expect(first.statusCode).toBe(200);
      const data = first.json().data;
      expect(data.total).toBe(5);
      expect(data.rows.map((r: { body: string }) => r.body)).toEqual(['五', '四']);
      expect(data.rows[0]).toEqual({
        id: me.sent[4]?.id,
        type: 'System',
        body: '五',
        timestamp: Date.UTC(2026, 2, 5, 8),
        createAt: expect.any(Number),
        read: false,
        noticeId: null,
      });
      const last = (await me.api.post('/api/qmn/c/messages?pageNumber=3&pageSize=2')).json().data;
      expect(last.rows.map((r: { body: string }) => r.body)).toEqual(['一']);
      const beyond = (await me.api.post('/api/qmn/c/messages?pageNumber=9&pageSize=2')).json().data;
      expect(beyond).toEqual({ rows: [], total: 5 });
      // defaults: page 1 of 10
      const all = (await me.api.post('/api/qmn/c/messages')).json().data;
      expect(all.rows).toHaveLength(5);
      expect(all.rows.some((r: { body: string }) => r.body === '别人的消息')).toBe(false);
    });

    it('filters by kind', async () => {
      const me = await memberWithMessages(['系统1', '课程1', '系统2']);
      const course = (await me.api.post('/api/qmn/c/messages?type=Course')).json().data;
      expect(course).toMatchObject({ total: 1, rows: [{ body: '课程1', type: 'Course' }] });
    });

    it('a user with no messages (or no organisation) gets an empty page', async () => {
      const user = await buildUser(t.db);
      const { token } = await tokenFor(t.db, user.id);
      expect((await asUser(t.app, token).post('/api/qmn/c/messages')).json().data).toEqual({
        rows: [],
        total: 0,
      });
    });

    it('400 with a message for bad paging or kind', async () => {
      const me = await memberWithMessages(['一']);
      for (const query of ['pageNumber=0', 'pageSize=0', 'pageSize=101', 'pageNumber=abc', 'type=Other']) {
        const res = await me.api.post(`/api/qmn/c/messages?${query}`);
        expect(res.statusCode, query).toBe(400);
        expect(res.json().success).toBe(false);
        expect(res.json().message, query).toMatch(/[\u4e00-\u9fa5]/);
      }
    });

    it('401 without a token or with an unknown one', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/qmn/c/messages' })).statusCode).toBe(401);
      expect((await asUser(t.app, 'not-a-token').post('/api/qmn/c/messages')).statusCode).toBe(401);
    });
  });

  describe('POST /api/qmn/c/counts', () => {
    it("counts the caller's unread messages, in all and per kind", async () => {
      const me = await memberWithMessages(['一', '二', '三']);
      await memberWithMessages(['别人的一', '别人的二']);
      const res = await me.api.post('/api/qmn/c/counts');
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({
        unread: 3,
        byType: { System: 2, Course: 1, Internship: 0, Recruitment: 0 },
      });
    });

    it('401 without a token', async () => {
      expect((await t.app.inject({ method: 'POST', url: '/api/qmn/c/counts' })).statusCode).toBe(401);
    });
  });

  describe('PATCH /api/qmn/noticeMemberStatus', () => {
    it('marks the listed messages read, and the count follows', async () => {
      const me = await memberWithMessages(['一', '二', '三']);
      const ids = [me.sent[0]?.id, me.sent[2]?.id];
      const res = await me.api.patch(MARK_READ, { ids });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ updated: 2, noticesUpdated: 0 });
      // marking again changes nothing
      expect((await me.api.patch(MARK_READ, { ids })).json().data).toEqual({ updated: 0, noticesUpdated: 0 });
      expect((await me.api.post('/api/qmn/c/counts')).json().data.unread).toBe(1);
      const rows = (await me.api.post('/api/qmn/c/messages')).json().data.rows as {
        body: string;
        read: boolean;
      }[];
      expect(rows.map((r) => [r.body, r.read])).toEqual([
        ['三', true],
        ['二', false],
        ['一', true],
      ]);
    });

    it('all: true marks every message of the caller read, and only theirs', async () => {
      const me = await memberWithMessages(['一', '二']);
      const other = await memberWithMessages(['别人的一']);
      expect((await me.api.patch(MARK_READ, { all: true })).json().data).toEqual({
        updated: 2,
        noticesUpdated: 0,
      });
      expect((await me.api.post('/api/qmn/c/counts')).json().data.unread).toBe(0);
      expect((await other.api.post('/api/qmn/c/counts')).json().data.unread).toBe(1);
    });

    it("another user's message ids change nothing and reveal nothing", async () => {
      const me = await memberWithMessages(['我的']);
      const other = await memberWithMessages(['别人的一', '别人的二']);
      const res = await me.api.patch(MARK_READ, { ids: other.sent.map((m) => m.id) });
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual({ updated: 0, noticesUpdated: 0 });
      expect((await other.api.post('/api/qmn/c/counts')).json().data.unread).toBe(2);
      const unknown = await me.api.patch(MARK_READ, { ids: ['999999999'] });
      expect(unknown.json().data).toEqual({ updated: 0, noticesUpdated: 0 });
    });

    it('400 with the message when nothing is picked or an id is malformed; 401 without a token', async () => {
      const me = await memberWithMessages(['一']);
      for (const payload of [{}, { ids: [] }, { all: false }]) {
        const res = await me.api.patch(MARK_READ, payload);
        expect(res.statusCode, JSON.stringify(payload)).toBe(400);
        expect(res.json().message).toBe('请选择要标记已读的消息');
      }
      const bad = await me.api.patch(MARK_READ, { ids: ['1; drop table messages'] });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toBe('消息编号不正确');
      const noToken = await t.app.inject({
        method: 'PATCH',
        url: MARK_READ,
        payload: { all: true },
      });
      expect(noToken.statusCode).toBe(401);
      expect((await me.api.post('/api/qmn/c/counts')).json().data.unread).toBe(1);
    });
  });

  describe('sending', () => {
    it('refuses empty, over-long and unknown-kind messages, and unknown users', async () => {
      const user = await buildUser(t.db);
      await expect(sendMessage({ db: t.db, userId: user.id, type: 'System', body: '  ' })).rejects.toThrow(
        '消息内容不能为空',
      );
      await expect(
        sendMessage({ db: t.db, userId: user.id, type: 'System', body: 'x'.repeat(2001) }),
      ).rejects.toThrow('消息内容不能超过2000个字符');
      await expect(
        sendMessage({ db: t.db, userId: user.id, type: 'Other' as 'System', body: '内容' }),
      ).rejects.toThrow('消息类型不正确');
      await expect(
        sendMessage({ db: t.db, userId: 987654321, type: 'System', body: '内容' }),
      ).rejects.toThrow('用户不存在');
    });
  });
});
