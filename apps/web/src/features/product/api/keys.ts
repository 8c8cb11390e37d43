import { productKeys } from '../../../lib/api/storefront-keys';

/** The product page's reads, under the product's prefix (its rating is shared: src/lib/api/get-rating.ts). */
export const productPageKeys = {
  detail: (id: number) => [...productKeys.item(id), 'detail'] as const,
  reviews: (id: number) => [...productKeys.item(id), 'reviews'] as const,
  suggested: (id: number) => [...productKeys.item(id), 'suggested'] as const,
};
