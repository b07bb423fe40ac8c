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
const RELATIVE_BASE = 'http://relative.invalid';

/**
 * Whether an absolute redirect target's origin belongs to this platform. Judged from configuration (the
 * public origins and the deployments' host names), never from the request's Host header, which the
 * client chooses.
 */
export type OriginCheck = (url: URL) => boolean | Promise<boolean>;

/**
 * A redirect target is accepted when it is a path on this site or an absolute http(s) URL whose origin
 * `allowed` accepts; anything else (other hosts, `//evil`, `javascript:`) gives the fallback. The answer is
 * normalized and percent-encoded (WHATWG URL serialization), so it is ASCII and can go into a Location
 * header as it is: a path such as `/课程` would otherwise make Node refuse the header (ERR_INVALID_CHAR).
 */
export const safeRedirect = async (
  raw: string | undefined,
  allowed: OriginCheck,
  fallback: string,
): Promise<string> => {
  if (!raw || raw.length > 2048 || CONTROL_CHARS.test(raw)) return fallback;
  if (raw.startsWith('/')) return sitePath(raw) ?? fallback;
  try {
    const url = new URL(raw);
    if ((url.protocol === 'http:' || url.protocol === 'https:') && (await allowed(url))) return url.href;
  } catch {
    // not a URL
  }
  return fallback;
};

/**
 * A path on this site, normalized and percent-encoded; null when it leaves the site (`//host`, `/\host`,
 * or a path that normalizes to `//host`, such as `/.//host`).
 */
export const sitePath = (raw: string): string | null => {
  if (!raw.startsWith('/') || raw.startsWith('//') || raw.startsWith('/\\')) return null;
  try {
    const url = new URL(raw, RELATIVE_BASE);
    if (url.origin !== RELATIVE_BASE || url.pathname.startsWith('//')) return null;
    return `${url.pathname}${url.search}${url.hash}`;
  } catch {
    return null;
  }
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
