import type { RouteDef } from '../lib/routes';

/**
 * The /workbench/index/* pages and the message page (spec 001 section 2.9 lists its day-grouped list with
 * the shell) live in the workbench shell (features/workbench) instead of the portal layout. Pure, so that
 * the bundle-size bench can tell which layout a route loads.
 */
export const inWorkbench = (route: RouteDef) =>
  route.path.startsWith('/workbench/index/') || route.name === 'message';
