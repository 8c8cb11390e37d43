import { queryOptions } from '@tanstack/react-query';
import { CHATBOT_ORDERS_FETCHED } from '@ssd/shared/constants';
import { orderListSchema, type OrderInHistory } from '@ssd/shared/orders';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { supportChatKeys } from './keys';

export const ORDER_LIST_PATH = '/api/order/list';

/**
 * GET /api/order/list?limit=10&skip=0 (spec 1 §7): the shopper's latest orders. A -2 is the chat's to
 * handle (it returns to authRequired), not a page guard's. An answer of another shape is a network
 * failure: the chat then says it could not fetch the orders.
 */
export async function getChatOrders(signal?: AbortSignal): Promise<OrderInHistory[]> {
  const { data } = await apiRequest<unknown>('GET', ORDER_LIST_PATH, undefined, {
    signal,
    query: { limit: CHATBOT_ORDERS_FETCHED, skip: 0 },
    ignoreLoginNeeded: true,
  });
  const parsed = orderListSchema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** Asked afresh each time an issue is chosen (spec 1 §4): statuses move on. */
export function chatOrdersQueryOptions() {
  return queryOptions({
    queryKey: supportChatKeys.orders(),
    queryFn: ({ signal }) => getChatOrders(signal),
    staleTime: 0,
    retry: false,
  });
}
