import { encodeBase64Url } from '@ssd/shared/base64';

/** The results of a search: /search/{text as base64url} (spec 2 §2). */
export function searchPath(text: string): string {
  return `/search/${encodeBase64Url(text.trim())}`;
}
