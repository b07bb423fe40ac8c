import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ASSISTANT_MSG, type CourseMaterial, checkMaterialUpload, MATERIAL_MSG } from '@uplus/shared';
import axe from 'axe-core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import {
  fail,
  finishLeaveMotion,
  ok,
  type RecordedCall,
  renderWithRouter,
  type StubAnswer,
  setSite,
  signIn,
  stubBrowser,
  stubFetch,
} from '../../../test/helpers';
import { KB_TEXT, KnowledgeBaseTab } from './knowledge-base';

const LIST = 'GET /api/course/intelligent/courses/7/materials';
const CREATE = 'POST /api/course/intelligent/courses/7/materials';

const material = (over: Partial<CourseMaterial> = {}): CourseMaterial => ({
  id: 1,
  courseId: 7,
  kind: 'File',
  title: '第一章 线性表',
  fileName: '第一章 线性表.pdf',
  status: 'Indexed',
  error: null,
  passages: 24,
  chars: 18_230,
  createAt: new Date(2026, 8, 2, 10, 30).getTime(),
  ...over,
});

/** A stand-in for XMLHttpRequest the test drives: progress, the answer, abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
    FakeXhr.count += 1;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  progress(loaded: number, total: number) {
    this.upload.onprogress?.({ loaded, total, lengthComputable: true } as ProgressEvent);
  }
  answer(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

/** A browser file of `size` bytes. */
const fileOf = (name: string, size = 1000) => {
  const file = new File(['%PDF-1.4'], name, { type: 'application/pdf' });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

/** axe-core's findings on `root` (contrast needs layout, which happy-dom has not: the e2e run checks it). */
const axeFindings = async (root: Element) => {
  const result = await axe.run(root, {
    rules: { 'color-contrast': { enabled: false }, region: { enabled: false } },
  });
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.html).join(' | ')}`);
};

type Handler = StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
const renderTab = (routes: Record<string, Handler>) => {
  const calls = stubFetch(routes);
  const view = renderWithRouter(<KnowledgeBaseTab courseId={7} />);
  return { ...view, calls };
};

const choose = (file: File) => fireEvent.change(screen.getByTestId('kb-file'), { target: { files: [file] } });

describe('checkMaterialUpload (the browser’s check before an upload)', () => {
  it('the types of the knowledge base, at most 50 MB, not empty', () => {
    for (const name of [
      'a.pdf',
      'b.DOCX',
      'c.doc',
      'd.ppt',
      'e.pptx',
      'f.xls',
      'g.xlsx',
      'h.csv',
      'i.txt',
      'j.md',
    ])
      expect(checkMaterialUpload({ name, size: 10 })).toBeNull();
    expect(checkMaterialUpload({ name: 'k.png', size: 10 })).toBe(MATERIAL_MSG.typeNotAllowed);
    expect(checkMaterialUpload({ name: 'noext', size: 10 })).toBe(MATERIAL_MSG.typeNotAllowed);
    expect(checkMaterialUpload({ name: 'big.pdf', size: 50 * 1024 * 1024 })).toBeNull();
    expect(checkMaterialUpload({ name: 'big.pdf', size: 50 * 1024 * 1024 + 1 })).toBe(
      ASSISTANT_MSG.documentTooLarge,
    );
    expect(checkMaterialUpload({ name: 'zero.txt', size: 0 })).toBe(MATERIAL_MSG.empty);
    expect(MATERIAL_MSG.typeNotAllowed).toBe(
      '仅支持pdf、doc、docx、ppt、pptx、xls、xlsx、csv、txt、md格式的资料文件',
    );
  });
});

describe('知识库 tab', () => {
  beforeEach(() => {
    setSite();
    stubBrowser();
    signIn('Teacher');
    FakeXhr.last = null;
    FakeXhr.count = 0;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(async () => {
    await deferredLoadsSettled();
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('empty: says what the knowledge base does for students', async () => {
    const { calls } = renderTab({ [LIST]: ok({ rows: [], total: 0 }) });
    expect(screen.getByRole('heading', { name: '知识库', level: 2 })).toBeTruthy();
    expect(screen.getByText('正在加载资料…')).toBeTruthy();
    const empty = await screen.findByTestId('kb-empty');
    expect(within(empty).getByRole('heading', { name: KB_TEXT.emptyTitle, level: 3 })).toBeTruthy();
    expect(empty.textContent).toContain('学生提问时AI会优先依据这些资料作答并注明出处');
    expect(await axeFindings(document.body)).toEqual([]);
    expect(screen.getByText(KB_TEXT.intro)).toBeTruthy();
    expect(calls[0]?.query.get('pageNumber')).toBe('1');
    expect(calls[0]?.query.get('pageSize')).toBe('10');
    expect(calls[0]?.headers.get('X-Access-Token')).toBe('token-1');
  });

  it('a failed list says why and offers 重试', async () => {
    let first = true;
    renderTab({
      [LIST]: () => {
        if (!first) return ok({ rows: [material()], total: 1 });
        first = false;
        return fail(400, '服务器开小差了'); // a 4xx is not retried
      },
    });
    expect(await screen.findByText('服务器开小差了')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /重\s*试/ }));
    expect(await screen.findByTestId('kb-table')).toBeTruthy();
  });

  it('lists the materials with status (解析中/已索引/失败 with the reason), passages and a captioned table', async () => {
    renderTab({
      [LIST]: ok({
        rows: [
          material({
            id: 3,
            title: '实验指导书',
            fileName: 'lab.docx',
            status: 'Indexing',
            passages: 0,
            chars: 0,
          }),
          material({ id: 2, kind: 'Note', title: '栈与队列讲义', fileName: null, passages: 6, chars: 2400 }),
          material({
            id: 1,
            title: '扫描版教材',
            fileName: 'scan.pdf',
            status: 'Failed',
            error: '文件「scan.pdf」无法读取内容：没有可提取的文字',
            passages: 0,
          }),
        ],
        total: 3,
      }),
    });
    const table = await screen.findByTestId('kb-table');
    expect(within(table).getByText('课程资料（共3份）').tagName).toBe('CAPTION');
    const rows = within(table).getAllByTestId('kb-row');
    expect(rows.map((r) => within(r).getByTestId('kb-status').textContent)).toEqual([
      '解析中',
      '已索引',
      '失败',
    ]);
    expect(within(rows[0] as HTMLElement).getByText('lab.docx')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByRole('rowheader').textContent).toBe('栈与队列讲义讲义');
    expect(within(rows[1] as HTMLElement).getByText('6')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('2,400')).toBeTruthy();
    expect(
      within(rows[2] as HTMLElement).getByText('文件「scan.pdf」无法读取内容：没有可提取的文字'),
    ).toBeTruthy();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['资料', '状态', '段落', '字数', '添加时间', '操作']);
    expect(await axeFindings(document.body)).toEqual([]);
  });

  it('asks the list again while a material is being parsed, and stops once all are done', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      let asked = 0;
      renderTab({
        [LIST]: () => {
          asked += 1;
          return ok({ rows: [material({ status: asked === 1 ? 'Indexing' : 'Indexed' })], total: 1 });
        },
      });
      expect(await screen.findByText('解析中')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(3100);
      });
      expect(await screen.findByText('已索引')).toBeTruthy();
      await act(async () => {
        await vi.advanceTimersByTimeAsync(10_000);
      });
      expect(asked).toBe(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it('新建讲义: the shared messages per field with aria-invalid and aria-describedby, then saves and closes', async () => {
    const { calls } = renderTab({
      [LIST]: ok({ rows: [], total: 0 }),
      [CREATE]: (call) =>
        ok(material({ id: 9, kind: 'Note', title: (call.body as { title: string }).title })),
    });
    await screen.findByTestId('kb-empty');
    fireEvent.click(screen.getByTestId('kb-new-note'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('新建讲义')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    const title = within(dialog).getByLabelText('讲义名称');
    const body = within(dialog).getByLabelText('讲义内容');
    expect(await within(dialog).findByText(ASSISTANT_MSG.materialTitleRequired)).toBeTruthy();
    expect(within(dialog).getByText(ASSISTANT_MSG.materialBodyRequired)).toBeTruthy();
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      ASSISTANT_MSG.materialTitleRequired,
    );
    expect(body.getAttribute('aria-invalid')).toBe('true');
    const bodyDescribed = (body.getAttribute('aria-describedby') ?? '').split(' ');
    expect(bodyDescribed.map((id) => document.getElementById(id)?.textContent)).toEqual([
      ASSISTANT_MSG.materialBodyRequired,
      '支持Markdown：用“#”“##”写标题，AI会按标题把讲义分成段落来引用。',
    ]);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(await axeFindings(dialog)).toEqual([]);

    fireEvent.change(title, { target: { value: '   ' } });
    fireEvent.change(body, { target: { value: '# 栈\n后进先出的线性表。' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await within(dialog).findByText(ASSISTANT_MSG.materialTitleRequired)).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(title, { target: { value: ' 栈与队列 ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText(KB_TEXT.noteSaved)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ title: '栈与队列', body: '# 栈\n后进先出的线性表。' });
    await waitFor(() => {
      finishLeaveMotion();
      expect(screen.queryByRole('dialog')).toBeNull();
    });
    // the list is asked again after saving
    expect(calls.filter((c) => c.method === 'GET').length).toBeGreaterThanOrEqual(2);
  });

  it('新建讲义: a refusal from the server stays in the dialog with what was typed', async () => {
    renderTab({
      [LIST]: ok({ rows: [], total: 0 }),
      [CREATE]: fail(403, ASSISTANT_MSG.notCourseTeacher),
    });
    await screen.findByTestId('kb-empty');
    fireEvent.click(screen.getByTestId('kb-new-note'));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('讲义名称'), { target: { value: '栈' } });
    fireEvent.change(within(dialog).getByLabelText('讲义内容'), { target: { value: '后进先出' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /保\s*存/ }));
    // a 403 is 暂无权限 (the http client's rule for refusals)
    expect((await within(dialog).findByTestId('kb-note-error')).textContent).toBe('暂无权限');
    expect((within(dialog).getByLabelText('讲义名称') as HTMLInputElement).value).toBe('栈');
  });

  it('上传资料: a wrong type or a file over 50 MB is refused before anything is sent', async () => {
    renderTab({ [LIST]: ok({ rows: [], total: 0 }) });
    await screen.findByTestId('kb-empty');
    expect(screen.getByTestId('kb-file').getAttribute('accept')).toBe(
      '.pdf,.doc,.docx,.ppt,.pptx,.xls,.xlsx,.csv,.txt,.md',
    );
    choose(fileOf('海报.png'));
    expect((await screen.findByTestId('kb-upload-error')).textContent).toContain(MATERIAL_MSG.typeNotAllowed);
    choose(fileOf('录像.pdf', 50 * 1024 * 1024 + 1));
    expect((await screen.findByTestId('kb-upload-error')).textContent).toContain('文档大小不能超过50MB');
    expect(FakeXhr.count).toBe(0);
  });

  it('上传资料: shows the progress, then lists the material; a server refusal is said in place', async () => {
    let rows: CourseMaterial[] = [];
    renderTab({ [LIST]: () => ok({ rows, total: rows.length }) });
    await screen.findByTestId('kb-empty');
    choose(fileOf('第二章 栈.pptx', 4000));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const xhr = FakeXhr.last as unknown as FakeXhr;
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/course/intelligent/courses/7/materials/upload');
    expect(xhr.headers['X-Access-Token']).toBe('token-1');
    expect((xhr.body as FormData).get('file')).toMatchObject({ name: '第二章 栈.pptx' });
    expect(await screen.findByText('正在上传《第二章 栈.pptx》0%')).toBeTruthy();
    act(() => xhr.progress(2000, 4000));
    expect(await screen.findByText('正在上传《第二章 栈.pptx》50%')).toBeTruthy();
    expect((screen.getByLabelText('上传进度 第二章 栈.pptx') as HTMLProgressElement).value).toBe(50);
    expect(screen.getByTestId('kb-upload').hasAttribute('disabled')).toBe(true);
    rows = [material({ id: 5, title: '第二章 栈', fileName: '第二章 栈.pptx', status: 'Indexing' })];
    act(() => xhr.answer(200, { success: true, code: 200, message: '成功', data: rows[0] }));
    expect(await screen.findByText(KB_TEXT.uploaded)).toBeTruthy();
    expect(await screen.findByText('解析中')).toBeTruthy();
    expect(screen.queryByTestId('kb-uploading')).toBeNull();

    choose(fileOf('第三章.pdf', 4000));
    await waitFor(() => expect(FakeXhr.count).toBe(2));
    act(() =>
      (FakeXhr.last as FakeXhr).answer(400, {
        success: false,
        code: 400,
        message: '文件「第三章.pdf」无法读取内容',
        data: null,
      }),
    );
    expect((await screen.findByTestId('kb-upload-error')).textContent).toBe(
      '《第三章.pdf》未能上传：文件「第三章.pdf」无法读取内容知道了',
    );
    fireEvent.click(screen.getByRole('button', { name: /知道了/ }));
    expect(screen.queryByTestId('kb-upload-error')).toBeNull();
  });

  it('取消上传 stops the upload without an error', async () => {
    renderTab({ [LIST]: ok({ rows: [], total: 0 }) });
    await screen.findByTestId('kb-empty');
    choose(fileOf('讲义.md', 100));
    fireEvent.click(await screen.findByRole('button', { name: /取消上传/ }));
    await waitFor(() => expect(screen.queryByTestId('kb-uploading')).toBeNull());
    expect(screen.queryByTestId('kb-upload-error')).toBeNull();
  });

  it('删除 asks first; 取消 keeps it, 删除 removes it and the list is asked again', async () => {
    let rows = [material()];
    const { calls } = renderTab({
      [LIST]: () => ok({ rows, total: rows.length }),
      'DELETE /api/course/intelligent/courses/7/materials/1': () => {
        rows = [];
        return ok(null);
      },
    });
    fireEvent.click(await screen.findByRole('button', { name: '删除《第一章 线性表》' }));
    let dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByTestId('confirm-content').textContent).toContain(
      '确定删除《第一章 线性表》吗？',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    finishLeaveMotion();
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: '删除《第一章 线性表》' }));
    dialog = await screen.findByRole('dialog');
    fireEvent.click(within(dialog).getByTestId('confirm-ok'));
    expect(await screen.findByText(KB_TEXT.deleted)).toBeTruthy();
    expect(await screen.findByTestId('kb-empty')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'DELETE')).toHaveLength(1);
  });
});
