import { hash } from 'node:crypto';
import { CONTENT_ITEMS_MAX_AGE_SECONDS, CONTENT_ITEMS_STALE_SECONDS } from '@ssd/shared/constants';

/**
 * Item reads: browsers and a CDN in front may reuse an answer for 30 s, and for 30 s more while
 * they fetch a fresh one in the background. Short, because an admin's write (a price, the last
 * unit sold) must show quickly; not zero, because a CDN absorbs the listing traffic that way.
 * Whoever revalidates (If-None-Match) sees a write at once: the ETag is a hash of the body, so
 * it changes exactly when the answer does — as the web app does for a minute after an admin's write.
 */
export const ITEMS_CACHE_CONTROL = `public, max-age=${CONTENT_ITEMS_MAX_AGE_SECONDS}, stale-while-revalidate=${CONTENT_ITEMS_STALE_SECONDS}`;

/** Assets never change under an id (a new image is a new file), so they may be kept for a year. */
export const ASSETS_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** Errors must not be kept: the item may exist a moment later. */
export const ERROR_CACHE_CONTROL = 'no-store';

/**
 * A weak validator from the exact bytes of a JSON body. Weak, because a proxy that compresses the
 * answer keeps the meaning but not the bytes. One-shot `hash` rather than a Hash object per answer:
 * every cold read computes one.
 */
export function bodyEtag(body: string): string {
  return `W/"${hash('sha1', body, 'base64url')}"`;
}

/** If-None-Match (weak comparison, RFC 9110 §13.1.2): does it name `etag`, or is it `*`? */
export function matchesIfNoneMatch(header: string | string[] | undefined, etag: string): boolean {
  if (!header) return false;
  const opaque = (tag: string) => tag.trim().replace(/^W\//, '');
  const wanted = opaque(etag);
  const values = Array.isArray(header) ? header : [header];
  return values.some((value) =>
    value.split(',').some((candidate) => candidate.trim() === '*' || opaque(candidate) === wanted),
  );
}
