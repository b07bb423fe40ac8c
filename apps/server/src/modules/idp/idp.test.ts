import { MSG } from '@uplus/shared';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/app';
import { testDrivers } from '../../test/database';
import { asUser, buildMember, buildUser, DEFAULT_TEST_PASSWORD, tokenFor } from '../../test/factories';
import { createDeployment, ensureDefaultDeployment } from '../site/site.service';
import { findUserById } from '../users/users.service';
import { IDP_COOKIE, LOGIN_COOKIE, LOGIN_FORM_REFUSED } from './idp.routes';
import { platformOrigins } from './idp.service';
import { openLoginForm } from './idp-test-support';

let addressCounter = 0;
/** A client address of its own per test, so per-address limits do not leak between tests. */
const freshAddress = () => `10.1.${Math.floor(++addressCounter / 250)}.${(addressCounter % 250) + 1}`;

describe.each(testDrivers())('identity provider on %s', (driver) => {
  // PUBLIC_ORIGINS unset: the loopback origins on PORT are the platform's (besides deployment hosts).
  const t = useTestApp(driver, { config: { port: 3000 } });

  const jsonLogin = (username: unknown, password: unknown, remoteAddress = freshAddress()) =>
    t.app.inject({ method: 'POST', url: '/idp/api/login', payload: { username, password }, remoteAddress });

  /** Posts the sign-in form as the browser does after opening the page (its token and pre-session cookie). */
  const formLogin = async (fields: Record<string, string>, remoteAddress = freshAddress()) => {
    const form = await openLoginForm(t.app, { host: 'localhost:3000' });
    return t.app.inject({
      method: 'POST',
      url: '/idp/login',
      payload: new URLSearchParams({ _csrf: form.csrf, ...fields }).toString(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        host: 'localhost:3000',
        cookie: form.cookie,
        'sec-fetch-site': 'same-origin',
      },
      remoteAddress,
    });
  };
  const ticketOf = (body: string) => /quc_ticket=([A-Za-z0-9_-]{43})/.exec(body)?.[1];
  const verify = (ticket: string) => asUser(t.app, ticket).get('/api/login/verify');

  const cookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const c = res.cookies.find((x) => x.name === IDP_COOKIE);
    return c ? `${IDP_COOKIE}=${c.value}` : undefined;
  };

  const signInCookie = async (username: string, password: string) => {
    const res = await formLogin({ username, password, redirect: '/authorize?redirect=%2Fhome%2Findex' });
    expect(res.statusCode).toBe(200);
    return cookieOf(res)!;
  };

  describe('POST /idp/api/login', () => {
    it('answers a ticket that works as the access token', async () => {
      const { user } = await buildMember(t.db);
      const res = await jsonLogin(user.username, user.password);
      expect(res.statusCode).toBe(200);
      const { ticket, expiresAt } = res.json().data;
      expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(expiresAt).toBeGreaterThan(Date.now() + 167 * 3_600_000);
      const info = await asUser(t.app, ticket).get('/api/portal/users/basic_info');
      expect(info.statusCode).toBe(200);
      expect(info.json().data.username).toBe(user.username);
    });

    it('matches the user name regardless of case', async () => {
      const user = await buildUser(t.db, { username: 'MixedCaseUser' });
      expect((await jsonLogin('mixedcaseuser', user.password)).statusCode).toBe(200);
    });

    it('400 用户名或密码错误 for a wrong password or an unknown user (never 401)', async () => {
      const user = await buildUser(t.db);
      for (const [u, p] of [
        [user.username, 'Wrong-pass1'],
        ['nobody-here', 'Wrong-pass1'],
      ]) {
        const res = await jsonLogin(u, p);
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ success: false, code: 400, message: MSG.badCredentials, data: null });
      }
    });

    it('400 with the spec messages for missing user name or password', async () => {
      const noUser = await jsonLogin('  ', 'x');
      expect(noUser.json()).toEqual({ success: false, code: 400, message: MSG.usernameRequired, data: null });
      const noPass = await jsonLogin('someone', '');
      expect(noPass.json()).toEqual({ success: false, code: 400, message: MSG.passwordRequired, data: null });
      const absent = await t.app.inject({ method: 'POST', url: '/idp/api/login', payload: {} });
      expect(absent.statusCode).toBe(400);
      expect(absent.json().message).toBe('缺少必填参数：username');
      const notJson = await t.app.inject({
        method: 'POST',
        url: '/idp/api/login',
        headers: { 'content-type': 'application/json' },
        payload: '{broken',
      });
      expect(notJson.statusCode).toBe(400);
      expect(notJson.json()).toEqual({ success: false, code: 400, message: MSG.badRequest, data: null });
    });
  });

  describe('rate limiting', () => {
    it('after 5 failures an account is locked for 15 minutes, even with the right password, from any address', async () => {
      const user = await buildUser(t.db);
      for (let i = 0; i < 5; i++)
        expect((await jsonLogin(user.username, 'Wrong-pass1')).statusCode).toBe(400);
      const locked = await jsonLogin(user.username, user.password);
      expect(locked.statusCode).toBe(429);
      expect(locked.json()).toEqual({ success: false, code: 429, message: MSG.tooManyAttempts, data: null });
      // the HTML form shares the limit
      const form = await formLogin({ username: user.username, password: user.password });
      expect(form.statusCode).toBe(429);
      expect(form.body).toContain(MSG.tooManyAttempts);

      t.clock.advance(15 * 60_000 + 1000);
      try {
        expect((await jsonLogin(user.username, user.password)).statusCode).toBe(200);
      } finally {
        t.clock.reset();
      }
    });

    it('a successful sign-in resets the account count', async () => {
      const user = await buildUser(t.db);
      for (let i = 0; i < 4; i++) await jsonLogin(user.username, 'Wrong-pass1');
      expect((await jsonLogin(user.username, user.password)).statusCode).toBe(200);
      for (let i = 0; i < 4; i++) await jsonLogin(user.username, 'Wrong-pass1');
      expect((await jsonLogin(user.username, user.password)).statusCode).toBe(200);
    });

    it('after 20 failures from one address, that address is refused for every account', async () => {
      const address = freshAddress();
      const victim = await buildUser(t.db);
      for (let i = 0; i < 20; i++) {
        expect((await jsonLogin(`guess-${i}`, 'Wrong-pass1', address)).statusCode).toBe(400);
      }
      const refused = await jsonLogin(victim.username, victim.password, address);
      expect(refused.statusCode).toBe(429);
      expect((await jsonLogin(victim.username, victim.password, freshAddress())).statusCode).toBe(200);
    });
  });

  describe('sign-in pages', () => {
    it('GET /idp/login shows an accessible Chinese form that keeps a safe redirect', async () => {
      await ensureDefaultDeployment({ db: t.db });
      const res = await t.app.inject({
        method: 'GET',
        url: '/idp/login?redirect=http%3A%2F%2Flocalhost%3A3000%2Fauthorize%3Fredirect%3D%252Fhome',
        headers: { host: 'localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.body).toContain('<html lang="zh-CN">');
      expect(res.body).toContain('<label for="username">用户名</label>');
      expect(res.body).toContain('<label for="password">密码</label>');
      expect(res.body).toContain('value="http://localhost:3000/authorize?redirect=%2Fhome"');
      expect(res.body).toContain('Noto Sans CJK SC');
    });

    it('/idp leads to the sign-in page', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/idp' });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe('/idp/login');
    });

    it('a redirect to another site is replaced by /authorize', async () => {
      for (const bad of [
        'https://evil.example/x',
        '//evil.example/x',
        'javascript:alert(1)',
        'http://localhost:4000/a',
      ]) {
        const res = await t.app.inject({
          method: 'GET',
          url: `/idp/login?redirect=${encodeURIComponent(bad)}`,
          headers: { host: 'localhost:3000' },
        });
        expect(res.body).toContain('name="redirect" value="/authorize"');
      }
    });

    it('wrong credentials re-show the form with the error announced and the fields marked', async () => {
      const user = await buildUser(t.db);
      const res = await formLogin({
        username: user.username,
        password: 'Wrong-pass1',
        redirect: '/authorize',
      });
      expect(res.statusCode).toBe(400);
      expect(res.body).toContain(`role="alert" id="form-error">${MSG.badCredentials}`);
      expect(res.body).toContain(`value="${user.username}"`);
      expect(cookieOf(res)).toBeUndefined();

      const empty = await formLogin({ username: '', password: '', redirect: '/authorize' });
      expect(empty.statusCode).toBe(400);
      expect(empty.body).toMatch(
        /id="username"[^>]*aria-invalid="true"[^>]*aria-describedby="username-error"/s,
      );
      expect(empty.body).toContain(`<p class="error" id="username-error">${MSG.usernameRequired}</p>`);
    });

    it('success sets the httpOnly cookie, loads the session-sync frame and returns with the ticket', async () => {
      const { user } = await buildMember(t.db);
      const res = await formLogin({
        username: user.username,
        password: user.password,
        redirect: 'http://localhost:3000/authorize?redirect=%2Fworkbench',
      });
      expect(res.statusCode).toBe(200);
      const cookie = res.cookies.find((c) => c.name === IDP_COOKIE)!;
      expect(cookie.httpOnly).toBe(true);
      expect(cookie.sameSite).toBe('Lax');
      expect(cookie.path).toBe('/idp');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      const ticket = /quc_ticket=([A-Za-z0-9_-]{43})/.exec(res.body)?.[1];
      expect(ticket).toBeDefined();
      expect(res.body).toContain(`src="/quc-sync?quc_ticket=${ticket}"`);
      expect(res.body).toContain(
        `href="http://localhost:3000/authorize?redirect=%2Fworkbench&amp;ticket=${ticket}"`,
      );
      const verify = await asUser(t.app, ticket!).get('/api/login/verify');
      expect(verify.statusCode).toBe(200);
      expect(verify.json().data.userid).toBe(String(user.id));
    });

    it('with a provider session, /idp/login signs in at once with a new ticket', async () => {
      const { user } = await buildMember(t.db);
      const cookie = await signInCookie(user.username, user.password);
      const res = await t.app.inject({
        method: 'GET',
        url: '/idp/login?redirect=%2Fauthorize%3Fredirect%3D%252Fhome',
        headers: { cookie, host: 'localhost:3000' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('登录成功');
      const ticket = /quc_ticket=([A-Za-z0-9_-]{43})/.exec(res.body)![1]!;
      expect(res.body).toContain(`href="/authorize?redirect=%2Fhome&amp;ticket=${ticket}"`);
    });

    it('a redirect into the provider gets no ticket', async () => {
      const user = await buildUser(t.db);
      const res = await formLogin({
        username: user.username,
        password: user.password,
        redirect: '/idp/profile',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/idp/profile');
    });

    it('/idp/logout ends the provider session and goes to a safe redirect', async () => {
      const user = await buildUser(t.db);
      const cookie = await signInCookie(user.username, user.password);
      const out = await t.app.inject({
        method: 'GET',
        url: '/idp/logout?redirect=http%3A%2F%2Flocalhost%3A3000%2Fidp%2Flogin',
        headers: { cookie, host: 'localhost:3000' },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('http://localhost:3000/idp/login');
      const again = await t.app.inject({ method: 'GET', url: '/idp/login', headers: { cookie } });
      expect(again.body).toContain('账号登录');
      const evil = await t.app.inject({
        method: 'GET',
        url: '/idp/logout?redirect=https%3A%2F%2Fevil.example',
      });
      expect(evil.headers.location).toBe('/');
    });
  });

  describe('profile', () => {
    it('needs the provider session', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/idp/profile' });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/idp/login?redirect=%2Fidp%2Fprofile');
      const post = await t.app.inject({
        method: 'POST',
        url: '/idp/profile/name',
        payload: 'name=x',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(post.statusCode).toBe(303);
    });

    const profileForm = async (cookie: string) => {
      const page = await t.app.inject({ method: 'GET', url: '/idp/profile', headers: { cookie } });
      expect(page.statusCode).toBe(200);
      return /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
    };
    const post = (cookie: string, url: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url,
        payload: new URLSearchParams(fields).toString(),
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: freshAddress(),
      });

    it('changes the name; a blank or long name is refused with the message', async () => {
      const user = await buildUser(t.db, { name: '旧名字' });
      const cookie = await signInCookie(user.username, user.password);
      const csrf = await profileForm(cookie);

      const blank = await post(cookie, '/idp/profile/name', { name: '  ', _csrf: csrf });
      expect(blank.statusCode).toBe(400);
      expect(blank.body).toContain(`<p class="error" id="name-error">${MSG.nameRequired}</p>`);
      const long = await post(cookie, '/idp/profile/name', { name: '名'.repeat(21), _csrf: csrf });
      expect(long.body).toContain(MSG.nameTooLong);

      const ok = await post(cookie, '/idp/profile/name', { name: '新名字', _csrf: csrf });
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/idp/profile?saved=name');
      expect((await findUserById({ db: t.db, userId: user.id }))!.name).toBe('新名字');
      const page = await t.app.inject({ method: 'GET', url: '/idp/profile?saved=name', headers: { cookie } });
      expect(page.body).toContain('姓名已保存');
      expect(page.body).toContain('value="新名字"');
    });

    it('refuses a form without the right CSRF token', async () => {
      const user = await buildUser(t.db, { name: '原名' });
      const cookie = await signInCookie(user.username, user.password);
      for (const csrf of ['', 'forged']) {
        const res = await post(cookie, '/idp/profile/name', { name: '被改', _csrf: csrf });
        expect(res.statusCode).toBe(403);
        const password = await post(cookie, '/idp/profile/password', {
          oldPassword: user.password,
          newPassword: 'Newpass123',
          confirmPassword: 'Newpass123',
          _csrf: csrf,
        });
        expect(password.statusCode).toBe(403);
      }
      expect((await findUserById({ db: t.db, userId: user.id }))!.name).toBe('原名');
      expect((await jsonLogin(user.username, user.password)).statusCode).toBe(200);
    });

    it('changes the password after checking the old one and the rule; other sessions end', async () => {
      const { user } = await buildMember(t.db);
      const cookie = await signInCookie(user.username, user.password);
      const appToken = (await tokenFor(t.db, user.id)).token;
      const csrf = await profileForm(cookie);
      const change = (oldPassword: string, newPassword: string, confirmPassword = newPassword) =>
        post(cookie, '/idp/profile/password', { _csrf: csrf, oldPassword, newPassword, confirmPassword });

      const wrongOld = await change('Not-it-123', 'Newpass123');
      expect(wrongOld.statusCode).toBe(400);
      expect(wrongOld.body).toContain(`id="oldPassword-error">${MSG.oldPasswordWrong}`);
      const weak = await change(DEFAULT_TEST_PASSWORD, 'short');
      expect(weak.body).toContain(`id="newPassword-error">${MSG.passwordRule}`);
      const noDigit = await change(DEFAULT_TEST_PASSWORD, 'onlyletters');
      expect(noDigit.body).toContain(MSG.passwordRule);
      const mismatch = await change(DEFAULT_TEST_PASSWORD, 'Newpass123', 'Newpass124');
      expect(mismatch.body).toContain(`id="confirmPassword-error">${MSG.passwordMismatch}`);
      const missingOld = await change('', 'Newpass123');
      expect(missingOld.body).toContain(MSG.oldPasswordRequired);

      const ok = await change(DEFAULT_TEST_PASSWORD, 'Newpass123');
      expect(ok.statusCode).toBe(303);
      expect(ok.headers.location).toBe('/idp/profile?saved=password');

      expect((await jsonLogin(user.username, DEFAULT_TEST_PASSWORD)).statusCode).toBe(400);
      expect((await jsonLogin(user.username, 'Newpass123')).statusCode).toBe(200);
      // the app token issued before the change is revoked; the provider session that changed it stays
      expect((await asUser(t.app, appToken).get('/api/login/verify')).statusCode).toBe(401);
      expect(
        (await t.app.inject({ method: 'GET', url: '/idp/profile', headers: { cookie } })).statusCode,
      ).toBe(200);
    });

    it('stores Argon2id hashes only', async () => {
      const user = await buildUser(t.db);
      const row = await findUserById({ db: t.db, userId: user.id });
      expect(row!.passwordHash.startsWith('$argon2id$')).toBe(true);
      expect(row!.passwordHash).not.toContain(user.password);
    });
  });

  describe('sign-out everywhere', () => {
    /** A member signed in through the provider's form: its session cookie and the ticket it was given. */
    const providerSignIn = async () => {
      const { user } = await buildMember(t.db);
      const signIn = await formLogin({
        username: user.username,
        password: user.password,
        redirect: '/authorize',
      });
      return { user, cookie: cookieOf(signIn)!, ticket: ticketOf(signIn.body)! };
    };
    const logout = (ticket: string) =>
      t.app.inject({ method: 'POST', url: '/api/base/logout', headers: { 'x-access-token': ticket } });
    const silentSignIn = (cookie: string) =>
      t.app.inject({
        method: 'GET',
        url: '/idp/login?redirect=%2Fauthorize%3Fredirect%3D%252Fworkbench%252Findex%252Fschool',
        headers: { cookie, host: 'localhost:3000' },
      });

    it('the app logout also ends the provider session that issued the ticket: no new ticket after it', async () => {
      const { cookie, ticket } = await providerSignIn();

      expect((await logout(ticket)).statusCode).toBe(200);
      expect((await verify(ticket)).statusCode).toBe(401);
      // A second tab sent to sign in afterwards gets the form, not a silent sign-in with a new ticket.
      const again = await silentSignIn(cookie);
      expect(again.statusCode).toBe(200);
      expect(again.body).toContain('账号登录');
      expect(ticketOf(again.body)).toBeUndefined();
    });

    it('a ticket the provider issued to another tab just before the sign-out ends with it', async () => {
      const { cookie, ticket: first } = await providerSignIn();
      // Tab 2 was sent to /idp/login while tab 1's sign-out was on its way: it got a ticket of its own.
      const second = ticketOf((await silentSignIn(cookie)).body)!;
      expect(second).not.toBe(first);
      expect((await verify(second)).statusCode).toBe(200);

      expect((await logout(first)).statusCode).toBe(200);
      expect((await verify(second)).statusCode).toBe(401);
      expect((await asUser(t.app, second).get('/api/portal/users/basic_info')).statusCode).toBe(401);
    });

    it('/idp/logout ends every ticket its session issued; other sign-ins of the user stay', async () => {
      const { user, cookie, ticket } = await providerSignIn();
      const elsewhere = await formLogin({
        username: user.username,
        password: user.password,
        redirect: '/authorize',
      });
      const script = (await jsonLogin(user.username, user.password)).json().data.ticket as string;

      const out = await t.app.inject({ method: 'GET', url: '/idp/logout', headers: { cookie } });
      expect(out.statusCode).toBe(302);
      expect((await verify(ticket)).statusCode).toBe(401);
      // Another browser's sign-in and a script's ticket are not this session's.
      expect((await verify(ticketOf(elsewhere.body)!)).statusCode).toBe(200);
      expect((await verify(script)).statusCode).toBe(200);
      expect((await silentSignIn(cookieOf(elsewhere)!)).body).toContain('登录成功');
    });
  });

  describe('redirects with characters outside ASCII', () => {
    it('GET /idp/logout to /课程 answers a percent-encoded Location', async () => {
      const user = await buildUser(t.db);
      const cookie = await signInCookie(user.username, user.password);
      const out = await t.app.inject({
        method: 'GET',
        url: '/idp/logout?redirect=%2F%E8%AF%BE%E7%A8%8B',
        headers: { cookie },
      });
      expect(out.statusCode).toBe(302);
      expect(out.headers.location).toBe('/%E8%AF%BE%E7%A8%8B');
      expect((await t.app.inject({ method: 'GET', url: '/idp/login', headers: { cookie } })).body).toContain(
        '账号登录',
      );
    });

    it('POST /idp/login with redirect=/idp/profile?from=课程 signs in and answers a percent-encoded Location', async () => {
      const user = await buildUser(t.db);
      const res = await formLogin({
        username: user.username,
        password: user.password,
        redirect: '/idp/profile?from=课程',
      });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/idp/profile?from=%E8%AF%BE%E7%A8%8B');
      expect(cookieOf(res)).toBeDefined();
    });

    it('a sign-in going back to /课程 carries the ticket in an encoded address', async () => {
      const { user } = await buildMember(t.db);
      const res = await formLogin({
        username: user.username,
        password: user.password,
        redirect: '/authorize?redirect=/课程',
      });
      expect(res.statusCode).toBe(200);
      const ticket = ticketOf(res.body)!;
      expect(res.body).toContain(`href="/authorize?redirect=%2F%E8%AF%BE%E7%A8%8B&amp;ticket=${ticket}"`);
    });
  });

  describe('login CSRF', () => {
    const post = (fields: Record<string, string>, headers: Record<string, string>, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/idp/login',
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', host: 'localhost:3000', ...headers },
        remoteAddress,
      });

    it('a cross-site form post is refused with the message, signs nobody in and counts no attempt', async () => {
      const user = await buildUser(t.db);
      const address = freshAddress();
      const fields = { username: user.username, password: user.password, redirect: '/authorize' };
      const form = await openLoginForm(t.app);
      const attempts = [
        // what a page elsewhere can send: no pre-session cookie (SameSite=Lax), no token
        post(fields, { 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' }, address),
        post(fields, {}, address),
        // a token of the attacker's own page does not match the victim's cookie
        post({ ...fields, _csrf: form.csrf }, {}, address),
        post({ ...fields, _csrf: 'forged' }, { cookie: form.cookie }, address),
        // even with both, a browser that calls the post cross-site is refused
        post(
          { ...fields, _csrf: form.csrf },
          { cookie: form.cookie, 'sec-fetch-site': 'cross-site' },
          address,
        ),
      ];
      for (const res of await Promise.all(attempts)) {
        expect(res.statusCode).toBe(403);
        expect(res.body).toContain(`role="alert" id="form-error">${LOGIN_FORM_REFUSED}`);
        expect(cookieOf(res)).toBeUndefined();
        expect(ticketOf(res.body)).toBeUndefined();
        // The form shown again carries a fresh token, so the user can sign in from it.
        expect(res.body).toMatch(/name="_csrf" value="[^"]+"/);
      }
      expect(LOGIN_FORM_REFUSED).toMatch(/\p{Script=Han}/u);
      // No refused post counted against the account.
      for (let i = 0; i < 4; i++)
        expect((await jsonLogin(user.username, 'Wrong-pass1')).statusCode).toBe(400);
      expect((await jsonLogin(user.username, user.password)).statusCode).toBe(200);
    });

    it('the page sets the pre-session cookie (httpOnly, SameSite=Lax) and the same-site post signs in', async () => {
      const { user } = await buildMember(t.db);
      const page = await t.app.inject({ method: 'GET', url: '/idp/login' });
      const pre = page.cookies.find((c) => c.name === LOGIN_COOKIE)!;
      expect(pre.httpOnly).toBe(true);
      expect(pre.sameSite).toBe('Lax');
      expect(pre.path).toBe('/idp');
      const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)![1]!;
      const fields = {
        username: user.username,
        password: user.password,
        redirect: '/authorize',
        _csrf: csrf,
      };
      // A reload of the page keeps the cookie, so an older tab's form stays valid.
      const reload = await t.app.inject({
        method: 'GET',
        url: '/idp/login',
        headers: { cookie: `${LOGIN_COOKIE}=${pre.value}` },
      });
      expect(reload.cookies.find((c) => c.name === LOGIN_COOKIE)).toBeUndefined();
      // Origin null: what Chromium sends with a form post from a page under Referrer-Policy no-referrer.
      const res = await post(
        fields,
        { cookie: `${LOGIN_COOKIE}=${pre.value}`, 'sec-fetch-site': 'same-origin', origin: 'null' },
        freshAddress(),
      );
      expect(res.statusCode).toBe(200);
      expect(cookieOf(res)).toBeDefined();
      expect((await verify(ticketOf(res.body)!)).statusCode).toBe(200);
    });
  });

  describe('redirect targets are judged against the configured origins, not the Host header', () => {
    it('a spoofed Host cannot make evil.example a target: the ticket stays on the platform', async () => {
      const { user } = await buildMember(t.db);
      const spoofed = { host: 'evil.example' };
      const page = await t.app.inject({
        method: 'GET',
        url: '/idp/login?redirect=http%3A%2F%2Fevil.example%2Fsteal',
        headers: spoofed,
      });
      expect(page.body).toContain('name="redirect" value="/authorize"');

      const cookie = await signInCookie(user.username, user.password);
      const signedIn = await t.app.inject({
        method: 'GET',
        url: '/idp/login?redirect=http%3A%2F%2Fevil.example%2Fsteal',
        headers: { ...spoofed, cookie },
      });
      expect(signedIn.statusCode).toBe(200);
      expect(signedIn.body).not.toContain('evil.example');
      expect(signedIn.body).toContain(`href="/authorize?ticket=${ticketOf(signedIn.body)}"`);

      const form = await openLoginForm(t.app, spoofed);
      const posted = await t.app.inject({
        method: 'POST',
        url: '/idp/login',
        payload: new URLSearchParams({
          username: user.username,
          password: user.password,
          redirect: 'http://evil.example/steal',
          _csrf: form.csrf,
        }).toString(),
        headers: { ...spoofed, cookie: form.cookie, 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: freshAddress(),
      });
      expect(posted.statusCode).toBe(200);
      expect(posted.body).not.toContain('evil.example');

      const out = await t.app.inject({
        method: 'GET',
        url: '/idp/logout?redirect=http%3A%2F%2Fevil.example%2Fsteal',
        headers: spoofed,
      });
      expect(out.headers.location).toBe('/');
    });

    it('accepts the public origins and the deployments’ host names (default port or PORT)', async () => {
      const code = `IDP${Date.now().toString(36).toUpperCase()}`;
      await createDeployment({
        db: t.db,
        code,
        name: '学校站点',
        type: 'school',
        hosts: [`${code}.school.example`],
      });
      const allowed = platformOrigins({
        db: t.db,
        publicOrigins: ['https://uplus.example.edu:8443'],
        port: 3000,
      });
      const host = `${code.toLowerCase()}.school.example`;
      for (const ok of [
        'https://uplus.example.edu:8443/authorize',
        `https://${host}/authorize`,
        `http://${host}/authorize`,
        `http://${host}:3000/authorize`,
      ]) {
        expect(await allowed(new URL(ok)), ok).toBe(true);
      }
      for (const bad of [
        'https://uplus.example.edu/authorize',
        'http://uplus.example.edu:8443/authorize',
        `http://${host}:8080/authorize`,
        `http://${host}.evil.example/authorize`,
        'http://evil.example/steal',
        'http://localhost:3000/authorize',
      ]) {
        expect(await allowed(new URL(bad)), bad).toBe(false);
      }
      // Through the pages: a school host is kept as the target (with any Host header).
      const page = await t.app.inject({
        method: 'GET',
        url: `/idp/login?redirect=${encodeURIComponent(`https://${host}/authorize?redirect=%2F`)}`,
        headers: { host: 'evil.example' },
      });
      expect(page.body).toContain(`name="redirect" value="https://${host}/authorize?redirect=%2F"`);
    });
  });
});
