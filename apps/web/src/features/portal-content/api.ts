import { useQuery } from '@tanstack/react-query';
import {
  type ContentKind,
  type ContentListQuery,
  contentDetail,
  contentPage,
  type LabKey,
  labPage,
} from '@uplus/shared';
import { http } from '../../api/http';

/*
 * Public calls of the portal content (issue 15): lists, details, single pages and lab pages of the site the
 * browser is on (the server picks the site by host name). Console calls live in console/api.ts.
 */

const BASE = '/api/portal';

export const portalContentKeys = {
  all: ['portal-content'] as const,
  list: (query: Partial<ContentListQuery>) => [...portalContentKeys.all, 'list', query] as const,
  detail: (id: string) => [...portalContentKeys.all, 'detail', id] as const,
  slug: (kind: ContentKind, slug: string) => [...portalContentKeys.all, 'slug', kind, slug] as const,
  lab: (key: LabKey) => [...portalContentKeys.all, 'lab', key] as const,
};

/** `GET /api/portal/contents`: one page of a site's published rows (filters as ContentListQuery). */
export const useContents = (query: Partial<ContentListQuery>, options: { enabled?: boolean } = {}) =>
  useQuery({
    queryKey: portalContentKeys.list(query),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/contents`, {
        query: { ...query },
        schema: contentPage,
        silent: true,
        signal,
      }),
    placeholderData: (previous) => previous,
    enabled: options.enabled ?? true,
  });

/** `GET /api/portal/contents/{id}`: a published row with its body and neighbours (404: 内容不存在或已下线). */
export const useContent = (id: string | null | undefined) =>
  useQuery({
    queryKey: portalContentKeys.detail(id ?? ''),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/contents/${encodeURIComponent(id ?? '')}`, {
        schema: contentDetail,
        silent: true,
        signal,
      }),
    enabled: !!id && /^[1-9][0-9]{0,14}$/.test(id),
    retry: false,
  });

/** `GET /api/portal/contents/by-slug/{kind}/{slug}`: a single page (or a lab row) of the site. */
export const useContentBySlug = (kind: ContentKind, slug: string) =>
  useQuery({
    queryKey: portalContentKeys.slug(kind, slug),
    queryFn: ({ signal }) =>
      http.get(`${BASE}/contents/by-slug/${kind}/${encodeURIComponent(slug)}`, {
        schema: contentDetail,
        silent: true,
        signal,
      }),
    retry: false,
  });

/** `GET /api/portal/labs/{platform}`: a lab's row (or null) with the experiments, courses and projects tagged to it. */
export const useLabPage = (key: LabKey) =>
  useQuery({
    queryKey: portalContentKeys.lab(key),
    queryFn: ({ signal }) => http.get(`${BASE}/labs/${key}`, { schema: labPage, silent: true, signal }),
    retry: false,
  });
