import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { libQuestionPage, teacherCourse } from '@uplus/shared';
import { z } from 'zod';
import { http, serviceUrl } from '../../../api/http';

export const libraryKeys = {
  all: ['libQuestions'] as const,
  page: (pageNumber: number, pageSize: number) => ['libQuestions', pageNumber, pageSize] as const,
};

/** `GET /api/course/libQuestions?pageNumber&pageSize`: the teacher's own library, newest first. */
export const fetchLibQuestions = (pageNumber: number, pageSize: number) =>
  http.get(serviceUrl('course', '/libQuestions'), {
    query: { pageNumber, pageSize },
    schema: libQuestionPage,
  });

export const useLibQuestions = (pageNumber: number, pageSize: number, enabled: boolean) =>
  useQuery({
    queryKey: libraryKeys.page(pageNumber, pageSize),
    queryFn: () => fetchLibQuestions(pageNumber, pageSize),
    enabled,
    placeholderData: keepPreviousData,
  });

/** `GET /api/course/courses/mine`: the teacher's courses with their homeworks and exercise sets. */
export const useMyCourses = (enabled: boolean) =>
  useQuery({
    queryKey: ['courses', 'mine'] as const,
    queryFn: () => http.get(serviceUrl('course', '/courses/mine'), { schema: z.array(teacherCourse) }),
    enabled,
    staleTime: 60_000,
  });
