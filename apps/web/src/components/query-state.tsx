import { Button } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, HttpError } from '../api/http';
import './query-state.css';

/*
 * The states of a list or a page loaded with TanStack Query, and a pager of plain buttons (light: antd's
 * Pagination would weigh on the workbench pages' first load). Used by internships, competitions, jobs,
 * favourites and reservations.
 */

type Query<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, error (with 重试; a 403/404 refusal without it) and empty states; `children` shows the data. */
export function QueryState<T>({
  query,
  loadingText,
  isEmpty = () => false,
  empty = null,
  children,
}: {
  query: Query<T>;
  loadingText: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="query-state" role="status" data-testid="query-loading">
        {loadingText}
      </div>
    );
  if (query.isError || query.data === undefined) {
    const refused =
      query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404);
    return (
      <div className="query-state is-error" role="alert" data-testid="query-error">
        <span>{errorMessage(query.error)}</span>
        {!refused && <Button onClick={() => void query.refetch()}>重试</Button>}
      </div>
    );
  }
  if (isEmpty(query.data))
    return (
      <div className="query-state" data-testid="query-empty">
        {empty}
      </div>
    );
  return <>{children(query.data)}</>;
}

/** 上一页 / 第 n / m 页 / 下一页, shown only with more than one page. */
export function SimplePager({
  page,
  pageSize,
  total,
  label,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  label: string;
  onChange: (page: number) => void;
}) {
  const pages = Math.ceil(total / pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="query-pager" aria-label={label} data-testid="query-pager">
      <Button disabled={page <= 1} onClick={() => onChange(page - 1)}>
        上一页
      </Button>
      <span aria-live="polite">
        第 {page} / {pages} 页
      </span>
      <Button disabled={page >= pages} onClick={() => onChange(page + 1)}>
        下一页
      </Button>
    </nav>
  );
}
