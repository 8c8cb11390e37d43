import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OrderItemDetail } from '@ssd/shared/orders';
import { checkedGet, pathPart, retryNetworkOnce } from './checked-get';
import { orderItemDetailContract } from './contracts';
import { orderKeys } from './keys';

export const ORDER_ITEM_PATH = '/api/order/item/details';

/** GET /api/order/item/details/{orderId}/{itemId}: the item popup's order item detail (spec 3 §3). */
export function orderItemQueryOptions(orderId: string, itemId: number) {
  return queryOptions({
    queryKey: orderKeys.item(orderId, itemId),
    queryFn: ({ signal }): Promise<OrderItemDetail> =>
      checkedGet(`${ORDER_ITEM_PATH}/${pathPart(orderId)}/${pathPart(itemId)}`, orderItemDetailContract, signal),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useOrderItem(orderId: string, itemId: number) {
  return useQuery(orderItemQueryOptions(orderId, itemId));
}
