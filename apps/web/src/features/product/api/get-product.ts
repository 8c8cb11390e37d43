import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentItem } from '@ssd/shared/content';
import { PRODUCT_PAGE_FIELDS } from '@ssd/shared/content-fields';
import { ApiError } from '../../../lib/api-error';
import { contentError, contentGet } from '../../../lib/content-client';
import { productContract } from './contracts';
import { productPageKeys } from './keys';

/** Shared with the server, which preloads this read in the product page's HTML. */
export const PRODUCT_FIELDS = PRODUCT_PAGE_FIELDS;

/** The product (spec 2 §7): GET /content/items/items/{id}?fields=*,images.id,images.directus_files_id. */
export async function getProduct(id: number, signal?: AbortSignal): Promise<ContentItem> {
  // A contract that could not be loaded leaves the answer unchecked: as if no usable answer came.
  const checking = productContract().catch(() => Promise.reject(contentError(0, true)));
  const [body, schema] = await Promise.all([contentGet<unknown>(`/content/items/items/${id}`, { fields: PRODUCT_FIELDS }, signal), checking]);
  const parsed = schema.safeParse(body.data);
  if (!parsed.success) throw contentError(200, true);
  return parsed.data;
}

export function productQueryOptions(id: number) {
  return queryOptions({
    queryKey: productPageKeys.detail(id),
    queryFn: ({ signal }) => getProduct(id, signal),
    // Asking again cannot make a missing product appear.
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status === 404),
  });
}

/** The product of the page; nothing is read while the id in the address is not a product id. */
export function useProduct(id: number | null) {
  return useQuery({ ...productQueryOptions(id ?? 0), enabled: id !== null });
}
