import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  ATTACHED_MSG,
  ATTACHED_PATHS,
  ATTACHED_TICKETS_PER_HOUR,
  type AttachedPreview,
  type AttachedResume,
  FILES_MSG,
  RESUME_MSG,
  type UploadTicket,
} from '@uplus/shared';
import S3rver from 's3rver';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../config/config';
import { createFileStore } from '../../storage';
import { type TestContext, testConfig, useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildUser, tokenFor } from '../../test/factories';
import { CLAIM_TTL_SECONDS, UPLOAD_TTL_SECONDS } from '../files/direct-upload';
import { fileById as findFile } from '../files/files.service';
import { DOCS } from '../files/test-documents';
import { findSoffice } from './resume-attached.convert';
import { findAttached } from './resume-attached.repo';

/*
 * Attached resumes (issue 13): the signed direct upload (expiry, tampering, single purpose, single user,
 * size enforced by the store route, type from the bytes) and nobody reading another member's attachment,
 * on local disk (both databases) and on an S3-compatible store (s3rver).
 */

const A = ATTACHED_PATHS.attached;
const T = ATTACHED_PATHS.obsUpload;
const MB = 1024 * 1024;

type Res = { statusCode: number; body: string; json: () => { message: string; data: unknown } };
const expectStatus = (res: Res, status: number, message?: string) => {
  expect(res.statusCode, res.body).toBe(status);
  if (message) expect(res.json().message).toBe(message);
};

/** The calls of one test app, for the user whose token is given. */
const calls = (t: TestContext) => {
  const as = (token: string | null) => (token ? { 'x-access-token': token } : {});
  const ticket = async (token: string, fileName: string, resourceId?: number, fileSize?: number) => {
    const q = new URLSearchParams({ fileName, resourceType: 'attachedResume' });
    if (resourceId !== undefined) q.set('resourceId', String(resourceId));
    if (fileSize !== undefined) q.set('fileSize', String(fileSize));
    return t.app.inject({ method: 'GET', url: `${T}?${q}`, headers: as(token) });
  };
  const okTicket = async (token: string, fileName: string) => {
    const res = await ticket(token, fileName);
    expectStatus(res, 200);
    return res.json().data as UploadTicket;
  };
  /** The browser's PUT: to this server (local disk) or the store (S3), with the signed headers, no token. */
  const put = async (
    ticket: UploadTicket,
    bytes: Buffer | Readable,
    headers: Record<string, string> = {},
  ) => {
    if (ticket.signedUrl.startsWith('/')) {
      const res = await t.app.inject({
        method: 'PUT',
        url: ticket.signedUrl,
        headers: { ...ticket.actualSignedRequestHeaders, ...headers },
        payload: bytes,
      });
      return { status: res.statusCode, body: res.body };
    }
    const res = await fetch(ticket.signedUrl, {
      method: 'PUT',
      headers: { ...ticket.actualSignedRequestHeaders, ...headers },
      body: bytes as Buffer,
    });
    return { status: res.status, body: await res.text() };
  };
  const keep = (token: string, body: object) =>
    t.app.inject({ method: 'POST', url: A, headers: as(token), payload: body });
  /** ticket, PUT, POST: the new attachment. */
  const upload = async (token: string, fileName: string, bytes: Buffer, name = '我的简历') => {
    const tk = await okTicket(token, fileName);
    expect((await put(tk, bytes)).status).toBe(200);
    const res = await keep(token, { name, path: tk.fileUrl });
    expectStatus(res, 200);
    return res.json().data as AttachedResume;
  };
  const get = (token: string | null, url: string) => t.app.inject({ method: 'GET', url, headers: as(token) });
  const list = async (token: string) => {
    const res = await get(token, `${A}?enabled=Yes`);
    expectStatus(res, 200);
    return res.json().data as AttachedResume[];
  };
  /** The bytes behind a signed address (this server's, or the store's presigned one). */
  const download = async (url: string) => {
    if (url.startsWith('/')) {
      const res = await t.app.inject({ method: 'GET', url });
      return { status: res.statusCode, bytes: res.rawPayload };
    }
    const res = await fetch(url);
    return { status: res.status, bytes: Buffer.from(await res.arrayBuffer()) };
  };
  const member = async () => {
    const user = await buildUser(t.db);
    const { token } = await tokenFor(t.db, user.id, { now: t.clock.now() });
    return { user, token };
  };
  return { ticket, okTicket, put, keep, upload, get, list, download, member, as };
};

/** The parts of a token: `r.p.u.e.signature`. */
const partsOf = (token: string) => {
  const [r, p, u, e, sig] = token.split('.') as [string, string, string, string, string];
  return { r, p, u, e, sig };
};
/** A token with some parts changed (the signature kept unless given). */
const forge = (token: string, changes: Partial<ReturnType<typeof partsOf>>) => {
  const { r, p, u, e, sig } = { ...partsOf(token), ...changes };
  return [r, p, u, e, sig].join('.');
};
/** The key a ticket's claim reference names (to look in the store). */
const keyOf = (ticket: UploadTicket) => {
  const { p, r } = partsOf(ticket.fileUrl);
  return `${p}/direct/${r}`;
};

describe.each(testDrivers())('attached resumes on local disk, %s', (driver) => {
  const t = useTestApp(driver);
  const c = calls(t);
  const store = () => createFileStore(testConfig().storage);

  it('answers 401 without a token on every call', async () => {
    for (const [method, url] of [
      ['GET', `${T}?fileName=a.pdf&resourceType=attachedResume`],
      ['GET', A],
      ['GET', `${A}/1`],
      ['GET', `${A}/1/preview`],
      ['POST', A],
      ['PUT', `${A}/1`],
      ['DELETE', `${A}/1`],
    ] as const) {
      expect((await t.app.inject({ method, url })).statusCode, url).toBe(401);
    }
  });

  it('uploads a pdf, a docx and a doc: ticket, PUT without credentials, keep; listed newest first', async () => {
    const { user, token } = await c.member();
    const res = await c.ticket(token, '简历.pdf', user.id);
    expectStatus(res, 200);
    const tk = res.json().data as UploadTicket;
    expect(tk.fileName).toBe('简历.pdf');
    expect(tk.signedUrl).toMatch(/^\/api\/files\/direct\/[\w-]{24}\.attachedResume\.\d+\.\d+\.[\w-]{22}$/);
    // short enough for a path parameter (Fastify refuses more than 100 characters with 414)
    expect(tk.signedUrl.length - '/api/files/direct/'.length).toBeLessThanOrEqual(100);
    expect(tk.actualSignedRequestHeaders).toEqual({ 'Content-Type': 'application/pdf' });
    expect(await c.put(tk, DOCS.pdf)).toMatchObject({ status: 200 });
    const kept = await c.keep(token, { name: '张三-前端工程师', path: tk.fileUrl });
    expectStatus(kept, 200);
    const pdf = kept.json().data as AttachedResume;
    expect(pdf).toMatchObject({
      name: '张三-前端工程师',
      extension: 'pdf',
      enabled: 'Yes',
      size: DOCS.pdf.length,
    });
    const got = await c.download(pdf.path);
    expect(got.status).toBe(200);
    expect(got.bytes.equals(DOCS.pdf)).toBe(true);

    const docx = await c.upload(token, 'resume.DOCX', DOCS.docx, 'docx 简历');
    const doc = await c.upload(token, 'old.doc', DOCS.doc, 'doc 简历');
    expect([docx.extension, doc.extension]).toEqual(['docx', 'doc']);
    expect((await c.list(token)).map((a) => a.id)).toEqual([doc.id, docx.id, pdf.id]);
    const one = await c.get(token, `${A}/${docx.id}`);
    expectStatus(one, 200);
    expect((one.json().data as AttachedResume).name).toBe('docx 简历');
    const file = await findFile(t.db, (await findAttached(t.db, docx.id))!.fileId);
    expect(file).toMatchObject({ ownerId: user.id, purpose: 'attachedResume', size: DOCS.docx.length });
  });

  it('refuses a name that is not doc/docx/pdf at the ticket, and another user’s resourceId', async () => {
    const { token } = await c.member();
    const other = await c.member();
    for (const name of ['简历.txt', '简历.pdf.exe', '简历', 'a.xlsx']) {
      expectStatus(await c.ticket(token, name), 400, RESUME_MSG.attachedType);
    }
    expectStatus(await c.ticket(token, 'a.pdf', other.user.id), 403, ATTACHED_MSG.resourceNotOwn);
    // a size the browser gives is checked at once
    expectStatus(await c.ticket(token, 'a.pdf', undefined, 20 * MB + 1), 400, RESUME_MSG.attachedSize);
    expectStatus(await c.ticket(token, 'a.pdf', undefined, 0), 400, RESUME_MSG.attachedSize);
    expectStatus(await c.ticket(token, 'a.pdf', undefined, 20 * MB), 200);
  });

  it('takes the type from the bytes: a renamed text, an xlsx as .docx, an xls as .doc are refused and removed', async () => {
    const { token } = await c.member();
    for (const [name, bytes] of [
      ['简历.pdf', DOCS.text],
      ['简历.docx', DOCS.xlsx],
      ['简历.doc', DOCS.xls],
      ['图片.pdf', Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex')],
    ] as const) {
      const tk = await c.okTicket(token, name);
      expect((await c.put(tk, bytes)).status).toBe(200);
      expect(await store().get(keyOf(tk))).not.toBeNull();
      expectStatus(await c.keep(token, { name: '简历', path: tk.fileUrl }), 400, RESUME_MSG.attachedType);
      expect(await store().get(keyOf(tk)), name).toBeNull();
    }
    expect(await c.list(token)).toEqual([]);
  });

  it('enforces 20 MB in the upload route: by Content-Length at once, and while streaming; nothing is kept', async () => {
    const { token } = await c.member();
    const big = Buffer.concat([DOCS.pdf, Buffer.alloc(20 * MB + 1 - DOCS.pdf.length)]);
    const tk = await c.okTicket(token, 'big.pdf');
    const declared = await c.put(tk, big);
    expect(declared.status, declared.body).toBe(413);
    expect(JSON.parse(declared.body).message).toBe(FILES_MSG.tooLarge(20 * MB));
    // streamed in chunks, no Content-Length: stopped when the 20 MB are passed
    const tk2 = await c.okTicket(token, 'big.pdf');
    const chunks = function* () {
      for (let at = 0; at < big.length; at += MB) yield big.subarray(at, at + MB);
    };
    const streamed = await c.put(tk2, Readable.from(chunks()));
    expect(streamed.status).toBe(413);
    expect(await store().get(keyOf(tk2))).toBeNull();
    expectStatus(await c.keep(token, { name: '大文件', path: tk2.fileUrl }), 400, ATTACHED_MSG.notUploaded);
    // exactly 20 MB is fine
    const tk3 = await c.okTicket(token, 'exact.pdf');
    expect((await c.put(tk3, big.subarray(0, 20 * MB))).status).toBe(200);
    expectStatus(await c.keep(token, { name: '正好20M', path: tk3.fileUrl }), 200);
  }, 60_000);

  it('refuses an expired upload address and an expired claim', async () => {
    const { token } = await c.member();
    const tk = await c.okTicket(token, 'late.pdf');
    t.clock.advance((UPLOAD_TTL_SECONDS + 1) * 1000);
    try {
      const late = await c.put(tk, DOCS.pdf);
      expect(late.status).toBe(403);
      expect(JSON.parse(late.body).message).toBe(FILES_MSG.badLink);
    } finally {
      t.clock.reset();
    }
    const tk2 = await c.okTicket(token, 'slow.pdf');
    expect((await c.put(tk2, DOCS.pdf)).status).toBe(200);
    t.clock.advance((CLAIM_TTL_SECONDS + 1) * 1000);
    try {
      expectStatus(await c.keep(token, { name: '迟到', path: tk2.fileUrl }), 400, ATTACHED_MSG.badPath);
    } finally {
      t.clock.reset();
    }
  });

  it('refuses altered tokens, a token used for the other purpose, and a second use', async () => {
    const { user, token } = await c.member();
    const other = await c.member();
    const tk = await c.okTicket(token, 'a.pdf');
    const up = tk.signedUrl.replace('/api/files/direct/', '');
    const { e, sig } = partsOf(up);
    const flipped = `${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`;
    for (const token2 of [
      forge(up, { e: String(Number(e) + 3600) }),
      forge(up, { p: 'video' }),
      forge(up, { r: 'A'.repeat(24) }),
      forge(up, { u: String(other.user.id) }),
      forge(up, { sig: flipped }),
      up.slice(0, up.lastIndexOf('.')),
      `${up}.x`,
      tk.fileUrl, // the claim reference is not an upload address
    ]) {
      const res = await c.put({ ...tk, signedUrl: `/api/files/direct/${token2}` }, DOCS.pdf);
      expect(res.status, token2).toBe(403);
    }
    expect(await c.put(tk, DOCS.pdf)).toMatchObject({ status: 200 });
    // single use: a second PUT (to swap the checked bytes) is refused
    expect((await c.put(tk, DOCS.text)).status).toBe(403);
    // the upload address is not a claim; an altered claim names nothing
    const upload = tk.signedUrl.replace('/api/files/direct/', '');
    expectStatus(await c.keep(token, { name: 'x', path: upload }), 400, ATTACHED_MSG.badPath);
    const stolen = forge(tk.fileUrl, { u: String(other.user.id) });
    expectStatus(await c.keep(other.token, { name: 'x', path: stolen }), 400, ATTACHED_MSG.badPath);
    // another user cannot keep it with the real reference either, and it stays for its owner
    expectStatus(await c.keep(other.token, { name: 'x', path: tk.fileUrl }), 400, ATTACHED_MSG.badPath);
    expect(await store().get(keyOf(tk))).not.toBeNull();
    expectStatus(await c.keep(token, { name: '我的', path: tk.fileUrl }), 200);
    // kept once
    expectStatus(await c.keep(token, { name: '又一次', path: tk.fileUrl }), 400, ATTACHED_MSG.badPath);
    expect((await c.list(token)).length).toBe(1);
    expect(user.id).not.toBe(other.user.id);
  });

  it('keeps at most 3: the ticket and the keep both refuse a fourth (its upload removed)', async () => {
    const { token } = await c.member();
    await c.upload(token, '1.pdf', DOCS.pdf, '一');
    await c.upload(token, '2.pdf', DOCS.pdf, '二');
    const early = await c.okTicket(token, '4.pdf'); // issued while 2 were kept
    await c.upload(token, '3.pdf', DOCS.pdf, '三');
    expectStatus(await c.ticket(token, '5.pdf'), 400, RESUME_MSG.attachedMax);
    expect((await c.put(early, DOCS.pdf)).status).toBe(200);
    expectStatus(await c.keep(token, { name: '四', path: early.fileUrl }), 400, RESUME_MSG.attachedMax);
    expect(await store().get(keyOf(early))).toBeNull();
    expect((await c.list(token)).map((a) => a.name)).toEqual(['三', '二', '一']);
  });

  it('holds a member to ATTACHED_TICKETS_PER_HOUR tickets an hour (429), others unaffected', async () => {
    const { token } = await c.member();
    for (let i = 0; i < ATTACHED_TICKETS_PER_HOUR; i++) await c.okTicket(token, `r${i}.pdf`);
    expectStatus(await c.ticket(token, 'one-more.pdf'), 429, ATTACHED_MSG.tooManyTickets);
    const other = await c.member();
    await c.okTicket(other.token, 'mine.pdf');
  });

  it('checks the name on keep and rename (required, at most 50)', async () => {
    const { token } = await c.member();
    const tk = await c.okTicket(token, 'n.pdf');
    await c.put(tk, DOCS.pdf);
    expectStatus(await c.keep(token, { name: '  ', path: tk.fileUrl }), 400, RESUME_MSG.attachedNameRequired);
    expectStatus(await c.keep(token, { path: tk.fileUrl }), 400, RESUME_MSG.attachedNameRequired);
    expectStatus(
      await c.keep(token, { name: '名'.repeat(51), path: tk.fileUrl }),
      400,
      RESUME_MSG.attachedNameTooLong,
    );
    const kept = await c.keep(token, { name: '名'.repeat(50), path: tk.fileUrl });
    expectStatus(kept, 200);
    const { id } = kept.json().data as AttachedResume;
    const rename = (name: unknown) =>
      t.app.inject({ method: 'PUT', url: `${A}/${id}`, headers: c.as(token), payload: { name } });
    expectStatus(await rename(''), 400, RESUME_MSG.attachedNameRequired);
    expectStatus(await rename('长'.repeat(51)), 400, RESUME_MSG.attachedNameTooLong);
    const renamed = await rename('  新名字 ');
    expectStatus(renamed, 200);
    expect((renamed.json().data as AttachedResume).name).toBe('新名字');
  });

  it('nobody reads, renames, previews or deletes another member’s attachment (404), nor sees it listed', async () => {
    const a = await c.member();
    const b = await c.member();
    const mine = await c.upload(a.token, 'a.pdf', DOCS.pdf, 'A 的简历');
    for (const [method, url, payload] of [
      ['GET', `${A}/${mine.id}`],
      ['GET', `${A}/${mine.id}/preview`],
      ['PUT', `${A}/${mine.id}`, { name: '改掉' }],
      ['DELETE', `${A}/${mine.id}`],
      ['GET', `${A}/999999999`],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: c.as(b.token), payload });
      expectStatus(res, 404, RESUME_MSG.notFound);
    }
    expect(await c.list(b.token)).toEqual([]);
    expect((await c.list(a.token)).map((x) => x.name)).toEqual(['A 的简历']);
    expectStatus(await c.get(a.token, `${A}/abc`), 400, ATTACHED_MSG.idInvalid);
  });

  it('deletes an attachment with its file: the old address stops working', async () => {
    const { token } = await c.member();
    const kept = await c.upload(token, 'd.pdf', DOCS.pdf);
    const fileId = (await findAttached(t.db, kept.id))!.fileId;
    const key = (await findFile(t.db, fileId))!.storageKey;
    expectStatus(await t.app.inject({ method: 'DELETE', url: `${A}/${kept.id}`, headers: c.as(token) }), 200);
    expect(await findAttached(t.db, kept.id)).toBeNull();
    expect(await findFile(t.db, fileId)).toBeNull();
    expect(await store().get(key)).toBeNull();
    expect((await c.download(kept.path)).status).toBe(403);
    expectStatus(await t.app.inject({ method: 'DELETE', url: `${A}/${kept.id}`, headers: c.as(token) }), 404);
  });

  it('previews a pdf inline; a Word file as a converted PDF with LibreOffice, else the download with a note', async () => {
    const { token } = await c.member();
    const pdf = await c.upload(token, 'p.pdf', DOCS.pdf);
    const res = await c.get(token, `${A}/${pdf.id}/preview`);
    expectStatus(res, 200);
    const p = res.json().data as AttachedPreview;
    expect(p).toMatchObject({ mode: 'pdf', extension: 'pdf', note: '' });
    expect((await c.download(p.pdfUrl)).bytes.equals(DOCS.pdf)).toBe(true);

    const docx = await c.upload(token, 'w.docx', DOCS.docx);
    const w = (await c.get(token, `${A}/${docx.id}/preview`)).json().data as AttachedPreview;
    expect((await c.download(w.downloadUrl)).bytes.equals(DOCS.docx)).toBe(true);
    if (await findSoffice(undefined)) {
      // a hand-made zip may not convert: either a PDF or the failure note, never the "not installed" one
      expect(w.note).not.toBe(ATTACHED_MSG.noConverter);
      if (w.mode === 'pdf')
        expect((await c.download(w.pdfUrl)).bytes.subarray(0, 5).toString()).toBe('%PDF-');
      // a real Word document (the e2e fixture) converts, and its Chinese text comes through
      const real = readFileSync(new URL('../../../../../e2e/fixtures/resume-wang.docx', import.meta.url));
      const word = await c.upload(token, '王小明.docx', real);
      const converted = (await c.get(token, `${A}/${word.id}/preview`)).json().data as AttachedPreview;
      expect(converted).toMatchObject({ mode: 'pdf', note: '' });
      const bytes = (await c.download(converted.pdfUrl)).bytes;
      const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true });
      expect(text).toContain('王小明');
    } else {
      expect(w).toMatchObject({ mode: 'download', pdfUrl: '', note: ATTACHED_MSG.noConverter });
    }
  });
});

describe('attached resumes on S3 (s3rver, pglite)', () => {
  const storage: Extract<StorageConfig, { kind: 's3' }> = {
    kind: 's3',
    bucket: 'uplus-attached',
    endpoint: 'http://127.0.0.1:1',
    region: 'us-east-1',
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
    urlTtlSeconds: 900,
  };
  const s3 = { server: null as S3rver | null, dir: '' };
  // before useTestApp's own beforeAll: the app is built with the server's address
  beforeAll(async () => {
    s3.dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-attached-s3-'));
    s3.server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: s3.dir,
      configureBuckets: [{ name: storage.bucket }],
    });
    const { port } = await s3.server.run();
    storage.endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await s3.server?.close();
    await rm(s3.dir, { recursive: true, force: true });
  });

  const t = useTestApp('pglite', { config: { storage } });
  const c = calls(t);
  const store = () => createFileStore(storage);

  it('gives a presigned PUT with its signed content type; the bytes land in the bucket and are checked', async () => {
    const { token } = await c.member();
    const tk = await c.okTicket(token, '简历.docx');
    expect(tk.signedUrl.startsWith(`${storage.endpoint}/${storage.bucket}/attachedResume/`)).toBe(true);
    expect(tk.signedUrl).toContain('X-Amz-Signature=');
    expect(tk.signedUrl).toContain(`X-Amz-Expires=${UPLOAD_TTL_SECONDS}`);
    expect(tk.signedUrl).toMatch(/X-Amz-SignedHeaders=[^&]*content-type/);
    expect(tk.actualSignedRequestHeaders).toEqual({
      'Content-Type': 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    });
    expect(tk.signedUrl).not.toMatch(/X-Amz-SignedHeaders=[^&]*content-length/);
    // with the size the browser gives, the length is signed too (S3 refuses another; s3rver does not check)
    const sized = await c.ticket(token, '简历.docx', undefined, DOCS.docx.length);
    expectStatus(sized, 200);
    const sizedTicket = sized.json().data as UploadTicket;
    expect(sizedTicket.signedUrl).toMatch(/X-Amz-SignedHeaders=[^&]*content-length/);
    expect(Object.keys(sizedTicket.actualSignedRequestHeaders)).toEqual(['Content-Type']);
    expect((await c.put(tk, DOCS.docx)).status).toBe(200);
    const kept = await c.keep(token, { name: '云端简历', path: tk.fileUrl });
    expectStatus(kept, 200);
    const a = kept.json().data as AttachedResume;
    expect(a.extension).toBe('docx');
    expect(a.path.startsWith(`${storage.endpoint}/${storage.bucket}/attachedResume/`)).toBe(true);
    expect((await c.download(a.path)).bytes.equals(DOCS.docx)).toBe(true);
  });

  it('removes from the bucket a file of the wrong type or over 20 MB; another user cannot keep nor read it', async () => {
    const a = await c.member();
    const b = await c.member();
    const bad = await c.okTicket(a.token, '简历.pdf');
    expect((await c.put(bad, DOCS.text)).status).toBe(200);
    expectStatus(await c.keep(b.token, { name: 'x', path: bad.fileUrl }), 400, ATTACHED_MSG.badPath);
    expect(await store().get(keyOf(bad))).not.toBeNull();
    expectStatus(await c.keep(a.token, { name: 'x', path: bad.fileUrl }), 400, RESUME_MSG.attachedType);
    expect(await store().get(keyOf(bad))).toBeNull();

    // a presigned PUT cannot cap the size: the keep does, and removes the object
    const big = await c.okTicket(a.token, 'big.pdf');
    const bytes = Buffer.concat([DOCS.pdf, Buffer.alloc(20 * MB + 1 - DOCS.pdf.length)]);
    expect((await c.put(big, bytes)).status).toBe(200);
    expectStatus(await c.keep(a.token, { name: '大', path: big.fileUrl }), 400, RESUME_MSG.attachedSize);
    expect(await store().get(keyOf(big))).toBeNull();

    const kept = await c.upload(a.token, 'ok.pdf', DOCS.pdf, 'A 的');
    expectStatus(await c.get(b.token, `${A}/${kept.id}`), 404);
    expectStatus(await c.get(b.token, `${A}/${kept.id}/preview`), 404);
    const p = (await c.get(a.token, `${A}/${kept.id}/preview`)).json().data as AttachedPreview;
    expect(p.mode).toBe('pdf');
    expect((await c.download(p.pdfUrl)).bytes.equals(DOCS.pdf)).toBe(true);
    expectStatus(
      await t.app.inject({ method: 'DELETE', url: `${A}/${kept.id}`, headers: c.as(a.token) }),
      200,
    );
    expect((await c.download(kept.path)).status).toBe(404);
  }, 60_000);
});
