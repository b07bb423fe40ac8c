import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/** What the helpers need of the app (a module's helper may not import http/). */
type App = Pick<FastifyInstance, 'inject'>;

/* Test helpers of the files area: sample files of each type and a multipart upload. */

const U = '/api/files/upload';

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

export const BOUNDARY = '----uplus-test-boundary';

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
