/**
 * The content service client: Directus REST dialect, read-only and token-less (DESIGN.md).
 * Reads answer {data, meta?}; anything but a 2xx throws a ContentError so TanStack Query can
 * show the error state with a retry.
 */

export interface ContentResponse<T> {
  data: T;
  meta?: Record<string, unknown>;
}

export class ContentError extends Error {
  readonly status: number;

  constructor(status: number, message: string) {
    super(message);
    this.name = 'ContentError';
    this.status = status;
  }
}

export type ContentQuery = Record<string, string | number | undefined>;

function buildUrl(path: string, query: ContentQuery | undefined): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${path}?${text}` : path;
}

/** GET a content path, e.g. `contentGet('/content/items/catalogs', {sort: 'priority,title'})`. */
export async function contentGet<T>(
  path: string,
  query?: ContentQuery,
  signal?: AbortSignal,
): Promise<ContentResponse<T>> {
  const response = await fetch(buildUrl(path, query), {
    headers: { Accept: 'application/json' },
    signal,
  });
  if (!response.ok) {
    throw new ContentError(response.status, `Content request failed with status ${response.status}`);
  }
  return (await response.json()) as ContentResponse<T>;
}

/** The items of one collection: `readItems<Catalog>('catalogs', {fields: 'id,title'})`. */
export async function readItems<T>(
  collection: string,
  query?: ContentQuery,
  signal?: AbortSignal,
): Promise<T[]> {
  if (!collection.trim()) throw new Error('A content collection name is required');
  const body = await contentGet<T[]>(`/content/items/${encodeURIComponent(collection)}`, query, signal);
  return body.data;
}
