import { randomBytes } from 'node:crypto';
import { idpLoginBody, idpLoginResult } from '@uplus/shared';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { App, AppContext } from '../../http/context';
import { answers, ok } from '../../http/envelope';
import { AppError } from '../../http/errors';
import { resolveDeployment } from '../site/site.service';
import { DEFAULT_LOGIN_REDIRECT, isIdpTarget, safeRedirect, withTicket } from './idp.policy';
import * as idp from './idp.service';
import { type FormError, loginPage, profilePage, signedInPage } from './idp.views';

/** The identity provider's own session cookie (only its pages under /idp see it). */
export const IDP_COOKIE = 'uplus_idp';
const CSRF_PURPOSE = 'idp-csrf';
const DEFAULT_BRAND = 'Uplus 优加';
const tags = ['identity provider'];
const html = z.string().describe('HTML page');
const optionalText = z.string().max(4096).optional();
const redirectQuery = z.object({
  redirect: optionalText.describe('where to go afterwards (same site only)'),
});
const loginForm = z.object({ username: optionalText, password: optionalText, redirect: optionalText });
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
  const targetOf = (request: FastifyRequest, redirect: string | undefined) =>
    safeRedirect(redirect, { host: request.host, protocol: request.protocol }, DEFAULT_LOGIN_REDIRECT);
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

  /** Issues a ticket for the user and shows the page that syncs other tabs and returns to the app. */
  const finishSignIn = async (
    request: FastifyRequest,
    reply: FastifyReply,
    userId: number,
    redirect?: string,
  ) => {
    const target = targetOf(request, redirect);
    // The provider's own pages need no app ticket in their address.
    if (isIdpTarget(target)) return reply.redirect(target, 303);
    const { ticket } = await issueTicket(userId);
    const brand = await brandOf(request);
    return sendPage(reply, 200, (nonce) =>
      signedInPage({ brand, nonce, ticket, target: withTicket(target, ticket) }),
    );
  };

  app.get('/idp', { schema: { hide: true } }, async (_request, reply) => reply.redirect('/idp/login', 302));

  app.get(
    '/idp/login',
    { schema: { tags, summary: 'Sign-in page', querystring: redirectQuery, response: { 200: html } } },
    async (request, reply) => {
      const session = await idpSessionOf(request);
      if (session) return finishSignIn(request, reply, session.userId, request.query.redirect);
      const brand = await brandOf(request);
      const redirect = targetOf(request, request.query.redirect);
      return sendPage(reply, 200, (nonce) => loginPage({ brand, nonce, redirect, username: '' }));
    },
  );

  app.post(
    '/idp/login',
    { schema: { tags, summary: 'Sign-in form', body: loginForm, response: { 200: html } } },
    async (request, reply) => {
      const { username, password, redirect } = request.body;
      try {
        const user = await authenticate(request, { username, password });
        const session = await idp.startIdpSession({ db: ctx.db, userId: user.id, ttlHours, now: ctx.now() });
        setCookie(request, reply, session.token);
        return await finishSignIn(request, reply, user.id, redirect);
      } catch (error) {
        if (!(error instanceof AppError) || error.code >= 500) throw error;
        const brand = await brandOf(request);
        const formError: FormError = {
          field: error instanceof idp.FieldError ? error.field : undefined,
          message: error.message,
        };
        return sendPage(reply, error.code, (nonce) =>
          loginPage({
            brand,
            nonce,
            redirect: targetOf(request, redirect),
            username: username ?? '',
            error: formError,
          }),
        );
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
    async (request) => {
      const user = await authenticate(request, request.body);
      return ok(await issueTicket(user.id));
    },
  );

  /** The profile page, or a 303 to sign-in when the provider's session is missing. */
  const profile = async (request: FastifyRequest, reply: FastifyReply, state: ProfileState) => {
    const session = await idpSessionOf(request);
    if (!session) return reply.redirect(SIGN_IN_FOR_PROFILE, 303);
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
    if (!session) return reply.redirect(SIGN_IN_FOR_PROFILE, 303);
    if (!form.csrf || !ctx.secrets.verify(CSRF_PURPOSE, String(session.sessionId), form.csrf))
      throw AppError.forbidden();
    try {
      await form.save(session);
      return reply.redirect(`/idp/profile?saved=${form.saved}`, 303);
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
      await idp.endIdpSession({ db: ctx.db, token: request.cookies[IDP_COOKIE], now: ctx.now() });
      reply.clearCookie(IDP_COOKIE, { path: '/idp' });
      return reply.redirect(
        safeRedirect(request.query.redirect, { host: request.host, protocol: request.protocol }, '/'),
        302,
      );
    },
  );
};
