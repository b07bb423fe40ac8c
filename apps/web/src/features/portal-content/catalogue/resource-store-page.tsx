import { CONTENT_PAGE_SIZE, type ContentCard, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { useSite } from '../../../lib/site-store';
import { useCourseResources, useCourseSystemMatrix, useCourseSystems, useTrainCases } from './api';
import { CatalogueList } from './catalogue-list';
import { CATEGORIES, pageSlice } from './catalogue-model';
import { CardGrid, CatalogueBreadcrumb, EmptyList, Hero, ListSearch, QueryState, SimplePager } from './parts';
import { useListParams } from './use-list';

/**
 * 资源库 (/u/resourceStore/theroryCourse; teachers only, the route guard says 学生身份不支持查看): on a
 * school site the school's own course resources (optionally those of one course system, asked 4 ids at a
 * time) and train cases; elsewhere the product's course catalogue.
 */
export function ResourceStorePage() {
  const site = useSite();
  const schoolId = site.config.TYPE === 'school' ? (site.school?.id ?? null) : null;
  return (
    <div className="catalogue-page">
      <CatalogueBreadcrumb items={[{ title: '资源库' }]} />
      <Hero
        kind="course"
        title="资源库"
        lead={
          schoolId
            ? `${site.school?.name ?? '本校'}的专属课程资源与实训案例，可用于备课与开设班级。`
            : '平台精品课程资源，可用于备课与开设班级。'
        }
      />
      {schoolId ? (
        <SchoolResources schoolId={schoolId} />
      ) : (
        <CatalogueList
          kind="course"
          categoryLabel="专业方向"
          categories={CATEGORIES}
          withType
          noun="门课程"
          searchPlaceholder="搜索课程名称或简介"
          label="课程资源"
        />
      )}
    </div>
  );
}

type RowsQuery = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: ContentCard[] | undefined;
  refetch: () => unknown;
};

/**
 * The rows of a tab: the train cases; the school's course resources; or, with a course system chosen, the
 * course ids its matrix places, asked of course_resources 4 at a time (portal spec 7).
 */
const useSchoolRows = (schoolId: string, tab: 'courses' | 'cases', systemId: string | null): RowsQuery => {
  const matrix = useCourseSystemMatrix(tab === 'courses' ? systemId : null);
  const ids = useMemo(
    () => (matrix.data ? matrix.data.rows.flatMap((row) => row.cells.flat().map((card) => card.id)) : []),
    [matrix.data],
  );
  const courses = useCourseResources(tab === 'courses' ? schoolId : null, systemId ? ids : null);
  const cases = useTrainCases(tab === 'cases' ? schoolId : null);
  if (tab === 'cases') return cases;
  if (!systemId) return courses;
  if (matrix.isPending || matrix.isError) return { ...matrix, data: undefined };
  if (ids.length === 0) return { ...matrix, data: [] };
  return courses;
};

function SchoolResources({ schoolId }: { schoolId: string }) {
  const { params, filters, set } = useListParams();
  const tab = params.get('tab') === 'cases' ? 'cases' : 'courses';
  const systems = useCourseSystems(schoolId);
  const system =
    tab === 'courses' ? (systems.data?.find((s) => s.id === params.get('system')) ?? null) : null;
  const query = useSchoolRows(schoolId, tab, system?.id ?? null);
  const tabHref = (next: 'courses' | 'cases') => (next === 'cases' ? '?tab=cases' : '?');
  const systemOptions = (systems.data ?? []).map((s) => ({ value: s.id, title: s.name }));
  const q = filters.q.toLowerCase();
  return (
    <>
      <nav className="catalogue-tabs" aria-label="资源类型">
        <Link to={tabHref('courses')} aria-current={tab === 'courses' ? 'page' : undefined} replace>
          课程资源
        </Link>
        <Link to={tabHref('cases')} aria-current={tab === 'cases' ? 'page' : undefined} replace>
          实训案例
        </Link>
      </nav>
      <div className="catalogue-toolbar">
        <div className="catalogue-filters">
          {tab === 'courses' && systemOptions.length > 0 && (
            <SystemFilter params={params} options={systemOptions} value={system?.id ?? ''} />
          )}
        </div>
        <ListSearch
          value={filters.q}
          label={tab === 'cases' ? '搜索实训案例' : '搜索课程资源'}
          placeholder="按名称筛选"
          onSearch={(value) => set({ q: value })}
        />
      </div>
      <QueryState
        query={query}
        loadingText="正在加载资源…"
        isEmpty={(rows) => rows.length === 0}
        empty={<EmptyList text={system ? '该课程体系暂无本校课程资源' : PORTAL_CONTENT_MSG.empty} />}
      >
        {(rows) => {
          const matching = q ? rows.filter((r) => `${r.title} ${r.summary}`.toLowerCase().includes(q)) : rows;
          if (matching.length === 0)
            return <EmptyList text="没有符合条件的资源" clearTo={tab === 'cases' ? '?tab=cases' : '?'} />;
          const page = pageSlice(matching, filters.page);
          return (
            <>
              <p className="catalogue-count" aria-live="polite">
                共 {page.total} {tab === 'cases' ? '个实训案例' : '门课程'}
              </p>
              <CardGrid rows={page.rows} label={tab === 'cases' ? '实训案例' : '课程资源'} />
              <SimplePager
                page={filters.page}
                pageSize={CONTENT_PAGE_SIZE}
                total={page.total}
                label="资源分页"
                onChange={(next) => set({ page: next })}
              />
            </>
          );
        }}
      </QueryState>
    </>
  );
}

/** 课程体系: all of the school's resources, or those placed in one course system. */
function SystemFilter({
  params,
  options,
  value,
}: {
  params: URLSearchParams;
  options: { value: string; title: string }[];
  value: string;
}) {
  const all = [{ value: '', title: '全部' }, ...options];
  const href = (id: string) => {
    const next = new URLSearchParams(params);
    if (id) next.set('system', id);
    else next.delete('system');
    next.delete('page');
    const text = next.toString();
    return text ? `?${text}` : '?';
  };
  return (
    <div className="catalogue-filter">
      <span className="catalogue-filter__label" id="filter-system">
        课程体系
      </span>
      <ul aria-labelledby="filter-system">
        {all.map((o) => (
          <li key={o.value || 'all'}>
            <Link
              to={href(o.value)}
              className={`catalogue-filter__option${o.value === value ? ' is-current' : ''}`}
              aria-current={o.value === value ? 'true' : undefined}
              replace
            >
              {o.title}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
