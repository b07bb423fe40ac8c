import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyVideoBody,
  company,
  companyPage,
  groupRecruitment,
  jobCardPage,
  managedInternOccupation,
  myOccupation,
  myOccupationPage,
  type OccupationBodyInput,
  type RecruitmentBody,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the employer side (issue 14): the company's videos, its positions (职位管理), the public company
 * page with its online positions, and an internship group's programme (recruit state, intern positions).
 * Lists show failures in place (silent); actions toast the server's message.
 */

const ourea = (path: string) => serviceUrl('ourea', path);
export const OCCUPATIONS_PAGE_SIZE = 10;
export const COMPANY_JOBS_PAGE_SIZE = 12;

export const employerKeys = {
  all: (token: string | null) => ['employer', token] as const,
  mine: (token: string | null, page: number) => ['employer', token, 'occupations', page] as const,
  recruitment: (token: string | null, groupId: string) =>
    ['employer', token, 'recruitment', groupId] as const,
  company: (id: string) => ['company-page', id] as const,
  companyJobs: (id: string, page: number) => ['company-page', id, 'jobs', page] as const,
};

/** `GET ourea/recruitment_occupations/mine`. */
export const useMyOccupations = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: employerKeys.mine(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/recruitment_occupations/mine'), {
        query: { pageNumber: page, pageSize: OCCUPATIONS_PAGE_SIZE },
        schema: myOccupationPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

const useInvalidateEmployer = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: employerKeys.all(token) });
};

/** `POST ourea/recruitment_occupations` or `PUT …/{id}`. */
export const useSaveOccupation = () => {
  const invalidate = useInvalidateEmployer();
  return useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: OccupationBodyInput }) =>
      id
        ? http.put(ourea(`/recruitment_occupations/${id}`), body, {
            schema: myOccupation,
            keepRefusalMessage: true,
          })
        : http.post(ourea('/recruitment_occupations'), body, {
            schema: myOccupation,
            keepRefusalMessage: true,
          }),
    onSuccess: invalidate,
  });
};

/** `PUT|DELETE ourea/recruitment_occupations/{id}/online`. */
export const useSetOnline = () => {
  const invalidate = useInvalidateEmployer();
  return useMutation({
    mutationFn: ({ id, online }: { id: string; online: boolean }) =>
      online
        ? http.put(ourea(`/recruitment_occupations/${id}/online`), undefined, { schema: myOccupation })
        : http.delete(ourea(`/recruitment_occupations/${id}/online`), { schema: myOccupation }),
    onSuccess: invalidate,
  });
};

/** `POST ourea/companies/mine/videos` and `DELETE …/{id}` (the hub's company query is refreshed). */
export const useCompanyVideos = () => {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries();
  const add = useMutation({
    mutationFn: (body: CompanyVideoBody) =>
      http.post(ourea('/companies/mine/videos'), body, { schema: company, keepRefusalMessage: true }),
    onSuccess,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.delete(ourea(`/companies/mine/videos/${id}`), { schema: company }),
    onSuccess,
  });
  return { add, remove };
};

/** `GET ourea/companies/{id}` (public). */
export const useCompanyPage = (id: string) =>
  useQuery({
    queryKey: employerKeys.company(id),
    queryFn: ({ signal }) =>
      http.get(ourea(`/companies/${id}`), {
        schema: companyPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!id,
  });

/** `GET ourea/recruitment_occupations?companyId=` (public): the company's online positions. */
export const useCompanyJobs = (id: string, page: number) =>
  useQuery({
    queryKey: employerKeys.companyJobs(id, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/recruitment_occupations'), {
        query: { companyId: id, pageNumber: page, pageSize: COMPANY_JOBS_PAGE_SIZE },
        schema: jobCardPage,
        silent: true,
        signal,
      }),
    enabled: !!id,
    placeholderData: keepPreviousData,
  });

/** `GET ourea/internship_groups/{groupId}/intern_occupations`: recruit state and positions. */
export const useGroupRecruitment = (groupId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: employerKeys.recruitment(token, groupId),
    queryFn: ({ signal }) =>
      http.get(ourea(`/internship_groups/${groupId}/intern_occupations`), {
        schema: groupRecruitment,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token && !!groupId,
  });
};

/** The programme's actions: the recruitment toggle and the intern positions' create/update/delete. */
export const useProgramActions = (groupId: string) => {
  const invalidate = useInvalidateEmployer();
  const setState = useMutation({
    mutationFn: (body: RecruitmentBody) =>
      http.put(ourea(`/internship_groups/${groupId}/recruitment`), body, {
        schema: groupRecruitment,
        keepRefusalMessage: true,
      }),
    onSuccess: invalidate,
  });
  const save = useMutation({
    mutationFn: ({ id, body }: { id: string | null; body: OccupationBodyInput }) =>
      id
        ? http.put(ourea(`/intern_occupations/${id}`), body, {
            schema: managedInternOccupation,
            keepRefusalMessage: true,
          })
        : http.post(ourea(`/internship_groups/${groupId}/intern_occupations`), body, {
            schema: managedInternOccupation,
            keepRefusalMessage: true,
          }),
    onSuccess: invalidate,
  });
  const remove = useMutation({
    mutationFn: (id: string) => http.delete(ourea(`/intern_occupations/${id}`), { schema: z.null() }),
    onSuccess: invalidate,
  });
  return { setState, save, remove };
};
