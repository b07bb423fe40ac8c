import { useQuery } from '@tanstack/react-query';
import { divisionList, OCCUPATION_ROOT, occupationList } from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';
import { useStored } from '../../../lib/storage';

/*
 * The lookups of the job intention (issue 13; career spec 7 "Profile and lookups"): the cities and the
 * occupation tree the two selectors list. Reference data: cached for an hour. Keys carry the token. The
 * member's intention itself is read and saved with the profile's `career/api.ts` (useMemberDetail,
 * useSaveMemberProfile).
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
