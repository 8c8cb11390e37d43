import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminOrderDetail, StaffTargetStatus } from '@ssd/shared/admin-ops';
import { apiRequest, type ApiSuccess } from '../../../lib/api-client';
import { pathPart } from './admin-read';
import { ADMIN_ORDERS_PATH } from './get-admin-orders';
import { adminOpsKeys, adminOpsMutationKeys } from './keys';

/** What the order screen asks: move one line a step on, or refund the order's returned items. */
export type OrderChange =
  | { kind: 'move'; lineId: number; status: StaffTargetStatus }
  | { kind: 'refund' }
  /** POST …/{id}/decline-return {reason}: the order's return request declined (docs/decisions/0036). */
  | { kind: 'declineReturn'; reason: string };

/**
 * POST /api/admin/orders/{id}/status {status, line_ids} or POST …/{id}/refund. Both answer the order as
 * it now is. The answer (not the ids, which the data read checks) is trusted as the server's
 * (docs/decisions/0015).
 */
export function changeOrder(orderId: string, change: OrderChange): Promise<ApiSuccess<AdminOrderDetail>> {
  const base = `${ADMIN_ORDERS_PATH}/${pathPart(orderId)}`;
  if (change.kind === 'refund') return apiRequest<AdminOrderDetail>('POST', `${base}/refund`);
  if (change.kind === 'declineReturn') return apiRequest<AdminOrderDetail>('POST', `${base}/decline-return`, { reason: change.reason });
  return apiRequest<AdminOrderDetail>('POST', `${base}/status`, { status: change.status, line_ids: [change.lineId] });
}

/**
 * The order screen's one mutation. On success the order shown is the answer, and the order lists
 * (under any filters), the support queue and the dashboard are read again; on a refusal (409: someone
 * else moved the item first) the order is read again so its buttons match it.
 */
export function useChangeOrder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: adminOpsMutationKeys.changeOrder(orderId),
    mutationFn: (change: OrderChange) => changeOrder(orderId, change),
    onSuccess: async ({ data }) => {
      client.setQueryData(adminOpsKeys.order(orderId), data);
      await Promise.all([
        client.invalidateQueries({ queryKey: adminOpsKeys.orderLists() }),
        client.invalidateQueries({ queryKey: adminOpsKeys.support() }),
        client.invalidateQueries({ queryKey: adminOpsKeys.dashboard() }),
      ]);
    },
    onError: () => client.invalidateQueries({ queryKey: adminOpsKeys.order(orderId) }),
  });
}
