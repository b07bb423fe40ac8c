import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/app';
import { testDrivers } from '../test/database';
import { asUser, buildMember, tokenFor } from '../test/factories';

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
