import {
  hasCollegeAdminAuth,
  IDENTITY_TYPES,
  type IdentityType,
  isCollegeLeader,
  type SessionRefresh,
  STORAGE_KEYS,
  sessionRefresh,
  toRole,
  type UserBasicInfo,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { browser } from '../../lib/browser';
import { loginUrl, logoutUrl } from '../../lib/routes';
import { siteStore } from '../../lib/site-store';
import { getToken, setStoredOrgan, storage } from '../../lib/storage';

/*
 * The session flow of spec 000 section 4: ticket stored then verified, a failed verify removes it,
 * a missing role logs out, logout clears token/memberId/userid/role, calls the logout endpoint,
 * then goes to the identity provider.
 */

const quc = () => siteStore.peek()?.config.QUC || '/idp';

/** Sends the visitor to the identity provider, coming back to `returnPath` (default: this page). */
export const goToLogin = (returnPath: string = browser.currentPath()) => {
  if (browser.isLeaving()) return;
  browser.assign(loginUrl(quc(), browser.origin(), returnPath));
};

/** The role of the signed-in user, or null when it is missing or unknown. */
export const storedRole = (): IdentityType | null => {
  const role = storage.get(STORAGE_KEYS.role);
  return (IDENTITY_TYPES as readonly string[]).includes(role ?? '') ? (role as IdentityType) : null;
};

/**
 * True while /authorize verifies a fresh ticket: the header's session queries wait, so an unverified
 * ticket never triggers a 401 redirect from them.
 */
let signingIn = false;
const signInListeners = new Set<() => void>();
export const signInProgress = {
  get: () => signingIn,
  set(value: boolean) {
    signingIn = value;
    for (const listener of signInListeners) listener();
  },
  subscribe(listener: () => void) {
    signInListeners.add(listener);
    return () => {
      signInListeners.delete(listener);
    };
  },
};

let loggingOut = false;
/** Longest wait for the server's sign-out before the page leaves anyway (the provider's page ends it too). */
const LOGOUT_TIMEOUT_MS = 10_000;

/**
 * Signs out everywhere (decision 0009). The server is told first, with the token: one request revokes the
 * token and the identity provider's session that issued it (and so every ticket of that sign-in). Only
 * then are token, memberId, userid and role cleared, which other open tabs see (storage event) and follow
 * (signedOutElsewhere): by then no tab that is sent to sign in can be signed back in silently. Last, the
 * identity provider's sign-out page clears its cookie and comes back to the home page.
 */
export const logout = async (): Promise<void> => {
  if (loggingOut) return;
  loggingOut = true;
  browser.startLeaving();
  const token = getToken();
  try {
    if (token) {
      await http.post(serviceUrl('base', '/logout'), undefined, {
        token,
        silent: true,
        noAuthRedirect: true,
        timeoutMs: LOGOUT_TIMEOUT_MS,
      });
    }
  } catch {
    // The provider's sign-out below still ends its session, and with it the token.
  } finally {
    storage.remove(STORAGE_KEYS.token, STORAGE_KEYS.memberId, STORAGE_KEYS.userid, STORAGE_KEYS.role);
    loggingOut = false;
    browser.assign(logoutUrl(quc(), browser.origin()));
  }
};

/** Where a tab goes when another tab signed out: the page sign-out itself ends on. */
export const SIGNED_OUT_PATH = '/home/index';

/**
 * A tab whose token was removed by another tab (a sign-out there, or a token the server refused) follows
 * it: it leaves for the home page as a visitor, marked as leaving first, so nothing on the page (a
 * login-required page, a 401) sends it to the identity provider to be signed in again silently, and no
 * personal data stays on screen. A token replaced by another one (a sign-in there) is not a sign-out.
 */
export const signedOutElsewhere = (event: Pick<StorageEvent, 'key' | 'oldValue' | 'newValue'>): boolean => {
  if (event.key !== STORAGE_KEYS.token || !event.oldValue || event.newValue) return false;
  if (getToken() || browser.isLeaving()) return false;
  browser.startLeaving();
  browser.assign(SIGNED_OUT_PATH);
  return true;
};

/** Stores what basic info tells about the user. */
export const applyBasicInfo = (info: UserBasicInfo) => {
  // An answer that arrives after sign-out must not bring the user's keys back.
  if (!getToken()) return;
  if (info.userid) storage.set(STORAGE_KEYS.userid, info.userid);
  if (info.organCode) storage.set(STORAGE_KEYS.schoolCode, info.organCode);
};

/**
 * Applies a session refresh: role (USER_TYPE), organ, and the college leader / college admin flags
 * from the permission bits. A missing role means the session is unusable: log out (returns null).
 */
export const applyRefresh = (data: unknown): SessionRefresh | null => {
  if (!getToken()) return null;
  const role = (data as { organ?: { identityType?: unknown } } | null)?.organ?.identityType;
  if (!role) {
    void logout();
    return null;
  }
  const parsed = sessionRefresh.safeParse(data);
  if (!parsed.success) return null;
  const { organ, pms } = parsed.data;
  storage.set(STORAGE_KEYS.role, toRole(organ.identityType));
  setStoredOrgan({ id: organ.id, name: organ.name });
  siteStore.patchConfig({
    USER_TYPE: toRole(organ.identityType),
    USER_COLLEGE_CODE: organ.collegeCode,
    IS_COLLEGE_LEADER: isCollegeLeader(pms.course),
    HAS_COLLEGE_ADMIN_AUTH: hasCollegeAdminAuth(pms.qom),
  });
  return parsed.data;
};
