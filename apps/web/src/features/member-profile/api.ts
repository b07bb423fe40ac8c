import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type MemberProfileBody, majorPage, memberBasicInfo, schoolPage } from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the member profile (spec 001 sections 2.14, 7 Profile and recruitment; issue 12): the signed-in
 * member's basic info with its `perfected` flag, saving the profile, and the school and major searches.
 * Keys carry the token, so another sign-in never shows a cached answer.
 */

/** Options per search page of the school and major selects. */
export const CATALOG_PAGE_SIZE = 20;

const ourea = (path: string) => serviceUrl('ourea', path);

export const profileKeys = {
  all: (token: string | null) => ['member-profile', token ?? ''] as const,
  basic: (token: string | null) => [...profileKeys.all(token), 'basic'] as const,
  schools: (token: string | null, search: string) => [...profileKeys.all(token), 'schools', search] as const,
  majors: (token: string | null, search: string) => [...profileKeys.all(token), 'majors', search] as const,
};

/** `GET ourea/members/basic/info`: the member's profile and whether it is complete (failures silent). */
export const useMemberBasicInfo = (enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: profileKeys.basic(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/members/basic/info'), { schema: memberBasicInfo, silent: true, signal }),
    enabled: enabled && !!token,
    staleTime: 5 * 60_000,
    retry: false,
  });
};

/** `PUT ourea/member_profiles`: saves the profile; the dialog shows a refusal itself (silent). */
export const useSaveProfile = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return useMutation({
    mutationFn: (body: MemberProfileBody) =>
      http.put(ourea('/member_profiles'), body, { schema: memberBasicInfo, silent: true }),
    onSuccess: (info) => {
      queryClient.setQueryData(profileKeys.basic(token), info);
      return queryClient.invalidateQueries({ queryKey: profileKeys.basic(token) });
    },
  });
};

/** `GET ourea/schools?search=`: the first page of schools matching the (debounced) search. */
export const useSchoolSearch = (search: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: profileKeys.schools(token, search),
    queryFn: ({ signal }) =>
      http.get(ourea('/schools'), {
        query: { search: search || undefined, pageNumber: 1, pageSize: CATALOG_PAGE_SIZE },
        schema: schoolPage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
};

/** `GET ourea/majors?search=`: the first page of majors matching the (debounced) search. */
export const useMajorSearch = (search: string, enabled: boolean) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: profileKeys.majors(token, search),
    queryFn: ({ signal }) =>
      http.get(ourea('/majors'), {
        query: { search: search || undefined, pageNumber: 1, pageSize: CATALOG_PAGE_SIZE },
        schema: majorPage,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    placeholderData: keepPreviousData,
    staleTime: 10 * 60_000,
  });
};
