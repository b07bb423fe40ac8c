import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalStore } from './local-store';
import { createS3Store } from './s3-store';
import type { FileStore } from './storage';

/*
 * One contract for every store: the local disk and S3 (against s3rver, a real S3-protocol server on a
 * random local port over a temporary directory: no network, no account).
 */

const readAll = async (body: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
};

/** A stream of `bytes` in uneven chunks, failing after `failAfter` bytes when given. */
const streamOf = (bytes: Buffer, failAfter?: number) =>
  Readable.from(
    (function* () {
      let at = 0;
      while (at < bytes.length) {
        const size = 1000 + ((at * 7) % 70_000);
        if (failAfter !== undefined && at + size > failAfter) throw new Error('the client went away');
        yield bytes.subarray(at, at + size);
        at += size;
      }
    })(),
  );

type StoreCase = { name: string; store: () => FileStore; partBytes: number };

const PART = 5 * 1024 * 1024; // the smallest part S3 takes (the real store uses 8 MB)

const s3 = { server: null as S3rver | null, dir: '', endpoint: '' };
const local = { dir: '' };

beforeAll(async () => {
  s3.dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-s3rver-'));
  local.dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-local-store-'));
  s3.server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3.dir,
    configureBuckets: [{ name: 'uplus-test' }],
  });
  const { port } = await s3.server.run();
  s3.endpoint = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  await s3.server?.close();
  await rm(s3.dir, { recursive: true, force: true });
  await rm(local.dir, { recursive: true, force: true });
});

const s3Store = (partBytes: number) =>
  createS3Store(
    {
      kind: 's3',
      bucket: 'uplus-test',
      endpoint: s3.endpoint,
      region: 'us-east-1',
      accessKeyId: 'S3RVER',
      secretAccessKey: 'S3RVER',
      forcePathStyle: true,
      urlTtlSeconds: 3600,
    },
    partBytes,
  );

const cases: StoreCase[] = [
  { name: 'local disk', store: () => createLocalStore(local.dir), partBytes: PART },
  { name: 's3 (s3rver)', store: () => s3Store(PART), partBytes: PART },
];

describe.each(cases)('file store contract: $name', ({ store: make, partBytes }) => {
  const key = (name: string) => `test/2026/11/${randomBytes(12).toString('base64url')}-${name}`;

  it('puts a buffer and gets it back whole and by range', async () => {
    const store = make();
    const bytes = randomBytes(10_000);
    const k = key('small.png');
    expect(await store.put(k, bytes, 'image/png')).toEqual({ size: 10_000 });
    const whole = await store.get(k);
    expect(whole?.size).toBe(10_000);
    expect((await readAll(whole!.body)).equals(bytes)).toBe(true);
    const part = await store.get(k, { start: 100, end: 199 });
    expect(part?.size).toBe(10_000);
    expect((await readAll(part!.body)).equals(bytes.subarray(100, 200))).toBe(true);
    const last = await store.get(k, { start: 9_990, end: 9_999 });
    expect((await readAll(last!.body)).equals(bytes.subarray(9_990))).toBe(true);
  });

  it('puts a stream larger than two parts (a multipart upload on S3) and reads it back', async () => {
    const store = make();
    const bytes = randomBytes(partBytes * 2 + 12_345);
    const k = key('big.mp4');
    expect(await store.put(k, streamOf(bytes), 'video/mp4')).toEqual({ size: bytes.length });
    const whole = await store.get(k);
    expect(whole?.size).toBe(bytes.length);
    expect((await readAll(whole!.body)).equals(bytes)).toBe(true);
    const across = await store.get(k, { start: partBytes - 10, end: partBytes + 9 });
    expect((await readAll(across!.body)).equals(bytes.subarray(partBytes - 10, partBytes + 10))).toBe(true);
  }, 60_000);

  it('puts a small stream (one request on S3)', async () => {
    const store = make();
    const k = key('note.webm');
    expect(
      await store.put(k, Readable.from([Buffer.from('hello '), Buffer.from('world')]), 'video/webm'),
    ).toEqual({
      size: 11,
    });
    expect(await text((await store.get(k))!.body)).toBe('hello world');
  });

  it('leaves nothing under the key when the body fails half way (small or multipart)', async () => {
    const store = make();
    for (const [size, failAfter] of [
      [50_000, 20_000],
      [partBytes * 2 + 10, partBytes + 100],
    ] as const) {
      const k = key(`broken-${size}.mp4`);
      await expect(store.put(k, streamOf(randomBytes(size), failAfter), 'video/mp4')).rejects.toThrow(
        'the client went away',
      );
      expect(await store.get(k)).toBeNull();
    }
  }, 60_000);

  it('answers null for a missing key and deletes quietly', async () => {
    const store = make();
    const k = key('gone.png');
    expect(await store.get(k)).toBeNull();
    await store.put(k, Buffer.from('x'), 'image/png');
    await store.delete(k);
    expect(await store.get(k)).toBeNull();
    await expect(store.delete(k)).resolves.toBeUndefined();
  });
});

describe('s3 store: direct addresses', () => {
  it('presigns a GET that answers the bytes (and a Range) with the file’s type and name', async () => {
    const store = s3Store(PART);
    const bytes = randomBytes(4_000);
    await store.put('poster/2026/11/direct.png', bytes, 'image/png');
    const url = await store.directUrl('poster/2026/11/direct.png', {
      ttlSeconds: 600,
      contentType: 'image/png',
      downloadName: '海报 1.png',
    });
    expect(url).toMatch(
      /^http:\/\/127\.0\.0\.1:\d+\/uplus-test\/poster\/2026\/11\/direct\.png\?.*X-Amz-Signature=/,
    );
    expect(url).toContain('X-Amz-Expires=600');
    const whole = await fetch(url!);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('image/png');
    expect(whole.headers.get('content-disposition')).toBe(
      `inline; filename*=UTF-8''${encodeURIComponent('海报 1.png')}`,
    );
    expect(Buffer.from(await whole.arrayBuffer()).equals(bytes)).toBe(true);
    const ranged = await fetch(url!, { headers: { range: 'bytes=10-19' } });
    expect(ranged.status).toBe(206);
    expect(Buffer.from(await ranged.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);
    // (s3rver does not check version 4 signatures: that a changed address fails is S3's own promise)
    expect(url).toContain('response-content-type=image%2Fpng');
  });

  it('the local store has no direct address (the files area signs its own)', async () => {
    expect(
      await createLocalStore(local.dir).directUrl('x.png', { ttlSeconds: 60, contentType: 'image/png' }),
    ).toBeNull();
  });
});
