import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CompanyBodyInput,
  company,
  type ExitReasonCode,
  exitResult,
  type GroupBodyInput,
  groupMember,
  groupMemberPage,
  type InternshipUpType,
  joinedCount,
  joinResult,
  managedGroup,
  managedGroupPage,
  type StageBodyInput,
  stageDetail,
  studentGroupPage,
  taskCompleted,
} from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Data of the internships area (spec 001 sections 2.12, 7 Internships; issue 12): the student's groups,
 * join / exit, stages and tasks; the organiser's groups, stages, invite codes and members; the company
 * profile of the 企业入口 hub. Keys carry the token. Lists show failures in place (silent); actions toast
 * the server's message, except join, whose wrong-code answer is shown on the input.
 */

export const STUDENT_PAGE_SIZE = 10;
export const MANAGED_PAGE_SIZE = 10;
export const MEMBER_PAGE_SIZE = 10;

const id = encodeURIComponent;
const ourea = (path: string) => serviceUrl('ourea', path);

export const internshipsKeys = {
  all: (token: string | null) => ['internships-area', token ?? ''] as const,
  student: (token: string | null) => [...internshipsKeys.all(token), 'student'] as const,
  studentPage: (token: string | null, upType: InternshipUpType, page: number) =>
    [...internshipsKeys.student(token), upType, page] as const,
  stage: (token: string | null, stageId: string) =>
    [...internshipsKeys.student(token), 'stage', stageId] as const,
  managed: (token: string | null) => [...internshipsKeys.all(token), 'managed'] as const,
  managedPage: (token: string | null, page: number) =>
    [...internshipsKeys.managed(token), 'page', page] as const,
  group: (token: string | null, groupId: string) =>
    [...internshipsKeys.managed(token), 'group', groupId] as const,
  members: (token: string | null, groupId: string) =>
    [...internshipsKeys.group(token, groupId), 'members'] as const,
  membersPage: (token: string | null, groupId: string, page: number) =>
    [...internshipsKeys.members(token, groupId), page] as const,
  company: (token: string | null) => [...internshipsKeys.all(token), 'company'] as const,
};

// Student -----------------------------------------------------------------------------------------------

/** `GET ourea/internship_groups/student?details=`: a page of the student's groups for a tab. */
export const useStudentGroups = (upType: InternshipUpType, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: internshipsKeys.studentPage(token, upType, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/internship_groups/student'), {
        query: {
          details: upType === 'all' ? undefined : upType,
          pageNumber: page,
          pageSize: STUDENT_PAGE_SIZE,
        },
        schema: studentGroupPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

const useRefreshStudent = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: internshipsKeys.student(token) });
};

/** `GET ourea/internship_members/joined_count?inviteCode=`: silent (the dialog shows the refusal). */
export const fetchJoinedCount = (inviteCode: string) =>
  http.get(ourea('/internship_members/joined_count'), {
    query: { inviteCode },
    schema: joinedCount,
    silent: true,
    keepRefusalMessage: true,
  });

/** `POST ourea/internship_members/join`: silent (the dialog puts a wrong code on the input, toasts others). */
export const useJoinInternship = () => {
  const refresh = useRefreshStudent();
  return useMutation({
    mutationFn: (body: { inviteCode: string; internshipOccupationName: string }) =>
      http.post(ourea('/internship_members/join'), body, {
        schema: joinResult,
        silent: true,
        keepRefusalMessage: true,
      }),
    onSuccess: refresh,
  });
};

/** `POST ourea/internship_members/exit`. */
export const useExitInternship = () => {
  const refresh = useRefreshStudent();
  return useMutation({
    mutationFn: (body: {
      internshipGroupId: string;
      exitedDescription: string;
      exitReason: ExitReasonCode;
    }) =>
      http.post(ourea('/internship_members/exit'), body, { schema: exitResult, keepRefusalMessage: true }),
    onSuccess: refresh,
  });
};

/** `GET ourea/internship_stages/{id}`: the stage page (its refusal shown in place). */
export const useStage = (stageId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: internshipsKeys.stage(token, stageId),
    queryFn: ({ signal }) =>
      http.get(ourea(`/internship_stages/${id(stageId)}`), {
        schema: stageDetail,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token && !!stageId,
    retry: false,
  });
};

/** `POST ourea/internship_stages/{id}/tasks/{taskId}/complete`. */
export const useCompleteTask = (stageId: string) => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return useMutation({
    mutationFn: (taskId: string) =>
      http.post(ourea(`/internship_stages/${id(stageId)}/tasks/${id(taskId)}/complete`), undefined, {
        schema: taskCompleted,
        keepRefusalMessage: true,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internshipsKeys.student(token) }),
  });
};

// Organiser ---------------------------------------------------------------------------------------------

/** `GET ourea/internship_groups/managed`: a page of the company's groups. */
export const useManagedGroups = (page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: internshipsKeys.managedPage(token, page),
    queryFn: ({ signal }) =>
      http.get(ourea('/internship_groups/managed'), {
        query: { pageNumber: page, pageSize: MANAGED_PAGE_SIZE },
        schema: managedGroupPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `GET ourea/internship_groups/{id}`: one group with stages, tasks and invite codes. */
export const useManagedGroup = (groupId: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: internshipsKeys.group(token, groupId),
    queryFn: ({ signal }) =>
      http.get(ourea(`/internship_groups/${id(groupId)}`), {
        schema: managedGroup,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token && !!groupId,
    retry: false,
  });
};

/**
 * `GET ourea/internship_groups/{groupId}/members?pageNumber&pageSize`: a page of a group's members (exited
 * ones too), for the organiser (the certificates area picks members to certify with it).
 */
export const useGroupMembers = (groupId: string, page: number, pageSize = MEMBER_PAGE_SIZE) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: [...internshipsKeys.membersPage(token, groupId, page), pageSize],
    queryFn: ({ signal }) =>
      http.get(ourea(`/internship_groups/${id(groupId)}/members`), {
        query: { pageNumber: page, pageSize },
        schema: groupMemberPage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: !!token && !!groupId,
    placeholderData: keepPreviousData,
  });
};

/** After any organiser change: the group, its members and the list are asked again. */
const useRefreshManaged = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: internshipsKeys.managed(token) });
};

const groupAnswer = { schema: managedGroup, keepRefusalMessage: true } as const;

export const useCreateGroup = () => {
  const refresh = useRefreshManaged();
  return useMutation({
    mutationFn: (body: GroupBodyInput) => http.post(ourea('/internship_groups'), body, groupAnswer),
    onSuccess: refresh,
  });
};

/** Every change of one group (each answers the group). */
export const useGroupActions = (groupId: string) => {
  const refresh = useRefreshManaged();
  const g = `/internship_groups/${id(groupId)}`;
  const m = (memberId: string) => `${g}/members/${id(memberId)}`;
  const opts = { onSuccess: refresh };
  return {
    update: useMutation({
      mutationFn: (body: GroupBodyInput) => http.put(ourea(g), body, groupAnswer),
      ...opts,
    }),
    finish: useMutation({
      mutationFn: () => http.post(ourea(`${g}/finish`), undefined, groupAnswer),
      ...opts,
    }),
    addStage: useMutation({
      mutationFn: (body: StageBodyInput) => http.post(ourea(`${g}/stages`), body, groupAnswer),
      ...opts,
    }),
    updateStage: useMutation({
      mutationFn: ({ stageId, body }: { stageId: string; body: StageBodyInput }) =>
        http.put(ourea(`${g}/stages/${id(stageId)}`), body, groupAnswer),
      ...opts,
    }),
    removeStage: useMutation({
      mutationFn: (stageId: string) => http.delete(ourea(`${g}/stages/${id(stageId)}`), groupAnswer),
      ...opts,
    }),
    addCode: useMutation({
      mutationFn: (maxUses: number | null) => http.post(ourea(`${g}/invite_codes`), { maxUses }, groupAnswer),
      ...opts,
    }),
    disableCode: useMutation({
      mutationFn: (codeId: string) =>
        http.post(ourea(`${g}/invite_codes/${id(codeId)}/disable`), undefined, groupAnswer),
      ...opts,
    }),
    eliminate: useMutation({
      mutationFn: ({
        memberId,
        eliminatedDescription,
      }: {
        memberId: string;
        eliminatedDescription: string;
      }) => http.post(ourea(`${m(memberId)}/eliminate`), { eliminatedDescription }, { schema: groupMember }),
      ...opts,
    }),
    restore: useMutation({
      mutationFn: (memberId: string) =>
        http.post(ourea(`${m(memberId)}/restore`), undefined, { schema: groupMember }),
      ...opts,
    }),
    grant: useMutation({
      mutationFn: ({ memberId, stageId, granted }: { memberId: string; stageId: string; granted: boolean }) =>
        http.put(ourea(`${m(memberId)}/stages/${id(stageId)}`), { granted }, { schema: groupMember }),
      ...opts,
    }),
  };
};

// Company (企业入口) ---------------------------------------------------------------------------------------

/** `GET ourea/companies/mine`: `{ company }`, the business user's company or null before its first save. */
export const useMyCompany = () => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: internshipsKeys.company(token),
    // wrapped: a company not made yet (null) is an answer, not a missing one
    queryFn: async ({ signal }) => ({
      company: await http.get(ourea('/companies/mine'), {
        schema: company.nullable(),
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    }),
    enabled: !!token,
  });
};

export const useSaveCompany = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return useMutation({
    mutationFn: (body: CompanyBodyInput) =>
      http.put(ourea('/companies/mine'), body, { schema: company, keepRefusalMessage: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: internshipsKeys.all(token) }),
  });
};
