import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CareerTalkBody,
  careerTalk,
  careerTalkPage,
  type JobFairBody,
  jobFairDetail,
  jobFairPage,
  managedFairPage,
  managedTalk,
  managedTalkPage,
  RESERVATION_PAGE_SIZE,
  type ReservationBody,
  type ReservationTargetType,
  reservationCreated,
  reservationPage,
  talkLiveInfo,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

const ourea = (path: string) => serviceUrl('ourea', path);

export const reservationsKeys = {
  all: ['reservations'] as const,
  mine: (token: string | null, type: ReservationTargetType, page: number) =>
    [...reservationsKeys.all, 'mine', token, type, page] as const,
  talks: (token: string | null, page: number) => [...reservationsKeys.all, 'talks', token, page] as const,
  talk: (token: string | null, id: string) => [...reservationsKeys.all, 'talk', token, id] as const,
  live: (roomId: string) => [...reservationsKeys.all, 'live', roomId] as const,
  fairs: (token: string | null, page: number) => [...reservationsKeys.all, 'fairs', token, page] as const,
  fair: (token: string | null, id: string) => [...reservationsKeys.all, 'fair', token, id] as const,
  companyTalks: (token: string | null, page: number) =>
    [...reservationsKeys.all, 'company-talks', token, page] as const,
  companyFairs: (token: string | null, page: number) =>
    [...reservationsKeys.all, 'company-fairs', token, page] as const,
};

/** `GET ourea/reservations`: one page (12) of the user's reserved talks or fairs. */
export const useReservations = (targetType: ReservationTargetType, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.mine(token, targetType, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/reservations'), {
        query: {
          targetType,
          details: targetType === 'CareerTalk' ? 'careerTalk,live' : 'jobFair,mini',
          pageNumber: page,
          pageSize: RESERVATION_PAGE_SIZE,
        },
        schema: reservationPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

export const useReserve = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReservationBody) =>
      http.post(ourea('/reservations'), body, { schema: reservationCreated }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
};

export const useCancelReservation = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => http.delete(ourea(`/reservations/${id}`), { schema: z.null() }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
};

/** `GET ourea/career_talks`: published talks (visitors too). */
export const useCareerTalks = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.talks(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/career_talks'), {
        query: { pageNumber: page, pageSize: RESERVATION_PAGE_SIZE },
        schema: careerTalkPage,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

export const useCareerTalk = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.talk(token, id),
    queryFn: ({ signal }) =>
      http.get(ourea(`/career_talks/${id}`), { schema: careerTalk, silent: true, signal }),
    enabled: /^[1-9][0-9]*$/.test(id),
  });
};

/** `GET {live}/info/{roomId}`: the talk's room; playback at liveRoomPlaybackModels[0].playbackUrl. */
export const useTalkLive = (roomId: string, enabled: boolean) =>
  useQuery({
    queryKey: reservationsKeys.live(roomId),
    queryFn: ({ signal }) =>
      http.get(serviceUrl('live', `/info/${roomId}`), { schema: talkLiveInfo, silent: true, signal }),
    enabled,
    staleTime: 5 * 60_000,
  });

export const useJobFairs = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.fairs(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/job_fairs'), {
        query: { pageNumber: page, pageSize: RESERVATION_PAGE_SIZE },
        schema: jobFairPage,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

export const useJobFair = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.fair(token, id),
    queryFn: ({ signal }) =>
      http.get(ourea(`/job_fairs/${id}`), { schema: jobFairDetail, silent: true, signal }),
    enabled: /^[1-9][0-9]*$/.test(id),
  });
};

// ---- employer -------------------------------------------------------------------------------------------

export const MANAGE_PAGE_SIZE = 10;

export const useCompanyTalks = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.companyTalks(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/company/career_talks'), {
        query: { pageNumber: page, pageSize: MANAGE_PAGE_SIZE },
        schema: managedTalkPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

const useCompanyMutation = <V>(fn: (v: V) => Promise<unknown>) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: reservationsKeys.all }),
  });
};

export const useSaveTalk = () =>
  useCompanyMutation((v: { id?: string; body: CareerTalkBody }) =>
    v.id
      ? http.put(ourea(`/company/career_talks/${v.id}`), v.body, { schema: managedTalk, silent: true })
      : http.post(ourea('/company/career_talks'), v.body, { schema: managedTalk, silent: true }),
  );
export const useCancelTalk = () =>
  useCompanyMutation((id: string) => http.delete(ourea(`/company/career_talks/${id}`), { schema: z.null() }));
export const useTalkLiveSwitch = () =>
  useCompanyMutation((v: { id: string; on: boolean }) =>
    v.on
      ? http.put(ourea(`/company/career_talks/${v.id}/live`), {}, { schema: managedTalk })
      : http.delete(ourea(`/company/career_talks/${v.id}/live`), { schema: managedTalk }),
  );
export const useSavePlayback = () =>
  useCompanyMutation((v: { id: string; fileId: number }) =>
    http.put(ourea(`/company/career_talks/${v.id}/playback`), { fileId: v.fileId }, { schema: managedTalk }),
  );

export const useCompanyFairs = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: reservationsKeys.companyFairs(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/company/job_fairs'), {
        query: { pageNumber: page, pageSize: MANAGE_PAGE_SIZE },
        schema: managedFairPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};
export const useSaveFair = () =>
  useCompanyMutation((v: { id?: string; body: JobFairBody }) =>
    v.id
      ? http.put(ourea(`/company/job_fairs/${v.id}`), v.body, {
          schema: z.object({ id: z.string() }),
          silent: true,
        })
      : http.post(ourea('/company/job_fairs'), v.body, {
          schema: z.object({ id: z.string() }),
          silent: true,
        }),
  );
export const useCancelFair = () =>
  useCompanyMutation((id: string) => http.delete(ourea(`/company/job_fairs/${id}`), { schema: z.null() }));
export const useJoinFair = () =>
  useCompanyMutation((v: { id: string; occupationIds: string[] }) =>
    http.put(
      ourea(`/company/job_fairs/${v.id}/participation`),
      { occupationIds: v.occupationIds },
      { schema: z.null() },
    ),
  );
export const useLeaveFair = () =>
  useCompanyMutation((id: string) =>
    http.delete(ourea(`/company/job_fairs/${id}/participation`), { schema: z.null() }),
  );

/** The company's online positions to bring to a fair (`GET ourea/recruitment_occupations?companyId=`). */
const positionRow = z.object({ id: z.string(), name: z.string() }).passthrough();
export const useMyOnlinePositions = (companyId: string | null | undefined) =>
  useQuery({
    queryKey: [...reservationsKeys.all, 'positions', companyId] as const,
    queryFn: ({ signal }) =>
      http.get(ourea('/recruitment_occupations'), {
        query: { companyId, pageNumber: 1, pageSize: 100 },
        schema: z.object({ rows: z.array(positionRow), total: z.number() }),
        silent: true,
        signal,
      }),
    enabled: !!companyId,
  });
