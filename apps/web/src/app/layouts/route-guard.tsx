import { StopOutlined } from '@ant-design/icons';
import { toRole } from '@uplus/shared';
import { Button, Spin } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { StatusPanel } from '../../components/status-panel';
import { useSessionSync } from '../../features/sessions/api';
import { goToLogin } from '../../features/sessions/session';
import { type RouteMeta, siteAccess } from '../../lib/routes';
import { useSiteConfig } from '../../lib/site-store';
import { useStored } from '../../lib/storage';

/** Applies the site-access rules (spec 001 section 5) to the page being opened. */
export function RouteGuard({ meta, children }: { meta: RouteMeta; children: ReactNode }) {
  const { pathname, search } = useLocation();
  const config = useSiteConfig();
  const token = useStored('AccessToken');
  const role = useStored('role');
  const session = useSessionSync();
  const decision = siteAccess(pathname, { config, signedIn: !!token, role: role ? toRole(role) : null });
  const returnPath = `${pathname}${search}`;

  useEffect(() => {
    if (decision.kind === 'login') goToLogin(returnPath);
  }, [decision.kind, returnPath]);

  if (decision.kind === 'redirect') return <Navigate to={decision.to} replace />;
  if (decision.kind === 'login') {
    return (
      <div className="page-status" role="status">
        <Spin />
        <span>该页面需要登录，正在前往登录…</span>
      </div>
    );
  }
  // The leader flag arrives with the session sync: wait for it instead of refusing too early.
  if (meta.collegeLeaderOnly && token && session.isPending) {
    return (
      <div className="page-status" role="status">
        <Spin />
        <span>正在确认访问权限…</span>
      </div>
    );
  }
  if (decision.kind === 'deny') {
    return (
      <StatusPanel
        icon={<StopOutlined className="is-error" />}
        title="无法访问"
        description={decision.message}
        actions={
          <Link to="/home/index">
            <Button type="primary">返回首页</Button>
          </Link>
        }
      />
    );
  }
  return children;
}
