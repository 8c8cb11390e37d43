import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReorderResult } from '@ssd/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { cartKeys } from '../../../lib/api/session-keys';
import { reorderResultContract } from './contracts';
import { orderMutationKeys } from './keys';

export const REORDER_PATH = '/api/cart/reorder';

/**
 * POST /api/cart/reorder {id}: puts the order's products back in the cart; answers which went in and
 * which could not (gone, out of stock). A -2 is the caller's to handle ('Please login to reorder.').
 */
export async function reorder(orderId: string): Promise<ReorderResult> {
  // The contract first: a reorder is not sent when its answer could not be read.
  const schema = await reorderResultContract().catch(() => Promise.reject(networkError(0)));
  const { data } = await apiRequest<unknown>('POST', REORDER_PATH, { id: orderId }, { ignoreLoginNeeded: true });
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/**
 * Every cart read (the badge's ids, the cart screen's list) is read again after a reorder, whatever
 * the answer: without one, products may have gone in all the same. The cart's key root is shared
 * (src/lib/api/session-keys.ts), so the cart feature is not imported.
 */
export function useReorder(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: orderMutationKeys.reorder(orderId),
    mutationFn: () => reorder(orderId),
    onSettled: () => client.invalidateQueries({ queryKey: cartKeys.all }),
  });
}
