import { Button, Spin } from 'antd';
import type { ReactNode } from 'react';

/*
 * The loading and failure states of a lookup list (cities, occupation columns): a failure says what failed
 * with 重试 (role alert), a load in flight says 加载中…; null once the list is there.
 */
export const lookupState = (
  q: { isPending: boolean; isError: boolean; refetch: () => unknown },
  what: string,
): ReactNode => {
  if (q.isError)
    return (
      <div className="lk-state" role="alert">
        {what}加载失败
        <Button size="small" type="link" onClick={() => void q.refetch()}>
          重试
        </Button>
      </div>
    );
  if (q.isPending)
    return (
      <div className="lk-state">
        <Spin size="small" /> 加载中…
      </div>
    );
  return null;
};
