import { useQuery } from '@tanstack/react-query';
import { ResponseCode } from '@ssd/shared/api';
import { HOME_PAGE_SIZE, HOME_RECENT_ITEMS } from '@ssd/shared/constants';
import type { ContentBanner } from '@ssd/shared/content';
import type { Sale } from '@ssd/shared/sales';
import type { ProductCard } from '@ssd/shared/storefront';
import { apiRequest } from '../../../lib/api-client';
import { readItems } from '../../../lib/content-client';
import { CARD_FIELDS } from '../../../lib/use-infinite-items';

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

/** GET /content/items/banners (all fields). */
export function useBanners() {
  return useQuery({
    queryKey: ['content', 'banners'],
    queryFn: ({ signal }) => readItems<ContentBanner>('banners', undefined, signal),
  });
}

/** The 15 newest items: sort=-created_on,-updated_on, limit 15. */
export function useNewArrivals() {
  return useQuery({
    queryKey: ['content', 'items', 'new-arrivals'],
    queryFn: ({ signal }) =>
      readItems<ProductCard>(
        'items',
        { fields: CARD_FIELDS, sort: '-created_on,-updated_on', limit: HOME_RECENT_ITEMS },
        signal,
      ),
  });
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

/** GET /content/items/catalogs?sort=priority,title&fields=id,title,image */
export function useHomeCatalogs() {
  return useQuery({
    queryKey: ['content', 'catalogs', 'tiles'],
    queryFn: ({ signal }) =>
      readItems<{ id: number; title: string; image: string }>('catalogs', { sort: 'priority,title', fields: 'id,title,image' }, signal),
  });
}
