import type { App } from '../../http/context';
import { LOGIN_COOKIE } from './idp.routes';

/**
 * For tests: opens the sign-in page as a browser would and answers what its form needs to be accepted,
 * the pre-session cookie (a `cookie` header value) and the form's `_csrf` token.
 */
export const openLoginForm = async (app: App, headers: Record<string, string> = {}) => {
  const page = await app.inject({ method: 'GET', url: '/idp/login', headers });
  const value = page.cookies.find((c) => c.name === LOGIN_COOKIE)?.value;
  const csrf = /name="_csrf" value="([^"]+)"/.exec(page.body)?.[1];
  if (!value || !csrf) throw new Error(`the sign-in page gave no form token (HTTP ${page.statusCode})`);
  return { cookie: `${LOGIN_COOKIE}=${value}`, csrf };
};
