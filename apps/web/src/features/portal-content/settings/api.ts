import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type SiteSettingsInput, STORAGE_KEYS, siteSettingsView } from '@uplus/shared';
import { http } from '../../../api/http';
import { useStored } from '../../../lib/storage';

/*
 * The site settings of the site the signed-in admin manages (issue 15): `GET/PUT
 * /api/portal/console/site-settings`. The answer depends on who asks and in which organisation, so the
 * key carries the token and the organisation.
 */

const SETTINGS = '/api/portal/console/site-settings';

export const siteSettingsKeys = {
  all: ['site-settings'] as const,
  of: (token: string | null, organ: string | null) => [...siteSettingsKeys.all, token, organ] as const,
};

/** `GET /api/portal/console/site-settings`; a refusal keeps the server's reason (当前身份无内容管理权限). */
export const useSiteSettings = () => {
  const token = useStored(STORAGE_KEYS.token);
  const organ = useStored(STORAGE_KEYS.organ);
  return useQuery({
    queryKey: siteSettingsKeys.of(token, organ),
    queryFn: ({ signal }) =>
      http.get(SETTINGS, { schema: siteSettingsView, silent: true, keepRefusalMessage: true, signal }),
    enabled: !!token,
    retry: false,
  });
};

/** `PUT /api/portal/console/site-settings`: the saved settings replace the cached ones. */
export const useSaveSiteSettings = () => {
  const queryClient = useQueryClient();
  const token = useStored(STORAGE_KEYS.token);
  const organ = useStored(STORAGE_KEYS.organ);
  return useMutation({
    mutationFn: (body: SiteSettingsInput) =>
      http.put(SETTINGS, body, { schema: siteSettingsView, keepRefusalMessage: true }),
    onSuccess: (saved) => queryClient.setQueryData(siteSettingsKeys.of(token, organ), saved),
  });
};
