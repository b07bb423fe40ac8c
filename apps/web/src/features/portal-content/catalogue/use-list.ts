import type { ContentKind, ContentPage } from '@uplus/shared';
import { useSearchParams } from 'react-router';
import { useContents } from '../api';
import { type ListFilters, listPlan, readFilters, withFilters } from './catalogue-model';

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

/** One page of a kind's list for the address's filters (the server filters and pages it). */
export const useCatalogueList = (
  kind: ContentKind,
  filters: ListFilters,
  extra: { vocational?: boolean } = {},
): ListQuery => useContents(listPlan(kind, filters, extra));
