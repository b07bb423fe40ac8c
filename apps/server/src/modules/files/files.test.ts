import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { FILE_PURPOSES, FILES_MSG, type FilePurpose, type UploadedFile } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import type { App } from '../../http/context';
import { createLocalStore } from '../../storage/local-store';
import { testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildUser, tokenFor } from '../../test/factories';
import { createSecrets, resolveAppSecret } from '../system/secrets';
import { findFile } from './files.repo';
import { claimFile, fileUrlById, fileUrls, storeFileBytes } from './files.service';
import { BOUNDARY, multipart, SAMPLES, upload } from './test-files';

const U = '/api/files/upload';

const filesDir = testConfig().storage.kind === 'local' ? (testConfig().storage as { dir: string }).dir : '';

/** Every file under the test store's directory. */
const storedFiles = async (): Promise<string[]> =>
  (await readdir(filesDir, { recursive: true, withFileTypes: true }).catch(() => []))
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));

const contentOf = (app: App, url: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'GET', url, headers });

describe.each(testDrivers())('files (%s)', (driver) => {
  const t = useTestApp(driver);

  const signedIn = async () => {
    const user = await buildUser(t.db);
    const { token } = await tokenFor(t.db, user.id);
    return { user, token };
  };

  /** Uploads a sample and answers the file. */
  const uploaded = async (token: string, purpose: FilePurpose, name: string, bytes: Buffer) => {
    const res = await upload(t.app, token, purpose, name, bytes);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data as UploadedFile;
  };

  it('uploads each purpose’s good types and answers the file with a signed address', async () => {
    const { user, token } = await signedIn();
    const cases: [FilePurpose, keyof typeof SAMPLES, string, string][] = [
      ['poster', 'png', 'image/png', '.png'],
      ['poster', 'jpeg', 'image/jpeg', '.jpg'],
      ['seal', 'png', 'image/png', '.png'],
      ['certificate', 'webp', 'image/webp', '.webp'],
      ['logo', 'jpeg', 'image/jpeg', '.jpg'],
      ['video', 'mp4', 'video/mp4', '.mp4'],
      ['video', 'webm', 'video/webm', '.webm'],
    ];
    for (const [purpose, sample, type, ending] of cases) {
      // the name the browser gives does not matter: the type comes from the bytes
      const file = await uploaded(token, purpose, `样例 ${sample}.bin`, SAMPLES[sample]);
      expect(file).toMatchObject({
        name: `样例 ${sample}.bin`,
        contentType: type,
        size: SAMPLES[sample].length,
      });
      expect(file.url).toMatch(
        new RegExp(`^/api/files/${file.id}/content\\?expires=\\d+&signature=[\\w-]+$`),
      );
      const content = await contentOf(t.app, file.url);
      expect(content.statusCode).toBe(200);
      expect(content.rawPayload.equals(SAMPLES[sample])).toBe(true);
      expect(content.headers['content-type']).toBe(type);
      const row = await findFile(t.db, file.id);
      expect(row).toMatchObject({ ownerId: user.id, purpose, contentType: type });
      const year = String(new Date().getUTCFullYear());
      expect(row?.storageKey).toMatch(new RegExp(`^${purpose}/${year}/\\d{2}/[\\w-]{32}\\${ending}$`));
    }
  });

  it('refuses a file whose bytes are not of the purpose’s types, whatever its name says', async () => {
    const { token } = await signedIn();
    const before = await storedFiles();
    const refused: [FilePurpose, string, Buffer, string][] = [
      ['poster', '海报.png', SAMPLES.text, '图片'],
      ['seal', 'seal.png', SAMPLES.mp4, '公章图片'],
      ['logo', 'logo.jpg', SAMPLES.webm, '企业Logo'],
      ['certificate', 'c.webp', Buffer.from('RIFF\0\0\0\0WAVEfmt '), '证书图片'],
      ['video', 'movie.mp4', SAMPLES.png, '视频'],
      ['video', 'movie.mp4', SAMPLES.text, '视频'],
    ];
    for (const [purpose, name, bytes, label] of refused) {
      const res = await upload(t.app, token, purpose, name, bytes);
      expect(res.statusCode, `${purpose} ${name}`).toBe(400);
      expect(res.json()).toMatchObject({ success: false, code: 400, message: FILES_MSG.badType(label) });
    }
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a file larger than the purpose allows (413) and keeps nothing of it; the limit itself passes', async () => {
    const { token } = await signedIn();
    const before = await storedFiles();
    const limit = FILE_PURPOSES.seal.maxBytes;
    const tooBig = Buffer.concat([SAMPLES.png, Buffer.alloc(limit + 1 - SAMPLES.png.length, 7)]);
    const res = await upload(t.app, token, 'seal', 'seal.png', tooBig);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: 413, message: FILES_MSG.tooLarge(limit) });
    expect(FILES_MSG.tooLarge(limit)).toBe('文件大小不能超过2MB');
    expect(await storedFiles()).toEqual(before);
    const exact = await uploaded(token, 'seal', 'seal.png', tooBig.subarray(0, limit));
    expect(exact.size).toBe(limit);
  });

  it('answers a too large upload over a real connection before the body ends, and closes it', async () => {
    const { token } = await signedIn();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const total = 64 * 1024 * 1024;
    const chunk = Buffer.alloc(64 * 1024, 1);
    let written = 0;
    const answer = await new Promise<{ status: number; body: string; connection: string | undefined }>(
      (resolve, reject) => {
        const head = Buffer.from(
          `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
            'Content-Type: image/png\r\n\r\n',
        );
        const request = http.request(`${address}${U}?purpose=seal`, {
          method: 'POST',
          headers: {
            'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
            'x-access-token': token,
          },
        });
        request.on('response', (response) => {
          let body = '';
          response.on('data', (data: Buffer) => {
            body += data.toString();
          });
          response.on('end', () =>
            resolve({ status: response.statusCode ?? 0, body, connection: response.headers.connection }),
          );
        });
        request.on('error', (error) => reject(error));
        request.write(Buffer.concat([head, SAMPLES.png]));
        const pump = () => {
          while (written < total) {
            written += chunk.length;
            if (!request.write(chunk)) {
              request.once('drain', pump);
              return;
            }
          }
          request.end(`\r\n--${BOUNDARY}--\r\n`);
        };
        pump();
      },
    );
    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body).message).toBe(FILES_MSG.tooLarge(FILE_PURPOSES.seal.maxBytes));
    expect(answer.connection).toBe('close');
    expect(written).toBeLessThan(total);
  });

  it('refuses an upload without a file, with an empty file, of no known purpose, or not multipart', async () => {
    const { token } = await signedIn();
    const none = multipart(null);
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${U}?purpose=poster`,
      payload: none.payload,
      headers: { ...none.headers, 'x-access-token': token },
    });
    expect(noFile.statusCode).toBe(400);
    expect(noFile.json().message).toBe(FILES_MSG.required);
    const empty = await upload(t.app, token, 'poster', 'empty.png', Buffer.alloc(0));
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe(FILES_MSG.required);
    const json = await t.app.inject({
      method: 'POST',
      url: `${U}?purpose=poster`,
      payload: { file: 'x' },
      headers: { 'x-access-token': token },
    });
    expect(json.statusCode).toBe(400);
    expect(json.json().message).toBe(FILES_MSG.required);
    for (const purpose of ['', 'avatar', 'POSTER']) {
      const res = await upload(t.app, token, purpose, 'a.png', SAMPLES.png);
      expect(res.statusCode, purpose).toBe(400);
    }
  });

  it('asks for sign-in (401) before reading anything', async () => {
    const res = await upload(t.app, null, 'poster', 'a.png', SAMPLES.png);
    expect(res.statusCode).toBe(401);
    const badToken = await upload(t.app, 'not-a-token', 'poster', 'a.png', SAMPLES.png);
    expect(badToken.statusCode).toBe(401);
  });

  it('keeps multipart to the files routes: any other route still refuses it (415)', async () => {
    const { token } = await signedIn();
    const body = multipart({ name: 'a.png', bytes: SAMPLES.png });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/course/courses',
      payload: body.payload,
      headers: { ...body.headers, 'x-access-token': token },
    });
    expect(res.statusCode).toBe(415);
  });

  it('serves the bytes by a signed address: whole, one range, a suffix, an open end; 416 beyond the end', async () => {
    const { token } = await signedIn();
    const bytes = SAMPLES.mp4;
    const size = bytes.length;
    const file = await uploaded(token, 'video', '第1课 导论.mp4', bytes);

    const whole = await contentOf(t.app, file.url);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers).toMatchObject({
      'content-type': 'video/mp4',
      'accept-ranges': 'bytes',
      'x-content-type-options': 'nosniff',
      'content-length': String(size),
    });
    expect(whole.headers['content-disposition']).toBe(
      `inline; filename="_1_ __.mp4"; filename*=UTF-8''${encodeURIComponent('第1课 导论.mp4')}`,
    );
    const maxAge = Number(/^private, max-age=(\d+)$/.exec(String(whole.headers['cache-control']))?.[1]);
    const expires = Number(new URL(file.url, 'http://x').searchParams.get('expires'));
    expect(maxAge).toBeGreaterThan(0);
    expect(Math.abs(maxAge - (expires - Math.floor(Date.now() / 1000)))).toBeLessThanOrEqual(2);

    const part = await contentOf(t.app, file.url, { range: 'bytes=10-109' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 10-109/${size}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(bytes.subarray(10, 110))).toBe(true);

    const suffix = await contentOf(t.app, file.url, { range: 'bytes=-500' });
    expect(suffix.statusCode).toBe(206);
    expect(suffix.headers['content-range']).toBe(`bytes ${size - 500}-${size - 1}/${size}`);
    expect(suffix.rawPayload.equals(bytes.subarray(size - 500))).toBe(true);

    const open = await contentOf(t.app, file.url, { range: 'bytes=100-' });
    expect(open.statusCode).toBe(206);
    expect(open.headers['content-range']).toBe(`bytes 100-${size - 1}/${size}`);
    expect(open.rawPayload.equals(bytes.subarray(100))).toBe(true);

    const pastEnd = await contentOf(t.app, file.url, { range: `bytes=${size - 5}-${size + 100}` });
    expect(pastEnd.statusCode).toBe(206);
    expect(pastEnd.rawPayload.equals(bytes.subarray(size - 5))).toBe(true);

    for (const range of [`bytes=${size}-`, `bytes=${size + 10}-${size + 20}`, 'bytes=-0']) {
      const unsatisfiable = await contentOf(t.app, file.url, { range });
      expect(unsatisfiable.statusCode, range).toBe(416);
      expect(unsatisfiable.headers['content-range']).toBe(`bytes */${size}`);
    }
    // several ranges or nonsense: the whole file (allowed by RFC 9110)
    for (const range of ['bytes=0-1,5-6', 'items=0-1', 'bytes=9-3']) {
      const ignored = await contentOf(t.app, file.url, { range });
      expect(ignored.statusCode, range).toBe(200);
      expect(ignored.rawPayload.equals(bytes)).toBe(true);
    }
    const head = await t.app.inject({ method: 'HEAD', url: file.url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['accept-ranges']).toBe('bytes');
  });

  it('refuses an altered, expired, other file’s or unknown address alike (403), without sign-in', async () => {
    const { token } = await signedIn();
    const file = await uploaded(token, 'poster', 'a.png', SAMPLES.png);
    const other = await uploaded(token, 'poster', 'b.png', SAMPLES.jpeg);
    const url = new URL(file.url, 'http://x');
    const expires = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';
    const otherSignature = new URL(other.url, 'http://x').searchParams.get('signature') ?? '';
    const flipped = `${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`;
    const bad = [
      `/api/files/${file.id}/content?expires=${expires}&signature=${flipped}`,
      `/api/files/${file.id}/content?expires=${Number(expires) + 3600}&signature=${signature}`,
      `/api/files/${file.id}/content?expires=${expires}&signature=${otherSignature}`,
      `/api/files/${other.id}/content?expires=${expires}&signature=${signature}`,
      `/api/files/${file.id}/content?expires=${expires}`,
      `/api/files/${file.id}/content`,
      `/api/files/${file.id + 100_000}/content?expires=${expires}&signature=${signature}`,
      `/api/files/abc/content?expires=${expires}&signature=${signature}`,
      `/api/files/${file.id}/content?expires=soon&signature=${signature}`,
    ];
    for (const address of bad) {
      const res = await contentOf(t.app, address);
      expect(res.statusCode, address).toBe(403);
      expect(res.json()).toMatchObject({ success: false, code: 403, message: FILES_MSG.badLink });
    }
    expect((await contentOf(t.app, file.url)).statusCode).toBe(200);
    t.clock.advance((Number(expires) + 1) * 1000 - Date.now());
    try {
      const expired = await contentOf(t.app, file.url);
      expect(expired.statusCode).toBe(403);
      expect(expired.json().message).toBe(FILES_MSG.badLink);
    } finally {
      t.clock.reset();
    }
  });

  it('signs addresses that stay equal within a step and expire within the configured lifetime', async () => {
    const { user, token } = await signedIn();
    const file = await uploaded(token, 'logo', 'logo.png', SAMPLES.png);
    const ctx = {
      db: t.db,
      storage: createLocalStore(filesDir),
      secrets: createSecrets(await resolveAppSecret({ db: t.db, configured: testConfig().appSecret })),
      config: testConfig(),
      now: t.clock.now,
    };
    const urls = await fileUrls(ctx, [file.id, null, undefined, file.id + 100_000]);
    expect([...urls.keys()]).toEqual([file.id]);
    expect(await fileUrlById(ctx, file.id)).toBe(urls.get(file.id));
    expect(await fileUrlById(ctx, null)).toBe('');
    const expires = Number(new URL(urls.get(file.id) ?? '', 'http://x').searchParams.get('expires'));
    const nowSeconds = Date.now() / 1000;
    expect(expires - nowSeconds).toBeGreaterThan(3600 * 0.75 - 2);
    expect(expires - nowSeconds).toBeLessThanOrEqual(3600 + 2);
    expect(user.id).toBeGreaterThan(0);
  });

  it('storeFileBytes keeps bytes the server has (the seed’s video) with an upload’s checks', async () => {
    const { user } = await signedIn();
    const ctx = { db: t.db, storage: createLocalStore(filesDir), now: t.clock.now };
    const video = await readFile(path.join(import.meta.dirname, '../../seed/assets/demo-open-class.mp4'));
    const row = await storeFileBytes(ctx, {
      ownerId: user.id,
      purpose: 'video',
      name: '演示.mp4',
      bytes: video,
    });
    expect(row).toMatchObject({
      ownerId: user.id,
      purpose: 'video',
      contentType: 'video/mp4',
      size: video.length,
    });
    const stored = await ctx.storage.get(row.storageKey, { start: 0, end: 15 });
    expect(stored?.size).toBe(video.length);
    await expect(
      storeFileBytes(ctx, { ownerId: user.id, purpose: 'seal', name: 'x.png', bytes: SAMPLES.text }),
    ).rejects.toMatchObject({ code: 400, message: FILES_MSG.badType('公章图片') });
    await expect(
      storeFileBytes(ctx, { ownerId: user.id, purpose: 'seal', name: 'x.mp4', bytes: video }),
    ).rejects.toMatchObject({ code: 400 });
  });

  it('takes CSV text only for assistantDocument, by a .csv name and text bytes (issue 16)', async () => {
    const { user, token } = await signedIn();
    const csv = Buffer.from('姓名,成绩\n张三,90\n');
    const file = await uploaded(token, 'assistantDocument', '成绩.csv', csv);
    expect(file).toMatchObject({ name: '成绩.csv', contentType: 'text/csv', size: csv.length });
    expect((await contentOf(t.app, file.url)).rawPayload.equals(csv)).toBe(true);
    expect((await findFile(t.db, file.id))?.storageKey).toMatch(/^assistantDocument\/.*\.csv$/);
    const label = FILE_PURPOSES.assistantDocument.label;
    // another name, bytes that are no text, or a purpose without CSV: refused as before
    for (const [purpose, name, bytes, message] of [
      ['assistantDocument', '成绩.txt', csv, FILES_MSG.badType(label)],
      [
        'assistantDocument',
        '成绩.csv',
        Buffer.from('a,b\0\0\0\0\0\0\0\0\0\0\0\0\0\0\0'),
        FILES_MSG.badType(label),
      ],
      ['offerMaterial', '成绩.csv', csv, FILES_MSG.badType(FILE_PURPOSES.offerMaterial.label)],
      ['attachedResume', '成绩.csv', csv, FILES_MSG.badType(FILE_PURPOSES.attachedResume.label)],
    ] as const) {
      const res = await upload(t.app, token, purpose, name, bytes);
      expect(res.statusCode, `${purpose} ${name}`).toBe(400);
      expect(res.json().message).toBe(message);
    }
    // the purpose's size holds for text read whole as well (413)
    const big = Buffer.alloc(FILE_PURPOSES.assistantDocument.maxBytes + 1, 0x61);
    const tooBig = await upload(t.app, token, 'assistantDocument', 'big.csv', big);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().message).toBe(FILES_MSG.tooLarge(FILE_PURPOSES.assistantDocument.maxBytes));
    const ctx = { db: t.db, storage: createLocalStore(filesDir), now: t.clock.now };
    const row = await storeFileBytes(ctx, {
      ownerId: user.id,
      purpose: 'assistantDocument',
      name: 'b.csv',
      bytes: csv,
    });
    expect(row.contentType).toBe('text/csv');
    await expect(
      storeFileBytes(ctx, { ownerId: user.id, purpose: 'offerMaterial', name: 'b.csv', bytes: csv }),
    ).rejects.toMatchObject({ code: 400 });
  });

  it('claimFile: the uploader’s own file of an allowed purpose; never another user’s or another purpose’s', async () => {
    const owner = await signedIn();
    const stranger = await signedIn();
    const seal = await uploaded(owner.token, 'seal', 'seal.png', SAMPLES.png);
    const claimed = await claimFile({ db: t.db, userId: owner.user.id, fileId: seal.id, purposes: ['seal'] });
    expect(claimed.id).toBe(seal.id);
    await expect(
      claimFile({ db: t.db, userId: stranger.user.id, fileId: seal.id, purposes: ['seal'] }),
    ).rejects.toMatchObject({ code: 400, message: FILES_MSG.notUsable });
    await expect(
      claimFile({ db: t.db, userId: owner.user.id, fileId: seal.id, purposes: ['logo', 'poster'] }),
    ).rejects.toMatchObject({ code: 400, message: FILES_MSG.notUsable });
    await expect(
      claimFile({ db: t.db, userId: owner.user.id, fileId: seal.id + 100_000, purposes: ['seal'] }),
    ).rejects.toMatchObject({ code: 400, message: FILES_MSG.notUsable });
  });
});
