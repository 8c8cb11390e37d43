import type { z } from '@ssd/shared/zod';
import { apiRequest } from '../../../lib/api-client';
import type { Contract } from '../../../lib/contract';
import { networkError } from '../../../lib/api-error';

/**
 * GETs a public product API call and checks its data with the shared zod contract, loaded with the
 * first answer it checks (docs/decisions/0015, 0058). A failure is the server's ApiError; an
 * answer of another shape is a network failure. A -2 is not a reason to leave a public page.
 */
export async function checkedGet<S extends z.ZodType>(
  path: string,
  contract: Contract<S>,
  query: Record<string, number> | undefined,
  signal: AbortSignal,
): Promise<z.infer<S>> {
  // A contract that could not be loaded leaves the answer unchecked: as if no usable answer came.
  const checking = contract().catch(() => Promise.reject(networkError(0)));
  const [{ data }, schema] = await Promise.all([apiRequest<unknown>('GET', path, undefined, { query, signal, ignoreLoginNeeded: true }), checking]);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}
