import { encodeBase64Url } from '@ssd/shared/base64';

/** The product page of one item: /product/{id}/{title as base64url} (spec 2 §2, decision 0008). */
export function productPath(item: { id: number; title: string }): string {
  return `/product/${item.id}/${encodeBase64Url(item.title)}`;
}
