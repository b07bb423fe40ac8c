import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { RouteGuard } from '../../app/layouts/route-guard';
import { useRouteHandle } from '../../app/route-handle';
import { WorkbenchHeader } from './workbench-header';
import { WorkbenchSideNav } from './workbench-side-nav';
import './workbench.css';

/**
 * The workbench shell (spec 001 section 2.9) around the /workbench/index/* pages: its own header instead
 * of the portal's, a side navigation, and the page. The site-access rules apply as on every page.
 */
export function WorkbenchLayout() {
  const { route } = useRouteHandle();
  return (
    <div className="wb-page">
      <a className="wb-skip-link" href="#main">
        跳到主要内容
      </a>
      <WorkbenchHeader />
      <div className="wb-body">
        <WorkbenchSideNav />
        <main id="main" className="wb-main" tabIndex={-1}>
          <RouteGuard meta={route?.meta ?? {}}>
            <Suspense
              fallback={
                <div className="wb-status" role="status">
                  <Spin />
                </div>
              }
            >
              <Outlet />
            </Suspense>
          </RouteGuard>
        </main>
      </div>
    </div>
  );
}
