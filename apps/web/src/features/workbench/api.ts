import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MarkMessagesReadBody,
  markMessagesReadResult,
  messageCounts,
  messagePage,
  organModule,
} from '@uplus/shared';
import { useEffect } from 'react';
import { z } from 'zod';
import { http, request, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the workbench shell and the message page: the organisation's modules, the caller's unread count
 * and messages, and marking messages read. Keys carry the token (and the organisation for modules), so a
 * sign-in, sign-out or organisation switch never shows one user's answer to another.
 */

export const workbenchKeys = {
  modules: (token: string | null, organ: string | null) =>
    ['workbench', token ?? '', organ ?? '', 'modules'] as const,
};

export const messageKeys = {
  all: ['messages'] as const,
  counts: (token: string | null) => ['messages', token ?? '', 'counts'] as const,
  page: (token: string | null, pageNumber: number, pageSize: number) =>
    ['messages', token ?? '', 'page', pageNumber, pageSize] as const,
};

/** `GET /api/base/organ/modules?parameter=MY`. */
export const fetchMyModules = () =>
  http.get(serviceUrl('base', '/organ/modules'), {
    query: { parameter: 'MY' },
    schema: z.array(organModule),
  });

/** The modules of the organisation the user acts in (exam, graduation, obe, course...). */
export const useMyModules = () => {
  const token = useStored('AccessToken');
  const organ = useStored('organ');
  return useQuery({
    queryKey: workbenchKeys.modules(token, organ),
    queryFn: fetchMyModules,
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
};

/** `POST {qmn}/c/counts`: the caller's unread messages. Failures stay quiet: the bell just shows none. */
export const fetchMessageCounts = () =>
  http.post(serviceUrl('qmn', '/c/counts'), undefined, { schema: messageCounts, silent: true });

/**
 * The unread count for the bell. It is asked again whenever the page comes back into view (window focus,
 * or the tab becoming visible), so messages read in another tab or arrived meanwhile show up.
 */
export const useUnreadCount = () => {
  const token = useStored('AccessToken');
  const query = useQuery({
    queryKey: messageKeys.counts(token),
    queryFn: fetchMessageCounts,
    enabled: !!token,
    staleTime: 10_000,
  });
  const { refetch } = query;
  useEffect(() => {
    if (!token) return;
    const again = () => {
      if (document.visibilityState !== 'hidden') void refetch();
    };
    window.addEventListener('focus', again);
    document.addEventListener('visibilitychange', again);
    return () => {
      window.removeEventListener('focus', again);
      document.removeEventListener('visibilitychange', again);
    };
  }, [token, refetch]);
  return query;
};

/** `POST {qmn}/c/messages?pageNumber&pageSize`: a page of the caller's messages, newest first. */
export const fetchMessages = (pageNumber: number, pageSize: number) =>
  http.post(serviceUrl('qmn', '/c/messages'), undefined, {
    query: { pageNumber, pageSize },
    schema: messagePage,
  });

export const useMessages = (pageNumber: number, pageSize: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: messageKeys.page(token, pageNumber, pageSize),
    queryFn: () => fetchMessages(pageNumber, pageSize),
    enabled: !!token,
  });
};

/** `PATCH {qmn}/noticeMemberStatus`; afterwards the bell and the lists ask again. */
export const useMarkMessagesRead = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MarkMessagesReadBody) =>
      request(serviceUrl('qmn', '/noticeMemberStatus'), {
        method: 'PATCH',
        body,
        schema: markMessagesReadResult,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
};
