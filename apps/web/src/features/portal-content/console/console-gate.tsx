import { LockOutlined } from '@ant-design/icons';
import { type ConsoleScope, PORTAL_CONTENT_MSG } from '@uplus/shared';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage, HttpError } from '../../../api/http';
import { StatusPanel } from '../../../components/status-panel';
import { useConsoleScope } from './api';

/**
 * The console's pages show only to a site's admins: the managed site is loaded first; anyone else is told
 * 当前身份无内容管理权限 (with who manages what) instead of seeing buttons that would all be refused.
 */
export function ConsoleGate({ children }: { children: (scope: ConsoleScope) => ReactNode }) {
  const scope = useConsoleScope();
  const navigate = useNavigate();
  if (scope.isPending)
    return (
      <div className="query-state" role="status" data-testid="console-loading">
        正在确认内容管理权限…
      </div>
    );
  if (scope.isError) {
    const refused = scope.error instanceof HttpError && scope.error.status === 403;
    return refused ? (
      <StatusPanel
        icon={<LockOutlined />}
        title={PORTAL_CONTENT_MSG.noConsole}
        description="内容管理仅对站点管理员开放：产品站由平台管理员维护，学校站点由学院管理员维护，区域站点由区域管理员维护。如需权限，请联系所在机构的管理员。"
        actions={
          <Button type="primary" onClick={() => navigate('/home/index')}>
            返回首页
          </Button>
        }
      />
    ) : (
      <StatusPanel
        title="内容管理加载失败"
        description={errorMessage(scope.error)}
        actions={<Button onClick={() => void scope.refetch()}>重试</Button>}
      />
    );
  }
  return <>{children(scope.data)}</>;
}
