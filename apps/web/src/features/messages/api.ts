import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type MarkMessagesReadBody,
  markMessagesReadResult,
  messageCounts,
  messagePage,
  notice,
  noticePage,
} from '@uplus/shared';
import { useEffect } from 'react';
import { http, request, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * The caller's messages and notices (spec 001 section 7 Messages, under the qmn service): unread counts for
 * the bell, pages of messages, unread course notices, one notice, marking read. Keys carry the token, so
 * one user's messages never show for another; all start with 'messages', so marking read refreshes them.
 */

export const messageKeys = {
  all: ['messages'] as const,
  counts: (token: string | null) => ['messages', token ?? '', 'counts'] as const,
  page: (token: string | null, pageNumber: number, pageSize: number) =>
    ['messages', token ?? '', 'page', pageNumber, pageSize] as const,
  smallBell: (token: string | null, pageSize: number) =>
    ['messages', token ?? '', 'notices', 'smallBell', pageSize] as const,
  notice: (token: string | null, id: string) => ['messages', token ?? '', 'notices', id] as const,
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

/** How many unread course notices the workbench's 课程通知 dialog takes at once. */
export const SMALL_BELL_PAGE_SIZE = 10;

/**
 * `GET {qmn}/notices/smallBell?genre=Course&pageNumber=1&pageSize`: the caller's unread course notices,
 * newest first. Silent: the workbench simply shows no dialog when it fails.
 */
export const fetchUnreadCourseNotices = (pageSize: number) =>
  http.get(serviceUrl('qmn', '/notices/smallBell'), {
    query: { genre: 'Course', pageNumber: 1, pageSize },
    schema: noticePage,
    silent: true,
  });

/** The unread course notices, asked once per workbench visit (not again on focus or after marking read). */
export const useUnreadCourseNotices = (enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: messageKeys.smallBell(token, SMALL_BELL_PAGE_SIZE),
    queryFn: () => fetchUnreadCourseNotices(SMALL_BELL_PAGE_SIZE),
    enabled: enabled && !!token,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
    retry: false,
  });
};

/** `GET {qmn}/notices/{id}`: one of the caller's notices (the dialog shows its failure itself). */
export const fetchNotice = (id: string) =>
  http.get(serviceUrl('qmn', `/notices/${encodeURIComponent(id)}`), { schema: notice, silent: true });

export const useNotice = (id: string | null) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: messageKeys.notice(token, id ?? ''),
    queryFn: () => fetchNotice(id ?? ''),
    enabled: !!token && !!id,
    retry: false,
  });
};
