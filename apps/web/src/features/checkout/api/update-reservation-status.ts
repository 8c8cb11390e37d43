import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { checkoutMutationKeys } from './keys';

export const RESERVATION_STATUS_PATH = '/api/order/reserve/status';

export interface ReservationStatusChange {
  id: string;
  status: 'expired' | 'cancelled';
}

/** PATCH /api/order/reserve/status {id, status}: lets the hold go; its units return to stock. */
export async function updateReservationStatus(change: ReservationStatusChange): Promise<void> {
  await apiRequest<null>('PATCH', RESERVATION_STATUS_PATH, change);
}

export function useUpdateReservationStatus() {
  return useMutation({ mutationKey: checkoutMutationKeys.reservationStatus, mutationFn: updateReservationStatus });
}
