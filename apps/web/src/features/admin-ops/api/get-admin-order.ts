import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminOrderDetailSchema, type AdminOrderDetail } from '@ssd/shared/admin-ops';
import { adminGet, pathPart, retryNetworkOnce } from './admin-read';
import { ADMIN_ORDERS_PATH } from './get-admin-orders';
import { adminOpsKeys } from './keys';

/** GET /api/admin/orders/{id}: the order with its lines, payment, refunds, support request and audit trail. */
export function adminOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: adminOpsKeys.order(orderId),
    queryFn: ({ signal }): Promise<AdminOrderDetail> => adminGet(`${ADMIN_ORDERS_PATH}/${pathPart(orderId)}`, adminOrderDetailSchema, signal),
    staleTime: 0,
    retry: retryNetworkOnce,
  });
}

export function useAdminOrder(orderId: string) {
  return useQuery(adminOrderQueryOptions(orderId));
}
