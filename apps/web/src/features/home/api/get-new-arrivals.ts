import { queryOptions, useQuery } from '@tanstack/react-query';
import { HOME_RECENT_ITEMS } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { CARD_FIELDS } from '../../../lib/card-fields';
import { readItems } from '../../../lib/content-client';
import { homeKeys } from './keys';

/** The 15 newest items: sort=-created_on,-updated_on, limit 15. */
export function newArrivalsQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.newArrivals(),
    queryFn: ({ signal }) =>
      readItems<ProductCard>('items', { fields: CARD_FIELDS, sort: '-created_on,-updated_on', limit: HOME_RECENT_ITEMS }, signal),
  });
}

export function useNewArrivals() {
  return useQuery(newArrivalsQueryOptions());
}
