import { useQuery } from '@tanstack/react-query';
import { HOME_RECENT_ITEMS } from '@ssd/shared/constants';
import type { ContentBanner } from '@ssd/shared/content';
import type { ProductCard } from '@ssd/shared/storefront';
import { CARD_FIELDS } from '../../../lib/card-fields';
import { readItems } from '../../../lib/content-client';

// The running sales and the trending products, which other screens show too, are read in
// src/lib/storefront-queries.ts.

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

/** GET /content/items/catalogs?sort=priority,title&fields=id,title,image */
export function useHomeCatalogs() {
  return useQuery({
    queryKey: ['content', 'catalogs', 'tiles'],
    queryFn: ({ signal }) =>
      readItems<{ id: number; title: string; image: string }>('catalogs', { sort: 'priority,title', fields: 'id,title,image' }, signal),
  });
}
