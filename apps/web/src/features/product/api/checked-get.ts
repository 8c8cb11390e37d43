import type { z } from '@ssd/shared/zod';
import { apiRequest } from '../../../lib/api-client';
import { networkError } from '../../../lib/api-error';

/**
 * GETs a public product API call and checks its data with the shared zod contract (the product
 * page loads zod with its own chunk, docs/decisions/0015). A failure is the server's ApiError; an
 * answer of another shape is a network failure. A -2 is not a reason to leave a public page.
 */
export async function checkedGet<S extends z.ZodType>(
  path: string,
  schema: S,
  query: Record<string, number> | undefined,
  signal: AbortSignal,
): Promise<z.infer<S>> {
  const { data } = await apiRequest<unknown>('GET', path, undefined, { query, signal, ignoreLoginNeeded: true });
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}
