import type { AuthTokens } from '../../../lib/api-client';
import type { FirstRead } from '../../../lib/first-read';
import { orderListQueryOptions } from './get-orders';

/**
 * My Orders' first page, for the login guard to read while the startup verification runs
 * (lib/first-read.ts). A module of its own, so that the read need not wait for the screen's code,
 * which it asks for at once: it is then ready when the verification is.
 * No retry: the guard drops a failure and the screen reads again.
 */
export function firstRead(tokens: AuthTokens): FirstRead {
  void import('../screens/my-orders-screen');
  const options = orderListQueryOptions(tokens);
  return { queryKey: options.queryKey, prefetch: (client) => client.prefetchInfiniteQuery({ ...options, retry: false }) };
}
