import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ProductCard } from '@ssd/shared/storefront';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';
import { wishlistKeys } from '../../../lib/api/session-keys';
import { refetchOnMountUnlessGuardRead } from '../../../lib/first-read';

export const WISHLIST_LIST_PATH = '/api/wishlist/list';

/**
 * GET /api/wishlist/list: the saved products, newest first. A -2 answer reaches the login guard's
 * listener (spec 2 Wishlist screen: code -2 while loading redirects to login).
 */
export async function getWishlist(signal?: AbortSignal): Promise<ProductCard[]> {
  const { data } = await apiRequest<{ wishlist?: unknown } | null>('GET', WISHLIST_LIST_PATH, undefined, { signal });
  if (!Array.isArray(data?.wishlist)) throw networkError(200);
  return data.wishlist as ProductCard[];
}

/** Always read afresh on the screen; saving or removing anywhere marks it stale too (src/lib/api/update-wishlist.ts). */
export function wishlistQueryOptions() {
  return queryOptions({ queryKey: wishlistKeys.list(), queryFn: ({ signal }) => getWishlist(signal), staleTime: 0 });
}

/** On a page the server rendered signed in, its answer is this visit's read (lib/guards.tsx). */
export function useWishlist() {
  return useQuery({ ...wishlistQueryOptions(), refetchOnMount: refetchOnMountUnlessGuardRead });
}
