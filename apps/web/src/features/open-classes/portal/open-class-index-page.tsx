import {
  DICTIONARY_GROUPS,
  type DictionaryEntry,
  LIVE_MODE_TITLES,
  LIVE_MODES,
  type LiveMode,
  OPEN_CLASS_LIMITS,
  OPEN_CLASS_MSG,
  type OpenCourseSearchType,
} from '@uplus/shared';
import { Button, Input, Select } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { isCommitEnter, ListState, Pager, useBackToLastPage } from '../../courses/course-parts';
import {
  OPEN_COURSE_PAGE_SIZE,
  type OpenCourseFilter,
  useDictionary,
  useOpenCourses,
  useSearchInfo,
  useSlideshow,
} from '../api';
import { OpenCourseCard } from './open-course-card';
import { Slideshow } from './slideshow';
import '../../courses/courses.css';
import '../open-classes.css';

type SearchKind = 'course' | OpenCourseSearchType;
const SEARCH_KINDS: { value: SearchKind; label: string; placeholder: string }[] = [
  { value: 'course', label: '课程', placeholder: OPEN_CLASS_MSG.searchPlaceholder },
  { value: 'school', label: '按学校', placeholder: '请输入学校名称' },
  { value: 'company', label: '按企业', placeholder: '请输入企业名称' },
];

const kindOf = (value: string | null): SearchKind =>
  value === 'school' || value === 'company' ? value : 'course';

/** One row of filter chips: 全部 and the entries; the chosen one is pressed. */
function FilterRow({
  label,
  entries,
  value,
  onChange,
  testId,
}: {
  label: string;
  entries: readonly DictionaryEntry[];
  value: string;
  onChange: (code: string) => void;
  testId: string;
}) {
  return (
    <fieldset className="oc-filter-row" data-testid={testId}>
      <legend className="oc-filter-row__label">{label}</legend>
      <ul>
        {[{ code: '', title: '全部' }, ...entries].map((entry) => (
          <li key={entry.code || 'all'}>
            <button
              type="button"
              className="oc-chip"
              aria-pressed={entry.code === value}
              onClick={() => onChange(entry.code)}
            >
              {entry.title}
            </button>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

const MODE_ENTRIES: DictionaryEntry[] = LIVE_MODES.map((m) => ({ code: m, title: LIVE_MODE_TITLES[m] }));

/**
 * 职业发展课 (/openclass/index): the posters, search by course name or by school / company (pick one from the
 * matches to see its courses), the CourseClassify / CourseIndustry and live-mode filters, Online courses in
 * pages with 订阅. Every choice is kept in the address.
 */
export function OpenClassIndexPage() {
  const [params, setParams] = useSearchParams();
  const kind = kindOf(params.get('type'));
  const q = params.get('q') ?? '';
  const byId = params.get('by') ?? '';
  const byName = params.get('byName') ?? '';
  const page = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const modeParam = params.get('mode') ?? '';
  const filter: OpenCourseFilter = {
    search: kind === 'course' ? q : '',
    classifyCode: params.get('classify') ?? '',
    industryCode: params.get('industry') ?? '',
    liveMode: (LIVE_MODES as readonly string[]).includes(modeParam) ? (modeParam as LiveMode) : '',
    by: kind !== 'course' && byId ? { searchType: kind, id: byId } : null,
    page,
  };
  const [draft, setDraft] = useState(q);
  useEffect(() => setDraft(q), [q]);
  const [draftKind, setDraftKind] = useState<SearchKind>(kind);
  useEffect(() => setDraftKind(kind), [kind]);

  const slides = useSlideshow();
  const classify = useDictionary(DICTIONARY_GROUPS.classify);
  const industry = useDictionary(DICTIONARY_GROUPS.industry);
  const list = useOpenCourses(filter);
  const choosing = kind !== 'course' && !byId;
  const matches = useSearchInfo(kind === 'company' ? 'company' : 'school', q, choosing);

  const change = useCallback(
    (next: Record<string, string | null>) => {
      const p = new URLSearchParams(params);
      for (const [key, value] of Object.entries(next)) {
        if (value === null || value === '') p.delete(key);
        else p.set(key, value);
      }
      if (!('page' in next)) p.delete('page');
      setParams(p);
    },
    [params, setParams],
  );
  const toPage = useCallback((n: number) => change({ page: n > 1 ? String(n) : null }), [change]);
  useBackToLastPage(list.data, page, OPEN_COURSE_PAGE_SIZE, toPage);

  const search = () =>
    change({ type: draftKind === 'course' ? null : draftKind, q: draft.trim(), by: null, byName: null });
  const placeholder = SEARCH_KINDS.find((k) => k.value === draftKind)?.placeholder ?? '';

  return (
    <div className="oc-index">
      {slides.data && <Slideshow items={slides.data} />}
      <h1 className="visually-hidden">职业发展课</h1>
      <search className="oc-index__search">
        <Select
          value={draftKind}
          onChange={(v) => setDraftKind(v)}
          options={SEARCH_KINDS.map((k) => ({ value: k.value, label: k.label }))}
          aria-label="搜索方式"
          data-testid="search-kind"
        />
        <Input
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (isCommitEnter(e)) search();
          }}
          placeholder={placeholder}
          aria-label={placeholder}
          maxLength={OPEN_CLASS_LIMITS.maxSearchLength}
          allowClear
          data-testid="open-class-search"
        />
        <Button type="primary" onClick={search}>
          搜索
        </Button>
      </search>

      {kind !== 'course' && (
        <section
          className="oc-filters"
          aria-label={kind === 'school' ? '学校' : '企业'}
          data-testid="search-info"
        >
          {byId ? (
            <div className="oc-manage-row">
              <span>
                {kind === 'school' ? '学校' : '企业'}：<strong>{byName || byId}</strong> 的课程
              </span>
              <Button size="small" onClick={() => change({ by: null, byName: null })}>
                重新选择
              </Button>
              <Button
                size="small"
                type="link"
                onClick={() => change({ type: null, q: null, by: null, byName: null })}
              >
                查看全部课程
              </Button>
            </div>
          ) : (
            <ListState
              query={matches}
              loadingText="正在查找…"
              isEmpty={(d) => d.rows.length === 0}
              empty={`没有找到与“${q}”相关的${kind === 'school' ? '学校' : '企业'}`}
            >
              {(d) => (
                <ul className="oc-filter-row" aria-label="选择后查看其课程">
                  {d.rows.map((row) => (
                    <li key={row.id}>
                      <button
                        type="button"
                        className="oc-chip"
                        onClick={() => change({ by: row.id, byName: row.name })}
                        data-testid="search-info-row"
                      >
                        {row.name}（{row.courseCount}）
                      </button>
                    </li>
                  ))}
                </ul>
              )}
            </ListState>
          )}
        </section>
      )}

      {kind === 'course' && (
        <section className="oc-filters" aria-label="筛选">
          <FilterRow
            label="课程分类"
            entries={classify.data ?? []}
            value={filter.classifyCode}
            onChange={(code) => change({ classify: code })}
            testId="filter-classify"
          />
          <FilterRow
            label="所属行业"
            entries={industry.data ?? []}
            value={filter.industryCode}
            onChange={(code) => change({ industry: code })}
            testId="filter-industry"
          />
          <FilterRow
            label="直播形式"
            entries={MODE_ENTRIES}
            value={filter.liveMode}
            onChange={(code) => change({ mode: code })}
            testId="filter-mode"
          />
        </section>
      )}

      {!choosing && (
        <ListState
          query={list}
          loadingText="正在加载课程…"
          isEmpty={(d) => d.rows.length === 0}
          empty={q && kind === 'course' ? `没有找到与“${q}”相关的课程` : OPEN_CLASS_MSG.noOpenCourses}
        >
          {(d) => (
            <>
              <ul className="oc-grid" aria-label="课程列表" aria-busy={list.isFetching}>
                {d.rows.map((course) => (
                  <li key={course.id}>
                    <OpenCourseCard course={course} />
                  </li>
                ))}
              </ul>
              <Pager
                page={page}
                pageSize={OPEN_COURSE_PAGE_SIZE}
                total={d.total}
                label="课程分页"
                onChange={toPage}
              />
            </>
          )}
        </ListState>
      )}
    </div>
  );
}
