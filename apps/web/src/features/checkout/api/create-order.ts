import { useMutation } from '@tanstack/react-query';
import type { CreatedOrder } from '@ssd/shared/checkout';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { checkoutMutationKeys } from './keys';

export const CREATE_ORDER_PATH = '/api/order/create';

export interface CreateOrderInput {
  reservation_id: string;
  address_id: number;
}

/**
 * POST /api/order/create {reservation_id, address_id}: the order and the payment provider's order
 * (amount due in paise). The same reservation answers the same order, so a repeated call is safe.
 */
export async function createOrder(input: CreateOrderInput): Promise<CreatedOrder> {
  const { data } = await apiRequest<CreatedOrder | null>('POST', CREATE_ORDER_PATH, input);
  if (!data || typeof data.order_id !== 'string' || typeof data.amount_due !== 'number' || !Array.isArray(data.cart_details)) {
    throw networkError(200);
  }
  return data;
}

export function useCreateOrder() {
  return useMutation({ mutationKey: checkoutMutationKeys.createOrder, mutationFn: createOrder });
}
