import {
  ASSISTANT_LIMITS,
  ASSISTANT_MSG,
  type AssistantContext,
  type Conversation,
  MSG,
} from '@uplus/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../e2e/fixtures/scripted-llm';
import { buildApp } from '../../app';
import type { LlmConfig } from '../../config/config';
import { AI_NOT_CONFIGURED } from '../../llm/client';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { scriptedLlmConfig } from '../../test/llm';
import { chinaDay, titleOf } from './assistants.service';
import {
  A,
  assistantCourse,
  clientOf,
  memberWith,
  parseEvents,
  secondInstance,
} from './assistants.test-support';

describe('titles and days', () => {
  it('titles a conversation with its question on one line, at most 40 characters', () => {
    expect(titleOf('  栈和队列\n有什么区别？ ')).toBe('栈和队列 有什么区别？');
    expect(titleOf('问'.repeat(50))).toBe('问'.repeat(40));
  });
  it('counts days in China time', () => {
    expect(chinaDay(new Date('2026-03-01T15:59:59Z'))).toBe('2026-03-01');
    expect(chinaDay(new Date('2026-03-01T16:00:00Z'))).toBe('2026-03-02');
  });
});

describe.each(testDrivers())('assistants: context, conversations, usage and consent on %s', (driver) => {
  let llm: ScriptedLlm;
  const llmConfig: LlmConfig = scriptedLlmConfig('http://127.0.0.1:1/v1');
  beforeAll(async () => {
    llm = await startScriptedLlm();
    llmConfig.baseUrl = llm.baseUrl;
  });
  afterAll(async () => {
    await llm?.close();
  });
  const t = useTestApp(driver, { config: { llm: llmConfig } });
  let w: Awaited<ReturnType<typeof assistantCourse>>;
  beforeAll(async () => {
    w = await assistantCourse(t.db);
  });
  beforeEach(() => {
    llm.setScript([{ reply: '栈是后进先出的线性表。' }]);
    llm.clearRequests();
  });

  const as = (m: { token: string }) => clientOf(t.app, m.token);
  const contextOf = async (m: { token: string }, query: string) => {
    const res = await as(m).get(`${A}/context?${query}`);
    return { status: res.statusCode, body: res.json() as { message: string; data: AssistantContext } };
  };
  /** Asks a question (the stream read to its end); returns the stream's events. */
  const ask = async (m: { token: string }, body: Record<string, unknown>) => {
    const res = await as(m).post(`${A}/chat`, body);
    expect(res.statusCode, res.body).toBe(200);
    return parseEvents(res.body);
  };
  const courseQa = () => ({ scene: 'CourseQA', courseId: w.course.id, chatType: 'studentQa' });

  describe('context', () => {
    it('a student of the course in a course scene', async () => {
      const { status, body } = await contextOf(w.student, `scene=CourseQA&courseId=${w.course.id}`);
      expect(status).toBe(200);
      expect(body.data).toEqual({
        scene: 'CourseQA',
        courseId: w.course.id,
        contentId: null,
        courseName: '数据结构',
        hasAiPerm: true,
        hasAiJudgePerm: false,
        hasTeachingAnalysisPerm: false,
        isStudent: true,
        isTeacher: false,
        hasKnowledge: false,
        remaining: ASSISTANT_LIMITS.userDaily,
      });
      for (const scene of ['ExerciseAnswer', 'HomeworkAnswer']) {
        expect((await contextOf(w.student, `scene=${scene}&courseId=${w.course.id}`)).status).toBe(200);
      }
    });

    it('the course’s teacher in the teaching assistant, with the organisation’s teacher permissions', async () => {
      const { status, body } = await contextOf(w.teacher, `scene=TeacherQA&courseId=${w.course.id}`);
      expect(status).toBe(200);
      expect(body.data).toMatchObject({
        courseName: '数据结构',
        hasAiPerm: true,
        hasAiJudgePerm: true,
        hasTeachingAnalysisPerm: true,
        isStudent: false,
        isTeacher: true,
      });
      const plain = await contextOf(w.plainTeacher, `scene=TeacherQA&courseId=${w.plainCourse.id}`);
      expect(plain.body.data).toMatchObject({
        hasAiJudgePerm: false,
        hasTeachingAnalysisPerm: false,
        isTeacher: true,
      });
    });

    it('qabot 1 is not enabled; roles and membership are checked', async () => {
      const cases: [{ token: string }, string, number, string][] = [
        [w.locked, `scene=CourseQA&courseId=${w.course.id}`, 403, ASSISTANT_MSG.notEnabled],
        [w.outsider, `scene=CourseQA&courseId=${w.course.id}`, 403, ASSISTANT_MSG.notCourseMember],
        [w.otherTeacher, `scene=TeacherQA&courseId=${w.course.id}`, 403, ASSISTANT_MSG.notCourseMember],
        [w.student, `scene=CourseQA&courseId=${w.otherCourse.id}`, 403, ASSISTANT_MSG.notCourseMember],
        [w.teacher, `scene=CourseQA&courseId=${w.course.id}`, 403, MSG.noPermission],
        [w.student, `scene=TeacherQA&courseId=${w.course.id}`, 403, MSG.noPermission],
        [w.student, 'scene=CourseQA', 400, ASSISTANT_MSG.courseRequired],
        [w.teacher, 'scene=TeacherQA', 400, ASSISTANT_MSG.courseRequired],
        [w.student, 'scene=DoExperiment', 400, ASSISTANT_MSG.contentRequired],
        [w.student, 'scene=PreviewCourseware&contentId=987654321', 404, ASSISTANT_MSG.contentNotFound],
        [w.student, 'scene=Nope', 400, '场景不正确'],
        [w.student, 'scene=CourseQA&courseId=abc', 400, '课程ID格式不正确'],
        [w.student, 'scene=DoPractice&contentId=-1', 400, '内容ID格式不正确'],
      ];
      for (const [who, query, status, message] of cases) {
        const res = await contextOf(who, query);
        expect([query, res.status, res.body.message]).toEqual([query, status, message]);
      }
      expect((await t.app.inject({ method: 'GET', url: `${A}/context?scene=CourseQA` })).statusCode).toBe(
        401,
      );
    });

    it('the career mentor: students of an organisation with qabot only (暂无权限 otherwise)', async () => {
      const { status, body } = await contextOf(w.student, 'scene=CareerMentorQA');
      expect(status).toBe(200);
      expect(body.data).toMatchObject({ courseId: null, courseName: null, isStudent: true, hasAiPerm: true });
      const business = await memberWith(t.db, 'Business', { qabot: 2 });
      for (const who of [w.teacher, w.locked, business]) {
        expect(await contextOf(who, 'scene=CareerMentorQA')).toMatchObject({
          status: 403,
          body: { message: MSG.noPermission },
        });
      }
    });
  });

  describe('asking: validation and permissions before the stream', () => {
    it('every validation message', async () => {
      const cases: [Record<string, unknown>, string][] = [
        [{ ...courseQa(), query: '' }, ASSISTANT_MSG.queryRequired],
        [{ ...courseQa(), query: '   ' }, ASSISTANT_MSG.queryRequired],
        [{ ...courseQa() }, ASSISTANT_MSG.queryRequired],
        [{ ...courseQa(), query: '问'.repeat(4001) }, ASSISTANT_MSG.queryTooLong],
        [{ ...courseQa(), query: '问', fileIds: [1, 2, 3, 4] }, ASSISTANT_MSG.tooManyFiles],
        [{ ...courseQa(), query: '问', scene: 'Nope' }, '场景不正确'],
        [{ ...courseQa(), query: '问', chatType: 'nope' }, '对话类型不正确'],
        [{ ...courseQa(), query: '问', teacherTask: 'nope' }, '教学助手功能不正确'],
        [{ ...courseQa(), query: '问', courseId: undefined }, ASSISTANT_MSG.courseRequired],
        [{ scene: 'DoExperiment', chatType: 'studentQa', query: '问' }, ASSISTANT_MSG.contentRequired],
      ];
      for (const [body, message] of cases) {
        const res = await as(w.student).post(`${A}/chat`, body);
        expect([res.statusCode, res.json().message]).toEqual([400, message]);
      }
      expect(llm.requests).toHaveLength(0);
    });

    it('chat types follow the scene’s audience; teacher tasks their entry and permission', async () => {
      const teacherQa = { scene: 'TeacherQA', courseId: w.course.id, query: '问' };
      const cases: [{ token: string }, Record<string, unknown>, string][] = [
        [w.student, { ...courseQa(), query: '问', chatType: 'teacherQa' }, ASSISTANT_MSG.chatTypeNotAllowed],
        [
          w.student,
          { ...courseQa(), query: '问', chatType: 'aiCareerMentor' },
          ASSISTANT_MSG.chatTypeNotAllowed,
        ],
        [
          w.student,
          { ...courseQa(), query: '问', teacherTask: 'teachingPlan' },
          ASSISTANT_MSG.chatTypeNotAllowed,
        ],
        [w.teacher, { ...teacherQa, chatType: 'studentQa' }, ASSISTANT_MSG.chatTypeNotAllowed],
        [
          w.teacher,
          { ...teacherQa, chatType: 'teacherQa', teacherTask: 'expRecommend' },
          ASSISTANT_MSG.chatTypeNotAllowed,
        ],
        [
          w.plainTeacher,
          { ...teacherQa, courseId: w.plainCourse.id, chatType: 'teacherQa', teacherTask: 'courseAnalysis' },
          ASSISTANT_MSG.teachingAnalysisRequired,
        ],
        [
          w.student,
          { scene: 'CareerMentorQA', chatType: 'studentQa', query: '问' },
          ASSISTANT_MSG.chatTypeNotAllowed,
        ],
        [w.locked, { ...courseQa(), query: '问' }, ASSISTANT_MSG.notEnabled],
        [w.outsider, { ...courseQa(), query: '问' }, ASSISTANT_MSG.notCourseMember],
        [w.teacher, { ...courseQa(), query: '问' }, MSG.noPermission],
      ];
      for (const [who, body, message] of cases) {
        const res = await as(who).post(`${A}/chat`, body);
        expect([res.statusCode, res.json().message]).toEqual([403, message]);
      }
      expect(llm.requests).toHaveLength(0);
    });

    it('503 AI服务未配置 without a model', async () => {
      const bare = await buildApp(testConfig(), { database: t.database });
      try {
        await bare.ready();
        const res = await clientOf(bare, w.student.token).post(`${A}/chat`, { ...courseQa(), query: '问' });
        expect(res.statusCode).toBe(503);
        expect(res.json().message).toBe(AI_NOT_CONFIGURED);
      } finally {
        await bare.close();
      }
    });
  });

  describe('conversations', () => {
    it('are listed newest first (own only), renamed and deleted; someone else’s id is 404', async () => {
      const first = await ask(w.classmate, { ...courseQa(), query: '第一个问题：什么是栈？' });
      const second = await ask(w.classmate, { ...courseQa(), query: '第二个问题' });
      await ask(w.student, { ...courseQa(), query: '别人的问题' });
      const meta = (events: typeof first) => events[0] as Extract<(typeof first)[number], { event: 'meta' }>;
      expect(meta(first).title).toBe('第一个问题：什么是栈？');

      const list = await as(w.classmate).get(`${A}/conversations?scene=CourseQA&courseId=${w.course.id}`);
      expect(list.statusCode).toBe(200);
      const rows = list.json().data.rows as Conversation[];
      expect(list.json().data.total).toBe(2);
      expect(rows.map((r) => r.id)).toEqual([meta(second).conversationId, meta(first).conversationId]);
      expect(rows[0]).toMatchObject({
        scene: 'CourseQA',
        courseId: w.course.id,
        contentId: null,
        answering: false,
      });
      const paged = await as(w.classmate).get(
        `${A}/conversations?scene=CourseQA&courseId=${w.course.id}&pageNumber=2&pageSize=1`,
      );
      expect(paged.json().data.rows.map((r: Conversation) => r.id)).toEqual([meta(first).conversationId]);
      // another scene or course lists none of them
      expect(
        (await as(w.classmate).get(`${A}/conversations?scene=HomeworkAnswer&courseId=${w.course.id}`)).json()
          .data.total,
      ).toBe(0);

      const id = meta(first).conversationId;
      const renamed = await as(w.classmate).patch(`${A}/conversations/${id}`, { title: ' 栈的复习 ' });
      expect(renamed.json().data).toMatchObject({ id, title: '栈的复习' });
      for (const [title, message] of [
        ['', ASSISTANT_MSG.titleRequired],
        ['  ', ASSISTANT_MSG.titleRequired],
        [undefined, ASSISTANT_MSG.titleRequired],
        ['名'.repeat(41), ASSISTANT_MSG.titleTooLong],
      ] as const) {
        const res = await as(w.classmate).patch(`${A}/conversations/${id}`, { title });
        expect([res.statusCode, res.json().message]).toEqual([400, message]);
      }
      expect((await as(w.classmate).get(`${A}/conversations/abc/messages`)).json().message).toBe(
        ASSISTANT_MSG.conversationNotFound,
      );

      const messages = await as(w.classmate).get(`${A}/conversations/${id}/messages`);
      expect(
        messages.json().data.rows.map((m: { role: string; status: string }) => [m.role, m.status]),
      ).toEqual([
        ['user', 'Done'],
        ['assistant', 'Done'],
      ]);

      // someone else's conversation: 404 for every call, and nothing changes
      for (const res of [
        await as(w.student).patch(`${A}/conversations/${id}`, { title: '偷改' }),
        await as(w.student).delete(`${A}/conversations/${id}`),
        await as(w.student).get(`${A}/conversations/${id}/messages`),
        await as(w.student).post(`${A}/chat`, { ...courseQa(), query: '接着问', conversationId: id }),
        await as(w.teacher).get(`${A}/conversations/${id}/messages`),
      ]) {
        expect([res.statusCode, res.json().message]).toEqual([404, ASSISTANT_MSG.conversationNotFound]);
      }
      const answerId = meta(first).messageId;
      for (const res of [
        await as(w.student).post(`${A}/messages/${answerId}/stop`),
        await as(w.student).get(`${A}/messages/${answerId}/stream`),
        await as(w.classmate).get(`${A}/messages/${meta(first).userMessageId}/stream`),
      ]) {
        expect([res.statusCode, res.json().message]).toEqual([404, ASSISTANT_MSG.messageNotFound]);
      }
      // a teacher may not list a student's conversations unless the school allows it
      const peek = await as(w.teacher).get(
        `${A}/conversations?scene=CourseQA&courseId=${w.course.id}&userId=${w.classmate.user.id}`,
      );
      expect([peek.statusCode, peek.json().message]).toEqual([403, MSG.noPermission]);

      expect((await as(w.classmate).delete(`${A}/conversations/${id}`)).statusCode).toBe(200);
      expect((await as(w.classmate).get(`${A}/conversations/${id}/messages`)).statusCode).toBe(404);
      expect(
        (await as(w.classmate).get(`${A}/conversations?scene=CourseQA&courseId=${w.course.id}`)).json().data
          .total,
      ).toBe(1);
    });

    it('a question continues its conversation (with the history) only in the same scene', async () => {
      llm.setScript([{ reply: '第一次回答' }, { reply: '第二次回答' }]);
      const first = await ask(w.student, { ...courseQa(), query: '先问一个' });
      const { conversationId } = first[0] as { conversationId: number };
      llm.setScript([{ reply: '第二次回答' }]);
      const second = await ask(w.student, { ...courseQa(), query: '再问一个', conversationId });
      expect(second[0]).toMatchObject({ event: 'meta', conversationId });
      const sent = JSON.stringify(llm.requests.at(-1)?.body.messages);
      expect(sent).toContain('先问一个');
      expect(sent).toContain('第一次回答');
      expect(sent).toContain('再问一个');
      const mismatch = await as(w.student).post(`${A}/chat`, {
        scene: 'HomeworkAnswer',
        courseId: w.course.id,
        chatType: 'studentQa',
        query: '换个场景',
        conversationId,
      });
      expect([mismatch.statusCode, mismatch.json().message]).toEqual([400, ASSISTANT_MSG.sceneMismatch]);
    });

    it('with the school’s policy on, the course’s teacher reads a student’s conversations (not another teacher)', async () => {
      const other = await secondInstance(t, {
        llm: llmConfig,
        assistant: { userDaily: 100, courseDaily: 2000, teacherReadsConversations: true },
      });
      try {
        const events = await ask(w.classmate, { ...courseQa(), query: '老师能看到吗' });
        const { conversationId } = events[0] as { conversationId: number };
        const url = `${A}/conversations?scene=CourseQA&courseId=${w.course.id}&userId=${w.classmate.user.id}`;
        const list = await clientOf(other.app, w.teacher.token).get(url);
        expect(list.statusCode).toBe(200);
        expect(list.json().data.rows.map((r: Conversation) => r.id)).toContain(conversationId);
        const messages = await clientOf(other.app, w.teacher.token).get(
          `${A}/conversations/${conversationId}/messages`,
        );
        expect(messages.json().data.rows[0]).toMatchObject({ role: 'user', content: '老师能看到吗' });
        // read only: no renaming, and not for a teacher of another course
        expect(
          (
            await clientOf(other.app, w.teacher.token).patch(`${A}/conversations/${conversationId}`, {
              title: 'x',
            })
          ).statusCode,
        ).toBe(404);
        expect((await clientOf(other.app, w.otherTeacher.token).get(url)).statusCode).toBe(403);
        expect(
          (
            await clientOf(other.app, w.otherTeacher.token).get(
              `${A}/conversations/${conversationId}/messages`,
            )
          ).statusCode,
        ).toBe(404);
        const usage = await clientOf(other.app, w.teacher.token).get(`${A}/${w.course.id}/usage`);
        expect(usage.json().data.conversationsVisible).toBe(true);
      } finally {
        await other.close();
      }
    });
  });

  describe('usage figures', () => {
    it('the course’s teacher sees the students’ questions per day, in total, per chat type; others 403', async () => {
      const fresh = await assistantCourse(t.db);
      const q = { scene: 'CourseQA', courseId: fresh.course.id };
      await ask(fresh.student, { ...q, chatType: 'studentQa', query: '一' });
      await ask(fresh.student, { ...q, chatType: 'knowledgeQa', query: '二' });
      await ask(fresh.classmate, { ...q, chatType: 'knowledgeQa', query: '三' });
      // the teacher's own questions are not the students' use
      await ask(fresh.teacher, {
        scene: 'TeacherQA',
        courseId: fresh.course.id,
        chatType: 'teacherQa',
        query: '四',
      });

      const res = await as(fresh.teacher).get(`${A}/${fresh.course.id}/usage?days=7`);
      expect(res.statusCode).toBe(200);
      const usage = res.json().data;
      expect(usage.days).toHaveLength(7);
      expect(usage.days.at(-1)).toEqual({ day: chinaDay(new Date()), questions: 3, users: 2 });
      expect(usage.days.slice(0, 6).every((d: { questions: number }) => d.questions === 0)).toBe(true);
      expect(usage).toMatchObject({
        courseId: fresh.course.id,
        totalQuestions: 3,
        activeStudents: 2,
        byChatType: [
          { chatType: 'knowledgeQa', questions: 2 },
          { chatType: 'studentQa', questions: 1 },
        ],
        conversationsVisible: false,
      });
      expect((await as(fresh.teacher).get(`${A}/${fresh.course.id}/usage`)).json().data.days).toHaveLength(
        14,
      );
      for (const who of [fresh.student, fresh.otherTeacher]) {
        const denied = await as(who).get(`${A}/${fresh.course.id}/usage`);
        expect([denied.statusCode, denied.json().message]).toEqual([403, MSG.noPermission]);
      }
      expect((await as(fresh.teacher).get(`${A}/${fresh.course.id}/usage?days=0`)).statusCode).toBe(400);
      expect((await as(fresh.teacher).get(`${A}/abc/usage`)).json().message).toBe('课程ID格式不正确');
    });
  });

  describe('career mentor consent', () => {
    it('a student gives and takes back consent; others 403', async () => {
      const me = await memberWith(t.db, 'Student', { qabot: 2 });
      expect((await as(me).get(`${A}/mentor/consent`)).json().data).toEqual({ granted: false });
      expect((await as(me).put(`${A}/mentor/consent`, { granted: true })).json().data).toEqual({
        granted: true,
      });
      expect((await as(me).get(`${A}/mentor/consent`)).json().data).toEqual({ granted: true });
      expect((await as(me).put(`${A}/mentor/consent`, { granted: false })).json().data).toEqual({
        granted: false,
      });
      expect((await as(me).get(`${A}/mentor/consent`)).json().data).toEqual({ granted: false });
      expect((await as(me).put(`${A}/mentor/consent`, {})).statusCode).toBe(400);
      for (const res of [
        await as(w.teacher).get(`${A}/mentor/consent`),
        await as(w.teacher).put(`${A}/mentor/consent`, { granted: true }),
      ]) {
        expect([res.statusCode, res.json().message]).toEqual([403, MSG.noPermission]);
      }
    });

    it('the mentor answers students without a course', async () => {
      const events = await ask(w.student, {
        scene: 'CareerMentorQA',
        chatType: 'aiCareerMentor',
        query: '我适合做什么工作？',
      });
      expect(events.at(-1)).toMatchObject({ event: 'done', status: 'Done' });
      const list = await as(w.student).get(`${A}/conversations?scene=CareerMentorQA`);
      expect(list.json().data.rows[0]).toMatchObject({
        scene: 'CareerMentorQA',
        courseId: null,
        title: '我适合做什么工作？',
      });
    });
  });
});
