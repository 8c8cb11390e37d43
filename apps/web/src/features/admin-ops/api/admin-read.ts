import type { z } from '@ssd/shared/zod';
import { apiRequest, type ApiRequestOptions } from '../../../lib/api-client';
import { ApiError, networkError } from '../../../lib/api-error';

/**
 * GETs an admin call and checks its data with the shared zod contract (@ssd/shared/admin-ops): the
 * console loads zod with its own chunks. An answer of another shape is a network failure, as for
 * the orders screens (docs/decisions/0015).
 */
export async function adminGet<S extends z.ZodType>(
  path: string,
  schema: S,
  signal: AbortSignal | undefined,
  query?: ApiRequestOptions['query'],
): Promise<z.infer<S>> {
  const { data } = await apiRequest<unknown>('GET', path, undefined, { signal, query });
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** A read is tried again once when no usable answer came; a refusal is final. */
export function retryNetworkOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && error.network;
}

/** True when the server has no such record (404), or the id is not one at all (400). */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && !error.network && (error.status === 404 || error.status === 400);
}

/** Path parts are sent encoded: an id typed into the address bar cannot reach another path. */
export const pathPart = (value: string | number) => encodeURIComponent(String(value));
