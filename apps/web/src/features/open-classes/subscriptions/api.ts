import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { idResult, type SubscriptionSort, subscriptionPage } from '@uplus/shared';
import { http } from '../../../api/http';
import { useStored } from '../../../lib/storage';
import { oc, openClassKeys, pathId, useRefreshOpenClasses } from '../keys';

/*
 * Data of the subscription screen (职业发展课 in the workbench; spec 2.11, 7 'Open courses').
 */

/** Cards per page of the subscription screen. */
export const SUBSCRIPTION_PAGE_SIZE = 12;

/** `GET open_courses/subscriptions?sort=&order=desc`: a page of the student's subscriptions. */
export const useSubscriptions = (sort: SubscriptionSort, page: number) => {
  const token = useStored('AccessToken');
  return useQuery({
    queryKey: openClassKeys.subscriptionPage(token, sort, page),
    queryFn: ({ signal }) =>
      http.get(oc('/open_courses/subscriptions'), {
        query: { sort, order: 'desc', pageNumber: page, pageSize: SUBSCRIPTION_PAGE_SIZE },
        schema: subscriptionPage,
        silent: true,
        signal,
      }),
    enabled: !!token,
    placeholderData: keepPreviousData,
  });
};

/** `DELETE open_courses/subscripte/{id}`: removes a subscription (an expired one from the card, or 取消订阅). */
export const useDeleteSubscription = () => {
  const refresh = useRefreshOpenClasses();
  return useMutation({
    mutationFn: (subscriptionId: string) =>
      http.delete(oc(`/open_courses/subscripte/${pathId(subscriptionId)}`), { schema: idResult }),
    onSuccess: refresh,
  });
};
