import { useQuery } from '@tanstack/react-query';
import { ResponseCode } from '@ssd/shared/api';
import { HOME_PAGE_SIZE } from '@ssd/shared/constants';
import type { Sale } from '@ssd/shared/sales';
import type { ProductCard } from '@ssd/shared/storefront';
import { apiRequest } from './api-client';
import { CARD_FIELDS } from './card-fields';
import { readItems } from './content-client';

/*
 * Reads that several storefront screens share, under one query key each so that they share the
 * answer too: the running sales (home's banners, the sale page) and the trending products
 * (home's Trending row, the search screen's 'Trending now').
 */

export const ACTIVE_SALES_PATH = '/api/home/sales/active';

/** GET /api/home/sales/active: the sales running now (product API envelope). */
export async function fetchActiveSales(signal?: AbortSignal): Promise<Sale[]> {
  const response = await apiRequest<unknown>('GET', ACTIVE_SALES_PATH, undefined, { signal });
  if (response.code !== ResponseCode.SUCCESS) throw new Error(response.message);
  return Array.isArray(response.data) ? (response.data as Sale[]) : [];
}

export function useActiveSales() {
  return useQuery({ queryKey: ['home', 'sales', 'active'], queryFn: ({ signal }) => fetchActiveSales(signal) });
}

/** Trending products: tags containing 'trending', limit 10, offset 0. */
export function useTrending() {
  return useQuery({
    queryKey: ['content', 'items', 'trending'],
    queryFn: ({ signal }) =>
      readItems<ProductCard>(
        'items',
        {
          fields: CARD_FIELDS,
          filter: JSON.stringify({ tags: { _icontains: 'trending' } }),
          limit: HOME_PAGE_SIZE,
          offset: 0,
        },
        signal,
      ),
  });
}
