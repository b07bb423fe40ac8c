import { TrophyOutlined } from '@ant-design/icons';
import { formatDate } from '@uplus/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage, HttpError } from '../../api/http';
import './competitions.css';

type Query<T> = {
  isPending: boolean;
  isError: boolean;
  data: T | undefined;
  error: unknown;
  refetch: () => unknown;
};

/** Loading, failure (with 重试 unless refused), empty, or the content. */
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
      <div className="competition-state" role="status" data-testid="competitions-loading">
        {loadingText}
      </div>
    );
  if (query.isError || query.data === undefined) {
    const refused =
      query.error instanceof HttpError && (query.error.status === 403 || query.error.status === 404);
    return (
      <div className="competition-state is-error" role="alert" data-testid="competitions-error">
        <span>{errorMessage(query.error)}</span>
        {!refused && <Button onClick={() => void query.refetch()}>重试</Button>}
      </div>
    );
  }
  if (isEmpty(query.data))
    return (
      <div className="competition-state" data-testid="competitions-empty">
        {empty}
      </div>
    );
  return <>{children(query.data)}</>;
}

/** 上一页 / 下一页, hidden on a single page. */
export function Pager({
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
    <nav className="competition-pager" aria-label={label}>
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

/** A competition's cover, or a placeholder. */
export function Cover({ url, className }: { url: string; className: string }) {
  return url ? (
    <img className={className} src={url} alt="" loading="lazy" />
  ) : (
    <div className={className} aria-hidden>
      <TrophyOutlined />
    </div>
  );
}

/** `2026.03.01 09:00`. */
export const timeText = (ms: number) => formatDate(ms, '{y}.{m}.{d} {h}:{i}');

/** `2026.03.01 09:00 - 2026.03.31 18:00`. */
export const periodText = (start: number, end: number) => `${timeText(start)} - ${timeText(end)}`;

/** A page number from the address (1 when absent or wrong). */
export const pageFrom = (value: string | null) => Math.max(1, Number.parseInt(value ?? '1', 10) || 1);

/** The Enter that ends an input method's composition is never a submit. */
export const stopComposingEnter = (e: {
  key: string;
  nativeEvent: KeyboardEvent;
  preventDefault: () => void;
}) => {
  if (e.key === 'Enter' && (e.nativeEvent.isComposing || e.nativeEvent.keyCode === 229)) e.preventDefault();
};
