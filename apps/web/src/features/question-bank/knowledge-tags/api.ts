import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { knowledgeListResult, knowledgeTag } from '@uplus/shared';
import { http, serviceUrl } from '../../../api/http';

export const knowledgeKeys = {
  all: ['libKnowledges'] as const,
  list: (keyWord: string) => ['libKnowledges', 'list', keyWord] as const,
};

/**
 * `GET /api/course/libKnowledges/list?keyWord=&isLibrary=1`: the teacher's own tags and the library's whose
 * name contains the keyword. Silent: without suggestions the tag input still works.
 */
export const useKnowledgeTags = (keyWord: string) =>
  useQuery({
    queryKey: knowledgeKeys.list(keyWord),
    queryFn: () =>
      http.get(serviceUrl('course', '/libKnowledges/list'), {
        query: { keyWord: keyWord || undefined, isLibrary: 1 },
        schema: knowledgeListResult,
        silent: true,
      }),
    select: (data) => data.fieldList,
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });

/** `POST /api/course/libKnowledges` (isLibrary 0): a new tag of the teacher's; suggestions refresh after. */
export const useCreateKnowledge = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (name: string) =>
      http.post(serviceUrl('course', '/libKnowledges'), { name, isLibrary: 0 }, { schema: knowledgeTag }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: knowledgeKeys.all }),
  });
};
