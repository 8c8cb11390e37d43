import type { z } from '@ssd/shared/zod';
import { apiRequest, type ApiRequestOptions, type HttpMethod } from '../../../lib/api-client';
import { ApiError, networkError } from '../../../lib/api-error';

/**
 * A read of the admin API checked with its shared zod contract: an answer of another shape is a
 * network failure (docs/decisions/0015). Lists handle a -2 themselves (spec 3 §8: the message, then
 * home), so they pass `ignoreLoginNeeded`; other calls leave it to the admin guard (login).
 */
export async function adminGet<S extends z.ZodType>(
  path: string,
  schema: S,
  options: Pick<ApiRequestOptions, 'signal' | 'query' | 'ignoreLoginNeeded'> = {},
): Promise<z.infer<S>> {
  const { data } = await apiRequest<unknown>('GET', path, undefined, options);
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw networkError(200);
  return parsed.data;
}

/** What a write resolved to: the server's message (the screens toast it, or their own text) and its data. */
export interface AdminWriteResult {
  message: string;
  data: unknown;
}

/** A write of the admin API. */
export async function adminWrite(method: Exclude<HttpMethod, 'GET'>, path: string, body: unknown): Promise<AdminWriteResult> {
  return apiRequest<unknown>(method, path, body);
}

/** The id a write's answer names, when it names one (an add may answer with the new row or its id). */
export function answeredId(data: unknown): number | null {
  if (typeof data === 'number' && Number.isInteger(data)) return data;
  if (typeof data === 'object' && data !== null) {
    const { id, banner_id } = data as Record<string, unknown>;
    const value = id ?? banner_id;
    if (typeof value === 'number' && Number.isInteger(value)) return value;
  }
  return null;
}

/** A read is tried again once when no usable answer came; a refusal (404, 400, -2) is final. */
export function retryNetworkOnce(failureCount: number, error: Error): boolean {
  return failureCount < 1 && error instanceof ApiError && error.network;
}
