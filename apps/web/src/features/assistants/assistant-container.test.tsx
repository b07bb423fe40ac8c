import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { StudyCourse } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  fail,
  ok,
  renderApp,
  type StubAnswer,
  sessionRoutes,
  setSite,
  signIn,
  stubBrowser,
} from '../../test/helpers';
import { ASSISTANT_VISIBLE_KEY, CONVERSATION_KEY } from './assistant-model';
import {
  BASE,
  contextOf,
  conversationOf,
  fileOf,
  liveSse,
  messageOf,
  type Route,
  sseResponse,
  stubAssistantFetch,
  stubXhr,
} from './test-support';

const PERMISSIONS = 'GET /api/base/organ/permissions';
const STUDY = 'GET /api/course/athena/courses/study';
const TEACHING = 'GET /api/course/courses/teaching';
const CONTEXT = `GET ${BASE}/context`;
const CONVERSATIONS = `GET ${BASE}/conversations`;
const CHAT = `POST ${BASE}/chat`;

const studyCourse = (over: Partial<StudyCourse> = {}): StudyCourse => ({
  id: '7',
  name: '数据结构',
  startTime: null,
  endTime: null,
  creator: '李静',
  type: 'Theory',
  focus: false,
  coverStyle: 1,
  classId: '5',
  className: '软件2401班',
  courseArchived: false,
  selfArchived: false,
  joinedAt: 1,
  ...over,
});

/** The calls a signed-in workbench page makes, the permissions, and the assistant's own. */
const routes = (
  opts: {
    role?: string;
    permissions?: Record<string, number> | (() => Promise<StubAnswer> | StubAnswer);
  } = {},
  extra: Record<string, Route> = {},
): Record<string, Route> => ({
  ...sessionRoutes(opts.role ?? 'Student', opts.role === 'Teacher' ? '李静' : '王小明'),
  'POST /api/qmn/c/counts': ok({
    unread: 0,
    byType: { System: 0, Course: 0, Internship: 0, Recruitment: 0 },
  }),
  'GET /api/base/organ/modules': ok([]),
  [PERMISSIONS]:
    typeof opts.permissions === 'function' ? opts.permissions : ok(opts.permissions ?? { qabot: 2 }),
  [STUDY]: ok({ rows: [studyCourse(), studyCourse({ id: '8', name: '操作系统' })], total: 2 }),
  [TEACHING]: ok({
    rows: [
      {
        id: '7',
        name: '数据结构',
        type: 'Theory',
        startTime: null,
        endTime: null,
        coverStyle: 1,
        archived: false,
        classCount: 1,
        studentCount: 30,
        createdAt: 1,
      },
    ],
    total: 1,
  }),
  [CONTEXT]: (call) => ok(contextOf({ courseId: Number(call.query.get('courseId')) || null })),
  [CONVERSATIONS]: ok({ rows: [], total: 0 }),
  ...extra,
});

const launcher = () => screen.findByTestId('assistant-launcher');
const panel = () => screen.getByTestId('assistant-panel');
const openPanel = async () => {
  fireEvent.click(await launcher());
  return within(panel());
};
const input = () =>
  within(panel()).findByRole('textbox', { name: '输入问题' }) as Promise<HTMLTextAreaElement>;
const type = (box: HTMLTextAreaElement, text: string) => fireEvent.change(box, { target: { value: text } });

describe('assistant container', () => {
  beforeEach(() => {
    setSite({ QUC: '/idp', TITLE: '优加教育平台' });
    stubBrowser();
    window.sessionStorage.clear();
  });
  afterEach(() => {
    window.sessionStorage.clear();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('student with qabot = 2: 学习伴侣 launcher toggles the panel (aria-expanded, aria-controls)', async () => {
    signIn('Student');
    const calls = stubAssistantFetch(routes());
    renderApp('/workbench/index/school');
    const button = await launcher();
    expect(button.textContent).toBe('学习伴侣');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(button.getAttribute('aria-controls')).toBe(panel().id);
    expect(panel().hidden).toBe(true);
    expect(calls.find((c) => `${c.method} ${c.path}` === PERMISSIONS)?.query.get('collegeId')).toBeNull();
    // nothing of the chat is asked for until the panel opens
    expect(calls.some((c) => c.path.startsWith(BASE))).toBe(false);

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
    expect(within(panel()).getByRole('heading', { name: '学习伴侣' })).toBeTruthy();
    expect(window.sessionStorage.getItem(ASSISTANT_VISIBLE_KEY)).toBe('1');
    expect(within(panel()).queryByText('对话功能即将开放')).toBeNull();

    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(panel().hidden).toBe(true);
    expect(window.sessionStorage.getItem(ASSISTANT_VISIBLE_KEY)).toBe('0');
  });

  it('by keyboard: reached after the page, Enter opens, Escape closes and gives the focus back', async () => {
    const user = userEvent.setup();
    signIn('Student');
    stubAssistantFetch(routes());
    renderApp('/workbench/index/school');
    const button = await launcher();
    button.focus();
    await user.keyboard('{Enter}');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.tab();
    expect(document.activeElement).toBe(screen.getByTestId('assistant-close'));
    await user.keyboard('{Escape}');
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(button);
    await user.keyboard(' ');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    // Escape from inside the chat closes too
    (await input()).focus();
    await user.keyboard('{Escape}');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('stays visible across navigation and a new mount in the same tab (sessionStorage)', async () => {
    signIn('Student');
    stubAssistantFetch(routes());
    const first = renderApp('/workbench/index/school');
    fireEvent.click(await launcher());
    await act(() => first.router.navigate('/workbench/index/resume'));
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/workbench/index/resume'));
    expect(panel().hidden).toBe(false);
    first.unmount();

    renderApp('/message/index');
    expect((await launcher()).getAttribute('aria-expanded')).toBe('true');
    expect(panel().hidden).toBe(false);
  });

  it('shows a loading state while the permissions load, then the launcher', async () => {
    signIn('Student');
    let release: (answer: StubAnswer) => void = () => {};
    stubAssistantFetch(
      routes({ permissions: () => new Promise<StubAnswer>((resolve) => (release = resolve)) }),
    );
    renderApp('/workbench/index/school');
    const loading = await screen.findByTestId('assistant-loading');
    expect(loading.getAttribute('role')).toBe('status');
    expect(loading.textContent).toContain('正在加载学习伴侣');
    release(ok({ qabot: 2 }));
    expect(await launcher()).toBeTruthy();
    expect(screen.queryByTestId('assistant-loading')).toBeNull();
  });

  it('disabled (no launcher, no chunk) when qabot is not 2, for business users, and when the call fails', async () => {
    for (const permissions of [{ qabot: 1 }, {}] as Record<string, number>[]) {
      signIn('Student');
      const calls = stubAssistantFetch(routes({ permissions }));
      const view = renderApp('/workbench/index/school');
      await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(true));
      await screen.findByText('王小明');
      await waitFor(() => expect(screen.queryByTestId('assistant-loading')).toBeNull());
      expect(screen.queryByTestId('assistant-launcher')).toBeNull();
      view.unmount();
    }
    signIn('Business');
    const calls = stubAssistantFetch(routes({ role: 'Business' }));
    const business = renderApp('/workbench/index/company');
    await screen.findByTestId('wb-nav-company');
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    expect(calls.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(false);
    business.unmount();

    signIn('Teacher');
    const failing = stubAssistantFetch(
      routes({ role: 'Teacher', permissions: () => fail(500, '服务器内部错误') }),
    );
    renderApp('/workbench/index/school');
    await waitFor(() => expect(failing.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(true));
    await waitFor(() => expect(screen.queryByTestId('assistant-loading')).toBeNull());
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    expect(screen.queryByText('服务器内部错误')).toBeNull();
  });

  it('the portal pages carry it too (signed-in student), not for visitors', async () => {
    signIn('Student');
    stubAssistantFetch(routes());
    const view = renderApp('/message/index');
    expect(await launcher()).toBeTruthy();
    view.unmount();
    window.localStorage.clear();
    const calls = stubAssistantFetch(routes());
    renderApp('/home/index');
    await screen.findByRole('main');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('assistant-launcher')).toBeNull();
    expect(calls.some((c) => `${c.method} ${c.path}` === PERMISSIONS)).toBe(false);
  });

  it('student without a page scene: picks a course, asks with the knowledge base, reads a cited answer', async () => {
    signIn('Student');
    const stream = liveSse();
    const calls = stubAssistantFetch(
      routes(
        {},
        {
          [CHAT]: stream.response,
          [`GET ${BASE}/conversations/3/messages`]: ok({
            rows: [
              messageOf({ id: 10, content: '什么是栈？' }),
              messageOf({ id: 11, role: 'assistant', content: '栈是', status: 'Streaming' }),
            ],
            total: 2,
          }),
          [`GET ${BASE}/passages/5`]: ok({
            id: 5,
            materialId: 2,
            materialTitle: '第三章 栈与队列',
            courseId: 7,
            heading: '3.1 栈',
            text: '栈是一种只能在一端进行插入和删除的线性表。',
            position: 2,
            count: 5,
          }),
        },
      ),
    );
    renderApp('/workbench/index/school');
    const p = await openPanel();
    // the first of the study list; the picker offers the others
    const picker = await p.findByRole('combobox', { name: '选择课程' });
    expect(picker).toBeTruthy();
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CONTEXT)?.query.toString()).toBe(
        'scene=CourseQA&courseId=7',
      ),
    );
    expect(await p.findByTestId('chat-remaining')).toHaveProperty('textContent', ' · 今日还可提问 42 次');
    // the prompt groups of spec 2.15, and the knowledge base (the course has some)
    expect(
      within(p.getByTestId('chat-types'))
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['知识答疑', '项目设计', '编程助手']);
    const kb = p.getByRole('switch', { name: '知识库' });
    expect(kb.getAttribute('aria-checked')).toBe('true');

    const box = await input();
    type(box, '什么是栈？');
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.some((c) => `${c.method} ${c.path}` === CHAT)).toBe(true));
    expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toEqual({
      scene: 'CourseQA',
      courseId: 7,
      chatType: 'studentQa',
      query: '什么是栈？',
      fileIds: [],
      knowledge: true,
    });
    expect(box.value).toBe('');
    expect(await p.findByTestId('chat-question')).toHaveProperty('textContent', '什么是栈？');
    expect(p.getByTestId('chat-thinking')).toBeTruthy();

    stream.push({
      event: 'meta',
      conversationId: 3,
      messageId: 11,
      userMessageId: 10,
      taskId: 't',
      title: '什么是栈',
    });
    stream.push({
      event: 'citations',
      citations: [
        {
          n: 1,
          passageId: 5,
          materialId: 2,
          materialTitle: '第三章 栈与队列',
          heading: '3.1 栈',
          excerpt: '栈是',
        },
      ],
    });
    stream.push({ event: 'message', answer: '栈是**后进先出**的线性表', offset: 14 });
    await waitFor(() => expect(p.getByTestId('chat-answer').textContent).toContain('后进先出'));
    // while it writes: the stop button instead of send; nothing announced yet
    expect(p.getByTestId('chat-stop')).toBeTruthy();
    expect(p.getByTestId('chat-announcer').textContent).toBe('');
    stream.push({ event: 'message', answer: '[1]。', offset: 18 });
    stream.push({ event: 'done', status: 'Done', diagram: null, error: null });
    stream.end();
    await waitFor(() =>
      expect(p.getByTestId('chat-announcer').textContent).toBe('回答完成：栈是 后进先出 的线性表 1 。'),
    );
    expect(window.sessionStorage.getItem(`${CONVERSATION_KEY}CourseQA:7:`)).toBe('3');

    // the citation mark opens its passage: material, heading, text, position
    fireEvent.click(await p.findByTestId('chat-cite-1'));
    const dialog = await screen.findByRole('dialog');
    expect(dialog.textContent).toContain('第三章 栈与队列');
    expect(await within(dialog).findByText('栈是一种只能在一端进行插入和删除的线性表。')).toBeTruthy();
    expect(within(dialog).getByText('3.1 栈')).toBeTruthy();
    expect(within(dialog).getByTestId('chat-passage-position').textContent).toBe('第 2 / 5 段');
    // Escape closes the dialog, not the panel
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(panel().hidden).toBe(false);
  });

  it('IME-safe Enter: no send while composing (isComposing, keyCode 229) nor on Shift+Enter', async () => {
    signIn('Student');
    const calls = stubAssistantFetch(routes({}, { [CHAT]: fail(429, '今日提问次数已用完，请明天再来') }));
    renderApp('/workbench/index/school');
    await openPanel();
    await within(panel()).findByTestId('chat-remaining');
    const box = await input();
    type(box, 'zhan');
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 229 });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, isComposing: true });
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13, shiftKey: true });
    await new Promise((r) => setTimeout(r, 20));
    expect(calls.some((c) => `${c.method} ${c.path}` === CHAT)).toBe(false);
    expect(box.value).toBe('zhan');
    // a refusal answered as JSON: its message shows and the question comes back to be sent again
    type(box, '栈');
    fireEvent.keyDown(box, { key: 'Enter', keyCode: 13 });
    expect(await within(panel()).findByTestId('chat-refused')).toHaveProperty(
      'textContent',
      '今日提问次数已用完，请明天再来',
    );
    expect(box.value).toBe('栈');
    expect(within(panel()).queryByTestId('chat-question')).toBeNull();
  });

  it('a chip of 项目设计 sets the chat type; × goes back to free questions', async () => {
    signIn('Student');
    const calls = stubAssistantFetch(routes({}, { [CHAT]: () => sseResponse([]) }));
    renderApp('/workbench/index/school');
    const p = await openPanel();
    const group = await p.findByTestId('chat-group-projectDesign');
    fireEvent.click(group);
    expect(group.getAttribute('aria-expanded')).toBe('true');
    fireEvent.click(p.getByTestId('chat-type-classDiagram'));
    expect(p.getByTestId('chat-type-current').textContent).toContain('类图');
    expect((await input()).getAttribute('placeholder')).toBe('描述领域对象，我来画类图');
    type(await input(), '图书馆');
    fireEvent.click(p.getByTestId('chat-send'));
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toMatchObject({
        chatType: 'classDiagram',
      }),
    );
    fireEvent.click(p.getByRole('button', { name: '取消「类图」，改为自由提问' }));
    expect(p.queryByTestId('chat-type-current')).toBeNull();
  });

  it('homework page: HomeworkAnswer with the homework, no knowledge-base toggle', async () => {
    signIn('Student');
    const calls = stubAssistantFetch(
      routes(
        {},
        {
          [CONTEXT]: ok(contextOf({ scene: 'HomeworkAnswer', hasKnowledge: true })),
          [CHAT]: () => sseResponse([]),
        },
      ),
    );
    renderApp('/u/course/7/homework/9');
    const p = await openPanel();
    await waitFor(() =>
      expect(
        calls
          .filter((c) => `${c.method} ${c.path}` === CONTEXT)
          .at(-1)
          ?.query.toString(),
      ).toBe('scene=HomeworkAnswer&courseId=7'),
    );
    await p.findByTestId('chat-remaining');
    expect(p.queryByRole('combobox', { name: '选择课程' })).toBeNull();
    expect(p.getByTestId('chat-course').textContent).toBe('数据结构');
    expect(p.queryByRole('switch', { name: '知识库' })).toBeNull();
    type(await input(), '第2题怎么想');
    fireEvent.click(p.getByTestId('chat-send'));
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toEqual({
        scene: 'HomeworkAnswer',
        courseId: 7,
        homeworkId: 9,
        chatType: 'studentQa',
        query: '第2题怎么想',
        fileIds: [],
        knowledge: false,
      }),
    );
  });

  it('a reload mid-answer shows the text so far, rejoins from its length and finishes; stop works', async () => {
    signIn('Student');
    window.sessionStorage.setItem(ASSISTANT_VISIBLE_KEY, '1');
    window.sessionStorage.setItem(`${CONVERSATION_KEY}CourseQA:7:`, '3');
    const rejoin = liveSse();
    const calls = stubAssistantFetch(
      routes(
        {},
        {
          [`GET ${BASE}/conversations/3/messages`]: ok({
            rows: [
              messageOf({ id: 10 }),
              messageOf({ id: 11, role: 'assistant', content: '栈是后进', status: 'Streaming' }),
            ],
            total: 2,
          }),
          [`GET ${BASE}/messages/11/stream`]: rejoin.response,
          [`POST ${BASE}/messages/11/stop`]: ok(null),
        },
      ),
    );
    renderApp('/workbench/index/school');
    const answer = await screen.findByTestId('chat-answer');
    await waitFor(() => expect(answer.textContent).toContain('栈是后进'));
    await waitFor(() => expect(calls.some((c) => c.path === `${BASE}/messages/11/stream`)).toBe(true));
    expect(calls.find((c) => c.path === `${BASE}/messages/11/stream`)?.query.get('offset')).toBe('4');
    rejoin.push({ event: 'message', answer: '先出', offset: 6 });
    await waitFor(() => expect(screen.getByTestId('chat-answer').textContent).toContain('栈是后进先出'));
    // stop works after the reload too: it names the message
    fireEvent.click(screen.getByTestId('chat-stop'));
    await waitFor(() =>
      expect(calls.some((c) => `${c.method} ${c.path}` === `POST ${BASE}/messages/11/stop`)).toBe(true),
    );
    rejoin.push({ event: 'done', status: 'Stopped', diagram: null, error: '已停止回答' });
    rejoin.end();
    expect(await screen.findByTestId('chat-stopped')).toHaveProperty('textContent', '已停止回答');
    expect(screen.getByTestId('chat-announcer').textContent).toBe('已停止回答：栈是后进先出');
  });

  it('a failed answer shows its reason; files of a question show theirs', async () => {
    signIn('Student');
    window.sessionStorage.setItem(ASSISTANT_VISIBLE_KEY, '1');
    window.sessionStorage.setItem(`${CONVERSATION_KEY}CourseQA:7:`, '3');
    stubAssistantFetch(
      routes(
        {},
        {
          [`GET ${BASE}/conversations/3/messages`]: ok({
            rows: [
              messageOf({
                id: 10,
                files: [
                  {
                    fileId: 1,
                    name: '讲义.pdf',
                    kind: 'document',
                    status: 'Ready',
                    message: null,
                    chars: 900,
                  },
                  {
                    fileId: 2,
                    name: '扫描.pdf',
                    kind: 'document',
                    status: 'Failed',
                    message: '文件「扫描.pdf」无法读取内容：没有可提取的文字',
                    chars: 0,
                  },
                ],
              }),
              messageOf({
                id: 11,
                role: 'assistant',
                content: '',
                status: 'Failed',
                error: '回答中断，请重新提问',
              }),
            ],
            total: 2,
          }),
        },
      ),
    );
    renderApp('/workbench/index/school');
    expect(await screen.findByTestId('chat-failed')).toHaveProperty('textContent', ' 回答中断，请重新提问');
    const files = screen.getAllByTestId('chat-message-file').map((f) => f.textContent);
    expect(files).toEqual(['讲义.pdf', '扫描.pdf 文件「扫描.pdf」无法读取内容：没有可提取的文字']);
  });

  it('uploads: checked first (type, size, at most 3), uploaded at once with progress, then Ready or why not', async () => {
    signIn('Student');
    const sent = stubXhr((file) =>
      file.name === 'scan.pdf'
        ? {
            status: 200,
            body: {
              success: true,
              code: 200,
              message: '成功',
              data: {
                fileId: 2,
                name: file.name,
                kind: 'document',
                status: 'Failed',
                message: '文件「scan.pdf」无法读取内容：没有可提取的文字',
                chars: 0,
                size: file.size,
              },
            },
          }
        : {
            status: 200,
            body: {
              success: true,
              code: 200,
              message: '成功',
              data: {
                fileId: 1,
                name: file.name,
                kind: 'document',
                status: 'Ready',
                message: null,
                chars: 10,
                size: file.size,
              },
            },
          },
    );
    const calls = stubAssistantFetch(routes({}, { [CHAT]: () => sseResponse([]) }));
    renderApp('/workbench/index/school');
    const p = await openPanel();
    await p.findByTestId('chat-remaining');
    const picker = p.getByTestId('chat-file-input') as HTMLInputElement;
    fireEvent.change(picker, {
      target: {
        files: [
          fileOf('notes.pdf', 1000),
          fileOf('virus.exe', 10),
          fileOf('photo.png', 11 * 1024 * 1024, 'image/png'),
          fileOf('big.docx', 51 * 1024 * 1024),
          fileOf('scan.pdf', 2000),
        ],
      },
    });
    const problems = p.getByTestId('chat-upload-problems');
    expect(problems.getAttribute('role')).toBe('alert');
    expect(problems.textContent).toContain(
      'virus.exe：仅支持ppt、pptx、doc、docx、pdf、csv、xls、xlsx、png、jpeg、jpg、webp格式的文件',
    );
    expect(problems.textContent).toContain('photo.png：图片大小不能超过10MB');
    expect(problems.textContent).toContain('big.docx：文档大小不能超过50MB');
    // the two that passed upload at once, showing progress
    expect(p.getAllByTestId('chat-upload')).toHaveLength(2);
    expect(p.getByTestId('chat-send').hasAttribute('disabled')).toBe(true);
    await waitFor(() => expect(p.getAllByTestId('chat-upload-state')).toHaveLength(2));
    expect(p.getAllByTestId('chat-upload-state').map((s) => s.textContent)).toEqual([
      '已就绪',
      ' 文件「scan.pdf」无法读取内容：没有可提取的文字',
    ]);
    expect(sent.map((s) => s.url)).toEqual([`${BASE}/files`, `${BASE}/files`]);
    expect(sent[0]?.headers['X-Access-Token']).toBe('token-1');
    // a third is allowed, a fourth is not
    fireEvent.change(picker, {
      target: { files: [fileOf('a.csv', 10, 'text/csv'), fileOf('b.csv', 10, 'text/csv')] },
    });
    expect(p.getByTestId('chat-upload-problems').textContent).toContain('最多上传3个文件');
    await waitFor(() => expect(p.getAllByTestId('chat-upload-state')).toHaveLength(3));
    expect(p.getByTestId('chat-attach').hasAttribute('disabled')).toBe(true);

    type(await input(), '总结一下');
    fireEvent.click(p.getByTestId('chat-send'));
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toMatchObject({ fileIds: [1, 2, 1] }),
    );
  });

  it('conversations: listed with 更多, picked, renamed in place, deleted after a confirmation', async () => {
    signIn('Student');
    const page1 = Array.from({ length: 20 }, (_, i) =>
      conversationOf({ id: 100 - i, title: `会话${i + 1}` }),
    );
    const calls = stubAssistantFetch(
      routes(
        {},
        {
          [CONVERSATIONS]: (call) =>
            call.query.get('pageNumber') === '2'
              ? ok({ rows: [conversationOf({ id: 1, title: '最早的会话' })], total: 21 })
              : ok({ rows: page1, total: 21 }),
          [`GET ${BASE}/conversations/100/messages`]: ok({
            rows: [messageOf({ id: 1, conversationId: 100, content: '会话一的问题' })],
            total: 1,
          }),
          [`PATCH ${BASE}/conversations/100`]: ok(null),
          [`DELETE ${BASE}/conversations/99`]: ok(null),
        },
      ),
    );
    renderApp('/workbench/index/school');
    const p = await openPanel();
    const toggle = await p.findByTestId('chat-toggle-list');
    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const list = await p.findByRole('navigation', { name: '会话列表' });
    await waitFor(() => expect(within(list).getAllByTestId('chat-conversation')).toHaveLength(20));
    fireEvent.click(within(list).getByTestId('chat-conversations-more'));
    await waitFor(() => expect(within(list).getAllByTestId('chat-conversation')).toHaveLength(21));
    expect(within(list).queryByTestId('chat-conversations-more')).toBeNull();

    // rename in place: empty is refused with the shared message, Enter saves
    fireEvent.click(within(list).getByRole('button', { name: '重命名「会话1」' }));
    const name = within(list).getByRole('textbox', { name: '会话名称' });
    fireEvent.change(name, { target: { value: '  ' } });
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 13 });
    expect(await within(list).findByText('请输入会话名称')).toBeTruthy();
    fireEvent.change(name, { target: { value: '栈的复习' } });
    fireEvent.keyDown(name, { key: 'Enter', keyCode: 13 });
    await waitFor(() => expect(calls.find((c) => c.method === 'PATCH')?.body).toEqual({ title: '栈的复习' }));

    // delete asks first
    fireEvent.click(within(list).getByRole('button', { name: '删除「会话2」' }));
    const confirm = await screen.findByText('删除这个会话？');
    expect(confirm).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^删\s*除$/ }));
    await waitFor(() =>
      expect(calls.some((c) => c.method === 'DELETE' && c.path === `${BASE}/conversations/99`)).toBe(true),
    );

    // picking one opens it
    fireEvent.click(within(list).getByText('会话1'));
    expect(await p.findByText('会话一的问题')).toBeTruthy();
    expect(window.sessionStorage.getItem(`${CONVERSATION_KEY}CourseQA:7:`)).toBe('100');
  });

  it('teacher: 教学助手 with the menu; a chat entry starts a task with its hint, a panel entry opens in place', async () => {
    signIn('Teacher');
    const calls = stubAssistantFetch(
      routes(
        { role: 'Teacher', permissions: { qabot: 2, batchAiQuestion: 2 } },
        {
          [CONTEXT]: ok(
            contextOf({ scene: 'TeacherQA', isStudent: false, isTeacher: true, hasKnowledge: true }),
          ),
          [CHAT]: () => sseResponse([]),
        },
      ),
    );
    renderApp('/workbench/index/school');
    expect((await launcher()).textContent).toBe('教学助手');
    const p = await openPanel();
    const menu = await p.findByRole('navigation', { name: '教学助手功能' });
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CONTEXT)?.query.toString()).toBe(
        'scene=TeacherQA&courseId=7',
      ),
    );
    expect(calls.some((c) => `${c.method} ${c.path}` === TEACHING)).toBe(true);
    // teachers: no prompt groups, no knowledge-base toggle
    expect(p.queryByTestId('chat-types')).toBeNull();
    expect(p.queryByRole('switch', { name: '知识库' })).toBeNull();

    fireEvent.click(within(menu).getByRole('button', { name: /^知识图谱/ }));
    expect(p.getByTestId('chat-task-current').textContent).toContain('知识图谱');
    const box = await input();
    expect(box.getAttribute('placeholder')).toBe('输入课程或章节名称，生成知识点图谱');
    type(box, '数据结构第三章');
    fireEvent.click(p.getByTestId('chat-send'));
    await waitFor(() =>
      expect(calls.find((c) => `${c.method} ${c.path}` === CHAT)?.body).toEqual({
        scene: 'TeacherQA',
        courseId: 7,
        chatType: 'teacherQa',
        teacherTask: 'knowledgeGraph',
        query: '数据结构第三章',
        fileIds: [],
        knowledge: false,
      }),
    );

    fireEvent.click(p.getByTestId('chat-new-top'));
    fireEvent.click(
      within(await p.findByRole('navigation', { name: '教学助手功能' })).getByRole('button', {
        name: /^智能出题/,
      }),
    );
    const inPlace = await p.findByTestId('chat-teacher-panel');
    expect(await within(inPlace).findByRole('region', { name: '智能出题' })).toBeTruthy();
    expect(p.queryByTestId('chat-sender')).toBeNull();
    fireEvent.click(within(inPlace).getByRole('button', { name: '返回' }));
    expect(await p.findByTestId('chat-sender')).toBeTruthy();
  });

  it('a refused context (not a member) says so in place', async () => {
    signIn('Student');
    stubAssistantFetch(routes({}, { [CONTEXT]: fail(403, '你不是该课程的成员') }));
    renderApp('/workbench/index/school');
    const p = await openPanel();
    expect(await p.findByTestId('chat-context-error')).toHaveProperty('textContent', '你不是该课程的成员');
    expect(p.queryByTestId('chat-sender')).toBeNull();
  });
});
