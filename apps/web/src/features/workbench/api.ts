import { useQuery } from '@tanstack/react-query';
import { organModule } from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the workbench shell: the organisation's modules. The key carries the token and the stored
 * organisation, so a sign-in, sign-out or organisation switch never shows another answer.
 * (The bell's unread count lives with the messages: features/messages/api.ts.)
 */

export const workbenchKeys = {
  modules: (token: string | null, organ: string | null) =>
    ['workbench', token ?? '', organ ?? '', 'modules'] as const,
};

/** `GET /api/base/organ/modules?parameter=MY`. */
export const fetchMyModules = () =>
  http.get(serviceUrl('base', '/organ/modules'), {
    query: { parameter: 'MY' },
    schema: z.array(organModule),
  });

/** The modules of the organisation the user acts in (exam, graduation, obe, course...). */
export const useMyModules = () => {
  const token = useStored('AccessToken');
  const organ = useStored('organ');
  return useQuery({
    queryKey: workbenchKeys.modules(token, organ),
    queryFn: fetchMyModules,
    enabled: !!token,
    staleTime: 5 * 60_000,
  });
};
