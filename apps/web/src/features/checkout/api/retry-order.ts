import { useMutation } from '@tanstack/react-query';
import type { CreatedOrder } from '@ssd/shared/checkout';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { checkoutMutationKeys } from './keys';

export const RETRY_ORDER_PATH = '/api/order/retry';

/**
 * POST /api/order/retry {id}: a failed, expired or cancelled order's units are taken again and a new
 * payment-provider order answers, shaped as the first (the created order). Asking again while it waits
 * for its payment answers the same one.
 */
export async function retryOrder(orderId: string): Promise<CreatedOrder> {
  const { data } = await apiRequest<CreatedOrder | null>('POST', RETRY_ORDER_PATH, { id: orderId });
  if (!data || typeof data.order_id !== 'string' || typeof data.amount_due !== 'number' || !Array.isArray(data.cart_details)) {
    throw networkError(200);
  }
  return data;
}

export function useRetryOrder() {
  return useMutation({ mutationKey: checkoutMutationKeys.retryOrder, mutationFn: retryOrder });
}
