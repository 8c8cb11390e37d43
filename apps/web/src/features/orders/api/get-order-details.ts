import { queryOptions, useQueries } from '@tanstack/react-query';
import type { OrderDetails } from '@ssd/shared/orders';
import { refetchOnMountUnlessGuardRead } from '../../../lib/first-read';
import { checkedGet, pathPart, retryNetworkOnce } from './checked-get';
import { orderDetailsContract } from './contracts';
import { orderKeys } from './keys';

export const ORDER_DETAILS_PATH = '/api/order/details';

/** GET /api/order/details/{id}: one order with its items, amounts, payment and address (spec 3 §3). */
export function orderDetailsQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderKeys.details(orderId),
    queryFn: ({ signal }): Promise<OrderDetails> => checkedGet(`${ORDER_DETAILS_PATH}/${pathPart(orderId)}`, orderDetailsContract, signal),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

/**
 * The details of each order of the path (/orders/details/{id+}), read side by side; on a page the
 * server rendered signed in, its answers are this visit's reads (lib/guards.tsx), not read again at once.
 */
export function useOrderDetailsList(orderIds: readonly string[]) {
  return useQueries({ queries: orderIds.map((orderId) => ({ ...orderDetailsQueryOptions(orderId), refetchOnMount: refetchOnMountUnlessGuardRead })) });
}
