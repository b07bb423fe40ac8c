import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type AttachedResume, RESUME_MSG, type UploadTicket } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { deferredLoadsSettled } from '../../../components/lazy-antd';
import { fail, ok, type RecordedCall, renderWithRouter, signIn, stubFetch } from '../../../test/helpers';
import { AttachedResumesCard } from './attached-resumes-card';

/** A stand-in for XMLHttpRequest the test drives (the PUT to the signed address). */
class FakeXhr {
  static last: FakeXhr | null = null;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  withCredentials = true;
  timeout = 0;
  body: unknown = null;
  status = 0;
  responseText = '';
  responseURL = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  ontimeout: (() => void) | null = null;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
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
    this.responseURL = this.url;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

const item = (over: Partial<AttachedResume> = {}): AttachedResume => ({
  id: 11,
  name: '王小明-前端',
  path: '/api/files/5/content?expires=1&signature=s',
  extension: 'pdf',
  size: 245_760,
  createAt: Date.UTC(2026, 10, 20, 2, 30),
  enabled: 'Yes',
  ...over,
});

const TICKET: UploadTicket = {
  fileName: '我的简历.docx',
  fileUrl: 'claim-ref',
  signedUrl: '/api/files/direct/token-1',
  actualSignedRequestHeaders: {
    'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  },
};

const LIST = 'GET /api/ourea/resume_attached';
const TICKET_CALL = 'GET /api/portal/file_storages/web/obs_upload';

const fileOf = (name: string, size = 1000) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const render = () => renderWithRouter(<AttachedResumesCard />, '/workbench/index/resume');

const pickFile = (file: File) =>
  fireEvent.change(screen.getByTestId('attached-file-input'), { target: { files: [file] } });

describe('attached resumes card', () => {
  beforeEach(() => {
    signIn();
    FakeXhr.last = null;
    vi.stubGlobal('XMLHttpRequest', FakeXhr);
  });
  afterEach(async () => {
    // the editing parts load on demand (components/lazy-part.tsx)
    await deferredLoadsSettled();
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('lists the attachments with a preview link in a new tab; says when there are none; retries a failed load', async () => {
    let answer = fail(500, '服务器开小差了');
    stubFetch({ [LIST]: () => answer });
    render();
    expect(await screen.findByText('附件简历加载失败')).toBeTruthy();
    answer = ok([item(), item({ id: 12, name: '英文简历', extension: 'docx' })]);
    fireEvent.click(screen.getByRole('button', { name: /重\s?试/ }));
    expect(await screen.findByText('王小明-前端.pdf')).toBeTruthy();
    expect(screen.getAllByTestId('attached-item')).toHaveLength(2);
    const preview = screen.getByRole('link', { name: '预览 王小明-前端.pdf（新标签页）' });
    expect(preview.getAttribute('href')).toBe('/workbench/previewattachedresume?id=11');
    expect(preview.getAttribute('target')).toBe('_blank');
  });

  it('refuses a wrong type or a file over 20 MB before asking for a ticket; warns at 3', async () => {
    const calls = stubFetch({ [LIST]: ok([]) });
    render();
    expect(await screen.findByText('暂无附件简历')).toBeTruthy();
    pickFile(fileOf('照片.png'));
    expect(await screen.findByText(RESUME_MSG.attachedType)).toBeTruthy();
    pickFile(fileOf('大.pdf', 20 * 1024 * 1024 + 1));
    expect(await screen.findByText(RESUME_MSG.attachedSize)).toBeTruthy();
    expect(calls.some((c: RecordedCall) => c.path.includes('obs_upload'))).toBe(false);
  });

  it('warns instead of uploading when 3 are kept', async () => {
    stubFetch({ [LIST]: ok([item({ id: 1 }), item({ id: 2 }), item({ id: 3 })]) });
    render();
    await screen.findAllByTestId('attached-item');
    fireEvent.click(screen.getByRole('button', { name: /上传附件/ }));
    expect(await screen.findByText(RESUME_MSG.attachedMax)).toBeTruthy();
  });

  it('uploads: ticket, PUT straight to the signed address without credentials, progress that Escape does not close, keep', async () => {
    let kept: unknown = null;
    const calls = stubFetch({
      [LIST]: () => ok(kept ? [item({ id: 20, name: '我的简历', extension: 'docx' })] : []),
      [TICKET_CALL]: ok(TICKET),
      'POST /api/ourea/resume_attached': (call) => {
        kept = call.body;
        return ok(item({ id: 20, name: '我的简历', extension: 'docx' }));
      },
    });
    render();
    await screen.findByText('暂无附件简历');
    pickFile(fileOf('我的简历.docx', 5000));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    const ticketCall = calls.find((c) => c.path.endsWith('/obs_upload'));
    expect(ticketCall?.query.get('fileName')).toBe('我的简历.docx');
    expect(ticketCall?.query.get('resourceType')).toBe('attachedResume');
    expect(ticketCall?.query.get('fileSize')).toBe('5000');
    expect(ticketCall?.headers.get('x-access-token')).toBe('token-1');
    const xhr = FakeXhr.last as FakeXhr;
    expect(xhr.method).toBe('PUT');
    expect(xhr.url).toBe(new URL('/api/files/direct/token-1', window.location.href).href);
    expect(xhr.withCredentials).toBe(false);
    expect(xhr.timeout).toBe(3_600_000);
    expect(xhr.headers).toEqual(TICKET.actualSignedRequestHeaders);
    const dialog = await screen.findByTestId('attached-upload-dialog');
    act(() => xhr.progress(2500, 5000));
    expect(within(dialog).getByText('50%')).toBeTruthy();
    fireEvent.keyDown(dialog, { key: 'Escape' });
    expect(screen.getByTestId('attached-upload-dialog')).toBeTruthy();
    act(() => xhr.answer(200, { success: true, code: 200, data: { size: 5000 } }));
    expect(await screen.findByRole('button', { name: /完\s?成/ })).toBeTruthy();
    expect(kept).toEqual({ name: '我的简历', path: 'claim-ref' });
    expect(within(await screen.findByTestId('attached-item')).getByText('我的简历.docx')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /完\s?成/ }));
  });

  it('shows a failed PUT in the dialog, which then has a close button', async () => {
    const calls = stubFetch({ [LIST]: ok([]), [TICKET_CALL]: ok(TICKET) });
    render();
    await screen.findByText('暂无附件简历');
    pickFile(fileOf('a.pdf'));
    await waitFor(() => expect(FakeXhr.last).not.toBeNull());
    act(() =>
      (FakeXhr.last as FakeXhr).answer(413, { success: false, code: 413, message: '文件大小不能超过20MB' }),
    );
    expect(await screen.findByText('文件大小不能超过20MB')).toBeTruthy();
    await waitFor(() => expect(document.activeElement?.textContent).toMatch(/关\s?闭/));
    fireEvent.click(screen.getByRole('button', { name: /关\s?闭/ }));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('renames with the name rule announced on the field, and deletes after the confirmation', async () => {
    const calls = stubFetch({
      [LIST]: ok([item()]),
      'PUT /api/ourea/resume_attached/11': ok(item({ name: '新名字' })),
      'DELETE /api/ourea/resume_attached/11': ok(null),
    });
    render();
    await screen.findByText('王小明-前端.pdf');
    fireEvent.click(screen.getByRole('button', { name: '重命名 王小明-前端.pdf' }));
    const box = await screen.findByLabelText('附件名称');
    fireEvent.change(box, { target: { value: '  ' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    expect(await screen.findByText(RESUME_MSG.attachedNameRequired)).toBeTruthy();
    expect(box.getAttribute('aria-invalid')).toBe('true');
    // the Enter ending an IME composition does not submit
    fireEvent.change(box, { target: { value: '新名字' } });
    fireEvent.keyDown(box, { key: 'Enter', isComposing: true });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: /保\s?存/ }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ name: '新名字' }));

    fireEvent.click(screen.getByRole('button', { name: '删除 王小明-前端.pdf' }));
    expect(await screen.findByText(RESUME_MSG.deleteConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /^删\s?除$/ }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE')).toBe(true));
    expect(await screen.findByText('删除成功')).toBeTruthy();
  });
});
