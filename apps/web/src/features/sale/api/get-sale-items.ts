import { queryOptions, useQuery } from '@tanstack/react-query';
import { SALE_PAGE_ITEMS } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { CARD_FIELDS } from '../../../lib/card-fields';
import { readItems } from '../../../lib/content-client';

export const salePageKeys = {
  items: (tag: string) => [...itemKeys.all, 'sale', tag] as const,
};

/** The 40 items of a sale: those tagged exactly with its tag (filter tags _eq tag), newest first. */
export function saleItemsQueryOptions(tag: string) {
  return queryOptions({
    queryKey: salePageKeys.items(tag),
    queryFn: ({ signal }) =>
      readItems<ProductCard>(
        'items',
        { fields: CARD_FIELDS, filter: JSON.stringify({ tags: { _eq: tag } }), sort: '-created_on', limit: SALE_PAGE_ITEMS },
        signal,
      ),
    retry: false,
  });
}

export function useSaleItems(tag: string) {
  return useQuery(saleItemsQueryOptions(tag));
}
