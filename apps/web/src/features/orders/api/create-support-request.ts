import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { supportRequestSchema } from '@ssd/shared/orders';
import type { z } from '@ssd/shared/zod';
import { apiRequest } from '../../../lib/api-client';
import { orderKeys, orderMutationKeys } from './keys';

export const CREATE_SUPPORT_PATH = '/api/order/support';

/** What is sent: the issue type and the trimmed, non-blank message (spec 3 §5), as supportRequestSchema leaves them. */
export type SupportRequestToSend = z.output<typeof supportRequestSchema>;

/**
 * POST /api/order/support {order_id, issue_type, message} → {id}. A -2 is the dialog's to handle
 * ('Please login to contact support.'), not the page guard's.
 */
export async function createSupportRequest(request: SupportRequestToSend): Promise<void> {
  await apiRequest<unknown>('POST', CREATE_SUPPORT_PATH, request, { ignoreLoginNeeded: true });
}

/** The order's requests are read again whatever the answer: a refusal may mean one exists already. */
export function useCreateSupportRequest(orderId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: orderMutationKeys.support(orderId),
    mutationFn: createSupportRequest,
    onSettled: () => client.invalidateQueries({ queryKey: orderKeys.support(orderId) }),
  });
}
