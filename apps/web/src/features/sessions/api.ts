import { useQuery } from '@tanstack/react-query';
import { type SessionRefresh, type UserBasicInfo, userBasicInfo } from '@uplus/shared';
import { useSyncExternalStore } from 'react';
import { HttpError, http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';
import { applyBasicInfo, applyRefresh, signInProgress } from './session';

/**
 * Query keys of the session, per token: a sign-in or sign-out (here or in another tab) changes the key,
 * so no answer for one token is shown, or refetched, under another.
 */
export const sessionKeys = {
  all: ['session'] as const,
  basicInfo: (token: string | null) => ['session', token ?? '', 'basicInfo'] as const,
  refresh: (token: string | null) => ['session', token ?? '', 'refresh'] as const,
};

/** `GET /api/login/verify`: is the stored token valid (role read by the caller, so no strict schema). */
export type VerifyAnswer = { valid?: boolean; userid?: string; memberId?: string; role?: string } | null;
export const fetchVerify = () =>
  http.get<VerifyAnswer>('/api/login/verify', { silent: true, noAuthRedirect: true });

/** Whether a ticket not (yet) stored is a live token: verified with it, never with the stored one. */
export const fetchTicketValid = async (ticket: string): Promise<boolean> => {
  try {
    const answer = await http.get<VerifyAnswer>('/api/login/verify', {
      token: ticket,
      silent: true,
      noAuthRedirect: true,
    });
    return answer?.valid !== false;
  } catch {
    return false;
  }
};

/** `GET {portal}/users/basic_info`, then stored (userid, school code). */
export const fetchBasicInfo = async (): Promise<UserBasicInfo> => {
  const info = await http.get(serviceUrl('portal', '/users/basic_info'), { schema: userBasicInfo });
  applyBasicInfo(info);
  return info;
};

/** `GET /api/base/session/refresh_token`, then applied to storage and config (see applyRefresh). */
export const fetchRefresh = async (): Promise<SessionRefresh> => {
  const data = await http.get<unknown>(serviceUrl('base', '/session/refresh_token'));
  const applied = applyRefresh(data);
  if (!applied) throw new HttpError('登录信息不完整，请重新登录', { kind: 'invalid', handled: true });
  return applied;
};

const FIVE_MINUTES = 5 * 60_000;

/** Session queries run while a token is stored and no sign-in is verifying it. */
const useSessionToken = () => {
  const token = useStored('AccessToken');
  const signingIn = useSyncExternalStore(signInProgress.subscribe, signInProgress.get);
  return { token, enabled: !!token && !signingIn };
};

/** The signed-in user's name, avatar and organisation (null query while signed out). */
export const useBasicInfo = () => {
  const { token, enabled } = useSessionToken();
  return useQuery({
    queryKey: sessionKeys.basicInfo(token),
    queryFn: fetchBasicInfo,
    enabled,
    staleTime: FIVE_MINUTES,
  });
};

/** Keeps organ, role and permission flags in step with the server while signed in. */
export const useSessionSync = () => {
  const { token, enabled } = useSessionToken();
  return useQuery({
    queryKey: sessionKeys.refresh(token),
    queryFn: fetchRefresh,
    enabled,
    staleTime: FIVE_MINUTES,
  });
};
