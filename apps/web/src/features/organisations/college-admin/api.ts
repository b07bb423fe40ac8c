import { useQuery } from '@tanstack/react-query';
import { adminCertificateClaims } from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';

/** `POST /api/base/users/admin_certificate/verify`: the claims of a college-admin certificate. */
export const verifyAdminCertificate = (certificate: string) =>
  http.post(
    serviceUrl('base', '/users/admin_certificate/verify'),
    { certificate },
    { schema: adminCertificateClaims, silent: true, noAuthRedirect: true },
  );

/** The claims of `certificate` (nothing is asked while it is empty); a refusal is not retried. */
export const useAdminCertificateClaims = (certificate: string) =>
  useQuery({
    queryKey: ['college-admin', 'verify', certificate],
    queryFn: () => verifyAdminCertificate(certificate),
    enabled: certificate !== '',
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
