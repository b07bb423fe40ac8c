import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ORGAN_CHANNEL, type OrganMembership, organMembership, pageOf } from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { getToken, setStoredOrgan } from '../../lib/storage';
import { fetchBasicInfo, fetchRefresh, sessionKeys } from '../sessions/api';

export const organKeys = {
  all: ['organ'] as const,
  list: (userid: string, organName: string) => ['organ', 'list', userid, organName] as const,
};

/** The organisation list arrives as a plain list (or, tolerated, as a page of rows). */
const organList = z.union([z.array(organMembership), pageOf(organMembership).transform((page) => page.rows)]);

/** `GET {portal}/users/{userid}?organName=`: the organisations the user belongs to, filtered by name. */
export const fetchUserOrgans = (userid: string, organName: string) =>
  http.get(serviceUrl('portal', `/users/${encodeURIComponent(userid)}`), {
    query: { organName: organName || undefined },
    schema: organList,
  });

export const useUserOrgans = (userid: string | null, organName: string, enabled: boolean) =>
  useQuery({
    queryKey: organKeys.list(userid ?? '', organName),
    queryFn: () => fetchUserOrgans(userid ?? '', organName),
    enabled: enabled && !!userid,
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });

/** The message other tabs receive on ORGAN_CHANNEL; they reload to show the new organisation. */
export type OrganChangedMessage = { type: 'organ-changed'; organId: string; sender: string };

/** Identifies this tab, so it does not reload on its own announcement. */
export const TAB_ID = `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

export const broadcastOrganChange = (organId: string) => {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(ORGAN_CHANNEL);
  channel.postMessage({ type: 'organ-changed', organId, sender: TAB_ID } satisfies OrganChangedMessage);
  channel.close();
};

/**
 * `POST {portal}/users/switch { switchToOrganId }`. On success: store the organ, sync the session
 * (refresh_token and basic_info), refresh everything else, and tell the other open tabs.
 */
export const useSwitchOrgan = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (organ: Pick<OrganMembership, 'id' | 'name'>) =>
      http.post(serviceUrl('portal', '/users/switch'), { switchToOrganId: organ.id }),
    onSuccess: async (_answer, organ) => {
      setStoredOrgan({ id: organ.id, name: organ.name });
      const token = getToken();
      await Promise.all([
        queryClient.fetchQuery({ queryKey: sessionKeys.refresh(token), queryFn: fetchRefresh, staleTime: 0 }),
        queryClient.fetchQuery({
          queryKey: sessionKeys.basicInfo(token),
          queryFn: fetchBasicInfo,
          staleTime: 0,
        }),
      ]);
      await queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== sessionKeys.all[0] });
      broadcastOrganChange(organ.id);
    },
  });
};
