import type { ContentKind, ContentPage } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { useContents } from '../api';
import { useAllContents } from './api';
import {
  type ListFilters,
  listPlan,
  ofCourseType,
  pageSlice,
  readFilters,
  withFilters,
} from './catalogue-model';

/** The address's filters of a list page and a way to change them (a change goes back to page 1). */
export const useListParams = () => {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const set = (patch: Partial<ListFilters>) =>
    setParams(withFilters(params, patch), { replace: !patch.page });
  return { params, filters, set };
};

type ListQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ContentPage | undefined;
  refetch: () => unknown;
};

/**
 * One page of a kind's list for the address's filters. With 理论课/实践课 chosen (courses) the whole
 * matching list is read and the type kept here; otherwise the server pages it.
 */
export const useCatalogueList = (
  kind: ContentKind,
  filters: ListFilters,
  extra: { vocational?: boolean } = {},
): ListQuery => {
  const plan = listPlan(kind, filters, extra);
  const paged = useContents(plan.query, { enabled: !plan.courseType });
  const all = useAllContents(plan.query, !!plan.courseType);
  if (!plan.courseType) return paged;
  const type = plan.courseType;
  return {
    isPending: all.isPending,
    isError: all.isError,
    error: all.error,
    data: all.data ? pageSlice(ofCourseType(all.data, type), filters.page) : undefined,
    refetch: all.refetch,
  };
};
