import {
  ASSISTANT_MSG,
  type AssistantFile,
  type AssistantMessage,
  type ChatEvent,
  type Citation,
  type CourseMaterial,
  FILES_MSG,
  type KnowledgePassage,
  SUBMISSION_MSG,
} from '@uplus/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ScriptedLlm, startScriptedLlm } from '../../../../../e2e/fixtures/scripted-llm';
import type { LlmConfig } from '../../config/config';
import { courseMembers } from '../../db/schema';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { scriptedLlmConfig } from '../../test/llm';
import { multipart } from '../files/test-files';
import { C, courseWithHomework } from '../homework/homework.test-support';
import { setOrganisationPermissions } from '../organisations/organisations.service';
import { addContent, productSite } from '../portal-content/portal-content.test-support';
import { FULL_RESUME, fillFullResume } from '../resume/resume-preview.test-data';
import { chinesePdf, scannedPdf } from './assistant-documents.test-support';
import { A, assistantCourse, clientOf, memberWith, parseEvents, textOf } from './assistants.test-support';
import { GUARD_REPLY } from './prompts/guard';

/*
 * The assistants' parts working together through the real app (issue 16): the chat (as-core) with the
 * homework guard and the facts (as-prompts), the uploads (as-files) and the knowledge base (as-kb), on both
 * databases with the scripted model. Each part has its own tests; these are about the seams between them.
 */

type Meta = Extract<ChatEvent, { event: 'meta' }>;
type Done = Extract<ChatEvent, { event: 'done' }>;
type Res = Awaited<ReturnType<ReturnType<typeof clientOf>['get']>>;

describe.each(testDrivers())('assistants end to end on %s', (driver) => {
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
  beforeEach(() => {
    llm.setScript([]);
    llm.clearRequests();
  });

  const as = (m: { token: string }) => clientOf(t.app, m.token);
  const messagesOf = async (m: { token: string }, conversationId: number) =>
    (await as(m).get(`${A}/conversations/${conversationId}/messages`)).json().data.rows as AssistantMessage[];
  /** Asks and reads the whole stream (the answer has ended when the response has). */
  const chat = async (m: { token: string }, body: Record<string, unknown>) => {
    const res = await as(m).post(`${A}/chat`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    const events = parseEvents(res.body);
    return {
      events,
      meta: events[0] as Meta,
      done: events.at(-1) as Done,
      text: textOf(events),
    };
  };
  /** The text of every message of the model request (n-th request of the test). */
  const modelRequest = (n = 0) => {
    const request = llm.requests[n];
    expect(request, 'the model was asked').toBeDefined();
    return (request?.body.messages ?? []).map((m) => String(m.content)).join('\n\n');
  };
  /** A JSON error envelope (not a stream). */
  const expectEnvelope = (res: Res, status: number, message: string) => {
    expect(res.statusCode, res.body).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json()).toMatchObject({ success: false, message });
  };

  describe('the homework guard', () => {
    const TIP = '栈只允许在栈顶一端插入和删除，所以最后进入的元素最先出来';
    /** A published homework with one single-choice question (answer B, with an analysis). */
    const homework = async () => {
      const f = await courseWithHomework(t, { questions: [] });
      const saved = await f.teacher.post(`${C}/homeworkQuestions/batchSave?homeworkId=${f.homeworkId}`, [
        {
          qsnType: 1,
          titleText: '栈的特点是？',
          options: [
            { id: 'A', optionContent: '先进先出' },
            { id: 'B', optionContent: '后进先出' },
          ],
          answer: 'B',
          tip: TIP,
        },
      ]);
      expect(saved.json().data.fieldList, saved.body).toEqual([]);
      expect((await f.teacher.post(`${f.base}/publish`)).statusCode).toBe(200);
      for (const m of [f.student, f.classmate])
        await setOrganisationPermissions({
          db: t.db,
          organisationId: m.school.id,
          permissions: { qabot: 2 },
        });
      return f;
    };
    const ask = (f: Awaited<ReturnType<typeof homework>>, query: string, homeworkId = f.homeworkId) => ({
      scene: 'HomeworkAnswer',
      courseId: Number(f.courseId),
      homeworkId: Number(homeworkId),
      chatType: 'studentQa',
      query,
    });

    it('replaces an answer that gives the choice away, stops the model; a hint passes unchanged', async () => {
      const f = await homework();
      const leak = `这道题答案是B，因为……${'栈的操作都在栈顶完成，'.repeat(60)}`;
      llm.setScript([{ reply: leak, chunkSize: 4, delayMs: 10 }]);
      const guarded = await chat(f.student, ask(f, '第1题选什么？'));
      expect(guarded.text).toBe(GUARD_REPLY);
      expect(guarded.done).toEqual({ event: 'done', status: 'Done', diagram: null, error: null });
      // nothing past what the guard checked reached the student
      for (const e of guarded.events)
        if (e.event === 'message' && !e.replace) expect(e.answer).not.toContain('B');
      await llm.requests[0]?.done;
      expect(llm.requests[0]?.closedEarly).toBe(true);
      const saved = await messagesOf(f.student, guarded.meta.conversationId);
      expect(saved.at(-1)).toMatchObject({
        id: guarded.meta.messageId,
        role: 'assistant',
        status: 'Done',
        content: GUARD_REPLY,
        error: null,
      });
      // the model saw the question (title and options), never its answer or analysis
      const request = modelRequest();
      expect(request).toContain(
        '<homework>\n1. 【单选题】栈的特点是？\nA. 先进先出\nB. 后进先出\n</homework>',
      );
      expect(request).not.toContain(TIP);
      expect(request).not.toMatch(/答案[是为：:]\s*B|"answer"/);

      llm.clearRequests();
      llm.setScript([{ reply: '先想想栈的特点', chunkSize: 2, delayMs: 5 }]);
      const hint = await chat(f.student, {
        ...ask(f, '给点提示'),
        conversationId: guarded.meta.conversationId,
      });
      expect(hint.text).toBe('先想想栈的特点');
      expect(hint.done).toEqual({ event: 'done', status: 'Done', diagram: null, error: null });
      expect((await messagesOf(f.student, guarded.meta.conversationId)).at(-1)).toMatchObject({
        status: 'Done',
        content: '先想想栈的特点',
      });
      await llm.requests[0]?.done;
      expect(llm.requests[0]?.closedEarly).toBe(false);
      // the history the model gets holds the guard's reply, not the answer it replaced
      const history = llm.requests[0]?.body.messages ?? [];
      expect(history.map((m) => m.role)).toEqual(['system', 'user', 'assistant', 'user']);
      expect(history[2]?.content).toBe(GUARD_REPLY);
      expect(modelRequest()).not.toContain('这道题答案是B');
    });

    it('a homework the student does not have: the 404 envelope before any stream', async () => {
      const f = await homework();
      const other = await homework();
      const draft = await courseWithHomework(t, { questions: ['single'] });
      llm.setScript([{ reply: '不该被问到' }]);
      expectEnvelope(
        await as(f.student).post(`${A}/chat`, ask(f, '这题怎么做', other.homeworkId)),
        404,
        SUBMISSION_MSG.homeworkNotFound,
      );
      expectEnvelope(
        await as(f.student).post(`${A}/chat`, ask(f, '这题怎么做', draft.homeworkId)),
        404,
        SUBMISSION_MSG.homeworkNotFound,
      );
      expect(llm.requests).toHaveLength(0);
      // nothing was saved or counted
      const list = await as(f.student).get(`${A}/conversations?scene=HomeworkAnswer&courseId=${f.courseId}`);
      expect(list.json().data.total).toBe(0);
    });
  });

  describe('the knowledge base', () => {
    const NOTE =
      '## 单链表的插入\n\n在单链表中第i个位置插入新结点s：先找到第i-1个结点p，令s->next = p->next，再令p->next = s。' +
      '两步的顺序不能颠倒，否则会丢失后继结点。';

    it('a teacher’s note is cited in a student’s answer, stored with it, and opens for members only', async () => {
      const w = await assistantCourse(t.db);
      await t.db
        .insert(courseMembers)
        .values({ courseId: w.otherCourse.id, userId: w.outsider.user.id, memberType: 'Student' });
      const added = await as(w.teacher).post(`${A}/${w.course.id}/materials`, {
        title: '第2章 线性表',
        body: NOTE,
      });
      expect(added.statusCode, added.body).toBe(200);
      const material = added.json().data as CourseMaterial;
      expect(material).toMatchObject({ status: 'Indexed', passages: 1, kind: 'Note' });
      const context = await as(w.student).get(`${A}/context?scene=CourseQA&courseId=${w.course.id}`);
      expect(context.json().data.hasKnowledge).toBe(true);

      llm.setScript([{ reply: '先找到前驱结点p，再修改指针 [1]。' }]);
      const answer = await chat(w.student, {
        scene: 'CourseQA',
        courseId: w.course.id,
        chatType: 'studentQa',
        query: '单链表怎么插入一个结点？',
        knowledge: true,
      });
      expect(answer.events.map((e) => e.event).slice(0, 2)).toEqual(['meta', 'citations']);
      const citations = (answer.events[1] as Extract<ChatEvent, { event: 'citations' }>).citations;
      expect(citations).toEqual([
        {
          n: 1,
          passageId: expect.any(Number),
          materialId: material.id,
          materialTitle: '第2章 线性表',
          heading: '单链表的插入',
          excerpt: expect.stringContaining('在单链表中第i个位置插入新结点s'),
        } satisfies Record<keyof Citation, unknown>,
      ]);
      const passageId = citations[0]?.passageId as number;
      expect(answer.done).toMatchObject({ status: 'Done' });
      // the passage went to the model as data, numbered
      const request = modelRequest();
      expect(request).toMatch(
        /<passage>\n\[1\] 《第2章 线性表》 单链表的插入\n[^<]*先找到第i-1个结点p，令s->next = p->next[^<]*\n<\/passage>/,
      );
      expect(request.indexOf('<passage>')).toBeLessThan(
        request.indexOf('<question>\n单链表怎么插入一个结点？'),
      );
      // stored with the answer
      const saved = await messagesOf(w.student, answer.meta.conversationId);
      expect(saved.at(-1)).toMatchObject({ id: answer.meta.messageId, citations, status: 'Done' });

      const opened = await as(w.student).get(`${A}/passages/${passageId}`);
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().data as KnowledgePassage).toMatchObject({
        id: passageId,
        materialId: material.id,
        courseId: w.course.id,
        heading: '单链表的插入',
        text: expect.stringContaining('两步的顺序不能颠倒'),
        position: 1,
        count: 1,
      });
      expectEnvelope(
        await as(w.outsider).get(`${A}/passages/${passageId}`),
        404,
        ASSISTANT_MSG.passageNotFound,
      );
    });
  });

  describe('uploads', () => {
    const upload = async (m: { token: string }, name: string, bytes: Buffer) => {
      const body = multipart({ name, bytes });
      const res = await t.app.inject({
        method: 'POST',
        url: `${A}/files`,
        payload: body.payload,
        headers: { ...body.headers, 'x-access-token': m.token },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as AssistantFile;
    };

    it('a PDF’s name and text go to the model; the question lists it; others’ ids and a 4th file are refused', async () => {
      const w = await assistantCourse(t.db);
      const file = await upload(w.student, '高数讲义.pdf', await chinesePdf());
      expect(file).toMatchObject({ name: '高数讲义.pdf', kind: 'document', status: 'Ready', message: null });
      const ask = (fileIds: number[]) => ({
        scene: 'CourseQA',
        courseId: w.course.id,
        chatType: 'studentQa',
        query: '帮我总结这份讲义',
        fileIds,
      });
      llm.setScript([{ reply: '讲义讲了极限与导数。' }]);
      const answer = await chat(w.student, ask([file.fileId]));
      expect(answer.done).toMatchObject({ status: 'Done' });
      const request = modelRequest();
      expect(request).toMatch(
        /<file>\n文件名：高数讲义\.pdf\n[^<]*第一章 函数的极限[^<]*导数描述函数在某一点的变化率[^<]*\n<\/file>/,
      );
      const [question] = await messagesOf(w.student, answer.meta.conversationId);
      expect(question).toMatchObject({ role: 'user', content: '帮我总结这份讲义' });
      expect(question?.files).toEqual([
        {
          fileId: file.fileId,
          name: '高数讲义.pdf',
          kind: 'document',
          status: 'Ready',
          message: null,
          chars: file.chars,
        },
      ]);

      // a file that cannot be read: the question lists it with why, the model is told it has no text
      llm.clearRequests();
      const scan = await upload(w.student, '扫描件.pdf', await scannedPdf());
      expect(scan).toMatchObject({ status: 'Failed', chars: 0 });
      expect(scan.message).toMatch(/^文件「扫描件\.pdf」无法读取内容/);
      llm.setScript([{ reply: '这个文件我读不到文字。' }]);
      const unread = await chat(w.student, ask([scan.fileId]));
      expect(modelRequest()).toContain('<file>\n文件名：扫描件.pdf\n（该文件没有可读取的文字内容）\n</file>');
      expect((await messagesOf(w.student, unread.meta.conversationId))[0]?.files).toEqual([
        {
          fileId: scan.fileId,
          name: '扫描件.pdf',
          kind: 'document',
          status: 'Failed',
          message: scan.message,
          chars: 0,
        },
      ]);

      llm.clearRequests();
      const theirs = await upload(w.classmate, '同学的讲义.pdf', await chinesePdf());
      expectEnvelope(await as(w.student).post(`${A}/chat`, ask([theirs.fileId])), 400, FILES_MSG.notUsable);
      const more = [
        file.fileId,
        (await upload(w.student, '二.pdf', await chinesePdf())).fileId,
        (await upload(w.student, '三.pdf', await chinesePdf())).fileId,
        (await upload(w.student, '四.pdf', await chinesePdf())).fileId,
      ];
      expectEnvelope(await as(w.student).post(`${A}/chat`, ask(more)), 400, ASSISTANT_MSG.tooManyFiles);
      expect(llm.requests).toHaveLength(0);
    });
  });

  describe('the career mentor', () => {
    it('reads the resume only after consent; a teacher gets 403', async () => {
      const student = await memberWith(t.db, 'Student', { qabot: 2 });
      await fillFullResume(t.db, student.user.id);
      const mentor = { scene: 'CareerMentorQA', chatType: 'aiCareerMentor', query: '我适合投什么岗位？' };
      llm.setScript([{ reply: '先说说你的兴趣。' }]);
      expect((await as(student).get(`${A}/mentor/consent`)).json().data).toEqual({ granted: false });
      const before = await chat(student, mentor);
      expect(before.done).toMatchObject({ status: 'Done' });
      const blind = modelRequest();
      expect(blind).toContain('我适合投什么岗位？');
      expect(blind).not.toContain(FULL_RESUME.name);
      expect(blind).not.toContain('北京大学');
      expect(blind).not.toContain('<fact>\n');

      const granted = await as(student).put(`${A}/mentor/consent`, { granted: true });
      expect(granted.json().data).toEqual({ granted: true });
      llm.clearRequests();
      await chat(student, { ...mentor, conversationId: before.meta.conversationId });
      const informed = modelRequest();
      expect(informed).toContain(`姓名：${FULL_RESUME.name}`);
      expect(informed).toContain('北京大学 软件工程 硕士（2024.09—2027.06）');
      expect(informed).toContain(`期望职位：${FULL_RESUME.occupation.name}`);
      expect(informed).not.toContain(FULL_RESUME.mobile);

      // taken back: the mentor reads nothing again
      await as(student).put(`${A}/mentor/consent`, { granted: false });
      llm.clearRequests();
      await chat(student, mentor);
      expect(modelRequest()).not.toContain(FULL_RESUME.name);

      const teacher = await memberWith(t.db, 'Teacher', { qabot: 2 });
      llm.clearRequests();
      expectEnvelope(await as(teacher).post(`${A}/chat`, mentor), 403, ASSISTANT_MSG.noPermission);
      expectEnvelope(
        await as(teacher).put(`${A}/mentor/consent`, { granted: true }),
        403,
        ASSISTANT_MSG.noPermission,
      );
      expect(llm.requests).toHaveLength(0);
    });
  });

  describe('content scenes', () => {
    it('a published experiment gives the context and the model its text; a draft is 404', async () => {
      const site = await productSite(t.db);
      const published = Number(
        await addContent(t.db, site, {
          kind: 'experiment',
          title: 'Linux 文件权限实验',
          summary: '掌握 chmod 与 chown',
          body: '<p>本实验在 Ubuntu 上完成。</p>',
          attrs: {
            difficulty: '中级',
            minutes: 90,
            environment: 'Ubuntu 22.04',
            steps: [
              { title: '查看权限', body: '<p>执行 ls -l 查看文件权限</p>' },
              { title: '修改权限', body: '<p>用 chmod 755 修改</p>' },
            ],
          },
        } as never),
      );
      const draft = Number(
        await addContent(t.db, site, { kind: 'experiment', title: '草稿实验' } as never, { publish: false }),
      );
      const student = await memberWith(t.db, 'Student', { qabot: 2 });
      const context = await as(student).get(`${A}/context?scene=DoExperiment&contentId=${published}`);
      expect(context.statusCode, context.body).toBe(200);
      expect(context.json().data).toMatchObject({
        scene: 'DoExperiment',
        contentId: published,
        courseId: null,
        courseName: 'Linux 文件权限实验',
        hasAiPerm: true,
        isStudent: true,
      });
      llm.setScript([{ reply: '先执行 ls -l 看看。' }]);
      const answer = await chat(student, {
        scene: 'DoExperiment',
        contentId: published,
        chatType: 'studentQa',
        query: '第二步怎么做？',
      });
      expect(answer.done).toMatchObject({ status: 'Done' });
      const request = modelRequest();
      expect(request).toContain('当前内容：《Linux 文件权限实验》');
      expect(request).toContain('<fact>\n【云端实验「Linux 文件权限实验」】');
      expect(request).toContain('步骤1：查看权限\n步骤2：修改权限');
      expect(request).toContain('【步骤2 修改权限】\n用 chmod 755 修改');
      const list = await as(student).get(`${A}/conversations?scene=DoExperiment&contentId=${published}`);
      expect(list.json().data.rows.map((c: { id: number }) => c.id)).toEqual([answer.meta.conversationId]);

      llm.clearRequests();
      expectEnvelope(
        await as(student).get(`${A}/context?scene=DoExperiment&contentId=${draft}`),
        404,
        ASSISTANT_MSG.contentNotFound,
      );
      expectEnvelope(
        await as(student).post(`${A}/chat`, {
          scene: 'DoExperiment',
          contentId: draft,
          chatType: 'studentQa',
          query: '怎么做？',
        }),
        404,
        ASSISTANT_MSG.contentNotFound,
      );
      expect(llm.requests).toHaveLength(0);
    });
  });

  describe('diagrams', () => {
    it('a valid class diagram is the done event’s diagram; an invalid one says 图表语法有误', async () => {
      const w = await assistantCourse(t.db);
      const source =
        'classDiagram\n  class Node {\n    +int data\n    +Node next\n  }\n  Node --> Node : next';
      const draw = {
        scene: 'CourseQA',
        courseId: w.course.id,
        chatType: 'classDiagram',
        query: '画链表结点的类图',
      };
      llm.setScript([{ reply: `类图如下：\n\n\`\`\`mermaid\n${source}\n\`\`\`\n\n说明：next 指向后继。` }]);
      const drawn = await chat(w.student, draw);
      expect(drawn.done).toEqual({ event: 'done', status: 'Done', diagram: source, error: null });
      expect((await messagesOf(w.student, drawn.meta.conversationId)).at(-1)).toMatchObject({
        diagram: source,
        error: null,
      });

      const broken = 'classDiagram\n  class Node {\n    +int data\n  Node --> Node';
      llm.setScript([{ reply: `\`\`\`mermaid\n${broken}\n\`\`\`` }]);
      const bad = await chat(w.student, { ...draw, conversationId: drawn.meta.conversationId });
      expect(bad.done).toMatchObject({ event: 'done', status: 'Done', diagram: null });
      expect(bad.done.error).toMatch(/^图表语法有误/);
      expect((await messagesOf(w.student, drawn.meta.conversationId)).at(-1)).toMatchObject({
        diagram: null,
        error: bad.done.error,
        content: `\`\`\`mermaid\n${broken}\n\`\`\``,
      });
    });
  });
});
