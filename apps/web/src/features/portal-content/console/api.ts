import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type ConsoleListQuery,
  type ConsoleRow,
  type ContentInput,
  type ContentKind,
  type ContentStatus,
  consoleDetail,
  consolePage,
  consoleScope,
  PORTAL_CONSOLE_BASE,
  type UploadedFile,
} from '@uplus/shared';
import { http } from '../../../api/http';
import { type UploadProgress, uploadFile } from '../../files/api';
import { portalContentKeys } from '../api';

/*
 * The content console's calls (issue 15): the managed site, a kind's rows, one row with its body (drafts
 * included), save, publish, unpublish, delete, order, and the pictures a body or a cover uses. Refusals
 * keep the server's reason (当前身份无内容管理权限, 无权操作其他站点的内容) instead of a bare 暂无权限.
 */

const BASE = PORTAL_CONSOLE_BASE;

/** The most rows the order call takes (contentOrderBody) and so the most the ordering mode loads. */
export const ORDER_MAX_ROWS = 500;
/** Rows asked per call when every row of a kind is loaded (the console list's largest page). */
export const ALL_ROWS_PAGE_SIZE = 100;
/** Rows per page of the console table. */
export const CONSOLE_PAGE_SIZE = 20;

export const consoleKeys = {
  all: ['portal-console'] as const,
  scope: () => [...consoleKeys.all, 'scope'] as const,
  list: (query: ConsoleListQuery) => [...consoleKeys.all, 'list', query] as const,
  every: (kind: ContentKind, status: ContentStatus | '') =>
    [...consoleKeys.all, 'every', kind, status] as const,
  detail: (id: string) => [...consoleKeys.all, 'detail', id] as const,
};

const validId = (id: string | null | undefined): id is string => !!id && /^[1-9][0-9]{0,14}$/.test(id);

/** `GET /api/portal/console/scope`: the site the signed-in admin manages (403: 当前身份无内容管理权限). */
export const useConsoleScope = () =>
  useQuery({
    queryKey: consoleKeys.scope(),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/scope`, { schema: consoleScope, silent: true, keepRefusalMessage: true, signal }),
    retry: false,
    staleTime: 60_000,
  });

/** `GET /api/portal/console/contents`: one page of a kind's rows (drafts included), filtered. */
export const useConsoleContents = (query: ConsoleListQuery, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: consoleKeys.list(query),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/contents`, {
        query: { ...query, q: query.q || undefined },
        schema: consolePage,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });

/** Every row of a kind (pages of 100, at most ORDER_MAX_ROWS); `complete` false when there are more. */
export type AllRows = { rows: ConsoleRow[]; total: number; complete: boolean };

/** Loads page after page of `kind` (optionally one status) until every row, or ORDER_MAX_ROWS, is there. */
export const loadAllRows = async (
  fetchPage: (pageNumber: number) => Promise<{ rows: ConsoleRow[]; total: number }>,
): Promise<AllRows> => {
  const rows: ConsoleRow[] = [];
  const seen = new Set<string>();
  let total = 0;
  for (let page = 1; rows.length < ORDER_MAX_ROWS; page += 1) {
    const answer = await fetchPage(page);
    total = answer.total;
    for (const row of answer.rows) {
      if (seen.has(row.id)) continue; // a row moved between two calls: counted once
      seen.add(row.id);
      rows.push(row);
    }
    if (answer.rows.length < ALL_ROWS_PAGE_SIZE || rows.length >= total) break;
  }
  const kept = rows.slice(0, ORDER_MAX_ROWS);
  return { rows: kept, total, complete: kept.length >= total };
};

/** Every row of a kind (the ordering mode; published courses for a course system's cells). */
export const useAllConsoleContents = (
  kind: ContentKind,
  status: ContentStatus | '' = '',
  options: { enabled?: boolean } = {},
) =>
  useQuery({
    queryKey: consoleKeys.every(kind, status),
    queryFn: ({ signal }) =>
      loadAllRows((pageNumber) =>
        http.get(`${BASE}/contents`, {
          query: { kind, status: status || undefined, pageNumber, pageSize: ALL_ROWS_PAGE_SIZE },
          schema: consolePage,
          silent: true,
          keepRefusalMessage: true,
          signal,
        }),
      ),
    enabled: options.enabled ?? true,
  });

/** `GET /api/portal/console/contents/{id}`: one row of the managed site with its body (drafts too). */
export const useConsoleContent = (id: string | null | undefined) =>
  useQuery({
    queryKey: consoleKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/contents/${id}`, {
        schema: consoleDetail,
        silent: true,
        keepRefusalMessage: true,
        signal,
      }),
    enabled: validId(id),
    retry: false,
  });

/** After a change: the console's lists and rows, and the public pages' cache, are read again. */
const useRefresh = () => {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: consoleKeys.all }),
      client.invalidateQueries({ queryKey: portalContentKeys.all }),
    ]);
};

/**
 * `POST /api/portal/console/contents` (id null) or `PUT …/{id}`; with `publish` the saved row is published
 * too (`publishError`: saved, but the publish was refused). Silent: the editor places a refusal under the
 * field it names, or toasts it.
 */
export const useSaveContent = () => {
  const refresh = useRefresh();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({
      id,
      input,
      publish,
    }: {
      id: string | null;
      input: ContentInput;
      publish?: boolean;
    }) => {
      const options = { schema: consoleDetail, silent: true, keepRefusalMessage: true };
      const saved = id
        ? await http.put(`${BASE}/contents/${id}`, input, options)
        : await http.post(`${BASE}/contents`, input, options);
      if (!publish) return { saved, publishError: null };
      // a refused publish leaves a saved draft: the editor says so (and does not create it twice)
      const publishError = await http
        .post(`${BASE}/contents/${saved.id}/publish`, undefined, { silent: true, keepRefusalMessage: true })
        .then(
          () => null,
          (error: unknown) => error,
        );
      return { saved, publishError };
    },
    onSuccess: ({ saved }) => {
      client.setQueryData(consoleKeys.detail(saved.id), saved);
      return refresh();
    },
  });
};

export type ContentAct = 'publish' | 'unpublish' | 'delete';

/** 发布 / 下线 / 删除 a row (a refusal is toasted by the client with the server's reason). */
export const useContentAct = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ id, act }: { id: string; act: ContentAct }) =>
      act === 'delete'
        ? http.delete(`${BASE}/contents/${id}`, { keepRefusalMessage: true })
        : http.post(`${BASE}/contents/${id}/${act}`, undefined, { keepRefusalMessage: true }),
    onSuccess: refresh,
  });
};

/** `PUT /api/portal/console/contents/order`: the ids of one kind in their new order (first = top). */
export const useOrderContents = () => {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ kind, ids }: { kind: ContentKind; ids: string[] }) =>
      http.put(`${BASE}/contents/order`, { kind, ids }, { keepRefusalMessage: true }),
    onSuccess: refresh,
  });
};

/** Uploads a picture for a body or a cover (purpose contentImage), with progress. */
export const uploadContentImage = (
  file: File,
  onProgress?: (progress: UploadProgress) => void,
  signal?: AbortSignal,
): Promise<UploadedFile> => uploadFile('contentImage', file, onProgress, signal);
