import { ASSISTANT_MSG, type AssistantMessage, type ChatEvent } from '@uplus/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../e2e/fixtures/scripted-llm';
import type { LlmConfig } from '../../config/config';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { scriptedLlmConfig } from '../../test/llm';
import {
  A,
  assistantCourse,
  clientOf,
  listenOn,
  openStream,
  parseEvents,
  secondInstance,
  sleep,
  textOf,
} from './assistants.test-support';
import { STALE_MS } from './chat-runner';
import { checkDiagram } from './prompts/diagram';

type Meta = Extract<ChatEvent, { event: 'meta' }>;
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe.each(testDrivers())('assistants: the chat stream and its answers on %s', (driver) => {
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
  let baseUrl = '';
  beforeAll(async () => {
    w = await assistantCourse(t.db);
    baseUrl = await listenOn(t.app);
  });
  beforeEach(() => {
    llm.setScript([]);
    llm.clearRequests();
  });

  const as = (m: { token: string }) => clientOf(t.app, m.token);
  const courseQa = (query: string, extra: Record<string, unknown> = {}) => ({
    scene: 'CourseQA',
    courseId: w.course.id,
    chatType: 'studentQa',
    query,
    ...extra,
  });
  const messagesOf = async (m: { token: string }, conversationId: number) =>
    (await as(m).get(`${A}/conversations/${conversationId}/messages`)).json().data.rows as AssistantMessage[];
  /** Waits until the answer has ended (read through the messages list). */
  const finished = async (m: { token: string }, conversationId: number, timeoutMs = 10_000) => {
    const until = Date.now() + timeoutMs;
    for (;;) {
      const answer = (await messagesOf(m, conversationId)).at(-1) as AssistantMessage;
      if (answer.status !== 'Streaming' || Date.now() > until) return answer;
      await sleep(50);
    }
  };
  const LONG = '队列是一种先进先出的线性表，'.repeat(40);

  it('streams meta, citations, message deltas and done; the answer and question are saved', async () => {
    const answer = '栈是一种后进先出（LIFO）的线性表，只能在栈顶插入和删除。';
    llm.setScript([{ reply: answer, chunkSize: 4 }]);
    const started = Date.now();
    const stream = await openStream(baseUrl, w.student.token, `${A}/chat`, {
      body: courseQa('什么是栈？', { knowledge: true }),
    });
    expect(stream.res.status).toBe(200);
    expect(stream.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    const events: ChatEvent[] = [];
    for (let e = await stream.next(); e; e = await stream.next()) {
      if (e.event === 'message' && !events.some((x) => x.event === 'message')) {
        // what our server adds before the first text reaches the client stays small
        expect(Date.now() - started).toBeLessThan(2000);
      }
      events.push(e);
    }
    const kinds = events.map((e) => e.event);
    expect(kinds[0]).toBe('meta');
    expect(kinds[1]).toBe('citations');
    expect(kinds.at(-1)).toBe('done');
    expect(new Set(kinds.slice(2, -1))).toEqual(new Set(['message']));
    expect(kinds.length).toBeGreaterThan(5);
    const meta = events[0] as Meta;
    expect(meta).toMatchObject({ title: '什么是栈？', taskId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
    expect(events[1]).toEqual({ event: 'citations', citations: [] });
    expect(textOf(events)).toBe(answer);
    const messages = events.filter((e) => e.event === 'message');
    expect(messages.at(-1)).toMatchObject({ offset: answer.length });
    expect(events.at(-1)).toEqual({ event: 'done', status: 'Done', diagram: null, error: null });

    const rows = await messagesOf(w.student, meta.conversationId);
    expect(rows).toMatchObject([
      { id: meta.userMessageId, role: 'user', content: '什么是栈？', status: 'Done', chatType: 'studentQa' },
      { id: meta.messageId, role: 'assistant', content: answer, status: 'Done', error: null, citations: [] },
    ]);
    const [row] = rowsOf<{ hasFirst: boolean; hasEnd: boolean }>(
      await t.db.execute(
        sql`select first_token_at is not null as "hasFirst", finished_at is not null as "hasEnd" from assistant_messages where id = ${meta.messageId}`,
      ),
    );
    expect(row).toEqual({ hasFirst: true, hasEnd: true });
    // the question went to the assistant's model with the history-free prompt
    expect(JSON.stringify(llm.requests[0]?.body.messages)).toContain('什么是栈？');
    // no citations event without the knowledge base
    llm.setScript([{ reply: '好的' }]);
    const plain = parseEvents((await as(w.student).post(`${A}/chat`, courseQa('没有知识库'))).body);
    expect(plain.map((e) => e.event)).toEqual(['meta', 'message', 'done']);
    // the knowledge base toggle is not offered in homework scenes: no citations there either
    llm.setScript([{ reply: '先想想题目在问什么' }]);
    const homework = parseEvents(
      (
        await as(w.student).post(`${A}/chat`, {
          ...courseQa('这道题怎么做', { knowledge: true }),
          scene: 'HomeworkAnswer',
        })
      ).body,
    );
    expect(homework.map((e) => e.event)).not.toContain('citations');
    expect(homework.at(-1)).toMatchObject({ event: 'done', status: 'Done' });
  });

  it('the answer goes on when the client goes away mid-stream', async () => {
    llm.setScript([{ reply: LONG, chunkSize: 10, delayMs: 15 }]);
    const stream = await openStream(baseUrl, w.student.token, `${A}/chat`, { body: courseQa('讲讲队列') });
    const meta = (await stream.next()) as Meta;
    expect((await stream.next())?.event).toBe('message');
    stream.abort();
    const conversation = (
      await as(w.student).get(`${A}/conversations?scene=CourseQA&courseId=${w.course.id}`)
    )
      .json()
      .data.rows.find((c: { id: number }) => c.id === meta.conversationId);
    expect(conversation.answering).toBe(true);
    await llm.requests[0]?.done;
    expect(llm.requests[0]?.closedEarly).toBe(false);
    const answer = await finished(w.student, meta.conversationId);
    expect(answer).toMatchObject({ id: meta.messageId, status: 'Done', content: LONG });
  });

  it('rejoins from an offset on this instance and on another: exactly the rest, then done', async () => {
    const other = await secondInstance(t, { llm: llmConfig });
    try {
      const otherUrl = await listenOn(other.app);
      llm.setScript([{ reply: LONG, chunkSize: 10, delayMs: 15 }]);
      const stream = await openStream(baseUrl, w.student.token, `${A}/chat`, {
        body: courseQa('再讲讲队列'),
      });
      const meta = (await stream.next()) as Meta;
      const seen: ChatEvent[] = [];
      while (textOf(seen).length < 30) seen.push((await stream.next()) as ChatEvent);
      const offset = textOf(seen).length;
      const here = await openStream(
        baseUrl,
        w.student.token,
        `${A}/messages/${meta.messageId}/stream?offset=${offset}`,
        {
          method: 'GET',
        },
      );
      const there = await openStream(
        otherUrl,
        w.student.token,
        `${A}/messages/${meta.messageId}/stream?offset=${offset}`,
        {
          method: 'GET',
        },
      );
      const [mine, theirs, rest] = await Promise.all([here.rest(), there.rest(), stream.rest()]);
      for (const events of [mine, theirs]) {
        expect(events[0]?.event).toBe('message');
        expect(events.at(-1)).toEqual({ event: 'done', status: 'Done', diagram: null, error: null });
        expect(new Set(events.slice(0, -1).map((e) => e.event))).toEqual(new Set(['message']));
        expect(textOf(events)).toBe(LONG.slice(offset));
        expect(events.at(-2)).toMatchObject({ offset: LONG.length });
      }
      expect(textOf([...seen, ...rest])).toBe(LONG);
      // the other instance followed the row while it grew (not only its end)
      expect(theirs.length).toBeGreaterThan(2);
      // a finished answer: the rest at once, then done; nothing when the offset is at the end
      const late = parseEvents(
        (await as(w.student).get(`${A}/messages/${meta.messageId}/stream?offset=5`)).body,
      );
      expect(late).toEqual([
        { event: 'message', answer: LONG.slice(5), offset: LONG.length },
        { event: 'done', status: 'Done', diagram: null, error: null },
      ]);
      const end = parseEvents(
        (
          await clientOf(other.app, w.student.token).get(
            `${A}/messages/${meta.messageId}/stream?offset=${LONG.length}`,
          )
        ).body,
      );
      expect(end).toEqual([{ event: 'done', status: 'Done', diagram: null, error: null }]);
    } finally {
      await other.close();
    }
  });

  it('stops an answer from another instance: the text so far is kept, status Stopped; a second question waits (409)', async () => {
    const other = await secondInstance(t, { llm: llmConfig });
    try {
      llm.setScript([{ reply: LONG.repeat(3), chunkSize: 5, delayMs: 15 }]);
      const stream = await openStream(baseUrl, w.student.token, `${A}/chat`, {
        body: courseQa('讲很长的队列'),
      });
      const meta = (await stream.next()) as Meta;
      expect((await stream.next())?.event).toBe('message');

      const busy = await as(w.student).post(
        `${A}/chat`,
        courseQa('插一个问题', { conversationId: meta.conversationId }),
      );
      expect([busy.statusCode, busy.json().message]).toEqual([409, ASSISTANT_MSG.answering]);
      // someone else's stop: 404, and the answer goes on
      expect(
        (await clientOf(other.app, w.classmate.token).post(`${A}/messages/${meta.messageId}/stop`))
          .statusCode,
      ).toBe(404);

      const started = Date.now();
      const stop = await clientOf(other.app, w.student.token).post(`${A}/messages/${meta.messageId}/stop`);
      expect(stop.statusCode).toBe(200);
      const stopped = stop.json().data as AssistantMessage;
      expect(stopped).toMatchObject({ id: meta.messageId, status: 'Stopped', error: ASSISTANT_MSG.stopped });
      expect(Date.now() - started).toBeLessThan(3000);
      const rest = await stream.rest();
      expect(rest.at(-1)).toEqual({
        event: 'done',
        status: 'Stopped',
        diagram: null,
        error: ASSISTANT_MSG.stopped,
      });
      await llm.requests[0]?.done;
      expect(llm.requests[0]?.closedEarly).toBe(true);
      const saved = (await messagesOf(w.student, meta.conversationId)).at(-1) as AssistantMessage;
      expect(saved.status).toBe('Stopped');
      expect(saved.content.length).toBeGreaterThan(0);
      expect(LONG.repeat(3).startsWith(saved.content)).toBe(true);
      // stopping again answers the message as it is; the conversation takes questions again
      expect((await as(w.student).post(`${A}/messages/${meta.messageId}/stop`)).json().data.status).toBe(
        'Stopped',
      );
      llm.setScript([{ reply: '继续' }]);
      const next = await as(w.student).post(
        `${A}/chat`,
        courseQa('继续问', { conversationId: meta.conversationId }),
      );
      expect(parseEvents(next.body).at(-1)).toMatchObject({ event: 'done', status: 'Done' });
    } finally {
      await other.close();
    }
  });

  it('an answer whose heartbeat stopped reads as Failed 回答中断 (and is saved so); it does not block the conversation', async () => {
    llm.setScript([{ reply: '第一次' }]);
    const first = parseEvents((await as(w.classmate).post(`${A}/chat`, courseQa('会中断的问题'))).body);
    const { conversationId } = first[0] as Meta;
    // an answer left Streaming by an instance that died 31 s ago
    const [orphan] = rowsOf<{ id: number }>(
      await t.db.execute(sql`
        insert into assistant_messages (conversation_id, role, chat_type, content, status, task_id, heartbeat_at)
        values (${conversationId}, 'assistant', 'studentQa', '写到一半', 'Streaming', 'gone-task',
          now() - (${(STALE_MS + 1000) / 1000}::double precision * interval '1 second'))
        returning id`),
    );
    const id = Number(orphan?.id);
    const list = await as(w.classmate).get(`${A}/conversations?scene=CourseQA&courseId=${w.course.id}`);
    expect(list.json().data.rows.find((c: { id: number }) => c.id === conversationId).answering).toBe(false);
    const rejoin = parseEvents((await as(w.classmate).get(`${A}/messages/${id}/stream?offset=1`)).body);
    expect(rejoin).toEqual([
      { event: 'message', answer: '到一半', offset: 4 },
      { event: 'done', status: 'Failed', diagram: null, error: ASSISTANT_MSG.interrupted },
    ]);
    const rows = await messagesOf(w.classmate, conversationId);
    expect(rows.at(-1)).toMatchObject({
      id,
      status: 'Failed',
      error: ASSISTANT_MSG.interrupted,
      content: '写到一半',
    });
    const [stored] = rowsOf<{ status: string }>(
      await t.db.execute(sql`select status from assistant_messages where id = ${id}`),
    );
    expect(stored?.status).toBe('Failed');
    llm.setScript([{ reply: '第二次' }]);
    const again = await as(w.classmate).post(`${A}/chat`, courseQa('再问', { conversationId }));
    expect(again.statusCode).toBe(200);
  });

  it('a model failure ends the answer as Failed with the reason; diagram types keep the checked diagram', async () => {
    llm.setScript([{ status: 500, errorMessage: 'boom' }]);
    const failed = parseEvents((await as(w.student).post(`${A}/chat`, courseQa('会失败'))).body);
    expect(failed.at(-1)).toEqual({
      event: 'done',
      status: 'Failed',
      diagram: null,
      error: '模型服务返回错误（HTTP 500）',
    });
    const reply = '类图如下：\n```mermaid\nclassDiagram\n  class Student {\n    +String name\n  }\n```';
    llm.setScript([{ reply }]);
    const drawn = parseEvents(
      (await as(w.student).post(`${A}/chat`, courseQa('画学生类', { chatType: 'classDiagram' }))).body,
    );
    const expected = checkDiagram('classDiagram', reply);
    expect(expected.diagram).not.toBeNull();
    expect(drawn.at(-1)).toEqual({ event: 'done', status: 'Done', diagram: expected.diagram, error: null });
    const rows = await messagesOf(w.student, (drawn[0] as Meta).conversationId);
    expect(rows.at(-1)).toMatchObject({ diagram: expected.diagram, content: reply });
    llm.setScript([{ reply: '我画不出来' }]);
    const none = parseEvents(
      (await as(w.student).post(`${A}/chat`, courseQa('画不出来', { chatType: 'sequenceDiagram' }))).body,
    );
    const noDiagram = checkDiagram('sequenceDiagram', '我画不出来');
    expect(none.at(-1)).toEqual({ event: 'done', status: 'Done', diagram: null, error: noDiagram.error });
    expect(noDiagram.error).toBeTruthy();
  });

  it('closing the app ends its running answers as interrupted and closes the model request', async () => {
    const other = await secondInstance(t, { llm: llmConfig });
    const otherUrl = await listenOn(other.app);
    llm.setScript([{ reply: LONG.repeat(3), chunkSize: 5, delayMs: 15 }]);
    const stream = await openStream(otherUrl, w.student.token, `${A}/chat`, {
      body: courseQa('关机时的问题'),
    });
    const meta = (await stream.next()) as Meta;
    expect((await stream.next())?.event).toBe('message');
    await other.close();
    await llm.requests[0]?.done;
    expect(llm.requests[0]?.closedEarly).toBe(true);
    const rows = await messagesOf(w.student, meta.conversationId);
    expect(rows.at(-1)).toMatchObject({ status: 'Failed', error: ASSISTANT_MSG.interrupted });
    await stream.rest().catch(() => []);
  });

  describe('daily quotas', () => {
    it('per user and per course, 429 with the texts; context shows what is left', async () => {
      const fresh = await assistantCourse(t.db);
      const small = await secondInstance(t, {
        llm: llmConfig,
        assistant: { userDaily: 2, courseDaily: 3, teacherReadsConversations: false },
      });
      try {
        llm.setScript([{ reply: '好' }]);
        const ask = (m: { token: string }) =>
          clientOf(small.app, m.token).post(`${A}/chat`, {
            scene: 'CourseQA',
            courseId: fresh.course.id,
            chatType: 'studentQa',
            query: '问',
          });
        const remaining = async (m: { token: string }) =>
          (
            await clientOf(small.app, m.token).get(`${A}/context?scene=CourseQA&courseId=${fresh.course.id}`)
          ).json().data.remaining;
        expect(await remaining(fresh.student)).toBe(2);
        expect((await ask(fresh.student)).statusCode).toBe(200);
        expect((await ask(fresh.student)).statusCode).toBe(200);
        expect(await remaining(fresh.student)).toBe(0);
        const user = await ask(fresh.student);
        expect([user.statusCode, user.json().message]).toEqual([429, ASSISTANT_MSG.userQuotaExceeded]);
        // the mentor counts against the same user quota
        const mentor = await clientOf(small.app, fresh.student.token).post(`${A}/chat`, {
          scene: 'CareerMentorQA',
          chatType: 'aiCareerMentor',
          query: '问',
        });
        expect(mentor.statusCode).toBe(429);
        expect(await remaining(fresh.classmate)).toBe(1);
        expect((await ask(fresh.classmate)).statusCode).toBe(200);
        const course = await ask(fresh.classmate);
        expect([course.statusCode, course.json().message]).toEqual([429, ASSISTANT_MSG.courseQuotaExceeded]);
        expect(await remaining(fresh.classmate)).toBe(0);
        // refused questions are not counted; the default app still has room for this user
        const usage = await clientOf(small.app, fresh.teacher.token).get(
          `${A}/${fresh.course.id}/usage?days=1`,
        );
        expect(usage.json().data.totalQuestions).toBe(3);
      } finally {
        await small.close();
      }
    });
  });
});
