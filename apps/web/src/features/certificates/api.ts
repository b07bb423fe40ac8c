import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  certificatePage,
  certificateVerification,
  type IssueCertificateInput,
  issuedCertificate,
  issuedCertificatePage,
  lastSealResult,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the certificates area (spec 001 sections 2.13, 7; issue 12): the student's certificates, the public
 * verification, and the company's issuing side. Keys carry the token, so another sign-in never shows a
 * cached answer. Lists show failures in place (silent); actions toast the server's message (spec 8).
 */

/** Certificates per page of the student's grid and of the company's list. */
export const CERTIFICATE_PAGE_SIZE = 12;
export const ISSUED_PAGE_SIZE = 10;

const id = encodeURIComponent;
const ourea = (path: string) => serviceUrl('ourea', `/internship_certificates${path}`);

export const certificatesKeys = {
  all: (token: string | null) => ['certificates-area', token ?? ''] as const,
  mine: (token: string | null, page: number) => [...certificatesKeys.all(token), 'mine', page] as const,
  issued: (token: string | null) => [...certificatesKeys.all(token), 'issued'] as const,
  issuedPage: (token: string | null, groupId: string, page: number) =>
    [...certificatesKeys.issued(token), groupId, page] as const,
  lastSeal: (token: string | null) => [...certificatesKeys.all(token), 'lastSeal'] as const,
  verify: (code: string) => ['certificate-verify', code] as const,
};

/** `GET ourea/internship_certificates/mine`: a page of the signed-in student's certificates. */
export const useMyCertificates = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: certificatesKeys.mine(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/mine'), {
        query: { pageNumber: page, pageSize: CERTIFICATE_PAGE_SIZE },
        schema: certificatePage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET ourea/internship_certificates/verify/{code}` (public): genuine or revoked; 404 when unknown. */
export const useCertificateVerification = (code: string) =>
  useQuery({
    queryKey: certificatesKeys.verify(code),
    queryFn: ({ signal }) =>
      http.get(ourea(`/verify/${id(code)}`), {
        schema: certificateVerification,
        silent: true,
        noAuthRedirect: true,
        signal,
      }),
    retry: false,
  });

/** `GET ourea/internship_certificates/issued?groupId`: a page of the company's certificates. */
export const useIssuedCertificates = (groupId: string, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: certificatesKeys.issuedPage(token, groupId, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/issued'), {
        query: { groupId: groupId || undefined, pageNumber: page, pageSize: ISSUED_PAGE_SIZE },
        schema: issuedCertificatePage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET ourea/internship_certificates/last_seal`: the company's last used seal, offered again. */
export const useLastSeal = (enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: certificatesKeys.lastSeal(token),
    queryFn: ({ signal }) => http.get(ourea('/last_seal'), { schema: lastSealResult, silent: true, signal }),
    enabled: enabled && !!token,
  });
};

const useRefreshIssued = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: certificatesKeys.all(token) });
};

/** `POST ourea/internship_certificates`: issues a certificate (the server's refusal is toasted). */
export const useIssueCertificate = () => {
  const refresh = useRefreshIssued();
  return useMutation({
    mutationFn: (body: IssueCertificateInput) => http.post(ourea(''), body, { schema: issuedCertificate }),
    onSuccess: refresh,
  });
};

/** `POST ourea/internship_certificates/{id}/revoke`. */
export const useRevokeCertificate = () => {
  const refresh = useRefreshIssued();
  return useMutation({
    mutationFn: (certificateId: string) =>
      http.post(ourea(`/${id(certificateId)}/revoke`), undefined, { schema: issuedCertificate }),
    onSuccess: refresh,
  });
};
