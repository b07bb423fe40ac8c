import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type CourseMaterial,
  courseMaterial,
  courseUsage,
  homeworkPage,
  MATERIAL_PAGE_SIZE,
  pageOf,
} from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';
import { type UploadProgress, uploadMultipart } from '../../../api/upload';
import { homeworkKeys } from '../../homework/api';

/*
 * The teaching assistant's course data (issue 16 parts 6 and 7): the course's knowledge-base materials
 * (list, new note, file upload with progress, delete) and the course's usage figures, all under
 * ASSISTANT_BASE with the access token. Components never fetch: they use these hooks.
 */

const enc = encodeURIComponent;
/** `{ASSISTANT_BASE}/{courseId}` (ASSISTANT_BASE is course/intelligent/courses, on the configured course base). */
const courseBase = (courseId: number) =>
  serviceUrl('course', `/intelligent/courses/${enc(String(courseId))}`);

export const teacherAssistantKeys = {
  materials: (courseId: number) => ['assistant', 'materials', courseId] as const,
  materialPage: (courseId: number, page: number) =>
    [...teacherAssistantKeys.materials(courseId), page] as const,
  usage: (courseId: number, days: number) => ['assistant', 'usage', courseId, days] as const,
};

const materialPage = pageOf(courseMaterial);

/** How often the list is asked again while a material is still being parsed. */
export const INDEXING_POLL_MS = 3000;

/** `GET {ASSISTANT_BASE}/{courseId}/materials?pageNumber=&pageSize=`: one page, asked again while indexing. */
export const useMaterials = (courseId: number, page: number) =>
  useQuery({
    queryKey: teacherAssistantKeys.materialPage(courseId, page),
    queryFn: () =>
      http.get(`${courseBase(courseId)}/materials`, {
        query: { pageNumber: page, pageSize: MATERIAL_PAGE_SIZE },
        schema: materialPage,
        silent: true,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.rows.some((m) => m.status === 'Indexing') ? INDEXING_POLL_MS : false,
  });

/** `POST {ASSISTANT_BASE}/{courseId}/materials` `{title, body}`: a note written in the product. */
export const useCreateNote = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; body: string }) =>
      http.post(`${courseBase(courseId)}/materials`, body, { schema: courseMaterial, silent: true }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: teacherAssistantKeys.materials(courseId) }),
  });
};

/** `DELETE {ASSISTANT_BASE}/{courseId}/materials/{materialId}` (failures are toasted by the client). */
export const useDeleteMaterial = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (materialId: number) =>
      http.delete(`${courseBase(courseId)}/materials/${enc(String(materialId))}`),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: teacherAssistantKeys.materials(courseId) }),
  });
};

/** Upload progress: bytes sent of the whole request. */
export type MaterialUploadProgress = UploadProgress;

/**
 * `POST {ASSISTANT_BASE}/{courseId}/materials/upload` (multipart `file`, optional `title`), with progress
 * (api/upload.ts). Failures are thrown as HttpError and never toasted here: the tab shows them in place.
 */
export const uploadMaterial = (
  courseId: number,
  file: File,
  opts: {
    title?: string;
    onProgress?: (progress: MaterialUploadProgress) => void;
    signal?: AbortSignal;
  } = {},
): Promise<CourseMaterial> =>
  uploadMultipart({
    url: `${courseBase(courseId)}/materials/upload`,
    file,
    schema: courseMaterial,
    fields: opts.title ? { title: opts.title } : undefined,
    onProgress: opts.onProgress,
    signal: opts.signal,
  });

/** The upload as a mutation; the list is asked again once the server has the file. */
export const useUploadMaterial = (courseId: number) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: {
      file: File;
      onProgress?: (progress: MaterialUploadProgress) => void;
      signal?: AbortSignal;
    }) => uploadMaterial(courseId, input.file, { onProgress: input.onProgress, signal: input.signal }),
    onSuccess: () =>
      void queryClient.invalidateQueries({ queryKey: teacherAssistantKeys.materials(courseId) }),
  });
};

/** The periods the usage tab offers (days). */
export const USAGE_PERIODS = [14, 30] as const;
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/**
 * `GET {ASSISTANT_BASE}/{courseId}/usage?days=`: the course's figures (the course's teachers only), with the
 * period they are for (while another period loads, the previous figures stay with their own period).
 */
export const useCourseUsage = (courseId: number, days: UsagePeriod) =>
  useQuery({
    queryKey: teacherAssistantKeys.usage(courseId, days),
    queryFn: async () => ({
      ...(await http.get(`${courseBase(courseId)}/usage`, {
        query: { days },
        schema: courseUsage,
        silent: true,
      })),
      period: days,
    }),
    placeholderData: keepPreviousData,
  });

/** Homework rows asked at once when listing a course's drafts (the server's page limit). */
const DRAFT_SCAN_SIZE = 100;

/**
 * The course's homework that still takes questions (not published), newest first: where 智能出题 may import.
 * `GET /api/course/courses/{courseId}/homeworks?pageNumber=1&pageSize=100`.
 */
export const useDraftHomeworks = (courseId: string | null) =>
  useQuery({
    queryKey: [...homeworkKeys.teaching(courseId ?? ''), 'drafts'] as const,
    queryFn: async () => {
      const page = await http.get(serviceUrl('course', `/courses/${enc(courseId ?? '')}/homeworks`), {
        query: { pageNumber: 1, pageSize: DRAFT_SCAN_SIZE },
        schema: homeworkPage,
        silent: true,
      });
      return page.rows.filter((h) => h.publishedAt === null);
    },
    enabled: courseId !== null,
    staleTime: 30_000,
  });
