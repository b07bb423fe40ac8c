import {
  AI_TIMEOUT_MS,
  DEFAULT_TIMEOUT_MS,
  isSuccessAnswer,
  MSG,
  SERVICE_BASES,
  type ServiceName,
  STORAGE_KEYS,
} from '@uplus/shared';
import type { z } from 'zod';
import { browser } from '../lib/browser';
import { loginUrl } from '../lib/routes';
import { siteStore } from '../lib/site-store';
import { getToken, storage } from '../lib/storage';

/*
 * The one HTTP client (spec 000 sections 7-8): X-Access-Token header, the { success, code, message, data }
 * envelope, 401 -> sign in, 403 -> 暂无权限, cancellation -> 请求已取消, server messages as error toasts
 * flagged as handled so callers do not show them twice, 60 s default timeout, 10 min for the AI calls.
 */

/** Where error and info toasts go; the app points this at antd's App message API once mounted. */
export type Notifier = {
  error: (text: string) => void;
  info: (text: string) => void;
};

let notifier: Notifier = {
  // Before the app mounts (bootstrap) nothing is shown: the config error page explains failures.
  error: () => {},
  info: () => {},
};

export const setNotifier = (next: Notifier) => {
  notifier = next;
};

export type HttpErrorKind = 'http' | 'network' | 'timeout' | 'cancelled' | 'invalid';

/** A failed call. `handled` is true when the client already told the user (toast or redirect). */
export class HttpError extends Error {
  readonly kind: HttpErrorKind;
  readonly status: number;
  readonly code: number;
  handled: boolean;

  constructor(
    message: string,
    opts: { kind: HttpErrorKind; status?: number; code?: number; handled?: boolean },
  ) {
    super(message);
    this.name = 'HttpError';
    this.kind = opts.kind;
    this.status = opts.status ?? 0;
    this.code = opts.code ?? opts.status ?? 0;
    this.handled = opts.handled ?? false;
  }
}

/** Whether an error was already shown to the user (then callers must not show it again). */
export const isHandledError = (error: unknown): boolean => error instanceof HttpError && error.handled;

/** The text to show for any error. */
export const errorMessage = (error: unknown): string =>
  error instanceof Error && error.message ? error.message : MSG.internalError;

export type QueryValue = string | number | boolean | null | undefined;

export type RequestOptions<T = unknown> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  /** overrides the timeout chosen by timeoutFor() */
  timeoutMs?: number;
  /** aborting it cancels the call (shown as 请求已取消 unless silent) */
  signal?: AbortSignal;
  /** the caller shows failures itself: no toast (the error is then not flagged handled) */
  silent?: boolean;
  /** a 401 does not send the user to sign in (the sign-in flow itself uses this) */
  noAuthRedirect?: boolean;
  /**
   * a 403 keeps the server's own reason instead of 暂无权限, for refusals the user must read to act on
   * (joining a course: 当前未加入任何机构, 您尚未加入{机构})
   */
  keepRefusalMessage?: boolean;
  /** send this token instead of the stored one (logout sends the token it just removed) */
  token?: string | null;
  /** checks the answer's data against the shared contract */
  schema?: z.ZodType<T>;
};

const AI_LONG_CALL = /\/ai\/(generate_questions|judge_questions)\/?$/;

/** 10 minutes for the two AI calls (generate_questions and judge_questions), 60 s for everything else. */
export const timeoutFor = (url: string): number =>
  AI_LONG_CALL.test(url.split('?')[0] ?? '') ? AI_TIMEOUT_MS : DEFAULT_TIMEOUT_MS;

/** The address of `path` on a service, using the bases from the app config. */
export const serviceUrl = (service: ServiceName, path: string): string => {
  const bases = siteStore.peek()?.config.services;
  const base = (bases?.[service] || SERVICE_BASES[service]).replace(/\/+$/, '');
  return `${base}${path.startsWith('/') ? path : `/${path}`}`;
};

const withQuery = (url: string, query: RequestOptions['query']): string => {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) params.append(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
};

const statusMessage = (status: number): string => {
  if (status === 400) return MSG.badRequest;
  if (status === 401) return MSG.unauthorized;
  if (status === 403) return MSG.noPermission;
  if (status === 404) return MSG.notFound;
  return MSG.internalError;
};

/** Session keys that die with an invalid token. */
const SESSION_KEYS = [
  STORAGE_KEYS.token,
  STORAGE_KEYS.memberId,
  STORAGE_KEYS.userid,
  STORAGE_KEYS.role,
] as const;

/** 401: the stored token is no longer valid; drop it and send the user to sign in. */
const toSignIn = () => {
  if (browser.isLeaving()) return;
  storage.remove(...SESSION_KEYS);
  const quc = siteStore.peek()?.config.QUC || '/idp';
  browser.assign(loginUrl(quc, browser.origin(), browser.currentPath()));
};

type Answer = { success?: unknown; code?: unknown; message?: unknown; data?: unknown };

const readAnswer = async (response: Response): Promise<Answer | null> => {
  const text = await response.text();
  if (!text) return null;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' ? (value as Answer) : null;
  } catch {
    return null;
  }
};

/** Calls the API and returns the answer's `data`, or throws an HttpError (see the file comment). */
export const request = async <T = unknown>(url: string, options: RequestOptions<T> = {}): Promise<T> => {
  const { method = 'GET', body, signal, silent = false } = options;
  const fail = (error: HttpError, show: 'error' | 'info' = 'error'): never => {
    if (!silent && !error.handled) {
      notifier[show](error.message);
      error.handled = true;
    }
    throw error;
  };

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs ?? timeoutFor(url));
  const onCallerAbort = () => controller.abort();
  if (signal?.aborted) controller.abort();
  else signal?.addEventListener('abort', onCallerAbort, { once: true });

  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = options.token === undefined ? getToken() : options.token;
  if (token) headers['X-Access-Token'] = token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  let answer: Answer | null;
  try {
    response = await fetch(withQuery(url, options.query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: controller.signal,
      credentials: 'same-origin',
    });
    answer = await readAnswer(response);
  } catch {
    if (timedOut) return fail(new HttpError('请求超时，请稍后重试', { kind: 'timeout' }));
    if (controller.signal.aborted) {
      return fail(new HttpError(MSG.requestCancelled, { kind: 'cancelled' }), 'info');
    }
    return fail(new HttpError('网络连接失败，请检查网络后重试', { kind: 'network' }));
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onCallerAbort);
  }

  const code = typeof answer?.code === 'number' ? answer.code : response.status;
  const serverMessage = typeof answer?.message === 'string' ? answer.message : '';

  if (response.status === 401 || code === 401) {
    const error = new HttpError(serverMessage || MSG.unauthorized, { kind: 'http', status: 401, code: 401 });
    if (!options.noAuthRedirect) {
      error.handled = true;
      toSignIn();
    }
    throw error;
  }
  if (response.status === 403 || code === 403) {
    const message = options.keepRefusalMessage && serverMessage ? serverMessage : MSG.noPermission;
    return fail(new HttpError(message, { kind: 'http', status: 403, code: 403 }));
  }
  if (!answer || !isSuccessAnswer(response.status, answer)) {
    const status = response.ok ? code : response.status;
    return fail(new HttpError(serverMessage || statusMessage(status), { kind: 'http', status, code }));
  }

  const data = answer.data as T;
  if (!options.schema) return data;
  const parsed = options.schema.safeParse(data);
  if (!parsed.success) {
    return fail(
      new HttpError('服务返回的数据格式不正确', { kind: 'invalid', status: response.status, code }),
    );
  }
  return parsed.data;
};

/** Shorthands for the common methods. */
export const http = {
  get: <T = unknown>(url: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'GET' }),
  post: <T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'POST', body }),
  put: <T = unknown>(url: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'PUT', body }),
  delete: <T = unknown>(url: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    request<T>(url, { ...options, method: 'DELETE' }),
};
