import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type EvaluationBody,
  type MemberProfilePutBody,
  memberBasicInfo,
  RESUME_SECTION_PATHS,
  type ResumeListSection,
  type ResumeSectionCreateBody,
  type ResumeSectionRow,
  type ResumeSectionUpdateBody,
  resumeAward,
  resumeEducation,
  resumeEvaluation,
  resumeInternship,
  resumeLanguage,
  resumeOnline,
  resumePercentages,
  resumeSociety,
  STORAGE_KEYS,
} from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';
import { RESUME_QUERY_ROOT } from './editing';

/*
 * Data of the online resume editor (issue 13; career spec 2 "Resume page", 4, 7 "Resume sections"): the
 * member's one resume with its update time, the completeness, the five sections' lists, strength and
 * self-evaluation, and their writes. Every key starts with RESUME_QUERY_ROOT and carries the token, so a
 * write refreshes the update time and completeness by invalidating the root, and another sign-in never
 * sees a cached answer. Loading needs a stored user id (spec 2). Lists show failures in place (silent);
 * writes are silent too: the forms put the server's message under its field or above the buttons.
 */

const ourea = (path: string) => serviceUrl('ourea', path);

export const resumeKeys = {
  all: (token: string | null) => [...RESUME_QUERY_ROOT, token ?? ''] as const,
  online: (token: string | null) => [...resumeKeys.all(token), 'online'] as const,
  percentages: (token: string | null) => [...resumeKeys.all(token), 'percentages'] as const,
  section: (token: string | null, section: ResumeListSection, resumeId: number) =>
    [...resumeKeys.all(token), 'section', section, resumeId] as const,
  evaluation: (token: string | null, resumeId: number) =>
    [...resumeKeys.all(token), 'evaluation', resumeId] as const,
};

/** The signed-in member's token when a user id is stored too (spec 2: without it nothing loads). */
const useSession = () => {
  const token = useStored(STORAGE_KEYS.token);
  const userid = useStored(STORAGE_KEYS.userid);
  return { token, ready: !!token && !!userid };
};

/** Refreshes every resume query (update time, completeness, lists) and the member's basic info. */
const useRefreshResume = () => {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RESUME_QUERY_ROOT }),
      // the first education and the name live on the member profile (the workbench's 完善个人信息)
      queryClient.invalidateQueries({ queryKey: ['member-profile'] }),
    ]);
};

/** `GET ourea/resume_onlines`: the member's online resume (made on first use) with its update time. */
export const useResumeOnline = () => {
  const { token, ready } = useSession();
  return useQuery({
    queryKey: resumeKeys.online(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/resume_onlines'), { schema: resumeOnline, silent: true, signal }),
    enabled: ready,
  });
};

/** `GET ourea/resume_onlines/percentages`: completeness and what is missing. */
export const useResumePercentages = () => {
  const { token, ready } = useSession();
  return useQuery({
    queryKey: resumeKeys.percentages(token),
    queryFn: ({ signal }) =>
      http.get(ourea('/resume_onlines/percentages'), { schema: resumePercentages, silent: true, signal }),
    enabled: ready,
  });
};

const ROW_SCHEMAS: { [S in ResumeListSection]: z.ZodType<ResumeSectionRow[S]> } = {
  education: resumeEducation,
  internship: resumeInternship,
  society: resumeSociety,
  award: resumeAward,
  language: resumeLanguage,
};

/** `GET ourea/{section}?resumeId=`: one section's rows (bounded by the server; educations top first). */
export const useSectionList = <S extends ResumeListSection>(section: S, resumeId: number | undefined) => {
  const { token, ready } = useSession();
  return useQuery({
    queryKey: resumeKeys.section(token, section, resumeId ?? 0),
    queryFn: ({ signal }) =>
      http.get(ourea(`/${RESUME_SECTION_PATHS[section]}`), {
        query: { resumeId, details: section === 'education' ? 'school,major' : undefined },
        schema: z.array(ROW_SCHEMAS[section]) as z.ZodType<ResumeSectionRow[S][]>,
        silent: true,
        signal,
      }),
    enabled: ready && !!resumeId,
  });
};

/** `POST ourea/{section}` (no id) or `PUT ourea/{section}/{id}`: saves a row, then reloads the resume. */
export const useSaveSectionRow = <S extends ResumeListSection>(section: S) => {
  const refresh = useRefreshResume();
  return useMutation({
    mutationFn: (
      input:
        | { id: null; body: ResumeSectionCreateBody[S] }
        | { id: number; body: ResumeSectionUpdateBody[S] },
    ) => {
      const path = `/${RESUME_SECTION_PATHS[section]}`;
      const schema = ROW_SCHEMAS[section];
      return input.id === null
        ? http.post(ourea(path), input.body, { schema, silent: true })
        : http.put(ourea(`${path}/${input.id}`), input.body, { schema, silent: true });
    },
    onSuccess: () => refresh(),
  });
};

/** `DELETE ourea/{section}/{id}`; failures toast the server's message (spec 8). */
export const useDeleteSectionRow = (section: ResumeListSection) => {
  const refresh = useRefreshResume();
  return useMutation({
    mutationFn: (id: number) => http.delete(ourea(`/${RESUME_SECTION_PATHS[section]}/${id}`)),
    onSuccess: () => refresh(),
  });
};

/** `GET ourea/resume_online_evaluations/{resumeId}`: strength (个人优势) and self-evaluation (自我评价). */
export const useResumeEvaluation = (resumeId: number | undefined) => {
  const { token, ready } = useSession();
  return useQuery({
    queryKey: resumeKeys.evaluation(token, resumeId ?? 0),
    queryFn: ({ signal }) =>
      http.get(ourea(`/resume_online_evaluations/${resumeId}`), {
        schema: resumeEvaluation,
        silent: true,
        signal,
      }),
    enabled: ready && !!resumeId,
  });
};

/** `PUT ourea/resume_online_evaluations/{id}` with { strength } or { evaluation }. */
export const useSaveEvaluation = () => {
  const refresh = useRefreshResume();
  return useMutation({
    mutationFn: ({ resumeId, body }: { resumeId: number; body: EvaluationBody }) =>
      http.put(ourea(`/resume_online_evaluations/${resumeId}`), body, {
        schema: resumeEvaluation,
        silent: true,
      }),
    onSuccess: () => refresh(),
  });
};

/** The first (highest) education as PUT member_profiles takes it (editTop, member-profile/career.ts). */
export type TopEducationBody = Pick<
  MemberProfilePutBody,
  'schoolCode' | 'majorCode' | 'degree' | 'enrolmentAt' | 'graduateAt' | 'gradingRank'
> & { resumeId: number };

/**
 * The first education, saved on the member profile (`PUT ourea/member_profiles`, editTop), then the
 * resume's update time touched (`PUT ourea/resume_onlines/{id}`, spec 7) and everything reloaded.
 */
export const useSaveTopEducation = () => {
  const refresh = useRefreshResume();
  return useMutation({
    mutationFn: async (body: TopEducationBody) => {
      const saved = await http.put(ourea('/member_profiles'), body, {
        schema: memberBasicInfo,
        silent: true,
      });
      // the profile is saved: a failed touch only leaves the old update time, so it stays quiet
      await http.put(ourea(`/resume_onlines/${body.resumeId}`), {}, { silent: true }).catch(() => undefined);
      return saved;
    },
    onSuccess: () => refresh(),
  });
};
