import { SearchOutlined } from '@ant-design/icons';
import { Button, Input, Pagination, Spin } from 'antd';
import { type KeyboardEvent, type ReactNode, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { errorMessage, HttpError } from '../../api/http';
import { coverClassOf, STUDY_TABS, type StudyTabKey } from './course-model';
import './courses.css';

/*
 * Pieces the course pages share: the cover, the type tabs, the IME-safe search box, the list states and
 * the confirmation dialog every destructive act goes through (components/confirm-dialog.tsx, re-exported).
 */

/** One of the five cover styles with the course name on it (decorative: the name is also the card's heading). */
export function CourseCover({
  style,
  name,
  className = '',
}: {
  style: number;
  name?: string;
  className?: string;
}) {
  return (
    <div
      className={`${coverClassOf(style)} ${className}`}
      aria-hidden
      data-testid="course-cover"
      data-cover={style}
    >
      {name && <span className="course-cover__title">{name}</span>}
    </div>
  );
}

/** The 全部/理论/实践 tabs as links keeping upType in the address (spec 2.2). */
export function StudyTypeTabs({
  current,
  hrefOf,
}: {
  current: StudyTabKey;
  hrefOf: (tab: StudyTabKey) => string;
}) {
  return (
    <nav aria-label="课程类型">
      <ul className="courses-tabs">
        {STUDY_TABS.map((tab) => (
          <li key={tab.key}>
            <Link
              to={hrefOf(tab.key)}
              aria-current={tab.key === current ? 'page' : undefined}
              data-testid={`courses-tab-${tab.key}`}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Enter that really means "go": not while an input method is still composing (isComposing, keyCode 229). */
export const isCommitEnter = (e: KeyboardEvent) =>
  e.key === 'Enter' && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229;

/**
 * A search box: searches on its button or on Enter (never on the Enter that ends an IME composition).
 * `value` is the search in force (from the address); typing edits a draft until searched.
 */
export function SearchBox({
  value,
  placeholder,
  label,
  maxLength,
  onSearch,
}: {
  value: string;
  placeholder: string;
  label: string;
  maxLength: number;
  onSearch: (text: string) => void;
}) {
  const [draft, setDraft] = useState(value);
  useEffect(() => setDraft(value), [value]);
  return (
    <search className="courses-search">
      <Input
        value={draft}
        onChange={(e) => setDraft(e.target.value)}
        onKeyDown={(e) => {
          if (isCommitEnter(e)) onSearch(draft.trim());
        }}
        placeholder={placeholder}
        aria-label={label}
        maxLength={maxLength}
        allowClear
        data-testid="courses-search"
      />
      <Button icon={<SearchOutlined aria-hidden />} onClick={() => onSearch(draft.trim())}>
        搜索
      </Button>
    </search>
  );
}

/** What the list states read of a query. */
export type ListQuery<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, error (with 重试) and empty states of a list; `children` renders the loaded data. */
export function ListState<T>({
  query,
  loadingText,
  isEmpty,
  empty,
  notFound,
  children,
}: {
  query: ListQuery<T>;
  loadingText: string;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  /** what a 404 shows instead of 重试 (asking again cannot help) */
  notFound?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="courses-state" role="status" data-testid="courses-loading">
        <Spin size="small" /> {loadingText}
      </div>
    );
  if (notFound && query.error instanceof HttpError && query.error.status === 404)
    return (
      <div className="courses-state is-error" role="alert" data-testid="courses-not-found">
        <span>{errorMessage(query.error)}</span>
        {notFound}
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div className="courses-state is-error" role="alert" data-testid="courses-error">
        <span>{errorMessage(query.error)}</span>
        <Button onClick={() => void query.refetch()}>重试</Button>
      </div>
    );
  if (isEmpty(query.data))
    return (
      <div className="courses-state" data-testid="courses-empty">
        {empty}
      </div>
    );
  return <>{children(query.data)}</>;
}

/** Pages of a list, shown only when there is more than one. */
export function Pager({
  page,
  pageSize,
  total,
  onChange,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  label: string;
}) {
  if (total <= pageSize) return null;
  return (
    <nav className="courses-pager" aria-label={label} data-testid="courses-pager">
      <Pagination
        current={page}
        pageSize={pageSize}
        total={total}
        onChange={onChange}
        showSizeChanger={false}
      />
    </nav>
  );
}

export { ConfirmDialog, type ConfirmRequest, useConfirm } from '../../components/confirm-dialog';

/**
 * When the page shown has emptied (its last item archived, restored or removed) while others remain, the
 * list moves back to its last page instead of saying there is nothing.
 */
export const useBackToLastPage = (
  data: { rows: unknown[]; total: number } | undefined,
  page: number,
  pageSize: number,
  goTo: (page: number) => void,
) => {
  useEffect(() => {
    if (!data || data.rows.length > 0 || page <= 1 || data.total === 0) return;
    goTo(Math.max(1, Math.ceil(data.total / pageSize)));
  }, [data, page, pageSize, goTo]);
};
