import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OwnReview } from '@ssd/shared/orders';
import { checkedGet, pathPart, retryNetworkOnce } from './checked-get';
import { ownReviewContract } from './contracts';
import { orderKeys } from './keys';

export const OWN_REVIEW_PATH = '/api/order/review';

/** GET /api/order/review/{orderId}/{itemId}: the shopper's own review of the item, or null (spec 3 §4). */
export function ownReviewQueryOptions(orderId: string, itemId: number, enabled = true) {
  return queryOptions({
    queryKey: orderKeys.ownReview(orderId, itemId),
    queryFn: ({ signal }): Promise<OwnReview> => checkedGet(`${OWN_REVIEW_PATH}/${pathPart(orderId)}/${pathPart(itemId)}`, ownReviewContract, signal),
    enabled,
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useOwnReview(orderId: string, itemId: number, enabled: boolean) {
  return useQuery(ownReviewQueryOptions(orderId, itemId, enabled));
}
