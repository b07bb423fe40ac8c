import { CONTENT_PAGE_SIZE, type ContentKind, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { useContents } from '../api';
import { ALL_PAGE_SIZE, COURSE_TYPE_TITLES, categoryOptions } from './catalogue-model';
import { CardGrid, EmptyList, FilterLinks, ListSearch, QueryState, SimplePager } from './parts';
import { useCatalogueList, useListParams } from './use-list';

const TYPE_OPTIONS = (['Theory', 'Train'] as const).map((t) => ({ value: t, title: COURSE_TYPE_TITLES[t] }));

/**
 * The category filter's choices: a fixed list (专业方向), or the values the kind's rows carry (行业), read
 * from its first 50 rows, so that no choice leads to an empty list.
 */
const useCategoryChoices = (kind: ContentKind, fixed: readonly string[] | null, current: string) => {
  const rows = useContents({ kind, pageNumber: 1, pageSize: ALL_PAGE_SIZE }, { enabled: !fixed });
  return categoryOptions(kind, fixed, rows.data?.rows ?? [], current);
};

export type CatalogueListProps = {
  kind: ContentKind;
  /** the filter's label: 专业方向 (attrs.category) or 行业 (attrs.industry) */
  categoryLabel: string;
  /** fixed choices, or null to offer the values the rows carry */
  categories: readonly string[] | null;
  /** courses: 理论课 / 实践课 */
  withType?: boolean;
  vocational?: boolean;
  /** a count's measure word and noun: 门课程, 个实验 … */
  noun: string;
  searchPlaceholder: string;
  /** the list's accessible name */
  label: string;
  level?: 2 | 3;
};

/** A kind's list with its filters, search box and pages, all in the address (shareable). */
export function CatalogueList({
  kind,
  categoryLabel,
  categories,
  withType = false,
  vocational,
  noun,
  searchPlaceholder,
  label,
  level = 2,
}: CatalogueListProps) {
  const { params, filters, set } = useListParams();
  const list = useCatalogueList(kind, withType ? filters : { ...filters, type: '' }, { vocational });
  const options = useCategoryChoices(kind, categories, filters.category);
  const filtered = !!(filters.q || filters.category || (withType && filters.type));
  return (
    <div className="catalogue-list" data-testid={`${kind}-catalogue`}>
      <div className="catalogue-toolbar">
        <div className="catalogue-filters">
          {options.length > 0 && (
            <FilterLinks
              label={categoryLabel}
              field="category"
              options={options}
              params={params}
              value={filters.category}
            />
          )}
          {withType && (
            <FilterLinks
              label="课程类型"
              field="type"
              options={TYPE_OPTIONS}
              params={params}
              value={filters.type}
            />
          )}
        </div>
        <ListSearch
          value={filters.q}
          label={`搜索${label}`}
          placeholder={searchPlaceholder}
          onSearch={(q) => set({ q })}
        />
      </div>
      <QueryState
        query={list}
        loadingText="正在加载…"
        isEmpty={(d) => d.rows.length === 0}
        empty={
          <EmptyList
            text={filtered ? `没有符合条件的${noun.slice(1)}` : PORTAL_CONTENT_MSG.empty}
            clearTo={filtered || filters.page > 1 ? '?' : undefined}
          />
        }
      >
        {(d) => (
          <>
            <p className="catalogue-count" aria-live="polite">
              共 {d.total} {noun}
            </p>
            <CardGrid rows={d.rows} level={level} label={label} />
            <SimplePager
              page={filters.page}
              pageSize={CONTENT_PAGE_SIZE}
              total={d.total}
              label={`${label}分页`}
              onChange={(page) => set({ page })}
            />
          </>
        )}
      </QueryState>
    </div>
  );
}
