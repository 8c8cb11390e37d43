import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { checkoutKeys } from './keys';

export const PAYMENT_VERIFICATION_PATH = '/api/verify/order/payment/status';
export const ORDER_STATUS_READ_PATH = '/api/verify/order/status';

/** data of both verification calls: the order's status and its payment's (pending, success, failed). */
export interface OrderStatusData {
  status: string;
  payment_status: string;
}

async function readStatus(path: string, orderId: string, signal?: AbortSignal): Promise<OrderStatusData> {
  const { data } = await apiRequest<OrderStatusData | null>('GET', `${path}/${encodeURIComponent(orderId)}`, undefined, { signal });
  if (!data || typeof data.status !== 'string') throw networkError(200);
  return data;
}

/** GET /api/verify/order/payment/status/{id}: the server asks the provider, settles what it says, answers the status. */
export function getPaymentVerification(orderId: string, signal?: AbortSignal): Promise<OrderStatusData> {
  return readStatus(PAYMENT_VERIFICATION_PATH, orderId, signal);
}

/** GET /api/verify/order/status/{id}: the order's status as the server knows it (a webhook may have settled it). */
export function getOrderStatus(orderId: string, signal?: AbortSignal): Promise<OrderStatusData> {
  return readStatus(ORDER_STATUS_READ_PATH, orderId, signal);
}

/** Asked afresh on every visit of the verification screen; not retried (the screen offers Try Again). */
export function paymentVerificationQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: checkoutKeys.paymentVerification(orderId),
    queryFn: ({ signal }) => getPaymentVerification(orderId, signal),
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
}

/**
 * Waits between status reads while the payment is still pending: 1, 2, 4, 8, 16 and 29 seconds, a
 * minute in all (docs/decisions/0024-payment-verify-screen.md).
 */
export const STATUS_POLL_DELAYS_MS = [1_000, 2_000, 4_000, 8_000, 16_000, 29_000] as const;

/** A status read while polling, numbered (successful reads), so each read is news to the screen even when nothing changed. */
export interface PolledStatus extends OrderStatusData {
  reads: number;
}

/** The wait before the next read after `reads` reads, or false once the order left pending or the minute is over. */
export function nextPollDelay(reads: number, latest: OrderStatusData | undefined): number | false {
  if (latest && latest.status !== 'pending') return false;
  return STATUS_POLL_DELAYS_MS[reads - 1] ?? false;
}

/** True once every read of the minute has been made (and the order is still pending). */
export function pollingDone(reads: number): boolean {
  return reads > STATUS_POLL_DELAYS_MS.length;
}

/**
 * The order's status, read again with growing waits while it is pending (a webhook settles it on the
 * server). `enabled` starts it once the verification said pending. A failed read counts as a read.
 */
export function orderStatusQueryOptions(orderId: string, enabled: boolean) {
  const queryKey = checkoutKeys.orderStatus(orderId);
  return queryOptions({
    queryKey,
    queryFn: async ({ signal, client }): Promise<PolledStatus> => {
      const status = await getOrderStatus(orderId, signal);
      const before = client.getQueryState<PolledStatus>(queryKey);
      return { ...status, reads: (before?.data?.reads ?? 0) + 1 };
    },
    enabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (query) => nextPollDelay((query.state.data?.reads ?? 0) + query.state.errorUpdateCount, query.state.data),
  });
}

export function usePaymentVerification(orderId: string) {
  return useQuery(paymentVerificationQueryOptions(orderId));
}

/** The polled status and how many reads were made (failed ones included). */
export function useOrderStatusPolling(orderId: string, enabled: boolean) {
  const query = useQuery(orderStatusQueryOptions(orderId, enabled));
  return { data: query.data, reads: (query.data?.reads ?? 0) + query.errorUpdateCount };
}
