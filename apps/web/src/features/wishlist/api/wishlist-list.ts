import { useQuery } from '@tanstack/react-query';
import { ResponseCode } from '@ssd/shared/api';
import type { ProductCard } from '@ssd/shared/storefront';
import { apiRequest } from '../../../lib/api-client';

export const WISHLIST_LIST_PATH = '/api/wishlist/list';
export const wishlistListQueryKey = ['wishlist', 'list'] as const;

/**
 * GET /api/wishlist/list: the saved products, newest first. A -2 answer reaches the login guard's
 * listener (spec 2 Wishlist screen: code -2 while loading redirects to login).
 */
export function useWishlistList() {
  return useQuery({
    queryKey: wishlistListQueryKey,
    staleTime: 0,
    queryFn: async ({ signal }): Promise<ProductCard[]> => {
      const response = await apiRequest<unknown>('GET', WISHLIST_LIST_PATH, undefined, { signal });
      if (response.code !== ResponseCode.SUCCESS) throw new Error(response.message);
      const wishlist = (response.data as { wishlist?: unknown } | null)?.wishlist;
      if (!Array.isArray(wishlist)) throw new Error('Failed to connect to our server.');
      return wishlist as ProductCard[];
    },
  });
}
