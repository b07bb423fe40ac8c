import { act, fireEvent, render, screen } from '@testing-library/react';
import { FILES_MSG, STORAGE_KEYS, type UploadedFile } from '@uplus/shared';
import { Button, Form } from 'antd';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FileUpload, type FileUploadProps } from './file-upload';

/** A stand-in for XMLHttpRequest the test drives: progress, the answer, abort. */
class FakeXhr {
  static last: FakeXhr | null = null;
  static count = 0;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = null;
  status = 0;
  responseText = '';
  aborted = false;
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
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
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

const useFakeXhr = () => {
  FakeXhr.last = null;
  FakeXhr.count = 0;
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
};

const PNG_HEAD = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** A browser file of `size` bytes. */
const fileOf = (name: string, type: string, size = 1000) => {
  const file = new File([PNG_HEAD], name, { type });
  Object.defineProperty(file, 'size', { value: size });
  return file;
};

const UPLOADED: UploadedFile = {
  id: 7,
  name: '海报.png',
  contentType: 'image/png',
  size: 1536,
  url: '/api/files/7/content?expires=1&signature=abc',
};

/** The control in a form-like owner keeping its value. */
const Harness = (props: Partial<FileUploadProps> & { onValue?: (file: UploadedFile | null) => void }) => {
  const [value, setValue] = useState<UploadedFile | null>(props.value ?? null);
  return (
    <>
      <label htmlFor="poster-upload">课程海报</label>
      <FileUpload
        purpose={props.purpose ?? 'poster'}
        id="poster-upload"
        value={value}
        onBusyChange={props.onBusyChange}
        onChange={(file) => {
          setValue(file);
          props.onValue?.(file);
        }}
      />
    </>
  );
};

const pick = (file: File) =>
  fireEvent.change(screen.getByTestId('file-upload-input'), { target: { files: [file] } });

describe('FileUpload', () => {
  it('is a labelled button that says what it takes', () => {
    render(<Harness />);
    const button = screen.getByRole('button', { name: '课程海报' });
    expect(button.id).toBe('poster-upload');
    expect(button.textContent).toContain('上传图片');
    expect(screen.getByText(/支持 PNG、JPEG、WEBP，不超过 10MB/)).toBeTruthy();
    expect(screen.getByTestId('file-upload-input').getAttribute('accept')).toContain('image/png');
  });

  it('refuses a file of a wrong type before uploading, and says so (announced, described)', () => {
    useFakeXhr();
    render(<Harness />);
    pick(fileOf('notes.txt', 'text/plain'));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe(FILES_MSG.badType('图片'));
    const button = screen.getByRole('button', { name: '课程海报' });
    expect(button.getAttribute('aria-describedby')).toContain(alert.id);
    expect(button.getAttribute('aria-invalid')).toBe('true');
    expect(FakeXhr.count).toBe(0);
  });

  it('refuses a file larger than the purpose allows before uploading', () => {
    useFakeXhr();
    render(<Harness purpose="seal" />);
    pick(fileOf('seal.png', 'image/png', 2 * 1024 * 1024 + 1));
    expect(screen.getByRole('alert').textContent).toBe(FILES_MSG.tooLarge(2 * 1024 * 1024));
    expect(FakeXhr.count).toBe(0);
  });

  it('uploads with the token, shows the progress, then the file with a preview; remove clears it', async () => {
    useFakeXhr();
    window.localStorage.setItem(STORAGE_KEYS.token, 'token-1');
    const onValue = vi.fn();
    const onBusy = vi.fn();
    render(<Harness onValue={onValue} onBusyChange={onBusy} />);
    pick(fileOf('海报.png', 'image/png', 1536));
    expect(onBusy).toHaveBeenLastCalledWith(true);
    const xhr = FakeXhr.last;
    expect(xhr?.method).toBe('POST');
    expect(xhr?.url).toBe('/api/files/upload?purpose=poster');
    expect(xhr?.headers['X-Access-Token']).toBe('token-1');
    expect((xhr?.body as FormData | undefined)?.get('file')).toBeInstanceOf(File);
    expect(screen.getByRole('button', { name: '课程海报' })).toHaveProperty('disabled', true);

    act(() => xhr?.progress(600, 1000));
    expect(screen.getByText('已上传 60%')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('60');

    await act(async () =>
      xhr?.answer(200, { success: true, code: 200, message: '操作成功', data: UPLOADED }),
    );
    expect(onValue).toHaveBeenLastCalledWith(UPLOADED);
    expect(onBusy.mock.calls).toEqual([[true], [false]]);
    expect(screen.queryByRole('progressbar')).toBeNull();
    const preview = screen.getByRole('img', { name: '海报.png' });
    expect(preview.getAttribute('src')).toBe(UPLOADED.url);
    expect(screen.getByText('1.5 KB')).toBeTruthy();
    expect(screen.getByRole('button', { name: '课程海报' }).textContent).toContain('重新上传图片');

    fireEvent.click(screen.getByRole('button', { name: '移除 海报.png' }));
    expect(onValue).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img', { name: '海报.png' })).toBeNull();
  });

  it('cancels an upload without an error', async () => {
    useFakeXhr();
    const onValue = vi.fn();
    render(<Harness onValue={onValue} />);
    pick(fileOf('a.png', 'image/png'));
    act(() => FakeXhr.last?.progress(10, 100));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: '取消上传' })));
    expect(FakeXhr.last?.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(onValue).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: '课程海报' })).toHaveProperty('disabled', false);
  });

  it('shows the server’s refusal in place', async () => {
    useFakeXhr();
    render(<Harness />);
    pick(fileOf('fake.png', 'image/png'));
    await act(async () =>
      FakeXhr.last?.answer(400, {
        success: false,
        code: 400,
        message: FILES_MSG.badType('图片'),
        data: null,
      }),
    );
    expect(screen.getByRole('alert').textContent).toBe(FILES_MSG.badType('图片'));
  });

  it('previews a video in a small player and takes a file dropped on it', () => {
    useFakeXhr();
    const video: UploadedFile = { ...UPLOADED, name: '第1课.mp4', contentType: 'video/mp4' };
    render(<Harness purpose="video" value={video} />);
    expect(screen.getByLabelText('预览 第1课.mp4').tagName).toBe('VIDEO');
    fireEvent.drop(screen.getByTestId('file-upload-drop'), {
      dataTransfer: { files: [fileOf('movie.mov', 'video/quicktime')] },
    });
    expect(screen.getByRole('alert').textContent).toBe(FILES_MSG.badType('视频'));
    fireEvent.drop(screen.getByTestId('file-upload-drop'), {
      dataTransfer: { files: [fileOf('movie.mp4', '')] },
    });
    expect(FakeXhr.last?.url).toBe('/api/files/upload?purpose=video');
  });

  it('works as a Form.Item control: labelled, its required error described', async () => {
    useFakeXhr();
    const onFinish = vi.fn();
    render(
      <Form onFinish={onFinish}>
        <Form.Item name="seal" label="企业公章" rules={[{ required: true, message: '请上传公章图片' }]}>
          <FileUpload purpose="seal" />
        </Form.Item>
        <Button htmlType="submit">保存</Button>
      </Form>,
    );
    const button = screen.getByRole('button', { name: '企业公章' });
    fireEvent.click(screen.getByRole('button', { name: /^保 ?存$/ }));
    const error = await screen.findByText('请上传公章图片');
    const described = (button.getAttribute('aria-describedby') ?? '').split(' ');
    expect(described.some((id) => id && error.closest(`[id="${id}"]`))).toBe(true);
    pick(fileOf('seal.png', 'image/png'));
    await act(async () =>
      FakeXhr.last?.answer(200, { success: true, code: 200, message: '操作成功', data: UPLOADED }),
    );
    fireEvent.click(screen.getByRole('button', { name: /^保 ?存$/ }));
    await vi.waitFor(() => expect(onFinish).toHaveBeenCalledWith({ seal: UPLOADED }));
  });
});
