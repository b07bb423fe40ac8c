import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { FILE_PURPOSES, FILES_MSG, type FilePurpose, type UploadedFile } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { App } from '../../http/context';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildUser, tokenFor } from '../../test/factories';
import { claimFile } from './files.service';

const U = '/api/files/upload';
const MB = 1024 * 1024;

/** Files that start as their type does. */
export const SAMPLES = {
  png: Buffer.concat([Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), randomBytes(200)]),
  jpeg: Buffer.concat([Buffer.from('ffd8ffe000104a464946', 'hex'), randomBytes(200)]),
  webp: Buffer.concat([
    Buffer.from('RIFF'),
    Buffer.from([0x40, 0, 0, 0]),
    Buffer.from('WEBPVP8 '),
    randomBytes(200),
  ]),
  mp4: Buffer.concat([Buffer.from([0, 0, 0, 0x20]), Buffer.from('ftypisom'), randomBytes(1000)]),
  webm: Buffer.concat([Buffer.from('1a45dfa3', 'hex'), randomBytes(1000)]),
  text: Buffer.from('这不是图片，只是一个改了名字的文本文件。\n'.repeat(10)),
};

const BOUNDARY = '----uplus-test-boundary';

/** A multipart/form-data body with one file field (or none). */
export const multipart = (file: { name: string; bytes: Buffer; type?: string; field?: string } | null) => {
  const parts: Buffer[] = [];
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  } else {
    parts.push(Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="note"\r\n\r\nhello\r\n`));
  }
  parts.push(Buffer.from(`--${BOUNDARY}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
};

/** Uploads `bytes` as `name` for `purpose` with the token (or none). */
export const upload = (app: App, token: string | null, purpose: string, name: string, bytes: Buffer) => {
  const body = multipart({ name, bytes });
  return app.inject({
    method: 'POST',
    url: `${U}?purpose=${purpose}`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? { 'x-access-token': token } : {}) },
  });
};

const filesDir = testConfig().storage.kind === 'local' ? (testConfig().storage as { dir: string }).dir : '';

/** Every file under the test store's directory. */
const storedFiles = async (): Promise<string[]> =>
  (await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

describe.each(testDrivers())('files (%s)', (driver) => {
  const t = useTestApp(driver);

  const signedIn = async () => {
    const user = await buildUser(t.db);
    const { token } = await tokenFor(t.db, user.id);
    return { user, token };
  };

  it('uploads each purpose’s good types and answers the file with a signed address', async () => {
    const { token } = await signedIn();
    const cases: [FilePurpose, keyof typeof SAMPLES, string][] = [
      ['poster', 'png', 'image/png'],
      ['poster', 'jpeg', 'image/jpeg'],
      ['seal', 'png', 'image/png'],
      ['certificate', 'webp', 'image/webp'],
      ['logo', 'jpeg', 'image/jpeg'],
      ['video', 'mp4', 'video/mp4'],
      ['video', 'webm', 'video/webm'],
    ];
    for (const [purpose, sample, type] of cases) {
      const res = await upload(t.app, token, purpose, `样例.${sample}`, SAMPLES[sample]);
      expect(res.statusCode, res.body).toBe(200);
      const file = res.json().data as UploadedFile;
      expect(file).toMatchObject({ name: `样例.${sample}`, contentType: type, size: SAMPLES[sample].length });
      expect(file.url).toMatch(
        new RegExp(`^/api/files/${file.id}/content\\?expires=\\d+&signature=[\\w-]+$`),
      );
      const content = await t.app.inject({ method: 'GET', url: file.url });
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(SAMPLES[sample])).toBe(true);
      expect(content.headers['content-type']).toBe(type);
    }
    expect(FILE_PURPOSES.seal.maxBytes).toBe(2 * MB);
    expect(FILES_MSG.required).toBeTruthy();
    expect(claimFile).toBeTypeOf('function');
    expect(await storedFiles()).not.toHaveLength(0);
  });
});
