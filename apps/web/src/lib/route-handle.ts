import { useMatches } from 'react-router';
import type { RouteDef } from './routes';

/** What each router entry carries in its `handle`: its row of the shared route table. */
export type RouteHandle = { route?: RouteDef; notFound?: boolean };

/** The handle of the deepest matched route. */
export const useRouteHandle = (): RouteHandle => {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle && (handle.route || handle.notFound)) return handle;
  }
  return {};
};
