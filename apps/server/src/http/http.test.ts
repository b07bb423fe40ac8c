import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { MSG } from '@uplus/shared';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { redactUrl } from '../core/logging';
import type { Database, Db } from '../db/client';
import { testConfig, useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { buildMember } from '../test/factories';

describe('redactUrl', () => {
  it('removes ticket, quc_ticket and password values, also nested and encoded', () => {
    expect(redactUrl('/authorize?ticket=abc&redirect=/x')).toBe('/authorize?ticket=[REDACTED]&redirect=/x');
    expect(redactUrl('/quc-sync?quc_ticket=abc')).toBe('/quc-sync?quc_ticket=[REDACTED]');
    expect(redactUrl('/a?x=1&password=p%40ss&y=2')).toBe('/a?x=1&password=[REDACTED]&y=2');
    expect(redactUrl('/idp/login?redirect=%2Fauthorize%3Fticket%3Dsecret%26r%3D1')).toBe(
      '/idp/login?redirect=%2Fauthorize%3Fticket%3D[REDACTED]%26r%3D1',
    );
    expect(redactUrl('/api/x?tickets=1')).toBe('/api/x?tickets=1');
  });

  it('removes the signature of a signed file address and the token of a direct upload address', () => {
    expect(redactUrl('/api/files/7/content?expires=99&signature=abc')).toBe(
      '/api/files/7/content?expires=99&signature=[REDACTED]',
    );
    expect(redactUrl('/api/files/direct/eyJ.abc.def?x=1')).toBe('/api/files/direct/[REDACTED]?x=1');
  });
});

describe.each(testDrivers())('http layer on %s', (driver) => {
  const lines: string[] = [];
  const t = useTestApp(driver, {
    config: { logLevel: 'trace' },
    deps: { logStream: { write: (l) => lines.push(l) } },
  });
  const tmpDirs: string[] = [];
  afterAll(() => {
    for (const d of tmpDirs) rmSync(d, { recursive: true, force: true });
  });

  it('never writes tokens, cookies, tickets or passwords to the log', async () => {
    const { user } = await buildMember(t.db, { password: 'Secret-Pass-999' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username: user.username, password: 'Secret-Pass-999' },
    });
    const ticket: string = login.json().data.ticket;
    await t.app.inject({
      method: 'GET',
      url: '/api/portal/users/basic_info',
      headers: {
        'x-access-token': ticket,
        cookie: 'uplus_idp=COOKIE-SECRET-1',
        authorization: 'Bearer AUTH-SECRET-1',
      },
    });
    await t.app.inject({
      method: 'GET',
      url: '/authorize?ticket=TICKET-SECRET-1&redirect=/x',
      headers: { accept: 'text/html' },
    });
    await t.app.inject({
      method: 'GET',
      url: '/quc-sync?quc_ticket=QUC-SECRET-1',
      headers: { accept: 'text/html' },
    });
    await t.app.inject({ method: 'GET', url: '/idp/login?redirect=%2Fauthorize%3Fticket%3DNESTED-SECRET-1' });
    await t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: `username=${user.username}&password=FORM-SECRET-1`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    await t.app.inject({ method: 'GET', url: '/api/nothing?password=QUERY-SECRET-1' });
    await t.app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username: user.username, password: 'x'.repeat(129) },
    });

    const log = lines.join('');
    expect(log).toContain('request completed');
    expect(log).toContain('/authorize?ticket=[REDACTED]&redirect=/x');
    for (const secret of [
      ticket,
      'Secret-Pass-999',
      'COOKIE-SECRET-1',
      'AUTH-SECRET-1',
      'TICKET-SECRET-1',
      'QUC-SECRET-1',
      'NESTED-SECRET-1',
      'FORM-SECRET-1',
      'QUERY-SECRET-1',
      'xxxxxxxxxxxxxxxxxxxxxxxxx',
    ]) {
      expect(log, secret).not.toContain(secret);
    }
  });

  it('writes one line per answered request: method, redacted address, status, time', async () => {
    lines.length = 0;
    await t.app.inject({ method: 'GET', url: '/api/nothing?token=ONE-LINE-SECRET&x=1' });
    const records = lines.flatMap((l) => l.split('\n').filter(Boolean)).map((l) => JSON.parse(l));
    expect(records.map((r) => r.msg)).toEqual(['request completed']);
    const [record] = records;
    expect(record).toMatchObject({
      level: 30,
      method: 'GET',
      url: '/api/nothing?token=[REDACTED]&x=1',
      statusCode: 404,
    });
    expect(typeof record.responseTime).toBe('number');
    expect(typeof record.reqId).toBe('string');
  });

  it('answers 500 without internals and logs the error without query parameters', async () => {
    const failing = new Proxy({} as Db, {
      get: () => {
        throw new Error('connection refused\nparams: PARAM-SECRET-1');
      },
    });
    const captured: string[] = [];
    const database: Database = { db: failing, driver: 'pg', withLock: (fn) => fn(), close: async () => {} };
    const app = await buildApp(testConfig({ appSecret: 's'.repeat(40), logLevel: 'info' }), {
      database,
      logStream: { write: (l) => captured.push(l) },
    });
    try {
      const res = await app.inject({ method: 'GET', url: '/api/base/schools/UPLUS' });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ success: false, code: 500, message: MSG.internalError, data: null });
      expect(res.body).not.toContain('connection refused');
      const log = captured.join('');
      expect(log).toContain('connection refused');
      expect(log).not.toContain('PARAM-SECRET-1');
    } finally {
      await app.close();
    }
  });

  it('unknown API paths answer the 404 envelope, whatever they accept', async () => {
    for (const [method, url, accept] of [
      ['GET', '/api/base/nothing', 'text/html'],
      ['GET', '/get_appconfig/x', 'application/json'],
      ['POST', '/api/portal/nothing', 'application/json'],
      ['DELETE', '/home/index', 'text/html'],
    ] as const) {
      const res = await t.app.inject({ method, url, headers: { accept } });
      expect(res.statusCode, url).toBe(404);
      expect(res.json()).toEqual({ success: false, code: 404, message: MSG.notFound, data: null });
    }
  });

  it('page loads get a Chinese note when the web app is not built', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/home/index', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(503);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('网页应用尚未构建');
    expect(res.body).toContain('npm run build');
  });

  it('serves the built web app: files, and index.html for page paths', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'uplus-dist-'));
    tmpDirs.push(dist);
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(
      path.join(dist, 'index.html'),
      '<!doctype html><title>Uplus SPA</title><div id="root"></div>',
    );
    writeFileSync(path.join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'favicon.ico'), 'ico');
    const app = await buildApp(testConfig({ webDist: dist }), { database: t.database });
    try {
      for (const url of ['/', '/home/index', '/authorize?ticket=x&redirect=/a', '/workbench/index/school']) {
        const res = await app.inject({
          method: 'GET',
          url,
          headers: { accept: 'text/html,application/xhtml+xml' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.body).toContain('Uplus SPA');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers['referrer-policy']).toBe('same-origin');
      }
      const asset = await app.inject({ method: 'GET', url: '/assets/app-1234.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      expect((await app.inject({ method: 'GET', url: '/favicon.ico' })).statusCode).toBe(200);
      const missing = await app.inject({
        method: 'GET',
        url: '/assets/missing.js',
        headers: { accept: '*/*' },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json().success).toBe(false);
      const api = await app.inject({
        method: 'GET',
        url: '/api/base/nothing',
        headers: { accept: 'text/html' },
      });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe(404);
      // API routes still win over the static files
      expect((await app.inject({ method: 'GET', url: '/api/base/config/college?param=X' })).statusCode).toBe(
        200,
      );
    } finally {
      await app.close();
    }
  });

  it('publishes the OpenAPI document generated from the zod schemas at /api/docs', async () => {
    const doc = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(doc.statusCode).toBe(200);
    const paths = Object.keys(doc.json().paths);
    for (const p of [
      '/get_appconfig',
      '/api/base/config/college',
      '/api/base/schools/{schoolCode}',
      '/api/portal/website_configs/{code}',
      '/api/login/verify',
      '/api/base/session/refresh_token',
      '/api/portal/users/basic_info',
      '/api/base/logout',
      '/api/portal/users/{id}',
      '/api/portal/users/switch',
      '/api/base/users/admin_certificate',
      '/api/base/colleges/{code}',
      '/api/base/organ/permissions',
      '/api/base/organ/modules',
      '/idp/api/login',
    ]) {
      expect(paths, p).toContain(p);
    }
    const basic = doc.json().paths['/api/portal/users/basic_info'].get;
    expect(Object.keys(basic.responses['200'].content['application/json'].schema.properties)).toEqual([
      'success',
      'code',
      'message',
      'data',
    ]);
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toContain('text/html');
  });

  it('sets nosniff on every answer', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/base/config/college?param=X' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });
});
