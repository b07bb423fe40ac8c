import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AttachedResume,
  attachedPreview,
  attachedResume,
  attachedResumeList,
  RESUME_LIMITS,
  STORAGE_KEYS,
  type UploadTicket,
  uploadTicket,
} from '@uplus/shared';
import { z } from 'zod';
import { HttpError, http, serviceUrl } from '../../../api/http';
import { storage, useStored } from '../../../lib/storage';
import { RESUME_QUERY_ROOT } from '../editing';

/*
 * Attached resumes (issue 13, career spec 7 "Attachments and uploads"). Uploading is three steps: a ticket
 * (`GET portal/file_storages/web/obs_upload`), the browser's PUT of the file straight to the ticket's signed
 * address (no credentials, no token, one-hour timeout, with progress), then `POST /resume_attached`.
 * Every key starts with RESUME_QUERY_ROOT, so a change refreshes the completeness too.
 */

const attachedUrl = (path = '') => serviceUrl('ourea', `/resume_attached${path}`);
const ticketUrl = () => serviceUrl('portal', '/file_storages/web/obs_upload');

export const attachedKeys = {
  all: (token: string | null) => [...RESUME_QUERY_ROOT, 'attached', token ?? ''] as const,
  preview: (token: string | null, id: string) => [...attachedKeys.all(token), 'preview', id] as const,
};

/** `GET /resume_attached?enabled=Yes`: the member's attachments, newest first. */
export const useAttachedResumes = () => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: attachedKeys.all(token),
    queryFn: ({ signal }) =>
      http.get(attachedUrl(), {
        query: { enabled: 'Yes' },
        schema: attachedResumeList,
        silent: true,
        signal,
      }),
    enabled: !!token,
  });
};

/** `GET /resume_attached/{id}/preview`: a PDF to show, or only the download with a note. */
export const useAttachedPreview = (id: string) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: attachedKeys.preview(token, id),
    queryFn: ({ signal }) =>
      http.get(attachedUrl(`/${encodeURIComponent(id)}/preview`), {
        schema: attachedPreview,
        silent: true,
        signal,
      }),
    enabled: !!token && /^[1-9]\d{0,14}$/.test(id),
    // the addresses in it expire: a stale answer is asked again
    staleTime: 60_000,
  });
};

const useRefresh = () => {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: RESUME_QUERY_ROOT });
};

/** `PUT /resume_attached/{id}` {name}. */
export const useRenameAttached = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, name }: { id: number; name: string }) =>
      http.put(attachedUrl(`/${id}`), { name }, { schema: attachedResume, silent: true }),
    onSuccess: refresh,
  });
};

/** `DELETE /resume_attached/{id}`. */
export const useDeleteAttached = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => http.delete(attachedUrl(`/${id}`), { schema: z.null() }),
    onSuccess: refresh,
  });
};

/** Upload progress of the PUT: 0 to 100. */
export type PutProgress = (percent: number) => void;

/**
 * PUTs `file` to a ticket's signed address with exactly its signed headers: no cookies, no token, one-hour
 * timeout, and a redirect counts as a failure (the bytes must land where the signature says).
 */
export const putToSignedUrl = (
  ticket: UploadTicket,
  file: Blob,
  onProgress?: PutProgress,
  signal?: AbortSignal,
): Promise<void> =>
  new Promise<void>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    const target = new URL(ticket.signedUrl, window.location.href).href;
    xhr.open('PUT', target);
    xhr.withCredentials = false;
    xhr.timeout = RESUME_LIMITS.uploadTimeoutMs;
    for (const [name, value] of Object.entries(ticket.actualSignedRequestHeaders)) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : file.size;
      if (total > 0) onProgress?.(Math.min(100, Math.floor((event.loaded / total) * 100)));
    };
    const failed = (message: string) => reject(new HttpError(message, { kind: 'http', status: xhr.status }));
    xhr.onload = () => {
      if (xhr.responseURL && xhr.responseURL !== target) return failed('上传地址发生了跳转，已停止上传');
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.(100);
        resolve();
        return;
      }
      let message = xhr.status === 413 ? '上传的文件不能大于20M!' : '文件上传失败，请重试';
      try {
        const answer = JSON.parse(xhr.responseText) as { message?: unknown };
        if (typeof answer.message === 'string' && answer.message) message = answer.message;
      } catch {
        // the store's own (XML) answer: the general message
      }
      failed(message);
    };
    xhr.onerror = () => reject(new HttpError('网络连接失败，请检查网络后重试', { kind: 'network' }));
    xhr.ontimeout = () => reject(new HttpError('上传超时，请重试', { kind: 'timeout' }));
    xhr.onabort = () => reject(new HttpError('上传已取消', { kind: 'cancelled' }));
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(file);
  });

/** Ticket, PUT, keep: the new attachment. Failures are thrown (not toasted): the progress dialog shows them. */
export const uploadAttached = async (
  file: File,
  name: string,
  onProgress?: PutProgress,
  signal?: AbortSignal,
): Promise<AttachedResume> => {
  const userId = storage.get(STORAGE_KEYS.userid);
  const ticket = await http.get(ticketUrl(), {
    query: {
      fileName: file.name,
      resourceType: 'attachedResume',
      fileSize: file.size,
      resourceId: userId && /^\d+$/.test(userId) ? userId : undefined,
    },
    schema: uploadTicket,
    silent: true,
    signal,
  });
  await putToSignedUrl(ticket, file, onProgress, signal);
  return http.post(
    attachedUrl(),
    { name, path: ticket.fileUrl },
    { schema: attachedResume, silent: true, signal },
  );
};

/** Uploads one attachment and refreshes the list and the completeness. */
export const useUploadAttached = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (args: { file: File; name: string; onProgress?: PutProgress }) =>
      uploadAttached(args.file, args.name, args.onProgress),
    onSuccess: refresh,
  });
};
