import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AcceptanceBody,
  acceptanceResult,
  type CampusRecruitMode,
  deliveryTimeline,
  type FeedbackTab,
  type FeedbackType,
  feedbackPage,
  feedbackRecord,
  feedbackTabQueryOf,
  joinedCount,
  materialDownload,
  materialView,
  NO_UNREAD,
  readResult,
  STORAGE_KEYS,
  unreadCounts,
} from '@uplus/shared';
import { z } from 'zod';
import { http, request, serviceUrl } from '../../../api/http';
import { useStored } from '../../../lib/storage';

/*
 * Data of the feedback center (issue 14, career spec section 7 "Delivery records and feedback"). Keys carry
 * the token; answering, read marking and cancelling refresh the lists and the unread counts.
 */

const ourea = (path: string) => serviceUrl('ourea', path);
const id = encodeURIComponent;

export const feedbackKeys = {
  all: (token: string | null) => ['jobs-feedback', token ?? ''] as const,
  list: (token: string | null, mode: CampusRecruitMode, tab: FeedbackTab, page: number) =>
    [...feedbackKeys.all(token), 'list', mode, tab, page] as const,
  detail: (token: string | null, deliveryId: string, type: FeedbackType | undefined) =>
    [...feedbackKeys.all(token), 'detail', deliveryId, type ?? ''] as const,
  timeline: (token: string | null, deliveryId: string) =>
    [...feedbackKeys.all(token), 'timeline', deliveryId] as const,
  unread: (token: string | null) => [...feedbackKeys.all(token), 'unread'] as const,
};

/** `GET ourea/delivery_records` for a tab's page. */
export const useFeedbackList = (mode: CampusRecruitMode, tab: FeedbackTab, page: number) => {
  const token = useStored(STORAGE_KEYS.token);
  return useQuery({
    queryKey: feedbackKeys.list(token, mode, tab, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/delivery_records'), {
        query: {
          ...feedbackTabQueryOf(tab, mode, page),
          details: 'company,occupation,mini,student,feedback',
        },
        schema: feedbackPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET ourea/delivery_records/{id}` (invite detail). */
export const useFeedbackDetail = (
  deliveryId: string | null,
  mode: CampusRecruitMode,
  type?: FeedbackType,
) => {
  const token = useStored(STORAGE_KEYS.token);
  return useQuery({
    queryKey: feedbackKeys.detail(token, deliveryId ?? '', type),
    queryFn: ({ signal }) =>
      http.get(ourea(`/delivery_records/${id(deliveryId ?? '')}`), {
        query: { campusRecruitMode: mode, details: 'company,occupation,feedback,member', type },
        schema: feedbackRecord,
        silent: true,
        signal,
      }),
    enabled: !!token && !!deliveryId,
  });
};

/** `GET ourea/delivery_records/{id}/timeline`: every step of one application. */
export const useDeliveryTimeline = (deliveryId: string | null) => {
  const token = useStored(STORAGE_KEYS.token);
  return useQuery({
    queryKey: feedbackKeys.timeline(token, deliveryId ?? ''),
    queryFn: ({ signal }) =>
      http.get(ourea(`/delivery_records/${id(deliveryId ?? '')}/timeline`), {
        schema: deliveryTimeline,
        silent: true,
        signal,
      }),
    enabled: !!token && !!deliveryId,
  });
};

/** `GET ourea/members` (details profile,account, campusRecruitMode Recruitment): the unread counts. */
export const useUnreadCounts = () => {
  const token = useStored(STORAGE_KEYS.token);
  const userId = useStored(STORAGE_KEYS.userid);
  const query = useQuery({
    queryKey: feedbackKeys.unread(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/members'), {
        query: { id: userId, details: 'profile,account', campusRecruitMode: 'Recruitment' },
        // only the part this page reads (the whole member schema would weigh on this page's budget)
        schema: z.object({ unreadCounts: unreadCounts.optional() }),
        silent: true,
        signal,
      }),
    enabled: !!token && !!userId,
  });
  return query.data?.unreadCounts ?? NO_UNREAD;
};

const useRefresh = () => {
  const queryClient = useQueryClient();
  const token = useStored(STORAGE_KEYS.token);
  return () => queryClient.invalidateQueries({ queryKey: feedbackKeys.all(token) });
};

/** `DELETE ourea/delivery_records/{id}/unread_invitations` {type}: then the counts (and lists) refresh. */
export const useMarkRead = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { deliveryId: string; type?: FeedbackType }) =>
      request(ourea(`/delivery_records/${id(v.deliveryId)}/unread_invitations`), {
        method: 'DELETE',
        body: { type: v.type },
        schema: readResult,
        silent: true,
      }),
    onSuccess: refresh,
  });
};

/** `PUT ourea/delivery_records/{id}/invitation/acceptances`. */
export const useAnswerInvitation = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (v: { deliveryId: string; body: AcceptanceBody }) =>
      http.put(ourea(`/delivery_records/${id(v.deliveryId)}/invitation/acceptances`), v.body, {
        schema: acceptanceResult,
        keepRefusalMessage: true,
      }),
    onSettled: refresh,
  });
};

/** `DELETE ourea/delivery_records/{id}?mode=InternProgram`: cancels an internship application. */
export const useCancelApplication = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      http.delete(ourea(`/delivery_records/${id(deliveryId)}`), {
        query: { mode: 'InternProgram' },
        schema: z.unknown(),
      }),
    onSuccess: refresh,
  });
};

/** `GET ourea/internship_members/joined_count?internProgramId=`. */
export const fetchProgramJoinedCount = (internProgramId: string) =>
  http.get(ourea('/internship_members/joined_count'), { query: { internProgramId }, schema: joinedCount });

/** `GET ourea/sys_materials/{id}/view`. */
export const useMaterialView = (fileId: string | null) => {
  const token = useStored(STORAGE_KEYS.token);
  return useQuery({
    queryKey: [...feedbackKeys.all(token), 'material', fileId ?? ''],
    queryFn: ({ signal }) =>
      http.get(ourea(`/sys_materials/${id(fileId ?? '')}/view`), {
        schema: materialView,
        silent: true,
        signal,
      }),
    enabled: !!token && !!fileId,
  });
};

/** `GET ourea/sys_materials/{id}/download`. */
export const fetchMaterialDownload = (fileId: string) =>
  http.get(ourea(`/sys_materials/${id(fileId)}/download`), { schema: materialDownload });
