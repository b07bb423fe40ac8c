import { useMutation } from '@tanstack/react-query';
import { adminCertificate } from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { openPendingTab } from '../../lib/browser';

/** `GET /api/base/users/admin_certificate`: a short-lived certificate for the college admin site. */
export const fetchAdminCertificate = () =>
  http.get(serviceUrl('base', '/users/admin_certificate'), { schema: adminCertificate });

/** 学院管理: fetches the certificate and opens the admin site (data.url) in a new tab. */
export const useOpenCollegeAdmin = () =>
  useMutation({
    mutationFn: async () => {
      const tab = openPendingTab();
      try {
        const certificate = await fetchAdminCertificate();
        tab.go(certificate.url);
        return certificate;
      } catch (error) {
        tab.close();
        throw error;
      }
    },
  });
