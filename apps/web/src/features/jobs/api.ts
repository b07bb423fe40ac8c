import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  attachedResumeList,
  type CampusRecruitMode,
  type CreateDeliveryBody,
  createdDelivery,
  type InternProgramCard,
  internOccupationDetail,
  internProgramDetail,
  internProgramPage,
  type JobCard,
  type JobNature,
  jobCardPage,
  occupationDetail,
  resumeOnline,
  resumePercentages,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * The job seeker's side of jobs (issue 14; career spec 2 "Job detail panel and job card", 4, 6, 7 "Job detail
 * and delivery"): the public job list and job detail, the internship programmes, favouriting a job, and
 * delivering (the completeness gate's data, the resumes to choose from, POST and DELETE delivery_records).
 * Keys carry the token: the detail's favourite and delivery state are the asker's.
 */

const ourea = (path: string) => serviceUrl('ourea', path);

/** A job card of `GET recruitment_occupations` (the employer area's schema). */
export type JobCardRow = JobCard;
/** A programme of `GET intern_programs`. */
export type InternProgramRow = InternProgramCard;

/** Job list page size. */
export const JOB_LIST_PAGE_SIZE = 12;
/** Programme list page size. */
export const PROGRAM_LIST_PAGE_SIZE = 10;

export type JobListFilter = {
  search: string;
  cityCode: string;
  jobNature: JobNature | '';
  pageNumber: number;
};

export const jobKeys = {
  all: ['jobs'] as const,
  list: (token: string | null, filter: JobListFilter) =>
    [...jobKeys.all, token ?? '', 'list', filter] as const,
  detail: (token: string | null, id: string) => [...jobKeys.all, token ?? '', 'detail', id] as const,
  programs: (token: string | null, pageNumber: number) =>
    [...jobKeys.all, token ?? '', 'programs', pageNumber] as const,
  program: (token: string | null, id: string) => [...jobKeys.all, token ?? '', 'program', id] as const,
  internOccupation: (id: string) => [...jobKeys.all, 'intern-occupation', id] as const,
  resumes: (token: string | null) => [...jobKeys.all, token ?? '', 'resumes'] as const,
};

/** `GET ourea/recruitment_occupations`: online positions, newest first. */
export const useJobCards = (filter: JobListFilter) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: jobKeys.list(token, filter),
    queryFn: ({ signal }) =>
      http.get(ourea('/recruitment_occupations'), {
        query: {
          pageNumber: filter.pageNumber,
          pageSize: JOB_LIST_PAGE_SIZE,
          search: filter.search || undefined,
          cityCode: filter.cityCode || undefined,
          jobNature: filter.jobNature || undefined,
        },
        schema: jobCardPage,
        silent: true,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
};

/** `GET ourea/recruitment_occupations/{id}` (details division,company,favorite,record). */
export const useOccupationDetail = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: jobKeys.detail(token, id),
    queryFn: ({ signal }) =>
      http.get(ourea(`/recruitment_occupations/${encodeURIComponent(id)}`), {
        query: { details: 'division,company,favorite,record' },
        schema: occupationDetail,
        silent: true,
        signal,
      }),
    enabled: !!id,
  });
};

/** `GET ourea/intern_programs`: Online internship programmes. */
export const useInternPrograms = (pageNumber: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: jobKeys.programs(token, pageNumber),
    queryFn: ({ signal }) =>
      http.get(ourea('/intern_programs'), {
        query: { pageNumber, pageSize: PROGRAM_LIST_PAGE_SIZE },
        schema: internProgramPage,
        silent: true,
        signal,
      }),
    placeholderData: (previous) => previous,
  });
};

/** `GET ourea/intern_programs/{id}`: a programme with its positions and the asker's application. */
export const useInternProgram = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: jobKeys.program(token, id),
    queryFn: ({ signal }) =>
      http.get(ourea(`/intern_programs/${encodeURIComponent(id)}`), {
        query: { details: 'feedback,company' },
        schema: internProgramDetail,
        silent: true,
        signal,
      }),
    enabled: !!id,
  });
};

/** `GET ourea/intern_occupations/{id}` (details division,occupation): a programme position's details. */
export const useInternOccupation = (id: string | null) =>
  useQuery({
    queryKey: jobKeys.internOccupation(id ?? ''),
    queryFn: ({ signal }) =>
      http.get(ourea(`/intern_occupations/${encodeURIComponent(id ?? '')}`), {
        query: { details: 'division,occupation' },
        schema: internOccupationDetail,
        silent: true,
        signal,
      }),
    enabled: !!id,
  });

/** Refreshes the job and programme details (favourite and delivery state) after a change. */
const useRefreshJobs = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: jobKeys.all });
};

/** `POST ourea/favorites` {targetId, targetType: 'Occupation'}. */
export const useFavouriteJob = () => {
  const refresh = useRefreshJobs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (occupationId: string) =>
      http.post(ourea('/favorites'), { targetId: occupationId, targetType: 'Occupation' }),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['favourites'] })]),
  });
};

/** `DELETE ourea/favorites/{id}`. */
export const useCancelFavourite = () => {
  const refresh = useRefreshJobs();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (favoriteId: string) => http.delete(ourea(`/favorites/${encodeURIComponent(favoriteId)}`)),
    onSuccess: () => Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: ['favourites'] })]),
  });
};

/**
 * `GET ourea/resume_onlines/percentages`, read fresh when 投递简历 is pressed (the resume may have been
 * completed in another tab since): what the delivery gate decides on.
 */
export const useCheckCompleteness = () =>
  useMutation({
    mutationFn: () => http.get(ourea('/resume_onlines/percentages'), { schema: resumePercentages }),
  });

/** The resumes the chooser lists: the online resume and each enabled attachment. */
export const useDeliveryResumes = (enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: jobKeys.resumes(token),
    queryFn: async ({ signal }) => {
      const [online, attached] = await Promise.all([
        http.get(ourea('/resume_onlines'), { schema: resumeOnline, silent: true, signal }),
        http.get(ourea('/resume_attached'), {
          query: { enabled: 'Yes' },
          schema: attachedResumeList,
          silent: true,
          signal,
        }),
      ]);
      return { online, attached };
    },
    enabled: enabled && !!token,
    staleTime: 0,
  });
};

/** `POST ourea/delivery_records`: delivers; the details refresh to 取消投递 / 取消申请. */
export const useDeliver = () => {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: (body: CreateDeliveryBody) =>
      http.post(ourea('/delivery_records'), body, { schema: createdDelivery }),
    onSuccess: () => refresh(),
  });
};

/** `DELETE ourea/delivery_records/{id}` (mode InternProgram for a programme application). */
export const useCancelDelivery = () => {
  const refresh = useRefreshJobs();
  return useMutation({
    mutationFn: ({ id, mode }: { id: string; mode: CampusRecruitMode }) =>
      http.delete(ourea(`/delivery_records/${encodeURIComponent(id)}`), {
        query: { mode: mode === 'InternProgram' ? 'InternProgram' : undefined },
      }),
    onSuccess: () => refresh(),
  });
};
