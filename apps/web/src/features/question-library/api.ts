import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { libQuestionPage } from '@uplus/shared';
import { http, serviceUrl } from '../../api/http';

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
