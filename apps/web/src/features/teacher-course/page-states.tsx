import { StopOutlined } from '@ant-design/icons';
import { MSG, toRole } from '@uplus/shared';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { errorMessage } from '../../api/http';
import { StatusPanel } from '../../components/status-panel';
import { useStored } from '../../lib/storage';

/** The course pages are for teachers (and business users at the teacher workbench), as on the server. */
export const useMayTeach = () => toRole(useStored('role')) !== 'Student';

/** What a student sees instead of a course page (the server refuses them too). */
export function NotForStudents() {
  return (
    <StatusPanel
      icon={<StopOutlined className="is-error" />}
      title="无法访问"
      description={MSG.studentCannotView}
    />
  );
}

/** The part of a query result a list's states read. */
export type QueryView<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/** Loading, error (with 重试) and empty states of a list; `children` renders the loaded data. */
export function ListStates<T>({
  query,
  loadingText,
  isEmpty,
  emptyText,
  children,
}: {
  query: QueryView<T>;
  loadingText: string;
  isEmpty: (data: T) => boolean;
  emptyText: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="course-state" role="status">
        <Spin size="small" /> {loadingText}
      </div>
    );
  if (query.isError || !query.data)
    return (
      <div className="course-state is-error" role="alert">
        <span>{errorMessage(query.error)}</span>
        <Button onClick={() => void query.refetch()}>重试</Button>
      </div>
    );
  if (isEmpty(query.data))
    return (
      <div className="course-state is-empty" data-testid="course-empty">
        {emptyText}
      </div>
    );
  return <>{children(query.data)}</>;
}
