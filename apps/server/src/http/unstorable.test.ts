import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, buildMember, tokenFor } from '../test/factories';
import {
  assertBodyShape,
  BODY_SHAPE_MSG,
  jsonNestsDeeperThan,
  MAX_BODY_DEPTH,
  MAX_BODY_VALUES,
} from './unstorable';

// NUL and lone surrogates cannot reach PostgreSQL: before the preValidation hook each of these answered 500.
describe.each(testDrivers())('characters the database cannot store, on %s', (driver) => {
  const t = useTestApp(driver);

  it('in path, query or body are removed: the calls answer as without them, never 500', async () => {
    const m = await buildMember(t.db);
    const { token } = await tokenFor(t.db, m.user.id);
    const api = asUser(t.app, token);

    const login = await t.app.inject({
      method: 'POST',
      url: '/idp/api/login',
      payload: { username: 'nob\u0000ody', password: 'x' },
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('用户名或密码错误');

    const form = await t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: 'username=a%00&password=b',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(form.statusCode).toBeLessThan(500);

    const organs = await api.get(`/api/portal/users/${m.user.id}?organName=%00`);
    expect(organs.statusCode).toBe(200);
    expect(organs.json().data.length).toBeGreaterThan(0);

    for (const url of [
      '/api/base/schools/%00',
      '/api/base/colleges/%00',
      '/api/portal/website_configs/a%00',
    ]) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
    }
    const college = await t.app.inject({ url: '/api/base/config/college?param=%00' });
    expect(college.statusCode).toBeLessThan(500);
    // A lone surrogate (percent-encoded as its UTF-8 bytes) is removed the same way.
    const surrogate = await api.get(`/api/portal/users/${m.user.id}?organName=%ED%A0%80`);
    expect(surrogate.statusCode).toBeLessThan(500);
  });
});

// 20,000 levels of `[` (40 kB) overflowed the stack of the storable walk: a 500 from every route, public ones
// too. Bodies past the depth or size bounds are refused with a 400 before anything walks them.
describe.each(testDrivers())('hostile body shapes, on %s', (driver) => {
  const t = useTestApp(driver);
  const deep = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
  const json = { 'content-type': 'application/json' };
  const form = { 'content-type': 'application/x-www-form-urlencoded' };

  it('deeply nested JSON answers 400 with the reason on a signed-in route, a public route and an IdP form', async () => {
    const m = await buildMember(t.db);
    const { token } = await tokenFor(t.db, m.user.id);
    const targets = [
      {
        url: '/api/course/exercises_questions/batch?courseId=1',
        headers: { ...json, 'x-access-token': token },
      },
      { url: '/api/base/users/admin_certificate/verify', headers: json },
      { url: '/idp/login', headers: json },
      { url: '/idp/api/login', headers: json },
    ];
    for (const { url, headers } of targets) {
      for (const payload of [
        deep(20_000),
        `{"a":${deep(2_000)}}`,
        `{"x":${'{"a":'.repeat(65)}1${'}'.repeat(65)}}`,
      ]) {
        const res = await t.app.inject({ method: 'POST', url, headers, payload });
        expect(res.statusCode, url).toBe(400);
        expect(res.json(), url).toMatchObject({ code: 400, message: BODY_SHAPE_MSG.tooDeep });
      }
    }
    // Brackets inside strings are text, not nesting; a body within the bound goes on to validation.
    const login = await t.app.inject({
      method: 'POST',
      url: '/idp/api/login',
      headers: json,
      payload: JSON.stringify({
        username: '[[[',
        password: '{{{',
        other: '['.repeat(5000),
        more: `${'{'.repeat(100)}"\\"[[`,
      }),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json().message).toBe('用户名或密码错误');
  });

  it('a form or JSON body with too many values answers 400', async () => {
    const many = await t.app.inject({
      method: 'POST',
      url: '/idp/login',
      headers: form,
      payload: `username=a&password=b&${'x=&'.repeat(MAX_BODY_VALUES)}`,
    });
    expect(many.statusCode).toBe(400);
    expect(many.json()).toMatchObject({ code: 400, message: BODY_SHAPE_MSG.tooMany });
    const wide = await t.app.inject({
      method: 'POST',
      url: '/api/base/users/admin_certificate/verify',
      headers: json,
      payload: JSON.stringify(Array.from({ length: MAX_BODY_VALUES + 1 }, () => 0)),
    });
    expect(wide.statusCode).toBe(400);
    expect(wide.json().message).toBe(BODY_SHAPE_MSG.tooMany);
  });
});

describe('body shape checks', () => {
  it('count nesting outside strings only and stop at the bound', () => {
    expect(jsonNestsDeeperThan(deepArray(MAX_BODY_DEPTH))).toBe(false);
    expect(jsonNestsDeeperThan(deepArray(MAX_BODY_DEPTH + 1))).toBe(true);
    expect(jsonNestsDeeperThan(`["${'['.repeat(1000)}\\"${'{'.repeat(1000)}"]`)).toBe(false);
    expect(() => assertBodyShape(JSON.parse(deepArray(MAX_BODY_DEPTH)))).not.toThrow();
    expect(() => assertBodyShape(JSON.parse(deepArray(MAX_BODY_DEPTH + 1)))).toThrow(BODY_SHAPE_MSG.tooDeep);
    // Iterative: far deeper than any stack would allow a recursive walk.
    expect(() => assertBodyShape(JSON.parse(deepArray(200_000)))).toThrow(BODY_SHAPE_MSG.tooDeep);
  });
});

const deepArray = (levels: number) => `${'['.repeat(levels)}${']'.repeat(levels)}`;
