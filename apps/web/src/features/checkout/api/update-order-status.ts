import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutKeys, checkoutMutationKeys } from './keys';

export const ORDER_STATUS_PATH = '/api/order/status';

export interface OrderStatusChange {
  /** Our order id (SSD-…). */
  id: string;
  status: 'cancelled' | 'expired' | 'failed';
}

/** PATCH /api/order/status {id, status}: ends the shopper's own pending order; its stock returns. */
export async function updateOrderStatus(change: OrderStatusChange): Promise<void> {
  await apiRequest<null>('PATCH', ORDER_STATUS_PATH, change);
}

export function useUpdateOrderStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: checkoutMutationKeys.orderStatus,
    mutationFn: updateOrderStatus,
    // What was read of this order's status is out of date now, whatever the answer.
    onSettled: (_data, _error, change) => client.invalidateQueries({ queryKey: checkoutKeys.orderStatus(change.id) }),
  });
}
