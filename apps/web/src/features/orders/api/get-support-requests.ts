import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SupportRequestRecord } from '@ssd/shared/orders';
import { checkedGet, pathPart, retryNetworkOnce } from './checked-get';
import { supportRequestListContract } from './contracts';
import { orderKeys } from './keys';

export const SUPPORT_REQUESTS_PATH = '/api/order/support';

/** GET /api/order/support/{id}: the order's support requests, newest first (the Previous requests list). */
export function supportRequestsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.support(orderId),
    queryFn: ({ signal }): Promise<SupportRequestRecord[]> =>
      checkedGet(`${SUPPORT_REQUESTS_PATH}/${pathPart(orderId)}`, supportRequestListContract, signal),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useSupportRequests(orderId: string) {
  return useQuery(supportRequestsQueryOptions(orderId));
}
