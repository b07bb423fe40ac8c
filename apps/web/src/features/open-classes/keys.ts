import { useQueryClient } from '@tanstack/react-query';
import type { SubscriptionSort } from '@uplus/shared';
import { serviceUrl } from '../../api/http';
import { useStored } from '../../lib/storage';

/*
 * Query keys and addresses of the open classes, shared by the area's api files (the subscription screen
 * has its own small one, so the workbench page does not load the other pages' calls).
 */

/** An address under the open-class service. */
export const oc = (path: string) => serviceUrl('opencourse', path);
/** A path segment, encoded. */
export const pathId = encodeURIComponent;

export const openClassKeys = {
  all: (token: string | null) => ['open-classes', token ?? ''] as const,
  subscriptions: (token: string | null) => [...openClassKeys.all(token), 'subscriptions'] as const,
  subscriptionPage: (token: string | null, sort: SubscriptionSort, page: number) =>
    [...openClassKeys.subscriptions(token), sort, page] as const,
  courses: (token: string | null) => [...openClassKeys.all(token), 'courses'] as const,
  course: (token: string | null, courseId: string) =>
    [...openClassKeys.all(token), 'course', courseId] as const,
  videos: (token: string | null, courseId: string) =>
    [...openClassKeys.course(token, courseId), 'videos'] as const,
  live: (token: string | null, sessionId: string) =>
    [...openClassKeys.all(token), 'live', sessionId] as const,
  manage: (token: string | null) => [...openClassKeys.all(token), 'manage'] as const,
  manageCourse: (token: string | null, courseId: string) =>
    [...openClassKeys.manage(token), 'course', courseId] as const,
};

/** After a subscribe, unsubscribe or delete: the lists and the course's pages are asked again. */
export const useRefreshOpenClasses = () => {
  const queryClient = useQueryClient();
  const token = useStored('AccessToken');
  return () => queryClient.invalidateQueries({ queryKey: openClassKeys.all(token) });
};
