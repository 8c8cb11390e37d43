import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Sale } from '@ssd/shared/sales';
import { apiRequest } from '../api-client';
import { saleKeys } from './storefront-keys';

export const ACTIVE_SALES_PATH = '/api/home/sales/active';

/** GET /api/home/sales/active: the sales running now (home's banners, the sale page). */
export async function getActiveSales(signal?: AbortSignal): Promise<Sale[]> {
  const { data } = await apiRequest<unknown>('GET', ACTIVE_SALES_PATH, undefined, { signal });
  return Array.isArray(data) ? (data as Sale[]) : [];
}

export function activeSalesQueryOptions() {
  return queryOptions({ queryKey: saleKeys.active(), queryFn: ({ signal }) => getActiveSales(signal) });
}

export function useActiveSales() {
  return useQuery(activeSalesQueryOptions());
}
