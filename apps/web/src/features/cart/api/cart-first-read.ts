import type { AuthTokens } from '../../../lib/api-client';
import { cartQueryOptions } from '../../../lib/api/get-cart';
import type { FirstRead } from '../../../lib/first-read';

/**
 * The cart's first read, for the login guard to make while the startup verification runs
 * (lib/first-read.ts). A module of its own, so that the read need not wait for the screen's code,
 * which it asks for at once: it is then ready when the verification is.
 * No retry: the guard drops a failure and the screen reads again.
 */
export function firstRead(tokens: AuthTokens): FirstRead {
  void import('../screens/cart-screen');
  const options = cartQueryOptions(tokens);
  return { queryKey: options.queryKey, prefetch: (client) => client.prefetchQuery({ ...options, retry: false }) };
}
