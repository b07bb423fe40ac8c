import { randomBytes } from 'node:crypto';
import { idpLoginBody, idpLoginResult } from '@uplus/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { publicOriginsOf } from '../../config/config';
import { AppError } from '../../core/errors';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { resolveDeployment } from '../site/site.service';
import { DEFAULT_LOGIN_REDIRECT, isIdpTarget, safeRedirect, sitePath, withTicket } from './idp.policy';
import * as idp from './idp.service';
import { type FormError, loginPage, profilePage, signedInPage } from './idp.views';

/** The identity provider's own session cookie (only its pages under /idp see it). */
export const IDP_COOKIE = 'uplus_idp';
/**
 * The sign-in form's pre-session cookie: a random value the form's `_csrf` token is bound to (signed). A
 * cross-site form post comes without it (SameSite=Lax sends no cookie on a cross-site POST), so a page
 * elsewhere cannot sign the browser in to an account of its choosing (login CSRF).
 */
export const LOGIN_COOKIE = 'uplus_idp_login';
const CSRF_PURPOSE = 'idp-csrf';
const LOGIN_CSRF_PURPOSE = 'idp-login-csrf';
const LOGIN_COOKIE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The sign-in form was not sent from this site's own sign-in page (or that page is too old). */
export const LOGIN_FORM_REFUSED = '登录请求不是从本站登录页面发出的，或登录页面已过期，请在本页重新登录';
const DEFAULT_BRAND = 'Uplus 优加';
const tags = ['identity provider'];
const html = z.string().describe('HTML page');
const optionalText = z.string().max(4096).optional();
const redirectQuery = z.object({
  redirect: optionalText.describe('where to go afterwards (same site only)'),
});
const loginForm = z.object({
  username: optionalText,
  password: optionalText,
  redirect: optionalText,
  _csrf: optionalText,
});
const nameForm = z.object({ name: optionalText, _csrf: optionalText });
const passwordForm = z.object({
  oldPassword: optionalText,
  newPassword: optionalText,
  confirmPassword: optionalText,
  _csrf: optionalText,
});
const profileQuery = z.object({ saved: z.enum(['name', 'password']).optional() });

const NOTICES = { name: '姓名已保存', password: '密码已修改，其他设备上的登录已失效' } as const;
const SIGN_IN_FOR_PROFILE = `/idp/login?redirect=${encodeURIComponent('/idp/profile')}`;

/** What the profile page shows besides the user: the answer's status, a notice, a form's error. */
type ProfileState = {
  status: number;
  notice?: string;
  nameError?: FormError;
  passwordError?: FormError;
  nameValue?: string;
};
type IdpSession = NonNullable<Awaited<ReturnType<typeof idp.resolveIdpSession>>>;

/** Sends an HTML page under a strict CSP that admits only this page's nonce. */
const sendPage = (reply: FastifyReply, status: number, render: (nonce: string) => string) => {
  const nonce = randomBytes(16).toString('base64');
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .header('x-frame-options', 'DENY')
    .header(
      'content-security-policy',
      `default-src 'none'; style-src 'nonce-${nonce}'; script-src 'nonce-${nonce}'; img-src 'self' data:; frame-src 'self'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`,
    )
    .send(render(nonce));
};

export const idpRoutes = (app: App, ctx: AppContext) => {
  const ttlHours = ctx.config.tokenTtlHours;
  // The site's title heads the pages; sign-in keeps working even before any deployment exists.
  const brandOf = async (request: FastifyRequest) => {
    const d = await resolveDeployment({
      db: ctx.db,
      host: request.hostname,
      deploymentCode: ctx.config.deploymentCode,
    }).catch(() => null);
    return d?.title || d?.name || DEFAULT_BRAND;
  };
  // Redirect targets are judged against the configured origins, not the request's Host header.
  const platform = idp.platformOrigins({
    db: ctx.db,
    publicOrigins: publicOriginsOf(ctx.config),
    port: ctx.config.port,
  });
  const targetOf = (redirect: string | undefined, fallback = DEFAULT_LOGIN_REDIRECT) =>
    safeRedirect(redirect, platform, fallback);
  /** A redirect to a path of the provider's own, percent-encoded for the Location header. */
  const redirectTo = (reply: FastifyReply, path: string, code: 302 | 303) =>
    reply.redirect(sitePath(path) ?? '/', code);
  const idpSessionOf = (request: FastifyRequest) =>
    idp.resolveIdpSession({ db: ctx.db, token: request.cookies[IDP_COOKIE], now: ctx.now() });
  const authenticate = (request: FastifyRequest, credentials: { username: unknown; password: unknown }) =>
    idp.authenticate({ db: ctx.db, ...credentials, address: request.ip, now: ctx.now() });
  const issueTicket = (userId: number) => idp.issueTicket({ db: ctx.db, userId, ttlHours, now: ctx.now() });
  const setCookie = (request: FastifyRequest, reply: FastifyReply, token: string) =>
    reply.setCookie(IDP_COOKIE, token, {
      path: '/idp',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: Math.floor(ttlHours * 3600),
    });

  /** The sign-in form's token, bound to the pre-session cookie (kept when present, else set). */
  const loginCsrf = (request: FastifyRequest, reply: FastifyReply) => {
    let value = request.cookies[LOGIN_COOKIE];
    if (!value || !LOGIN_COOKIE_PATTERN.test(value)) {
      value = randomBytes(32).toString('base64url');
      reply.setCookie(LOGIN_COOKIE, value, {
        path: '/idp',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    }
    return ctx.secrets.sign(LOGIN_CSRF_PURPOSE, value);
  };

  /**
   * Whether a sign-in form post came from this site's sign-in page: the browser does not call it
   * cross-site (Sec-Fetch-Site) and its token matches the pre-session cookie. (Origin is not used:
   * under the page's no-referrer policy a browser sends `Origin: null` with the page's own form posts.)
   */
  const loginFormTrusted = (request: FastifyRequest, token: string | undefined) => {
    if (request.headers['sec-fetch-site'] === 'cross-site') return false;
    const value = request.cookies[LOGIN_COOKIE];
    return !!value && !!token && ctx.secrets.verify(LOGIN_CSRF_PURPOSE, value, token);
  };

  /** Issues a ticket for the user and shows the page that syncs other tabs and returns to the app. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    session: { userId: number; idpSessionId: number },
    redirect?: string,
  ) => {
    const target = await targetOf(redirect);
    // The provider's own pages need no app ticket in their address.
    if (isIdpTarget(target)) return reply.redirect(target, 303);
    // The ticket belongs to the provider's session: signing out ends both (decision 0009).
    const { ticket } = await idp.issueTicket({
      db: ctx.db,
      userId: session.userId,
      idpSessionId: session.idpSessionId,
      ttlHours,
      now: ctx.now(),
    });
    const brand = await brandOf(request);
    return sendPage(reply, 200, (nonce) =>
      signedInPage({ brand, nonce, ticket, target: withTicket(target, ticket) }),
    );
  };

  app.get('/idp', { schema: { hide: true } }, async (_request, reply) =>
    redirectTo(reply, '/idp/login', 302),
  );

  app.get(
    '/idp/login',
    { schema: { tags, summary: 'Sign-in page', querystring: redirectQuery, response: { 200: html } } },
    async (request, reply) => {
      const session = await idpSessionOf(request);
      if (session) {
        const signedIn = { userId: session.userId, idpSessionId: session.sessionId };
        return finishSignIn(request, reply, signedIn, request.query.redirect);
      }
      const brand = await brandOf(request);
      const redirect = await targetOf(request.query.redirect);
      const csrf = loginCsrf(request, reply);
      return sendPage(reply, 200, (nonce) => loginPage({ brand, nonce, csrf, redirect, username: '' }));
    },
  );

  app.post(
    '/idp/login',
    { schema: { tags, summary: 'Sign-in form', body: loginForm, response: { 200: html } } },
    async (request, reply) => {
      const { username, password, redirect, _csrf } = request.body;
      /** The form again, with the error and a token for the next try. */
      const formAgain = async (status: number, formError: FormError) => {
        const brand = await brandOf(request);
        const target = await targetOf(redirect);
        const csrf = loginCsrf(request, reply);
        return sendPage(reply, status, (nonce) =>
          loginPage({ brand, nonce, csrf, redirect: target, username: username ?? '', error: formError }),
        );
      };
      // Checked before the password, so a forged post neither signs in nor counts as an attempt.
      if (!loginFormTrusted(request, _csrf)) return formAgain(403, { message: LOGIN_FORM_REFUSED });
      try {
        const user = await authenticate(request, { username, password });
        const session = await idp.startIdpSession({ db: ctx.db, userId: user.id, ttlHours, now: ctx.now() });
        setCookie(request, reply, session.token);
        return await finishSignIn(request, reply, { userId: user.id, idpSessionId: session.id }, redirect);
      } catch (error) {
        if (!(error instanceof AppError) || error.code >= 500) throw error;
        return formAgain(error.code, {
          field: error instanceof idp.FieldError ? error.field : undefined,
          message: error.message,
        });
      }
    },
  );

  app.post(
    '/idp/api/login',
    {
      schema: {
        tags,
        summary: 'Sign in (JSON): the ticket is an access token',
        body: idpLoginBody,
        response: answers(idpLoginResult),
      },
    },
    // No CSRF token here: this route sets no cookie and answers the ticket in its body, which a page on
    // another site cannot read (no CORS); and a cross-site JSON post needs a CORS preflight, which this
    // server does not grant (the body parser refuses the text/plain a simple cross-site post could send).
    async (request) => {
      const user = await authenticate(request, request.body);
      return ok(await issueTicket(user.id));
    },
  );

  /** The profile page, or a 303 to sign-in when the provider's session is missing. */
  const profile = async (request: FastifyRequest, reply: FastifyReply, state: ProfileState) => {
    const session = await idpSessionOf(request);
    if (!session) return redirectTo(reply, SIGN_IN_FOR_PROFILE, 303);
    const brand = await brandOf(request);
    const csrf = ctx.secrets.sign(CSRF_PURPOSE, String(session.sessionId));
    return sendPage(reply, state.status, (nonce) =>
      profilePage({ brand, nonce, csrf, username: session.username, name: session.name, ...state }),
    );
  };

  /**
   * Handles a profile form: the provider's session (else sign-in) and the form's CSRF token (else 403),
   * then saves and goes back to the profile page with its notice; a field error shows the page again.
   */
  const saveProfileForm = async (
    request: FastifyRequest,
    reply: FastifyReply,
    form: {
      csrf: string | undefined;
      saved: keyof typeof NOTICES;
      save: (session: IdpSession) => Promise<unknown>;
      failed: (error: idp.FieldError) => Omit<ProfileState, 'status'>;
    },
  ) => {
    const session = await idpSessionOf(request);
    if (!session) return redirectTo(reply, SIGN_IN_FOR_PROFILE, 303);
    if (!form.csrf || !ctx.secrets.verify(CSRF_PURPOSE, String(session.sessionId), form.csrf))
      throw AppError.forbidden();
    try {
      await form.save(session);
      return redirectTo(reply, `/idp/profile?saved=${form.saved}`, 303);
    } catch (error) {
      if (!(error instanceof idp.FieldError)) throw error;
      return profile(request, reply, { status: error.code, ...form.failed(error) });
    }
  };

  app.get(
    '/idp/profile',
    { schema: { tags, summary: 'Profile page', querystring: profileQuery, response: { 200: html } } },
    async (request, reply) => {
      const saved = request.query.saved;
      return profile(request, reply, { status: 200, notice: saved ? NOTICES[saved] : undefined });
    },
  );

  app.post(
    '/idp/profile/name',
    { schema: { tags, summary: 'Change the display name', body: nameForm, response: { 200: html } } },
    async (request, reply) =>
      saveProfileForm(request, reply, {
        csrf: request.body._csrf,
        saved: 'name',
        save: (session) =>
          idp.changeName({ db: ctx.db, actor: session, name: request.body.name, now: ctx.now() }),
        failed: (error) => ({
          nameError: { field: error.field, message: error.message },
          nameValue: request.body.name ?? '',
        }),
      }),
  );

  app.post(
    '/idp/profile/password',
    { schema: { tags, summary: 'Change the password', body: passwordForm, response: { 200: html } } },
    async (request, reply) =>
      saveProfileForm(request, reply, {
        csrf: request.body._csrf,
        saved: 'password',
        save: (session) =>
          idp.changePassword({
            db: ctx.db,
            actor: session,
            body: request.body,
            address: request.ip,
            now: ctx.now(),
          }),
        failed: (error) => ({ passwordError: { field: error.field, message: error.message } }),
      }),
  );

  app.get(
    '/idp/logout',
    {
      schema: {
        tags,
        summary: 'Sign out of the identity provider, then go to redirect',
        querystring: redirectQuery,
      },
    },
    async (request, reply) => {
      // Ending the provider's session also ends every ticket it issued (sessions.idp_session_id).
      await idp.endIdpSession({ db: ctx.db, token: request.cookies[IDP_COOKIE], now: ctx.now() });
      reply.clearCookie(IDP_COOKIE, { path: '/idp' });
      return reply.redirect(await targetOf(request.query.redirect, '/'), 302);
    },
  );
};
