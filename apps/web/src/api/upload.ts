import { isSuccessAnswer, MSG, STORAGE_KEYS } from '@uplus/shared';
import type { z } from 'zod';
import { getToken, storage } from '../lib/storage';
import { HttpError } from './http';

/*
 * Multipart uploads with progress. Not through `http.request`: fetch cannot report upload progress, so
 * this is an XMLHttpRequest with the same X-Access-Token header and the same { success, code, message,
 * data } envelope. Failures are thrown as HttpError and never toasted here: the upload control shows them
 * in place.
 */

/** Upload progress: bytes sent of the whole request. */
export type UploadProgress = { loaded: number; total: number; percent: number };

type Answer = { success?: unknown; code?: unknown; message?: unknown; data?: unknown };

const parseAnswer = (text: string): Answer | null => {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Answer) : null;
  } catch {
    return null;
  }
};

/**
 * POSTs `file` as multipart field `file` (plus any text `fields`) to `url`; resolves with the answer's
 * data checked against `schema`. `onProgress` is called as bytes go out; aborting `signal` cancels the
 * upload (HttpError kind 'cancelled').
 */
export const uploadMultipart = <T>(options: {
  url: string;
  file: File;
  schema: z.ZodType<T>;
  fields?: Record<string, string>;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}): Promise<T> =>
  new Promise<T>((resolve, reject) => {
    const { file, signal, onProgress } = options;
    if (signal?.aborted) {
      reject(new HttpError(MSG.requestCancelled, { kind: 'cancelled' }));
      return;
    }
    const xhr = new XMLHttpRequest();
    const onAbort = () => xhr.abort();
    const done = () => signal?.removeEventListener('abort', onAbort);
    xhr.open('POST', options.url);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getToken();
    if (token) xhr.setRequestHeader('X-Access-Token', token);
    xhr.upload.onprogress = (event) => {
      if (!onProgress) return;
      const total = event.lengthComputable ? event.total : file.size;
      const percent = total > 0 ? Math.min(100, Math.floor((event.loaded / total) * 100)) : 0;
      onProgress({ loaded: event.loaded, total, percent });
    };
    xhr.onload = () => {
      done();
      const answer = parseAnswer(xhr.responseText ?? '');
      const code = typeof answer?.code === 'number' ? answer.code : xhr.status;
      const message = typeof answer?.message === 'string' ? answer.message : '';
      if (xhr.status === 401 || code === 401) {
        // the token is no longer valid: drop it, as the http client does (the next page load signs in)
        storage.remove(STORAGE_KEYS.token);
        reject(new HttpError(message || MSG.unauthorized, { kind: 'http', status: 401, code: 401 }));
        return;
      }
      if (!answer || !isSuccessAnswer(xhr.status, answer)) {
        const status = xhr.status >= 200 && xhr.status < 300 ? code : xhr.status;
        const fallback = status === 413 ? '文件过大' : status === 403 ? MSG.noPermission : MSG.internalError;
        reject(new HttpError(message || fallback, { kind: 'http', status, code }));
        return;
      }
      const parsed = options.schema.safeParse(answer.data);
      if (!parsed.success) {
        reject(new HttpError('服务返回的数据格式不正确', { kind: 'invalid', status: xhr.status, code }));
        return;
      }
      resolve(parsed.data);
    };
    xhr.onerror = () => {
      done();
      reject(new HttpError('网络连接失败，请检查网络后重试', { kind: 'network' }));
    };
    xhr.onabort = () => {
      done();
      reject(new HttpError(MSG.requestCancelled, { kind: 'cancelled' }));
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const form = new FormData();
    for (const [name, value] of Object.entries(options.fields ?? {})) form.append(name, value);
    form.append('file', file, file.name);
    xhr.send(form);
  });
