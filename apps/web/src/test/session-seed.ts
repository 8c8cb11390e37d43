import type { QueryClient } from '@tanstack/react-query';
import { cartKeys, wishlistKeys } from '../lib/api/session-keys';
import type { SessionSeed } from '../lib/session';

/**
 * What a test starts the app from: the session, and the signed-in user's cart and wishlist ids,
 * which the app keeps in the query cache (src/lib/api/get-cart-wishlist-ids.ts) and a test puts
 * there before the first render, as if they had been fetched.
 */
export type TestSession = SessionSeed & { cart?: number[]; wishlist?: number[] };

/** Splits a test session into the session's seed and the cached ids. */
export function seedSession(queryClient: QueryClient, seed: TestSession | undefined): SessionSeed | undefined {
  if (!seed) return undefined;
  const { cart, wishlist, ...session } = seed;
  if (cart) queryClient.setQueryData(cartKeys.ids(), cart);
  if (wishlist) queryClient.setQueryData(wishlistKeys.ids(), wishlist);
  return session;
}
