import { encodeBase64Url } from '@ssd/shared/base64';

/** The product page of one item: /product/{id}/{title as base64url} (spec 2 §2, decision 0008). */
export function productPath(item: { id: number; title: string }): string {
  return `/product/${item.id}/${encodeBase64Url(item.title)}`;
}

/** The id from the URL, or null unless it is a positive whole number. */
export function parseProductId(raw: string | undefined): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
