import { catalogKeys, itemKeys } from '../../../lib/api/storefront-keys';

/** Home's own reads (the shared ones, sales and trending, are keyed in src/lib/api/storefront-keys.ts). */
export const homeKeys = {
  banners: () => ['content', 'banners'] as const,
  newArrivals: () => [...itemKeys.all, 'new-arrivals'] as const,
  catalogTiles: () => [...catalogKeys.all, 'tiles'] as const,
};
