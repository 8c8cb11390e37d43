import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OrderInHistory } from '@ssd/shared/orders';
import { ORDER_LIST_PAGE_SIZE } from '@ssd/shared/orders-messages';
import type { AuthTokens } from '../../../lib/api-client';
import { refetchOnMountUnlessGuardRead } from '../../../lib/first-read';
import { checkedGet, retryNetworkOnce } from './checked-get';
import { orderListContract } from './contracts';
import { orderKeys } from './keys';

export const ORDER_LIST_PATH = '/api/order/list';

/**
 * GET /api/order/list?limit=5&skip=n (spec 3 §2, §9): My Orders pages by 5, newest first; the next
 * page is asked for while the last one was full. Read afresh on every visit: statuses move on.
 * `tokens`: the login guard's first read, before the session is verified (lib/first-read.ts).
 */
export function orderListQueryOptions(tokens?: AuthTokens) {
  return infiniteQueryOptions({
    queryKey: orderKeys.list(),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<OrderInHistory[]> =>
      checkedGet(ORDER_LIST_PATH, orderListContract, signal, { limit: ORDER_LIST_PAGE_SIZE, skip: pageParam }, tokens),
    getNextPageParam: (lastPage: OrderInHistory[], _pages: OrderInHistory[][], lastSkip: number) =>
      lastPage.length >= ORDER_LIST_PAGE_SIZE ? lastSkip + ORDER_LIST_PAGE_SIZE : undefined,
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useOrderList() {
  return useInfiniteQuery({ ...orderListQueryOptions(), refetchOnMount: refetchOnMountUnlessGuardRead });
}

/** The pages as one list; an order that moved to the next page while paging (a new order came first) is shown once. */
export function flattenOrders(pages: readonly OrderInHistory[][] | undefined): OrderInHistory[] {
  const seen = new Set<string>();
  const orders: OrderInHistory[] = [];
  for (const order of pages?.flat() ?? []) {
    if (seen.has(order.order_id)) continue;
    seen.add(order.order_id);
    orders.push(order);
  }
  return orders;
}
