import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MarkMessagesReadBody, markMessagesReadResult, messageCounts, messagePage } from '@uplus/shared';
import { useEffect } from 'react';
import { http, request, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * The caller's messages (spec 001 section 7 Messages, under the qmn service): unread counts for the bell,
 * pages of messages, marking read. Keys carry the token, so one user's messages never show for another.
 */

export const messageKeys = {
  all: ['messages'] as const,
  counts: (token: string | null) => ['messages', token ?? '', 'counts'] as const,
  page: (token: string | null, pageNumber: number, pageSize: number) =>
    ['messages', token ?? '', 'page', pageNumber, pageSize] as const,
};

/** `POST {qmn}/c/counts`: the caller's unread messages. Failures stay quiet: the bell just shows none. */
export const fetchMessageCounts = () =>
  http.post(serviceUrl('qmn', '/c/counts'), undefined, { schema: messageCounts, silent: true });

/**
 * The unread count for the bell. It is asked again whenever the page comes back into view (window focus,
 * or the tab becoming visible), so messages read in another tab or arrived meanwhile show up; marking
 * messages read here refreshes it too (useMarkMessagesRead).
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
    placeholderData: keepPreviousData,
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
        silent: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: messageKeys.all }),
  });
};
