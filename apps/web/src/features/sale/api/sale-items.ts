import { useQuery } from '@tanstack/react-query';
import { SALE_PAGE_ITEMS } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { readItems } from '../../../lib/content-client';
import { CARD_FIELDS } from '../../../lib/card-fields';

/** The 40 items of a sale: those tagged exactly with its tag (filter tags _eq tag). */
export function useSaleItems(tag: string) {
  return useQuery({
    queryKey: ['content', 'items', 'sale', tag],
    queryFn: ({ signal }) =>
      readItems<ProductCard>(
        'items',
        { fields: CARD_FIELDS, filter: JSON.stringify({ tags: { _eq: tag } }), sort: '-created_on', limit: SALE_PAGE_ITEMS },
        signal,
      ),
    retry: false,
  });
}
