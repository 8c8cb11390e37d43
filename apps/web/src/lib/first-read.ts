import type { QueryClient, QueryKey } from '@tanstack/react-query';
import type { AuthTokens } from './api-client';

/**
 * A protected screen's first read, made while its login guard (./guards.tsx) waits for the startup
 * verification (spec 1 §4), so that the screen's code and data arrive with the verification rather
 * than one round trip after it. Nothing of it is shown before the verification succeeds: the guard
 * keeps the global loader up meanwhile and drops the read when the verification fails or the read
 * was refused (a -2 must leave no error in the cache for the screen to show).
 */
export interface FirstRead {
  /** The query the screen reads first (its own queryOptions factory's key). */
  queryKey: QueryKey;
  /**
   * Fills that query with the tokens the read was started with. It must not reject, must not retry
   * and must not tell the login-needed listeners (ignoreLoginNeeded): a refusal is the guard's to drop.
   */
  prefetch: (client: QueryClient) => Promise<void>;
}

/**
 * What a route gives its guard: loads the module of the screen's first read (which also asks for the
 * screen's code, to be ready when the verification is).
 */
export type LoadFirstRead = () => Promise<{ firstRead: (tokens: AuthTokens) => FirstRead }>;

/**
 * How long a read the guard made counts as the visit's own read: long enough for the screen to mount
 * after the verification (and mount again, as React may), short enough that a later visit reads afresh.
 */
export const GUARD_READ_COUNTS_FOR_MS = 5_000;

/** Query hash → the time the guard's read answered. */
const guardReads = new Map<string, number>();

/** Marks the query's current answer as read by the guard for the screen about to mount. */
export function markGuardRead(client: QueryClient, queryKey: QueryKey): void {
  const query = client.getQueryCache().find({ queryKey, exact: true });
  if (query?.state.status === 'success') guardReads.set(query.queryHash, query.state.dataUpdatedAt);
}

interface QueryOnMount {
  queryHash: string;
  state: { dataUpdatedAt: number; isInvalidated: boolean };
}

/**
 * refetchOnMount of reads made afresh on each visit (staleTime 0): the answer the guard fetched just
 * before the screen mounted is this visit's read, so the screen does not ask again at once. Any other
 * answer, an invalidated one, or the guard's after GUARD_READ_COUNTS_FOR_MS, is read again as before.
 */
export function refetchOnMountUnlessGuardRead(query: QueryOnMount): boolean {
  const answeredAt = guardReads.get(query.queryHash);
  if (answeredAt === undefined || answeredAt !== query.state.dataUpdatedAt) return true;
  if (query.state.isInvalidated || Date.now() - answeredAt >= GUARD_READ_COUNTS_FOR_MS) {
    guardReads.delete(query.queryHash);
    return true;
  }
  return false;
}

