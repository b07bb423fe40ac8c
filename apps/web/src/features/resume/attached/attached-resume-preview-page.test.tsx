import { screen } from '@testing-library/react';
import { ATTACHED_MSG, type AttachedPreview } from '@uplus/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, renderWithRouter, signIn, stubFetch } from '../../../test/helpers';
import { AttachedResumePreviewPage } from './attached-resume-preview-page';

const preview = (over: Partial<AttachedPreview> = {}): AttachedPreview => ({
  id: 11,
  name: '王小明-前端',
  extension: 'pdf',
  mode: 'pdf',
  pdfUrl: '/api/files/5/content?expires=1&signature=s',
  downloadUrl: '/api/files/5/content?expires=1&signature=s',
  note: '',
  ...over,
});
const PREVIEW = 'GET /api/ourea/resume_attached/11/preview';
const open = (query = '?id=11') =>
  renderWithRouter(<AttachedResumePreviewPage />, `/workbench/previewattachedresume${query}`);

describe('attached resume preview page', () => {
  beforeEach(() => signIn());
  afterEach(() => {
    vi.unstubAllGlobals();
    localStorage.clear();
  });

  it('shows a PDF inline with its download', async () => {
    stubFetch({ [PREVIEW]: ok(preview()) });
    open();
    const frame = await screen.findByTitle('附件简历 王小明-前端.pdf');
    expect(frame.getAttribute('src')).toBe('/api/files/5/content?expires=1&signature=s');
    expect(screen.getByRole('heading', { name: '王小明-前端.pdf' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载附件/ }).getAttribute('download')).toBe('王小明-前端.pdf');
  });

  it('offers the download of a Word file with the server’s note when it cannot be converted', async () => {
    stubFetch({
      [PREVIEW]: ok(
        preview({ extension: 'docx', mode: 'download', pdfUrl: '', note: ATTACHED_MSG.noConverter }),
      ),
    });
    open();
    expect(await screen.findByText('该附件暂不支持在线预览')).toBeTruthy();
    expect(screen.getByText(ATTACHED_MSG.noConverter)).toBeTruthy();
    expect(screen.getByRole('link', { name: /下载附件/ })).toBeTruthy();
    expect(screen.queryByTitle(/附件简历/)).toBeNull();
  });

  it('says what is wrong: no id, or another member’s attachment', async () => {
    stubFetch({ [PREVIEW]: fail(404, '记录不存在或已删除') });
    const first = open('');
    expect(await screen.findByText('缺少附件编号')).toBeTruthy();
    first.unmount();
    open();
    expect(await screen.findByText('记录不存在或已删除')).toBeTruthy();
    expect(screen.getByRole('button', { name: /重\s?试/ })).toBeTruthy();
  });
});
