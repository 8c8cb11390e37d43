import { queryOptions, useQuery } from '@tanstack/react-query';
import { invoiceSchema, type Invoice } from '@ssd/shared/invoices';
import { apiRequest } from '../../../lib/api-client';
import { ApiError, networkError } from '../../../lib/api-error';
import { invoiceKeys } from './keys';

export const INVOICE_PATH = '/api/order/invoice';

export const invoicePdfPath = (orderId: string) => `${INVOICE_PATH}/${encodeURIComponent(orderId)}/pdf`;

/**
 * GET /api/order/invoice/{id}: the GST invoice as the server computed it, checked against the shared
 * contract (an answer of another shape is a network failure). A -2 reaches the login guard.
 */
export async function getInvoice(orderId: string, signal?: AbortSignal): Promise<Invoice> {
  const { data } = await apiRequest<unknown>('GET', `${INVOICE_PATH}/${encodeURIComponent(orderId)}`, undefined, { signal });
  const parsed = invoiceSchema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** An issued invoice never changes: kept for the session once read; a refusal (404, 400) is not retried. */
export function invoiceQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: invoiceKeys.detail(orderId),
    queryFn: ({ signal }) => getInvoice(orderId, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: (failureCount: number, error: Error) => failureCount < 1 && error instanceof ApiError && error.network,
  });
}

export function useInvoice(orderId: string) {
  return useQuery(invoiceQueryOptions(orderId));
}
