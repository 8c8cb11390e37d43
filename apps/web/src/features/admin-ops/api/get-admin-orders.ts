import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { ADMIN_ORDERS_PAGE_SIZE, adminOrderListSchema, type AdminOrderList } from '@ssd/shared/admin-ops';
import type { OrderFilters } from '../lib/order-filters';
import { adminGet, retryNetworkOnce } from './admin-read';
import { adminOpsKeys } from './keys';

export const ADMIN_ORDERS_PATH = '/api/admin/orders';

/**
 * GET /api/admin/orders?status=&from=&to=&q=&limit=20&offset=n: newest first, paged by 20 with Load
 * more while fewer than `total` are shown. Read afresh on every visit: shoppers keep ordering.
 */
export function adminOrdersQueryOptions(filters: OrderFilters) {
  return infiniteQueryOptions({
    queryKey: adminOpsKeys.orderList(filters),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<AdminOrderList> =>
      adminGet(ADMIN_ORDERS_PATH, adminOrderListSchema, signal, { ...filters, limit: ADMIN_ORDERS_PAGE_SIZE, offset: pageParam }),
    getNextPageParam: (lastPage: AdminOrderList, _pages: AdminOrderList[], lastOffset: number) => {
      const next = lastOffset + ADMIN_ORDERS_PAGE_SIZE;
      return lastPage.orders.length >= ADMIN_ORDERS_PAGE_SIZE && next < lastPage.total ? next : undefined;
    },
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useAdminOrders(filters: OrderFilters) {
  return useInfiniteQuery(adminOrdersQueryOptions(filters));
}
