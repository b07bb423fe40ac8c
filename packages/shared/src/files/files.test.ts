import { describe, expect, it } from 'vitest';
import {
  checkFileForPurpose,
  FILES_MSG,
  fileAccept,
  filePurposeKind,
  formatFileSize,
  guessFileType,
} from './files';

const MB = 1024 * 1024;

describe('files: the browser’s check before uploading', () => {
  it.each([
    ['poster', { name: 'a.png', type: 'image/png', size: 10 * MB }, null],
    ['poster', { name: 'a.png', type: 'image/png', size: 10 * MB + 1 }, FILES_MSG.tooLarge(10 * MB)],
    ['seal', { name: 'a.webp', type: 'image/webp', size: 2 * MB + 1 }, '文件大小不能超过2MB'],
    ['seal', { name: 'a.gif', type: 'image/gif', size: 100 }, '文件类型不正确，请上传公章图片'],
    ['logo', { name: 'logo.svg', type: 'image/svg+xml', size: 100 }, '文件类型不正确，请上传企业Logo'],
    ['video', { name: 'a.mp4', type: 'video/mp4', size: 2048 * MB }, null],
    ['video', { name: 'a.mov', type: 'video/quicktime', size: 100 }, '文件类型不正确，请上传视频'],
    ['video', { name: 'A.WEBM', type: '', size: 100 }, null],
    ['certificate', { name: 'scan.JPEG', type: '', size: 100 }, null],
    ['certificate', { name: 'scan', type: '', size: 100 }, '文件类型不正确，请上传证书图片'],
    ['poster', { name: 'a.png', type: 'image/png', size: 0 }, FILES_MSG.required],
  ] as const)('%s %o -> %s', (purpose, file, message) => {
    expect(checkFileForPurpose(purpose, file)).toBe(message);
  });

  it('guesses a type from the name only when the browser gives none', () => {
    expect(guessFileType({ name: 'x.png', type: 'image/jpeg' })).toBe('image/jpeg');
    expect(guessFileType({ name: 'x.M4V', type: '' })).toBe('video/mp4');
    expect(guessFileType({ name: 'x.txt', type: '' })).toBe('');
  });

  it('names the accepted types and endings for the file input', () => {
    expect(fileAccept('video')).toBe('video/mp4,.mp4,.m4v,video/webm,.webm');
    expect(fileAccept('logo')).toBe('image/png,.png,image/jpeg,.jpg,.jpeg,image/webp,.webp');
    expect(filePurposeKind('video')).toBe('video');
    expect(filePurposeKind('seal')).toBe('image');
  });

  it.each([
    [0, '0 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [100 * 1024, '100 KB'],
    [1024 * 1024 - 1, '1024 KB'],
    [2 * MB, '2 MB'],
    [12.34 * MB, '12.3 MB'],
    [2048 * MB, '2 GB'],
  ])('formats %d bytes as %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });
});
