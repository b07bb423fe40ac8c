import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UploadedFile } from '@uplus/shared';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StorageConfig } from '../../config/config';
import { useTestApp } from '../../test/app';
import { buildUser, tokenFor } from '../../test/factories';
import { findFile } from './files.repo';
import { SAMPLES, upload } from './test-files';

/*
 * The files area over an S3-compatible store (s3rver on a random local port): uploads land in the bucket,
 * the browser gets presigned addresses.
 */

const storage: Extract<StorageConfig, { kind: 's3' }> = {
  kind: 's3',
  bucket: 'uplus-files',
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
  s3.dir = await mkdtemp(path.join(os.tmpdir(), 'uplus-files-s3-'));
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

describe('files over S3 (pglite)', () => {
  const t = useTestApp('pglite', { config: { storage } });

  it('uploads into the bucket and answers a presigned address the bytes come from', async () => {
    const user = await buildUser(t.db);
    const { token } = await tokenFor(t.db, user.id);
    const res = await upload(t.app, token, 'video', '片头.mp4', SAMPLES.mp4);
    expect(res.statusCode, res.body).toBe(200);
    const file = res.json().data as UploadedFile;
    expect(file.url.startsWith(`${storage.endpoint}/${storage.bucket}/video/`)).toBe(true);
    expect(file.url).toContain('X-Amz-Expires=900');
    const direct = await fetch(file.url, { headers: { range: 'bytes=0-99' } });
    expect(direct.status).toBe(206);
    expect(direct.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await direct.arrayBuffer()).equals(SAMPLES.mp4.subarray(0, 100))).toBe(true);

    const bad = await upload(t.app, token, 'video', 'x.mp4', SAMPLES.text);
    expect(bad.statusCode).toBe(400);
    const row = await findFile(t.db, file.id);
    expect(row?.storageKey).toMatch(/^video\/\d{4}\/\d{2}\/[\w-]{32}\.mp4$/);
  });
});
