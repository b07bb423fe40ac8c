import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  applyRecord,
  applyRecordOrNull,
  COMPETITION_LIMITS,
  type CompetitionBodyInput,
  competitionCardPage,
  competitionInfo,
  type LeaderInfoBody,
  majorPage,
  managedCompetitionPage,
  type PersonalInfoBody,
  type RegistrationTab,
  registrationPage,
  schoolPage,
  teamMembers,
  teamNameCheck,
  teamPreview,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the competitions area (issue 14; career spec 7 "Competition", foundation spec 7): the public
 * list and details, the student's registration and team, 我的竞赛, the organiser's competitions. Keys carry
 * the token. Lists show failures in place (silent); actions toast the server's message.
 */

export const LIST_PAGE_SIZE = 12;
export const MINE_PAGE_SIZE = 10;

const c = (path: string) => serviceUrl('competition', path);
const enc = encodeURIComponent;

export const competitionsKeys = {
  all: (token: string | null) => ['competitions-area', token ?? ''] as const,
  list: (token: string | null, page: number, search: string) =>
    [...competitionsKeys.all(token), 'list', page, search] as const,
  detail: (token: string | null, id: string) => [...competitionsKeys.all(token), 'detail', id] as const,
  record: (token: string | null, competitionId: string) =>
    [...competitionsKeys.all(token), 'record', competitionId] as const,
  team: (token: string | null, recordId: string, code: string) =>
    [...competitionsKeys.all(token), 'team', recordId, code] as const,
  members: (token: string | null, recordId: string) =>
    [...competitionsKeys.all(token), 'members', recordId] as const,
  registrations: (token: string | null, tab: RegistrationTab, page: number) =>
    [...competitionsKeys.all(token), 'registrations', tab, page] as const,
  mine: (token: string | null, page: number) => [...competitionsKeys.all(token), 'mine', page] as const,
};

const useRefreshAll = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: competitionsKeys.all(token) });
};

/** `GET competitions`: the public list (创新大赛). */
export const useCompetitions = (page: number, search: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.list(token, page, search),
    queryFn: ({ signal }) =>
      http.get(c('/competitions'), {
        query: { pageNumber: page, pageSize: LIST_PAGE_SIZE, search: search || undefined },
        schema: competitionCardPage,
        silent: true,
        signal,
      }),
    placeholderData: keepPreviousData,
  });
};

/** `GET competitions/{id}`: base info. */
export const useCompetition = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.detail(token, id),
    queryFn: ({ signal }) =>
      http.get(c(`/competitions/${enc(id)}`), { schema: competitionInfo, silent: true, signal }),
    enabled: !!id,
  });
};

/** `GET apply_records/personal?competitionId=`: the asker's registration, or null. */
export const useMyRecord = (competitionId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.record(token, competitionId),
    queryFn: ({ signal }) =>
      http.get(c('/apply_records/personal'), {
        query: { competitionId },
        schema: applyRecordOrNull,
        silent: true,
        signal,
      }),
    enabled: !!token && !!competitionId,
  });
};

/** `GET apply_records/{id}/team?code=`: the team behind a join link. */
export const useTeamPreview = (recordId: string, code: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.team(token, recordId, code),
    queryFn: ({ signal }) =>
      http.get(c(`/apply_records/${enc(recordId)}/team`), {
        query: { code: code || undefined },
        schema: teamPreview,
        silent: true,
        signal,
      }),
    enabled: !!token && !!recordId,
  });
};

/** `GET apply_records/{id}/team_members`. */
export const useTeamMembers = (recordId: string | null | undefined) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.members(token, recordId ?? ''),
    queryFn: ({ signal }) =>
      http.get(c(`/apply_records/${enc(recordId ?? '')}/team_members`), {
        schema: teamMembers,
        silent: true,
        signal,
      }),
    enabled: !!token && !!recordId,
  });
};

/** `GET apply_records/competitions` (已报名) or `.../expired` (已失效). */
export const useRegistrations = (tab: RegistrationTab, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.registrations(token, tab, page),
    queryFn: ({ signal }) =>
      http.get(c(tab === 'expired' ? '/apply_records/competitions/expired' : '/apply_records/competitions'), {
        query: { pageNumber: page, pageSize: COMPETITION_LIMITS.pageSize },
        schema: registrationPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET competitions/mine`. */
export const useMyCompetitions = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: competitionsKeys.mine(token, page),
    queryFn: ({ signal }) =>
      http.get(c('/competitions/mine'), {
        query: { pageNumber: page, pageSize: MINE_PAGE_SIZE },
        schema: managedCompetitionPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET apply_records/verify/team_name`: silent (the form shows the answer on the input). */
export const verifyTeamName = (competitionId: string, teamName: string) =>
  http.get(c('/apply_records/verify/team_name'), {
    query: { competitionId, teamName },
    schema: teamNameCheck,
    silent: true,
  });

/**
 * The school (organ) and major suggestions of the apply form: the member-profile catalogues
 * `GET ourea/schools?search=` and `GET ourea/majors?search=` (the record keeps the names chosen).
 */
export const useCatalogSuggestions = (kind: 'schools' | 'majors', search: string) => {
  const token = useStored('AccessToken');
  const term = search.trim();
  return useQuery({
    queryKey: [...competitionsKeys.all(token), 'catalog', kind, term] as const,
    queryFn: async ({ signal }) => {
      const options = { query: { search: term, pageNumber: 1, pageSize: 10 }, silent: true, signal };
      const page =
        kind === 'schools'
          ? await http.get(serviceUrl('ourea', '/schools'), { ...options, schema: schoolPage })
          : await http.get(serviceUrl('ourea', '/majors'), { ...options, schema: majorPage });
      return page.rows.map((r) => r.name);
    },
    enabled: !!token && term.length > 0,
    staleTime: 60_000,
  });
};

/** `POST apply_records`: start a registration. */
export const useStartApply = () => {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (body: { competitionId: string; mode: 'Personal' | 'Group'; teamName?: string }) =>
      http.post(c('/apply_records'), body, { schema: applyRecord, keepRefusalMessage: true }),
    onSuccess: refresh,
  });
};

/** `PUT apply_records/personal|team/leader/{id}/info`: save and submit. */
export const useSaveApplyInfo = () => {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (v: { recordId: string; team: boolean; body: PersonalInfoBody | LeaderInfoBody }) =>
      http.put(
        c(
          v.team
            ? `/apply_records/team/leader/${enc(v.recordId)}/info`
            : `/apply_records/personal/${enc(v.recordId)}/info`,
        ),
        v.body,
        { schema: applyRecord, keepRefusalMessage: true },
      ),
    onSuccess: refresh,
  });
};

/** `POST apply_records/{id}/team_members`: join by the link. */
export const useJoinTeam = () => {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (v: { recordId: string; code: string }) =>
      http.post(
        c(`/apply_records/${enc(v.recordId)}/team_members`),
        { code: v.code },
        {
          schema: applyRecord,
          keepRefusalMessage: true,
        },
      ),
    onSuccess: refresh,
  });
};

/** `POST competitions` / `PUT competitions/{id}`. */
export const useSaveCompetition = () => {
  const refresh = useRefreshAll();
  return useMutation({
    mutationFn: (v: { id?: string; body: CompetitionBodyInput }) =>
      v.id
        ? http.put(c(`/competitions/${enc(v.id)}`), v.body, {
            schema: competitionInfo,
            keepRefusalMessage: true,
          })
        : http.post(c('/competitions'), v.body, { schema: competitionInfo, keepRefusalMessage: true }),
    onSuccess: refresh,
  });
};
