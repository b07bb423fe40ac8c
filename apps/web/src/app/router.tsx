import { REDIRECTS, ROUTES, type RouteDef } from '@uplus/shared';
import { createBrowserRouter, type RouteObject, redirect } from 'react-router';
import { PortalLayout } from './layouts/portal-layout';
import { RouteError } from './route-error';
import type { RouteHandle } from './route-handle';

type LazyPage = () => Promise<{ Component: React.ComponentType }>;

/** Pages built in this issue; every other route shows the shared coming-soon page. Each is its own chunk. */
const PAGES: Record<string, LazyPage> = {
  home: async () => ({ Component: (await import('../features/home/home-page')).HomePage }),
  authorize: async () => ({ Component: (await import('../features/session/authorize-page')).AuthorizePage }),
  qucSync: async () => ({ Component: (await import('../features/session/quc-sync-page')).QucSyncPage }),
  slogin: async () => ({ Component: (await import('../features/session/slogin-page')).SloginPage }),
  toolkit: async () => ({ Component: (await import('../features/ai-toolkit/toolkit-page')).ToolkitPage }),
  exerciseLibs: async () => ({
    Component: (await import('../features/question-library/question-library-page')).QuestionLibraryPage,
  }),
  teacherGroup: async () => ({
    Component: (await import('../features/teacher-course/teacher-group-page')).TeacherGroupPage,
  }),
  teacherHomework: async () => ({
    Component: (await import('../features/teacher-course/teacher-homework-page')).TeacherHomeworkPage,
  }),
  teacherExerciseSet: async () => ({
    Component: (await import('../features/teacher-course/teacher-exercise-set-page')).TeacherExerciseSetPage,
  }),
  message: async () => ({ Component: (await import('../features/messages/message-page')).MessagePage }),
  collegeAdmin: async () => ({
    Component: (await import('../features/college-admin/college-admin-page')).CollegeAdminPage,
  }),
};
/**
 * The /workbench/index/* pages and the message page (spec 001 section 2.9 lists its day-grouped list with
 * the shell) live in the workbench shell (features/workbench) instead of the portal layout.
 */
const inWorkbench = (route: RouteDef) =>
  route.path.startsWith('/workbench/index/') || route.name === 'message';
const workbenchLayout: LazyPage = async () => ({
  Component: (await import('../features/workbench/workbench-layout')).WorkbenchLayout,
});
const comingSoon: LazyPage = async () => ({
  Component: (await import('../components/coming-soon')).ComingSoonPage,
});
const notFound: LazyPage = async () => ({
  Component: (await import('../features/not-found/not-found-page')).NotFoundPage,
});

/** Shown while the first page's code loads. */
function Loading() {
  return (
    <div className="boot-screen" role="status">
      正在加载…
    </div>
  );
}

/** Redirect routes render nothing: their loader has already sent the router on. */
const Nothing = () => null;

const pageRoute = (route: RouteDef): RouteObject => ({
  path: route.path,
  handle: { route } satisfies RouteHandle,
  lazy: PAGES[route.name] ?? comingSoon,
  HydrateFallback: Loading,
});

/** The router: every route of the shared table, the spec's redirects, and a not-found page. */
export const appRoutes = (): RouteObject[] => [
  ...ROUTES.filter((r) => r.meta.outsideLayout).map(pageRoute),
  {
    lazy: workbenchLayout,
    errorElement: <RouteError />,
    HydrateFallback: Loading,
    children: ROUTES.filter(inWorkbench).map(pageRoute),
  },
  {
    element: <PortalLayout />,
    errorElement: <RouteError />,
    HydrateFallback: Loading,
    children: [
      ...REDIRECTS.map(
        (r): RouteObject => ({
          path: r.from,
          Component: Nothing,
          loader: ({ request }) => redirect(`${r.to}${new URL(request.url).search}`),
        }),
      ),
      ...ROUTES.filter((r) => !r.meta.outsideLayout && !inWorkbench(r)).map(pageRoute),
      { path: '*', handle: { notFound: true } satisfies RouteHandle, lazy: notFound },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(appRoutes());
