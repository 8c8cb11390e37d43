import { NETWORK_MESSAGES, ResponseCode } from '@ssd/shared/api';
import { CONTENT_ITEMS_MAX_AGE_SECONDS, CONTENT_ITEMS_STALE_SECONDS } from '@ssd/shared/constants';
import { ApiError } from './api-error';
import { dataFetch } from './data-transport';
import { readStorage, writeStorage } from './storage';

/**
 * The content service client: Directus REST dialect, read-only and token-less (DESIGN.md).
 * Reads answer {data, meta?}. A failure throws the same ApiError as the product API
 * (docs/decisions/0022-web-data-layer.md), code -1 with 'Unable to connect to our server' (spec 1
 * §8) and the HTTP status; no answer, or one that is not JSON, is a network failure. TanStack
 * Query then shows the error state with a retry.
 */

export interface ContentResponse<T> {
  data: T;
  meta?: Record<string, unknown>;
}

export type ContentQuery = Record<string, string | number | undefined>;

/** A failed content read: `network` when no usable answer came (status 0 when none at all). */
export function contentError(status: number, network: boolean): ApiError {
  return new ApiError(ResponseCode.FAILURE, NETWORK_MESSAGES.content, status, network);
}

function buildUrl(path: string, query: ContentQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** When this browser last saw an admin write (local storage: every tab of it follows). */
const CONTENT_CHANGED_KEY = 'ssd_content_changed_at';
const REUSABLE_MS = (CONTENT_ITEMS_MAX_AGE_SECONDS + CONTENT_ITEMS_STALE_SECONDS) * 1000;

/**
 * The admin console calls this after a write. For as long as the browser could otherwise reuse a
 * content answer it fetched before (its Cache-Control), content reads revalidate with the server
 * (a 304 when nothing changed), so the admin sees the write in the storefront at once.
 */
export function markContentChanged(now = Date.now()): void {
  writeStorage('localStorage', CONTENT_CHANGED_KEY, String(now));
}

function cacheMode(): RequestCache {
  return Date.now() - Number(readStorage('localStorage', CONTENT_CHANGED_KEY)) < REUSABLE_MS ? 'no-cache' : 'default';
}

/** GET a content path, e.g. `contentGet('/content/items/catalogs', {sort: 'priority,title'})`. */
export async function contentGet<T>(
  path: string,
  query?: ContentQuery,
  signal?: AbortSignal,
): Promise<ContentResponse<T>> {
  let response: Response;
  try {
    response = await dataFetch(buildUrl(path, query), { headers: { Accept: 'application/json' }, cache: cacheMode(), signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw contentError(0, true);
  }
  if (!response.ok) throw contentError(response.status, false);
  try {
    return (await response.json()) as ContentResponse<T>;
  } catch (error) {
    if (signal?.aborted) throw error;
    throw contentError(response.status, true);
  }
}

/** The items of one collection: `readItems<Catalog>('catalogs', {fields: 'id,title'})`. */
export async function readItems<T>(
  collection: string,
  query?: ContentQuery,
  signal?: AbortSignal,
): Promise<T[]> {
  // A caller's mistake, not a failed read: an ordinary error.
  if (!collection.trim()) throw new Error('A content collection name is required');
  const body = await contentGet<T[]>(`/content/items/${encodeURIComponent(collection)}`, query, signal);
  return body.data;
}
