import { StopOutlined } from '@ant-design/icons';
import { MSG, toRole } from '@uplus/shared';
import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, HttpError } from '../../../api/http';
import { StatusPanel } from '../../../components/status-panel';
import { useStored } from '../../../lib/storage';

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

/** Where the teacher's courses are listed: the way back from a course page. */
export const MY_COURSES_PATH = '/u/teacherGr/group';

/**
 * The crumbs of a course page: 我的课程, then the course once its name is known. While loading or when the
 * homework or set does not exist there is no course to name, so no placeholder crumb is shown.
 */
export function CourseCrumbs({ courseName }: { courseName?: string }) {
  return (
    <nav className="teacher-course__crumbs" aria-label="位置">
      <Link to={MY_COURSES_PATH}>我的课程</Link>
      {courseName && (
        <>
          <span aria-hidden> / </span>
          <span aria-current="page">{courseName}</span>
        </>
      )}
    </nav>
  );
}

/** A 404: what was asked for does not exist (or is not the caller's); asking again cannot help. */
export const isNotFound = (error: unknown) => error instanceof HttpError && error.status === 404;

/** The part of a query result a list's states read. */
export type QueryView<T> = {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data: T | undefined;
  refetch: () => unknown;
};

/**
 * Loading, error and empty states of a list; `children` renders the loaded data. A failure that may pass
 * offers 重试; a 404 (the homework or set does not exist) says so with the way back to 我的课程 instead.
 */
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
  if (query.isError && isNotFound(query.error))
    return (
      <div className="course-state is-missing" role="alert" data-testid="course-not-found">
        <span>{errorMessage(query.error)}</span>
        <Link to={MY_COURSES_PATH}>返回我的课程</Link>
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
