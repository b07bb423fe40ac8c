import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AvatarUpload,
  avatarUpload,
  divisionList,
  isSuccessAnswer,
  MEMBER_DETAILS,
  type MemberProfilePutBody,
  MSG,
  memberBasicInfo,
  memberDetail,
  type PoliticalStatus,
  politicalAnswer,
  STORAGE_KEYS,
  visibleAnswer,
} from '@uplus/shared';
import { HttpError, http, serviceUrl } from '../../../api/http';
import { getToken, storage, useStored } from '../../../lib/storage';
import { profileKeys } from '../../member-profile/api';
import { RESUME_QUERY_ROOT } from '../editing';

/*
 * Data of the resume's member profile (issue 13; career spec 2 "Resume page", 7 "Profile and lookups"):
 * GET members with every detail (the personal section, intention, status and privacy cards read it), the
 * saves of PUT member_profiles (personal, status; the intention card and the first education use
 * `useSaveMemberProfile` too), the political status, the privacy switch and the avatar upload. Keys start
 * with RESUME_QUERY_ROOT, so a save refreshes the update time and the completeness with everything else.
 */

const ourea = (path: string) => serviceUrl('ourea', path);

export const careerKeys = {
  member: (token: string | null, userId: string | null) =>
    [...RESUME_QUERY_ROOT, 'member', token ?? '', userId ?? ''] as const,
  divisions: (parentCode: string) => [...RESUME_QUERY_ROOT, 'divisions', parentCode] as const,
};

/**
 * `GET ourea/members?id=&details=organ,profile,intentions,citys,account`: the signed-in member with the
 * career profile. Loads only when a user id is stored (spec 2).
 */
export const useMemberDetail = () => {
  const token = useStored(STORAGE_KEYS.token);
  const userId = useStored(STORAGE_KEYS.userid);
  return useQuery({
    queryKey: careerKeys.member(token, userId),
    queryFn: ({ signal }) =>
      http.get(ourea('/members'), {
        query: { id: userId, details: MEMBER_DETAILS.join(',') },
        schema: memberDetail,
        signal,
      }),
    enabled: !!token && !!userId,
    staleTime: 60_000,
  });
};

/** After a profile write: the member, the basic info and every resume query (update time, completeness). */
const useRefreshAfterSave = () => {
  const queryClient = useQueryClient();
  const token = useStored(STORAGE_KEYS.token);
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: RESUME_QUERY_ROOT }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all(token) }),
    ]);
};

/**
 * `PUT ourea/member_profiles` with one of its bodies (see `memberProfileKindOf`). Silent: the form shows
 * a refusal under its field.
 */
export const useSaveMemberProfile = () => {
  const refresh = useRefreshAfterSave();
  return useMutation({
    mutationFn: (body: MemberProfilePutBody) =>
      http.put(ourea('/member_profiles'), body, { schema: memberBasicInfo, silent: true }),
    onSuccess: () => refresh(),
  });
};

/** `PUT ourea/member_profiles/political?politicalStatus=` (null clears it). */
export const useSavePolitical = () => {
  const refresh = useRefreshAfterSave();
  return useMutation({
    mutationFn: (politicalStatus: PoliticalStatus | null) =>
      http.put(ourea('/member_profiles/political'), undefined, {
        query: { politicalStatus: politicalStatus ?? 'null' },
        schema: politicalAnswer,
        silent: true,
      }),
    onSuccess: () => refresh(),
  });
};

/** `PUT` (show) or `DELETE` (hide) `ourea/member_profiles/visible`; the caller shows the outcome. */
export const useSetVisible = () => {
  const refresh = useRefreshAfterSave();
  return useMutation({
    mutationFn: (visible: boolean) =>
      visible
        ? http.put(ourea('/member_profiles/visible'), undefined, { schema: visibleAnswer, silent: true })
        : http.delete(ourea('/member_profiles/visible'), { schema: visibleAnswer, silent: true }),
    onSuccess: () => refresh(),
  });
};

/** `GET ourea/divisions` (provinces) or `?parentCode=` (a province's cities), for the domicile selects. */
export const useDivisions = (parentCode: string | null, enabled = true) =>
  useQuery({
    queryKey: careerKeys.divisions(parentCode ?? ''),
    queryFn: ({ signal }) =>
      http.get(ourea('/divisions'), {
        query: { sort: 'sequence', order: 'asc', parentCode: parentCode || undefined },
        schema: divisionList,
        signal,
      }),
    enabled,
    staleTime: 60 * 60_000,
  });

/** The avatar upload's address (portal service). */
export const avatarUploadUrl = (userId: string) =>
  `${serviceUrl('portal', '/file_storages/upload')}?resourceType=memberMaterial&resourceId=${encodeURIComponent(userId)}`;

/** An address with `t={now}` added, so the browser fetches a replaced image instead of its cached copy. */
export const withTimestamp = (url: string, now: number = Date.now()) =>
  url ? `${url}${url.includes('?') ? '&' : '?'}t=${now}` : url;

/**
 * `POST portal/file_storages/upload?resourceType=memberMaterial&resourceId={userId}`: the cropped avatar
 * (multipart, named avatar.jpg). Thrown as HttpError with the server's message; never toasted here.
 */
export const uploadAvatar = async (
  userId: string,
  image: Blob,
  signal?: AbortSignal,
): Promise<AvatarUpload> => {
  const form = new FormData();
  form.append('file', image, 'avatar.jpg');
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = getToken();
  if (token) headers['X-Access-Token'] = token;
  let response: Response;
  let answer: { success?: unknown; code?: unknown; message?: unknown; data?: unknown } | null = null;
  try {
    response = await fetch(avatarUploadUrl(userId), { method: 'POST', headers, body: form, signal });
    answer = await response.json().catch(() => null);
  } catch {
    throw new HttpError('网络连接失败，请检查网络后重试', { kind: 'network' });
  }
  const code = typeof answer?.code === 'number' ? answer.code : response.status;
  const message = typeof answer?.message === 'string' ? answer.message : '';
  if (response.status === 401) {
    storage.remove(STORAGE_KEYS.token);
    throw new HttpError(message || MSG.unauthorized, { kind: 'http', status: 401, code: 401 });
  }
  if (!answer || !isSuccessAnswer(response.status, answer)) {
    const fallback = response.status === 403 ? MSG.noPermission : MSG.internalError;
    throw new HttpError(message || fallback, { kind: 'http', status: response.status, code });
  }
  const parsed = avatarUpload.safeParse(answer.data);
  if (!parsed.success) throw new HttpError('服务返回的数据格式不正确', { kind: 'invalid', code });
  return parsed.data;
};
