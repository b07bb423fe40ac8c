import { Spin } from 'antd';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import type { RouteMeta } from '../../lib/routes';
import { RouteGuard } from './route-guard';
import './guarded-outlet.css';

/** The first stop of the tab order on every layout: past the header to the page (`#main`). */
export function SkipLink() {
  return (
    <a className="skip-link" href="#main">
      跳到主要内容
    </a>
  );
}

/** A layout's page behind the site-access rules, with a spinner while its code loads. */
export function GuardedOutlet({ meta }: { meta: RouteMeta }) {
  return (
    <RouteGuard meta={meta}>
      <Suspense
        fallback={
          <div className="page-status" role="status">
            <Spin />
          </div>
        }
      >
        <Outlet />
      </Suspense>
    </RouteGuard>
  );
}
