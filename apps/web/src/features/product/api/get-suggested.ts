import { queryOptions, useQuery } from '@tanstack/react-query';
import { SUGGESTED_DEFAULT_LIMIT } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { checkedGet } from './checked-get';
import { suggestedContract } from './contracts';
import { productPageKeys } from './keys';

/** GET /api/product/suggested?id&limit=10 ('You May Like'); the item itself is never among them. */
export function suggestedQueryOptions(id: number) {
  return queryOptions({
    queryKey: productPageKeys.suggested(id),
    queryFn: async ({ signal }): Promise<ProductCard[]> => {
      const cards = await checkedGet('/api/product/suggested', suggestedContract, { id, limit: SUGGESTED_DEFAULT_LIMIT }, signal);
      return cards.filter((card) => card.id !== id);
    },
  });
}

export function useSuggested(id: number) {
  return useQuery(suggestedQueryOptions(id));
}
