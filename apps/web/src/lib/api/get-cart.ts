import { queryOptions, useQuery } from '@tanstack/react-query';
import type { CartItem } from '@ssd/shared/cart';
import { apiRequest, type AuthTokens } from '../api-client';
import { networkError } from '../api-error';
import { refetchOnMountUnlessGuardRead } from '../first-read';
import { cartKeys } from './session-keys';

export const CART_LIST_PATH = '/api/cart/list';

/**
 * The cart screen's reads, under the cart's root (docs/decisions/0022-web-data-layer.md): adding or
 * removing a product anywhere (./id-list-mutation.ts) marks them stale, and the session drops them
 * at logout. Kept apart from ./session-keys.ts, which the first load of every page carries.
 */
export const cartListKeys = {
  list: () => [...cartKeys.all, 'list'] as const,
  /** The quantity changes under way (./update-cart-quantity.ts), one mutation key per product. */
  quantity: (itemId?: number) =>
    itemId === undefined ? ([...cartKeys.all, 'quantity'] as const) : ([...cartKeys.all, 'quantity', itemId] as const),
};

/**
 * GET /api/cart/list: one row per product, oldest first, with its quantity and the stock left
 * (spec 3 §3 Cart item). Read by type (docs/decisions/0015); a -2 reaches the login guard's
 * listener (spec 3 §8: when loading the cart, -2 redirects to login).
 */
export async function getCart(signal?: AbortSignal, tokens?: AuthTokens): Promise<CartItem[]> {
  const { data } = await apiRequest<unknown>('GET', CART_LIST_PATH, undefined, { signal, tokens, ignoreLoginNeeded: tokens !== undefined });
  if (!Array.isArray(data)) throw networkError(200);
  return data as CartItem[];
}

/**
 * Read afresh on each visit: the stock left changes while the shopper is away. `tokens`: the login
 * guard's first read, before the session is verified (../first-read.ts); a -2 is then the guard's.
 */
export function cartQueryOptions(tokens?: AuthTokens) {
  return queryOptions({ queryKey: cartListKeys.list(), queryFn: ({ signal }) => getCart(signal, tokens), staleTime: 0 });
}

export function useCart() {
  return useQuery({ ...cartQueryOptions(), refetchOnMount: refetchOnMountUnlessGuardRead });
}
