import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { apiRequest } from '../api-client';
import { asIdList } from '../api-data';
import { networkError } from '../api-error';
import { useSession } from '../session';
import { cartKeys, wishlistKeys } from './session-keys';

/*
 * The signed-in visitor's cart and wishlist product ids, in the query cache (docs/decisions/0022-web-data-layer.md).
 * They first arrive together in one call (spec 1 §4); after that each list reloads on its own
 * when its keys are invalidated. Every heart, cart button and the navbar badge read these.
 */

export const CART_WISHLIST_PATH = '/api/list/cart_wishlist';
export const CART_IDS_PATH = '/api/cart/id/list';
export const WISHLIST_IDS_PATH = '/api/wishlist/id/list';

export interface CartAndWishlist {
  cart: number[];
  wishlist: number[];
}

function idsOf(data: unknown, status = 200): number[] {
  const ids = asIdList(data);
  if (!ids) throw networkError(status);
  return ids;
}

/**
 * The call under way, per query client: a browser has one, the server one per page it renders, so two
 * shoppers' pages rendered at once never share an answer (docs/decisions/0055).
 */
const both = new WeakMap<QueryClient, Promise<CartAndWishlist>>();

/** GET /api/list/cart_wishlist. Callers at the same time (the two id queries) share one call. */
export function getCartAndWishlist(client: QueryClient): Promise<CartAndWishlist> {
  let call = both.get(client);
  if (!call) {
    call = apiRequest<{ cart?: unknown; wishlist?: unknown } | null>('GET', CART_WISHLIST_PATH)
      .then(({ data }) => ({ cart: idsOf(data?.cart), wishlist: idsOf(data?.wishlist) }))
      .finally(() => both.delete(client));
    both.set(client, call);
  }
  return call;
}

/** GET /api/cart/id/list or /api/wishlist/id/list. */
export async function getIds(path: typeof CART_IDS_PATH | typeof WISHLIST_IDS_PATH, signal?: AbortSignal): Promise<number[]> {
  return idsOf((await apiRequest<unknown>('GET', path, undefined, { signal })).data);
}

type ListName = keyof CartAndWishlist;

const LISTS = {
  cart: { key: cartKeys.ids, path: CART_IDS_PATH, other: 'wishlist' },
  wishlist: { key: wishlistKeys.ids, path: WISHLIST_IDS_PATH, other: 'cart' },
} as const;

/** True while the query of these ids is in the cache: the session removes it when it ends. */
export function idsStillWanted(client: QueryClient, key: readonly unknown[]): boolean {
  return client.getQueryCache().find({ queryKey: key, exact: true }) !== undefined;
}

/**
 * While neither list is known, both come in one call and the other list is filled too (unless it
 * changed meanwhile, or the session ended); once one is known, a reload asks for its own list only.
 */
async function loadIds(client: QueryClient, name: ListName, signal: AbortSignal): Promise<number[]> {
  const otherKey = LISTS[LISTS[name].other].key();
  if (client.getQueryData(otherKey) !== undefined) return getIds(LISTS[name].path, signal);
  const lists = await getCartAndWishlist(client);
  if (client.getQueryData(otherKey) === undefined && idsStillWanted(client, LISTS[name].key())) {
    client.setQueryData(otherKey, lists[LISTS[name].other]);
  }
  return lists[name];
}

/** The ids change only through this app's own calls, whose answers carry the new list: never stale. */
export function cartIdsQueryOptions() {
  return queryOptions({
    queryKey: cartKeys.ids(),
    queryFn: ({ client, signal }) => loadIds(client, 'cart', signal),
    staleTime: Infinity,
  });
}

export function wishlistIdsQueryOptions() {
  return queryOptions({
    queryKey: wishlistKeys.ids(),
    queryFn: ({ client, signal }) => loadIds(client, 'wishlist', signal),
    staleTime: Infinity,
  });
}

/** Starts loading both lists after login (spec 1 §4): one call. */
export function prefetchCartAndWishlist(client: QueryClient): void {
  void client.prefetchQuery(cartIdsQueryOptions());
  void client.prefetchQuery(wishlistIdsQueryOptions());
}

/** The cart's product ids; undefined while logged out or not loaded yet. */
export function useCartIds(): number[] | undefined {
  const { isLoggedIn } = useSession();
  const { data } = useQuery({ ...cartIdsQueryOptions(), enabled: isLoggedIn });
  return isLoggedIn ? data : undefined;
}

/** The saved product ids; undefined while logged out or not loaded yet. */
export function useWishlistIds(): number[] | undefined {
  const { isLoggedIn } = useSession();
  const { data } = useQuery({ ...wishlistIdsQueryOptions(), enabled: isLoggedIn });
  return isLoggedIn ? data : undefined;
}
