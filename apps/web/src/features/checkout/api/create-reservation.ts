import { useMutation } from '@tanstack/react-query';
import type { Reservation, ReserveRequest } from '@ssd/shared/checkout';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import type { CheckoutEntryLine } from '../../../lib/checkout-entry';
import { checkoutMutationKeys } from './keys';

export const RESERVE_PATH = '/api/order/reserve';

/**
 * POST /api/order/reserve {items}: holds every line's units, or none (a short line answers 409 with a
 * message naming the product). The server checks its answer against the contract; this reads what
 * the screen acts on (docs/decisions/0015-client-trusts-checked-answers.md).
 */
export async function createReservation(lines: CheckoutEntryLine[]): Promise<Reservation> {
  const body: ReserveRequest = { items: lines.map(({ item_id, quantity }) => ({ item_id, quantity })) };
  const { data } = await apiRequest<Reservation | null>('POST', RESERVE_PATH, body);
  if (!data || typeof data.reservation_id !== 'string' || !Array.isArray(data.items)) throw networkError(200);
  return data;
}

export function useCreateReservation() {
  return useMutation({ mutationKey: checkoutMutationKeys.reserve, mutationFn: createReservation });
}
