import { Button } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { errorMessage, HttpError } from '../../../api/http';
import { OPENCLASS_INDEX_PATH } from '../open-class-model';

/** Loading, not found (with a way back to the list) and other failures (with 重试) of a course page. */
export function PageState({
  query,
  children,
}: {
  query: { isPending: boolean; isError: boolean; error: unknown; refetch: () => unknown };
  children: ReactNode;
}) {
  if (query.isPending)
    return (
      <div className="courses-state" role="status" data-testid="page-loading">
        正在加载…
      </div>
    );
  if (query.isError) {
    const gone =
      query.error instanceof HttpError && (query.error.status === 404 || query.error.status === 400);
    return (
      <div className="courses-state is-error" role="alert" data-testid="page-error">
        <span>{errorMessage(query.error)}</span>
        {gone ? (
          <Link to={OPENCLASS_INDEX_PATH}>返回职业发展课</Link>
        ) : (
          <Button onClick={() => void query.refetch()}>重试</Button>
        )}
      </div>
    );
  }
  return <>{children}</>;
}
