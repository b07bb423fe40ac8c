import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyDeliveriesQuery,
  companyDeliveryDetail,
  companyDeliveryPage,
  companyDeliveryResume,
  type SendFeedbackBody,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../../api/http';
import { useStored } from '../../../lib/storage';

/*
 * The applications inbox's calls (issue 14): the company's deliveries, one delivery, its resume (opening it
 * marks 被查看, so the list and detail refresh), invitations and 不合适.
 */

const ourea = (path: string) => serviceUrl('ourea', path);
const B = '/company/delivery_records';

export const applicationsKeys = {
  all: ['applications'] as const,
  list: (token: string | null, q: Partial<CompanyDeliveriesQuery>) =>
    ['applications', 'list', token, q] as const,
  detail: (token: string | null, id: string) => ['applications', 'detail', token, id] as const,
  targets: (token: string | null) => ['applications', 'targets', token] as const,
};

/** `GET company/delivery_records`: a page of the company's deliveries (refusals shown in place). */
export const useDeliveries = (q: Partial<CompanyDeliveriesQuery>) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: applicationsKeys.list(token, q),
    queryFn: ({ signal }) =>
      http.get(ourea(B), {
        query: q,
        schema: companyDeliveryPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

/** `GET company/delivery_records/{id}`. */
export const useDelivery = (id: string | null) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: applicationsKeys.detail(token, id ?? ''),
    queryFn: ({ signal }) =>
      http.get(ourea(`${B}/${id}`), { schema: companyDeliveryDetail, silent: true, signal }),
    enabled: !!id,
  });
};

/** `GET company/delivery_records/{id}/resume`: opened on demand; marks 被查看. */
export const useOpenResume = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.get(ourea(`${B}/${id}/resume`), { schema: companyDeliveryResume, keepRefusalMessage: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationsKeys.all }),
  });
};

/** `POST company/delivery_records/{id}/feedbacks` (failures shown in the dialog). */
export const useSendFeedback = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendFeedbackBody) =>
      http.post(ourea(`${B}/${id}/feedbacks`), body, { schema: companyDeliveryDetail, silent: true }),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationsKeys.all }),
  });
};

/** `PUT company/delivery_records/{id}/inappropriate`. */
export const useMarkInappropriate = (id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => http.put(ourea(`${B}/${id}/inappropriate`), {}, { schema: companyDeliveryDetail }),
    onSuccess: () => client.invalidateQueries({ queryKey: applicationsKeys.all }),
  });
};

const named = z.object({ id: z.coerce.string(), name: z.string() });
const namedPage = z.object({ rows: z.array(named) }).loose();

/**
 * The filter's choices: the company's positions (`GET recruitment_occupations/mine`) and programmes
 * (`GET internship_groups/managed`); a list that fails to load is simply empty.
 */
export const useFilterTargets = () => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: applicationsKeys.targets(token),
    queryFn: async ({ signal }) => {
      const load = (path: string) =>
        http
          .get(ourea(path), {
            query: { pageNumber: 1, pageSize: 100 },
            schema: namedPage,
            silent: true,
            signal,
          })
          .then((p) => p.rows)
          .catch(() => []);
      const [occupations, programs] = await Promise.all([
        load('/recruitment_occupations/mine'),
        load('/internship_groups/managed'),
      ]);
      return { occupations, programs };
    },
  });
};
