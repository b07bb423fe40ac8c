import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CourseVideos,
  courseVideos,
  type DictionaryGroupCode,
  dictionaryEntry,
  idResult,
  type LiveMode,
  liveInfo,
  liveRoomConfig,
  liveToken,
  manageCourseDetail,
  manageCoursePage,
  manageSession,
  type OpenCourseBodyInput,
  type OpenCourseSearchType,
  type OpenCourseStatus,
  openCourseCardPage,
  openCourseDetail,
  type ProgressBody,
  partnerEnterprise,
  partnerOptionPage,
  progressResult,
  type SessionBodyInput,
  searchInfoPage,
  slideshowItem,
  subscribeResult,
} from '@uplus/shared';
import { z } from 'zod';
import { http } from '../../api/http';
import { getToken, useStored } from '../../lib/storage';
import { pathId as id, oc, openClassKeys, useRefreshOpenClasses } from './keys';

export { useDeleteSubscription } from './subscriptions/api';

/*
 * Data of the open classes (职业发展课; spec 001 sections 2.11, 3, 4, 7 'Open courses'; issue 12): the
 * student's subscriptions and progress, the public list and pages, live rooms, and the organiser's courses.
 * Keys carry the token, so another sign-in never shows a cached answer. Lists show failures in place
 * (silent); actions toast the server's message (spec 8).
 */

/** Cards per page of the subscription screen and the public list. */
export const OPEN_COURSE_PAGE_SIZE = 12;
export const MANAGE_PAGE_SIZE = 10;
/** Schools or companies offered per search. */
export const SEARCH_INFO_PAGE_SIZE = 20;

/** `POST open_courses/subscripte`: subscribes to an Online course. */
export const useSubscribe = () => {
  const refresh = useRefreshOpenClasses();
  return useMutation({
    mutationFn: (openCourseId: string) =>
      http.post(oc('/open_courses/subscripte'), { openCourseId }, { schema: subscribeResult }),
    onSuccess: refresh,
  });
};

/**
 * 取消订阅 from a list card, which knows only that the user subscribed: the course's detail names the
 * subscription, which is then deleted.
 */
export const useUnsubscribeCourse = () => {
  const refresh = useRefreshOpenClasses();
  return useMutation({
    mutationFn: async (courseId: string) => {
      const detail = await http.get(oc(`/open_courses/${id(courseId)}`), { schema: openCourseDetail });
      if (!detail.subscriptionId) return null;
      return http.delete(oc(`/open_courses/subscripte/${id(detail.subscriptionId)}`), { schema: idResult });
    },
    onSuccess: refresh,
  });
};

// Public list -----------------------------------------------------------------------------------------

export type OpenCourseFilter = {
  search: string;
  classifyCode: string;
  industryCode: string;
  liveMode: LiveMode | '';
  /** a school's or company's courses (search/all) instead of the whole list */
  by: { searchType: OpenCourseSearchType; id: string } | null;
  page: number;
};

/** `GET open_courses` (filters) or `GET open_courses/search/all` (one school's or company's courses). */
export const useOpenCourses = (filter: OpenCourseFilter) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...openClassKeys.courses(token), filter] as const,
    queryFn: ({ signal }) =>
      filter.by
        ? http.get(oc('/open_courses/search/all'), {
            query: {
              searchType: filter.by.searchType,
              id: filter.by.id,
              pageNumber: filter.page,
              pageSize: OPEN_COURSE_PAGE_SIZE,
            },
            schema: openCourseCardPage,
            silent: true,
            signal,
          })
        : http.get(oc('/open_courses'), {
            query: {
              search: filter.search || undefined,
              classifyCode: filter.classifyCode || undefined,
              industryCode: filter.industryCode || undefined,
              liveMode: filter.liveMode || undefined,
              pageNumber: filter.page,
              pageSize: OPEN_COURSE_PAGE_SIZE,
            },
            schema: openCourseCardPage,
            silent: true,
            signal,
          }),
    placeholderData: keepPreviousData,
  });
};

/** `GET open_courses/search/info`: schools or companies with Online courses whose name matches. */
export const useSearchInfo = (searchType: OpenCourseSearchType, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['open-classes-search-info', searchType, search] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/open_courses/search/info'), {
        query: { searchType, search: search || undefined, pageNumber: 1, pageSize: SEARCH_INFO_PAGE_SIZE },
        schema: searchInfoPage,
        silent: true,
        signal,
      }),
    enabled,
    placeholderData: keepPreviousData,
  });

/** `GET dictionarys?groupCode=`: the CourseClassify or CourseIndustry entries. */
export const useDictionary = (groupCode: DictionaryGroupCode) =>
  useQuery({
    queryKey: ['open-classes-dictionary', groupCode] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/dictionarys'), {
        query: { groupCode },
        schema: z.array(dictionaryEntry),
        silent: true,
        signal,
      }),
    staleTime: 10 * 60_000,
  });

/** `GET promotions/open_course/slideshow`: the posters at the top of the list. */
export const useSlideshow = () =>
  useQuery({
    queryKey: ['open-classes-slideshow'] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/promotions/open_course/slideshow'), {
        schema: z.array(slideshowItem),
        silent: true,
        signal,
      }),
    staleTime: 5 * 60_000,
  });

// Course pages ------------------------------------------------------------------------------------------

/** `GET open_courses/{id}` or, for a series, `GET open_courses/series_live/{id}`. */
export const useOpenCourse = (courseId: string, series = false) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...openClassKeys.course(token, courseId), series ? 'series' : 'detail'] as const,
    queryFn: ({ signal }) =>
      http.get(oc(series ? `/open_courses/series_live/${id(courseId)}` : `/open_courses/${id(courseId)}`), {
        schema: openCourseDetail,
        silent: true,
        signal,
      }),
    enabled: !!courseId,
    retry: false,
  });
};

/** `POST companies/partners`: the partner enterprises by id (name and logo). */
export const usePartners = (ids: readonly string[]) =>
  useQuery({
    queryKey: ['open-classes-partners', ids.join(',')] as const,
    queryFn: ({ signal }) =>
      http.post(
        oc('/companies/partners'),
        { ids },
        { schema: z.array(partnerEnterprise), silent: true, signal },
      ),
    enabled: ids.length > 0,
    staleTime: 10 * 60_000,
  });

/** `GET open_courses/video?openCourseId=`: the videos with the student's positions (organiser or subscriber). */
export const useCourseVideos = (courseId: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: openClassKeys.videos(token, courseId),
    queryFn: ({ signal }) =>
      http.get(oc('/open_courses/video'), {
        query: { openCourseId: courseId },
        schema: courseVideos,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token && !!courseId,
    // signed addresses expire: ask again rather than keep a stale one
    staleTime: 0,
    refetchOnWindowFocus: false,
  });
};

/** `POST open_courses/progress`: where the student is in a video (silent: playing must not be interrupted). */
export const reportProgress = (body: ProgressBody) =>
  http.post(oc('/open_courses/progress'), body, { schema: progressResult, silent: true });

/**
 * Keeps the cached videos in step with what was reported: the resume point (switching back resumes there)
 * and, once the server answers, the course's progress.
 */
export const useRememberPosition = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return (courseId: string, sessionId: string, position: number, progressPercentage?: number) =>
    queryClient.setQueryData<CourseVideos>(openClassKeys.videos(token, courseId), (old) =>
      old
        ? {
            ...old,
            progressPercentage: progressPercentage ?? old.progressPercentage,
            videos: old.videos.map((v) => (v.sessionId === sessionId ? { ...v, position } : v)),
          }
        : old,
    );
};

/**
 * The same report as the page goes away: a keepalive request outlives the page (sendBeacon cannot carry
 * the X-Access-Token header).
 */
export const reportProgressOnLeave = (body: ProgressBody) => {
  const token = getToken();
  if (!token) return;
  void fetch(oc('/open_courses/progress'), {
    method: 'POST',
    keepalive: true,
    headers: { 'Content-Type': 'application/json', 'X-Access-Token': token },
    body: JSON.stringify(body),
  }).catch(() => undefined);
};

// Live rooms -----------------------------------------------------------------------------------------------

/** `GET live/info/{sessionId}`: a session's room. Refreshed each minute, as its status moves with time. */
export const useLiveInfo = (sessionId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: openClassKeys.live(token, sessionId),
    queryFn: ({ signal }) =>
      http.get(oc(`/live/info/${id(sessionId)}`), { schema: liveInfo, silent: true, signal }),
    enabled: !!sessionId,
    retry: false,
    refetchInterval: 60_000,
  });
};

/** `GET live_rooms/config?sessionId=`: whether a provider is configured, and the signed play address. */
export const useLiveRoomConfig = (sessionId: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...openClassKeys.live(token, sessionId), 'config'] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/live_rooms/config'), {
        query: { sessionId },
        schema: liveRoomConfig,
        silent: true,
        signal,
      }),
    enabled: enabled && !!sessionId,
    retry: false,
  });
};

/** `POST live_rooms/chat/token`: a signed token for the chat service. */
export const useChatToken = (sessionId: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...openClassKeys.live(token, sessionId), 'chat-token'] as const,
    queryFn: ({ signal }) =>
      http.post(oc('/live_rooms/chat/token'), { sessionId }, { schema: liveToken, silent: true, signal }),
    enabled: enabled && !!token && !!sessionId,
    retry: false,
    staleTime: 5 * 60_000,
  });
};

// Organiser ----------------------------------------------------------------------------------------------

/** `GET open_courses/manage`: the organiser's courses, by status. */
export const useManageCourses = (status: OpenCourseStatus | '', page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...openClassKeys.manage(token), 'list', status, page] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/open_courses/manage'), {
        query: { status: status || undefined, pageNumber: page, pageSize: MANAGE_PAGE_SIZE },
        schema: manageCoursePage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET open_courses/manage/{id}`. */
export const useManageCourse = (courseId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: openClassKeys.manageCourse(token, courseId),
    queryFn: ({ signal }) =>
      http.get(oc(`/open_courses/manage/${id(courseId)}`), {
        schema: manageCourseDetail,
        silent: true,
        signal,
      }),
    enabled: !!token && !!courseId,
    retry: false,
    refetchOnWindowFocus: false,
  });
};

/** `GET open_courses/manage/partner_options`: schools or companies to pick as partners. */
export const usePartnerOptions = (type: OpenCourseSearchType, search: string) =>
  useQuery({
    queryKey: ['open-classes-partner-options', type, search] as const,
    queryFn: ({ signal }) =>
      http.get(oc('/open_courses/manage/partner_options'), {
        query: { type, search: search || undefined, pageNumber: 1, pageSize: 20 },
        schema: partnerOptionPage,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

const useRefreshManage = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: openClassKeys.all(token) });
};

/** `POST open_courses/manage` (new) or `PUT open_courses/manage/{id}`. */
export const useSaveCourse = () => {
  const refresh = useRefreshManage();
  return useMutation({
    mutationFn: ({ courseId, body }: { courseId: string | null; body: OpenCourseBodyInput }) =>
      courseId
        ? http.put(oc(`/open_courses/manage/${id(courseId)}`), body, { schema: manageCourseDetail })
        : http.post(oc('/open_courses/manage'), body, { schema: manageCourseDetail }),
    onSuccess: refresh,
  });
};

/** 上线 (`publish`), 下线 (`offline`) or delete a draft. */
export const useCourseLifecycle = () => {
  const refresh = useRefreshManage();
  return useMutation({
    mutationFn: ({ courseId, act }: { courseId: string; act: 'publish' | 'offline' | 'delete' }) =>
      act === 'delete'
        ? http.delete(oc(`/open_courses/manage/${id(courseId)}`), { schema: idResult })
        : http.post(oc(`/open_courses/manage/${id(courseId)}/${act}`), undefined, {
            schema: manageCourseDetail,
          }),
    onSuccess: refresh,
  });
};

/** `POST …/sessions` (new) or `PUT …/sessions/{sessionId}`. */
export const useSaveSession = () => {
  const refresh = useRefreshManage();
  return useMutation({
    mutationFn: ({
      courseId,
      sessionId,
      body,
    }: {
      courseId: string;
      sessionId: string | null;
      body: SessionBodyInput;
    }) =>
      sessionId
        ? http.put(oc(`/open_courses/manage/${id(courseId)}/sessions/${id(sessionId)}`), body, {
            schema: manageSession,
          })
        : http.post(oc(`/open_courses/manage/${id(courseId)}/sessions`), body, { schema: manageSession }),
    onSuccess: refresh,
  });
};

/** `DELETE …/sessions/{sessionId}`. */
export const useDeleteSession = () => {
  const refresh = useRefreshManage();
  return useMutation({
    mutationFn: ({ courseId, sessionId }: { courseId: string; sessionId: string }) =>
      http.delete(oc(`/open_courses/manage/${id(courseId)}/sessions/${id(sessionId)}`), { schema: idResult }),
    onSuccess: refresh,
  });
};
