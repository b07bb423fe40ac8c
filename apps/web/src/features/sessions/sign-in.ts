import type { QueryClient } from '@tanstack/react-query';
import { STORAGE_KEYS, toRole } from '@uplus/shared';
import { storage } from '../../lib/storage';
import { fetchBasicInfo, fetchRefresh, fetchVerify, sessionKeys } from './api';
import { logout, signInProgress } from './session';

export type SignInResult =
  /** signed in; go to the redirect target */
  | { kind: 'signed-in' }
  /** the ticket did not verify: it was removed, continue as a visitor */
  | { kind: 'rejected' }
  /** the role was missing: the user is being logged out */
  | { kind: 'logged-out' };

/**
 * /authorize with a ticket: store it, verify it (a failed verify removes it), store memberId, userid
 * and role, load the basic info (name, avatar), then sync the session (organ, permission flags).
 * Errors after a successful verify propagate (the page shows their message).
 */
export const completeSignIn = async (ticket: string, queryClient: QueryClient): Promise<SignInResult> => {
  signInProgress.set(true);
  try {
    return await signIn(ticket, queryClient);
  } finally {
    signInProgress.set(false);
  }
};

const signIn = async (ticket: string, queryClient: QueryClient): Promise<SignInResult> => {
  storage.set(STORAGE_KEYS.token, ticket);
  let verified: Awaited<ReturnType<typeof fetchVerify>>;
  try {
    verified = await fetchVerify();
  } catch {
    storage.remove(STORAGE_KEYS.token);
    return { kind: 'rejected' };
  }
  if (verified?.valid === false) {
    storage.remove(STORAGE_KEYS.token);
    return { kind: 'rejected' };
  }
  if (!verified?.role) {
    await logout();
    return { kind: 'logged-out' };
  }
  if (verified.memberId) storage.set(STORAGE_KEYS.memberId, verified.memberId);
  if (verified.userid) storage.set(STORAGE_KEYS.userid, verified.userid);
  storage.set(STORAGE_KEYS.role, toRole(verified.role));

  const info = await fetchBasicInfo();
  queryClient.setQueryData(sessionKeys.basicInfo(ticket), info);
  const refresh = await fetchRefresh();
  queryClient.setQueryData(sessionKeys.refresh(ticket), refresh);
  return { kind: 'signed-in' };
};
