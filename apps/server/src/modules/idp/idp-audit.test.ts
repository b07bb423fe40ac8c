import { MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { buildUser, tokenFor } from '../../test/factories';
import { revokeSession, setSessionExpiry } from '../sessions/sessions.service';
import { findUserById } from '../users/users.service';
import { IDP_COOKIE } from './idp.routes';
import { startIdpSession } from './idp.service';
import { openLoginForm } from './idp-test-support';

let addressCounter = 0;
/** A client address of its own per call, so per-address limits do not leak between tests. */
const freshAddress = () => `10.7.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

/*
 * Issue 2 for the identity provider: bad input to the JSON sign-in answers 400 with a message; the profile
 * needs a live provider session (an expired, revoked or app token is sent to sign in); a form cannot be
 * posted with another session's CSRF token; wrong old passwords are rate-limited like sign-ins.
 */
describe.each(testDrivers())('identity provider: token states and bad input on %s', (driver) => {
  const t = useTestApp(driver);

  const cookieFor = (token: string) => `${IDP_COOKIE}=${token}`;
  const profile = (cookie?: string) =>
    t.app.inject({ method: 'GET', url: '/idp/profile', headers: cookie ? { cookie } : {} });
  const post = (
    cookie: string,
    url: string,
    fields: Record<string, string>,
    remoteAddress = freshAddress(),
  ) =>
    t.app.inject({
      method: 'POST',
      url,
      payload: new URLSearchParams(fields).toString(),
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress,
    });
  const csrfOf = async (cookie: string) =>
    /name="_csrf" value="([^"]+)"/.exec((await profile(cookie)).body)![1]!;
  const idpSession = async (userId: number) => {
    const session = await startIdpSession({ db: t.db, userId, ttlHours: 1, now: new Date() });
    return { ...session, cookie: cookieFor(session.token) };
  };
  const expectSignIn = (res: { statusCode: number; headers: Record<string, unknown> }, what: string) => {
    expect(res.statusCode, what).toBe(303);
    expect(res.headers.location, what).toBe('/idp/login?redirect=%2Fidp%2Fprofile');
  };

  describe('POST /idp/api/login bad input', () => {
    const login = (payload: unknown) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/api/login',
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify(payload),
        remoteAddress: freshAddress(),
      });
    const expect400 = async (payload: unknown, message: string) => {
      const res = await login(payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ success: false, code: 400, message, data: null });
    };

    it('over-long, wrong-typed and missing fields, and a body that is not an object', async () => {
      await expect400({ username: 'u'.repeat(65), password: 'x' }, '用户名不能超过64个字符');
      await expect400({ username: 'someone', password: 'x'.repeat(129) }, '密码不能超过128个字符');
      await expect400({ username: 42, password: 'x' }, '用户名格式不正确');
      await expect400({ username: 'someone', password: ['x'] }, '密码格式不正确');
      await expect400({ password: 'x' }, '缺少必填参数：username');
      await expect400({ username: 'someone' }, '缺少必填参数：password');
      for (const payload of [null, [], 'someone']) await expect400(payload, '请求内容格式不正确');
    });

    it('the HTML form shows the same messages beside the field', async () => {
      const form = await openLoginForm(t.app);
      const res = await t.app.inject({
        method: 'POST',
        url: '/idp/login',
        payload: new URLSearchParams({
          username: 'u'.repeat(65),
          password: 'x',
          redirect: '/authorize',
          _csrf: form.csrf,
        }).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: form.cookie },
        remoteAddress: freshAddress(),
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain('<p class="error" id="username-error">用户名不能超过64个字符</p>');
    });
  });

  describe('profile token states', () => {
    it('a live provider session opens the profile', async () => {
      const user = await buildUser(t.db);
      const s = await idpSession(user.id);
      expect((await profile(s.cookie)).statusCode).toBe(200);
    });

    it('no, a malformed or an unknown cookie is sent to sign in', async () => {
      expectSignIn(await profile(), 'none');
      expectSignIn(await profile(cookieFor('garbage')), 'malformed');
      expectSignIn(await profile(cookieFor('A'.repeat(43))), 'unknown');
    });

    it('an expired or revoked provider session is sent to sign in, and its forms change nothing', async () => {
      const user = await buildUser(t.db, { name: '原来的名字' });
      const expired = await idpSession(user.id);
      const revoked = await idpSession(user.id);
      const csrfExpired = await csrfOf(expired.cookie);
      const csrfRevoked = await csrfOf(revoked.cookie);
      await setSessionExpiry({ db: t.db, sessionId: expired.id, expiresAt: new Date(Date.now() - 1000) });
      await revokeSession({ db: t.db, sessionId: revoked.id, now: new Date() });
      for (const [s, csrf] of [
        [expired, csrfExpired],
        [revoked, csrfRevoked],
      ] as const) {
        expectSignIn(await profile(s.cookie), 'profile');
        expectSignIn(await post(s.cookie, '/idp/profile/name', { name: '被改', _csrf: csrf }), 'name');
        expectSignIn(
          await post(s.cookie, '/idp/profile/password', {
            oldPassword: user.password,
            newPassword: 'Changed-123',
            confirmPassword: 'Changed-123',
            _csrf: csrf,
          }),
          'password',
        );
      }
      expect((await findUserById({ db: t.db, userId: user.id }))!.name).toBe('原来的名字');
    });

    it('a session ended by /idp/logout is sent to sign in', async () => {
      const user = await buildUser(t.db);
      const s = await idpSession(user.id);
      await t.app.inject({ method: 'GET', url: '/idp/logout', headers: { cookie: s.cookie } });
      expectSignIn(await profile(s.cookie), 'after sign-out');
    });

    it("the app's access token is no provider session", async () => {
      const user = await buildUser(t.db);
      const { token } = await tokenFor(t.db, user.id);
      expectSignIn(await profile(cookieFor(token)), 'access token as cookie');
    });
  });

  describe("another session's forms", () => {
    it("403 with another user's CSRF token; nothing changes", async () => {
      const me = await buildUser(t.db, { name: '我的名字' });
      const them = await buildUser(t.db);
      const mine = await idpSession(me.id);
      const theirs = await idpSession(them.id);
      const theirCsrf = await csrfOf(theirs.cookie);
      const res = await post(mine.cookie, '/idp/profile/name', { name: '被改', _csrf: theirCsrf });
      expect(res.statusCode).toBe(403);
      const password = await post(mine.cookie, '/idp/profile/password', {
        oldPassword: me.password,
        newPassword: 'Changed-123',
        confirmPassword: 'Changed-123',
        _csrf: theirCsrf,
      });
      expect(password.statusCode).toBe(403);
      expect((await findUserById({ db: t.db, userId: me.id }))!.name).toBe('我的名字');
      expect((await findUserById({ db: t.db, userId: them.id }))!.name).not.toBe('被改');
    });

    it("403 with the CSRF token of the same user's earlier session", async () => {
      const me = await buildUser(t.db, { name: '不变' });
      const earlier = await idpSession(me.id);
      const csrf = await csrfOf(earlier.cookie);
      const later = await idpSession(me.id);
      expect((await post(later.cookie, '/idp/profile/name', { name: '被改', _csrf: csrf })).statusCode).toBe(
        403,
      );
    });
  });

  describe('rate limits on the profile', () => {
    it('after 5 wrong old passwords the account is locked (429), even with the right one; sign-in too', async () => {
      const user = await buildUser(t.db);
      const s = await idpSession(user.id);
      const csrf = await csrfOf(s.cookie);
      const change = (oldPassword: string) =>
        post(s.cookie, '/idp/profile/password', {
          _csrf: csrf,
          oldPassword,
          newPassword: 'Changed-123',
          confirmPassword: 'Changed-123',
        });
      for (let i = 0; i < 5; i++) {
        const res = await change(`Wrong-old-${i}`);
        expect(res.statusCode).toBe(400);
        expect(res.body).toContain(MSG.oldPasswordWrong);
      }
      const locked = await change(user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.body).toContain(MSG.tooManyAttempts);
      const signIn = await t.app.inject({
        method: 'POST',
        url: '/idp/api/login',
        payload: { username: user.username, password: user.password },
        remoteAddress: freshAddress(),
      });
      expect(signIn.statusCode).toBe(429);
      // the password did not change
      t.clock.advance(15 * 60_000 + 1000);
      try {
        const later = await t.app.inject({
          method: 'POST',
          url: '/idp/api/login',
          payload: { username: user.username, password: user.password },
          remoteAddress: freshAddress(),
        });
        expect(later.statusCode).toBe(200);
      } finally {
        t.clock.reset();
      }
    });
  });
});
