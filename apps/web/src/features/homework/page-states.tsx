import { Button, Pagination, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage } from '../../api/http';
import { isNotFound, type QueryView } from '../question-bank/teacher-course/page-states';
import { HOMEWORK_PAGE_SIZE } from './api';

/**
 * Loading and failure states of a query; `children` renders the data. A 404 (not there, or not the
 * asker's) says so with the way back when one is given; another failure offers 重试.
 */
export function PageStates<T>({
  query,
  loadingText,
  back,
  children,
}: {
  query: QueryView<T>;
  loadingText: string;
  back?: { to: string; text: string };
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="hw-state" role="status">
        <Spin size="small" /> {loadingText}
      </div>
    );
  if (query.isError || query.data === undefined)
    return (
      <div className="hw-state is-error" role="alert" data-testid="hw-error">
        <span>{errorMessage(query.error)}</span>
        {isNotFound(query.error) && back ? (
          <Link to={back.to}>{back.text}</Link>
        ) : (
          <Button onClick={() => void query.refetch()}>重试</Button>
        )}
      </div>
    );
  return <>{children(query.data)}</>;
}

/** The pager under a homework list, shown when there is more than a page. */
export function HomeworkPager({
  page,
  total,
  onChange,
}: {
  page: number;
  total: number;
  onChange: (page: number) => void;
}) {
  if (total <= HOMEWORK_PAGE_SIZE) return null;
  return (
    <Pagination
      className="hw-pager"
      current={page}
      pageSize={HOMEWORK_PAGE_SIZE}
      total={total}
      showSizeChanger={false}
      showTotal={(n) => `共${n}份作业`}
      onChange={onChange}
    />
  );
}
