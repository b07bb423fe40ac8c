/** Failed sign-ins allowed per account within the window (a success resets the account's count). */
export const ACCOUNT_FAILURE_LIMIT = 5;
/** Failed sign-ins allowed per client address within the window. */
export const ADDRESS_FAILURE_LIMIT = 20;
export const FAILURE_WINDOW_MS = 15 * 60_000;
/** Attempts are kept this long, then pruned. */
export const ATTEMPT_RETENTION_MS = 24 * 3_600_000;

/** Where a sign-in goes when no usable redirect was given. */
export const DEFAULT_LOGIN_REDIRECT = '/authorize';

// biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point
const CONTROL_CHARS = /[\u0000-\u001f\u007f]/;

/**
 * A redirect target is accepted when it is a path on this site or an absolute http(s) URL of the same
 * origin (host and port) as the request; anything else (other hosts, `//evil`, `javascript:`) gives the
 * fallback.
 */
export const safeRedirect = (
  raw: string | undefined,
  request: { host: string; protocol: string },
  fallback: string,
): string => {
  if (!raw || raw.length > 2048 || CONTROL_CHARS.test(raw)) return fallback;
  if (raw.startsWith('/')) {
    return raw.startsWith('//') || raw.startsWith('/\\') ? fallback : raw;
  }
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && url.host === request.host.toLowerCase()) {
      return url.toString();
    }
  } catch {
    // not a URL
  }
  return fallback;
};

/** Whether a (safe) redirect target stays inside the identity provider's own pages. */
export const isIdpTarget = (target: string): boolean => {
  const path = target.startsWith('/') ? target : new URL(target).pathname;
  return path === '/idp' || path.startsWith('/idp/');
};

/** Appends `ticket=<T>` to a safe redirect target, keeping relative targets relative. */
export const withTicket = (target: string, ticket: string): string => {
  const relative = target.startsWith('/');
  const url = new URL(target, 'http://relative.invalid');
  url.searchParams.set('ticket', ticket);
  return relative ? `${url.pathname}${url.search}${url.hash}` : url.toString();
};
