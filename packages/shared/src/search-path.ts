import { decodeBase64Url, encodeBase64Url } from './base64';

/** The results of a search: /search/{text as base64url} (spec 2 §2). */
export function searchPath(text: string): string {
  return `/search/${encodeBase64Url(text.trim())}`;
}

/** The text a results address searches for; '' when its id is not the base64url of a text (the page then goes to /search). */
export function searchTextOf(id: string): string {
  return decodeBase64Url(id)?.trim() ?? '';
}

/**
 * The query parameter of the search box's native submission (`/search?q=…`), sent when a shopper
 * searches on a server-rendered page before the app has taken it over; the server answers it with a
 * redirect to searchPath (plugins/web.ts).
 */
export const SEARCH_FORM_PARAM = 'q';
