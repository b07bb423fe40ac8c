import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { divisionList, memberDetail, OCCUPATION_ROOT, occupationList } from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';
import { useStored } from '../../../lib/storage';
import { RESUME_QUERY_ROOT } from '../editing';

/*
 * Data of the job intention (issue 13; career spec 7 "Profile and lookups"): the city and occupation
 * lookups the selectors list, the member's intention (GET members) and its save (PUT member_profiles).
 * The lookups are reference data: cached for the session. Keys carry the token.
 */

const ourea = (path: string) => serviceUrl('ourea', path);
/** Reference data changes with a release, not while a page is open. */
const LOOKUP_STALE_MS = 60 * 60_000;

export const lookupKeys = {
  all: (token: string | null) => ['lookups', token ?? ''] as const,
  hotCities: (token: string | null) => [...lookupKeys.all(token), 'hot-cities'] as const,
  cities: (token: string | null) => [...lookupKeys.all(token), 'cities'] as const,
  occupations: (token: string | null, parentCode: string) =>
    [...lookupKeys.all(token), 'occupations', parentCode] as const,
};

/** The member detail the resume page reads (shared with the profile's cards: same key, one request). */
export const memberDetailKey = (token: string | null) =>
  [...RESUME_QUERY_ROOT, 'member-detail', token ?? ''] as const;
export const MEMBER_DETAILS_PARAM = 'organ,profile,intentions,citys,account';

/** `GET ourea/divisions?sort=sequence&order=asc&hot=Yes`: the hot cities in their order. */
export const useHotCities = (enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: lookupKeys.hotCities(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/divisions'), {
        query: { sort: 'sequence', order: 'asc', hot: 'Yes' },
        schema: divisionList,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token,
    staleTime: LOOKUP_STALE_MS,
  });
};

/** `GET ourea/divisions/mobile`: every city with its letter, by letter. */
export const useAllCities = (enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: lookupKeys.cities(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/divisions/mobile'), { schema: divisionList, silent: true, signal }),
    enabled: enabled && !!token,
    staleTime: LOOKUP_STALE_MS,
  });
};

/**
 * `GET ourea/occupations?parentCode=`: one level of the occupation tree ('0' = the 大类); null asks
 * nothing (no level chosen yet).
 */
export const useOccupations = (parentCode: string | null, enabled = true) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: lookupKeys.occupations(token, parentCode ?? ''),
    queryFn: ({ signal }) =>
      http.get(ourea('/occupations'), {
        query: { parentCode: parentCode ?? OCCUPATION_ROOT },
        schema: occupationList,
        silent: true,
        signal,
      }),
    enabled: enabled && !!token && parentCode !== null,
    staleTime: LOOKUP_STALE_MS,
  });
};

/** `GET ourea/members?details=organ,profile,intentions,citys,account`: the signed-in member. */
export const useMemberDetail = () => {
  const token = useStored('AccessToken');
  const userId = useStored('userid');
  return useQuery({
    queryKey: memberDetailKey(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/members'), {
        query: { id: userId || undefined, details: MEMBER_DETAILS_PARAM },
        schema: memberDetail,
        silent: true,
        signal,
      }),
    enabled: !!token,
  });
};

/** The job intention's body of `PUT member_profiles` (cityCodes [''] = 全国; salaries in thousands). */
export type IntentionBody = {
  standardOccupationCodes: string[];
  cityCodes: string[];
  minSalary: number | null;
  maxSalary: number | null;
};

/** `PUT ourea/member_profiles` with the intention; refreshes every resume query (update time, percentages). */
export const useSaveIntention = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // The answer (the member's basic info) is not used: the refreshed member detail shows the save.
    mutationFn: (body: IntentionBody) => http.put(ourea('/member_profiles'), body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: RESUME_QUERY_ROOT }),
  });
};
