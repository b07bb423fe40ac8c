import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import type { App } from './context';
import { SELF_FRAMED_CSP, WEB_APP_CSP } from './security-headers';
import { acceptedEncoding } from './spa';

const WEB_PUBLIC = fileURLToPath(new URL('../../../web/public', import.meta.url));
const SCRIPT = `console.log(${JSON.stringify('优加'.repeat(400))});`;
const INDEX = `<!doctype html><title>Uplus SPA</title><div id="root">${'<p>正在加载…</p>'.repeat(50)}</div>`;

/**
 * A built web app as Vite leaves it: index.html and a fingerprinted script, each with the .br and .gz the
 * build writes beside it, and the files of apps/web/public (copied as the build copies them).
 */
const makeDist = () => {
  const dist = mkdtempSync(path.join(os.tmpdir(), 'uplus-spa-'));
  cpSync(WEB_PUBLIC, dist, { recursive: true });
  mkdirSync(path.join(dist, 'assets'));
  for (const [file, body] of [
    ['index.html', INDEX],
    ['assets/app-1234.js', SCRIPT],
  ] as const) {
    writeFileSync(path.join(dist, file), body);
    writeFileSync(path.join(dist, `${file}.br`), brotliCompressSync(body));
    writeFileSync(path.join(dist, `${file}.gz`), gzipSync(body));
  }
  return dist;
};

describe('acceptedEncoding', () => {
  it('prefers brotli, then gzip, and honours q=0 and *', () => {
    expect(acceptedEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(acceptedEncoding('gzip, deflate')).toBe('gzip');
    expect(acceptedEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeNull();
    expect(acceptedEncoding(undefined)).toBeNull();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding('*, br;q=0')).toBe('gzip');
  });
});

describe.each(testDrivers())('the web app as the server sends it, on %s', (driver) => {
  const t = useTestApp(driver);
  let dist = '';
  let app: App;
  beforeAll(async () => {
    dist = makeDist();
    app = await buildApp(testConfig({ webDist: dist }), { database: t.database });
  });
  afterAll(async () => {
    await app?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('answers / with the page whatever the request accepts (a load balancer health check)', async () => {
    for (const accept of [undefined, '*/*', 'application/json', 'text/html']) {
      const res = await app.inject({ method: 'GET', url: '/', headers: accept ? { accept } : {} });
      expect(res.statusCode, String(accept)).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('Uplus SPA');
    }
    expect((await app.inject({ method: 'HEAD', url: '/' })).statusCode).toBe(200);
    // before a build exists, / says so (503) instead of a JSON 404
    const unbuilt = await t.app.inject({ method: 'GET', url: '/' });
    expect(unbuilt.statusCode).toBe(503);
    expect(unbuilt.body).toContain('网页应用尚未构建');
  });

  it('sends the pre-compressed copy a browser accepts, with the original type and Vary', async () => {
    const asset = (acceptEncoding?: string) =>
      app.inject({
        method: 'GET',
        url: '/assets/app-1234.js',
        headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {},
      });
    const br = await asset('gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await asset('gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);

    const plain = await asset();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(SCRIPT);

    // index.html (every page path): compressed too, but never cached as immutable
    for (const url of ['/', '/home/index']) {
      const page = await app.inject({
        method: 'GET',
        url,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip, br' },
      });
      expect(page.headers['content-encoding'], url).toBe('br');
      expect(page.headers.vary).toMatch(/accept-encoding/i);
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(brotliDecompressSync(page.rawPayload).toString()).toBe(INDEX);
    }
    const gzPage = await app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': 'gzip' } });
    expect(gunzipSync(gzPage.rawPayload).toString()).toBe(INDEX);
  });

  it('gives every page a strict CSP and frame protection; the identity provider keeps its own', async () => {
    const pages = [
      '/',
      '/home/index',
      '/authorize?ticket=abc&redirect=/home/index',
      '/college-admin',
      '/workbench/index/school',
      '/no/such/page',
    ];
    for (const url of pages) {
      const res = await app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-security-policy'], url).toBe(WEB_APP_CSP);
      expect(res.headers['x-frame-options'], url).toBe('DENY');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('same-origin');
    }
    const csp = Object.fromEntries(
      WEB_APP_CSP.split(';').map((d) => {
        const [name = '', ...values] = d.trim().split(/\s+/);
        return [name, values];
      }),
    );
    expect(csp['script-src']).toEqual(["'self'"]);
    expect(csp['frame-ancestors']).toEqual(["'none'"]);
    expect(csp['object-src']).toEqual(["'none'"]);
    expect(csp['default-src']).toEqual(["'self'"]);

    // the hidden session-sync page, which the identity provider frames after a sign-in: this origin only
    const sync = await app.inject({
      method: 'GET',
      url: '/quc-sync?quc_ticket=x',
      headers: { accept: 'text/html' },
    });
    expect(sync.headers['content-security-policy']).toBe(SELF_FRAMED_CSP);
    expect(sync.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(sync.headers['x-frame-options']).toBe('SAMEORIGIN');

    // the not-built note too
    const unbuilt = await t.app.inject({
      method: 'GET',
      url: '/home/index',
      headers: { accept: 'text/html' },
    });
    expect(unbuilt.headers['content-security-policy']).toBe(WEB_APP_CSP);
    expect(unbuilt.headers['x-frame-options']).toBe('DENY');

    // the API documentation
    const docs = await app.inject({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(docs.headers['content-security-policy']).toContain("script-src 'self';");
    expect(docs.headers['x-frame-options']).toBe('DENY');

    // the identity provider's nonce policy is not replaced
    const login = await app.inject({ method: 'GET', url: '/idp/login' });
    expect(login.headers['content-security-policy']).toMatch(/script-src 'nonce-/);

    // JSON answers carry no page policy
    const api = await app.inject({ method: 'GET', url: '/get_appconfig' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });

  it('serves the site icon at /favicon.ico (browsers ask for it, e.g. on the sign-in page)', async () => {
    const res = await app.inject({ method: 'GET', url: '/favicon.ico' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
    // an ICO file: reserved 0, type 1, at least one image
    expect([...res.rawPayload.subarray(0, 4)]).toEqual([0, 0, 1, 0]);
    expect(res.rawPayload.readUInt16LE(4)).toBeGreaterThan(0);
  });
});
