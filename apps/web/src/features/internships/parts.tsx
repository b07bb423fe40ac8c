import { formatDate } from '@uplus/shared';
import { Button } from 'antd';
import type { KeyboardEvent, ReactNode } from 'react';
import { errorMessage, HttpError } from '../../api/http';

/*
 * Light pieces of the internship pages (kept off the courses area's parts, whose pagination and search
 * would weigh on the workbench pages' first load): dates, the list states and a pager of plain buttons.
 */

/** A period as the cards show it: 2026.03.01 - 2026.06.30. */
export const dateRange = (start: number, end: number) =>
  `${formatDate(start, '{y}.{m}.{d}')} - ${formatDate(end, '{y}.{m}.{d}')}`;

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
      <div className="internship-state" role="status" data-testid="internships-loading">
        {loadingText}
      </div>
    );
  if (query.isError || query.data === undefined) {
    const refused =
      query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404);
    return (
      <div className="internship-state is-error" role="alert" data-testid="internships-error">
        <span>{errorMessage(query.error)}</span>
        {!refused && <Button onClick={() => void query.refetch()}>重试</Button>}
      </div>
    );
  }
  if (isEmpty(query.data))
    return (
      <div className="internship-state" data-testid="internships-empty">
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
    <nav className="internship-pager" aria-label={label} data-testid="internships-pager">
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

/** A thin progress bar (decorative: the percent is said in text beside it). */
export function ProgressBar({ share }: { share: number }) {
  const percent = Math.round(Math.min(1, Math.max(0, share)) * 100);
  return (
    <span className="internship-progress" aria-hidden>
      <span style={{ width: `${percent}%` }} />
    </span>
  );
}

/** Enter that really means "go": not while an input method is still composing (isComposing, keyCode 229). */
export const isCommitEnter = (e: KeyboardEvent) =>
  e.key === 'Enter' && !e.nativeEvent.isComposing && e.nativeEvent.keyCode !== 229;
