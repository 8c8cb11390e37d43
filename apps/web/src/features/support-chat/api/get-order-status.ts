import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { supportChatKeys } from './keys';

export const ORDER_STATUS_PATH = '/api/verify/order/status';

/** GET /api/verify/order/status/{id} (spec 1 §7): data.status. A -2 is the chat's to handle. */
export async function getOrderStatus(orderId: string, signal?: AbortSignal): Promise<string> {
  const { data } = await apiRequest<{ status?: unknown } | null>('GET', `${ORDER_STATUS_PATH}/${encodeURIComponent(orderId)}`, undefined, {
    signal,
    ignoreLoginNeeded: true,
  });
  if (!data || typeof data.status !== 'string') throw networkError(200);
  return data.status;
}

/** Read afresh each time the shopper asks. */
export function chatOrderStatusQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: supportChatKeys.orderStatus(orderId),
    queryFn: ({ signal }) => getOrderStatus(orderId, signal),
    staleTime: 0,
    retry: false,
  });
}
