import { useQuery } from '@tanstack/react-query';
import { organPermissions } from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the assistant: the organisation's permissions. The key carries the token and the stored
 * organisation, so a sign-in, sign-out or organisation switch asks again instead of showing another answer.
 */

export const assistantKeys = {
  permissions: (token: string | null, organ: string | null) =>
    ['assistant', token ?? '', organ ?? '', 'organPermissions'] as const,
};

/**
 * `GET /api/base/organ/permissions`. Without collegeId the server answers for the organisation the user
 * acts in (its leaf: class or college), inheriting from its ancestors with the nearer value winning, which
 * is the most precise answer; a collegeId would only narrow it to an ancestor. Silent: a failure hides the
 * launcher and must not toast on every workbench page.
 */
export const fetchOrganPermissions = () =>
  http.get(serviceUrl('base', '/organ/permissions'), { schema: organPermissions, silent: true });

/** The permissions of the organisation the user acts in; runs only when `enabled` (assistant roles). */
export const useOrganPermissions = (enabled: boolean) => {
  const token = useStored('AccessToken');
  const organ = useStored('organ');
  return useQuery({
    queryKey: assistantKeys.permissions(token, organ),
    queryFn: fetchOrganPermissions,
    enabled: enabled && !!token,
    staleTime: 5 * 60_000,
    retry: false,
  });
};
