import type { z } from '@ssd/shared/zod';
import { apiRequest, type ApiRequestOptions, type AuthTokens } from '../../../lib/api-client';
import { ApiError, networkError } from '../../../lib/api-error';
import type { Contract } from '../../../lib/contract';

/**
 * GETs an orders call and checks its data with the shared zod contract, loaded with the first answer it
 * checks (docs/decisions/0015, 0058). A failure is the server's
 * ApiError; an answer of another shape is a network failure. A -2 reaches the login guard, which says
 * 'Please login to continue.' and opens the login screen (spec 3 §8, order pages), except for a read
 * made with given `tokens` (the login guard's first read, lib/first-read.ts), whose -2 is the guard's.
 */
export async function checkedGet<S extends z.ZodType>(
  path: string,
  contract: Contract<S>,
  signal: AbortSignal | undefined,
  query?: ApiRequestOptions['query'],
  tokens?: AuthTokens,
): Promise<z.infer<S>> {
  // A contract that could not be loaded leaves the answer unchecked: as if no usable answer came.
  const checking = contract().catch(() => Promise.reject(networkError(0)));
  const [{ data }, schema] = await Promise.all([apiRequest<unknown>('GET', path, undefined, { signal, query, tokens, ignoreLoginNeeded: tokens !== undefined }), checking]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** A read is tried again once when no usable answer came; a refusal (404, 400, -2) is final. */
export function retryNetworkOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && error.network;
}

/**
 * True when the server found no such order of the caller's: 404 (missing, or another shopper's) or 400
 * (not an order id at all, e.g. typed into the address bar).
 */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && !error.network && (error.status === 404 || error.status === 400);
}

/** Path parts are sent encoded: an id typed into the address bar cannot reach another path. */
export const pathPart = (value: string | number) => encodeURIComponent(String(value));
