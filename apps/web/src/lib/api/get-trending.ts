import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_PAGE_SIZE } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { CARD_FIELDS } from '../card-fields';
import { readItems } from '../content-client';
import { itemKeys } from './storefront-keys';

/** Trending products (home's Trending row, the search screen's 'Trending now'): tags containing 'trending', limit 10. */
export function trendingQueryOptions() {
  return queryOptions({
    queryKey: itemKeys.trending(),
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

export function useTrending() {
  return useQuery(trendingQueryOptions());
}
