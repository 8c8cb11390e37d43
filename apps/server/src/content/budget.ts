import { invalidQuery, type ContentError } from './errors';

/**
 * The query budget of the public content service: what one anonymous request may ask the database
 * for. Every limit is checked before the database is asked, and every refusal is a 400
 * INVALID_QUERY whose message names the limit and its number.
 *
 * The numbers are generous for the storefront (apps/web/src/lib/use-infinite-items.ts): its
 * richest listing filter is `_and` of `catalog _in` (the chosen catalogs), `_or` of two shops,
 * stock, `_or` of the typed tags and two price bounds, two or three levels deep, about ten nodes
 * plus one per tag. A hostile filter within them costs at most a few thousand parameters' work,
 * growing linearly with each number (docs/security-content.md).
 */

/** Conditions (`field: {_op: value}`) and `_and`/`_or` groups in one filter, counted as parsed. */
export const MAX_FILTER_NODES = 50;

/** Values in one `_in`/`_nin` list (a catalog listing sends one per chosen catalog). */
export const MAX_LIST_VALUES = 100;

/** Levels of `_and`/`_or` nesting: the storefront uses two. */
export const MAX_FILTER_DEPTH = 8;

/**
 * Bind parameters of one finished statement (PostgreSQL's own limit is 65,535): counted on the
 * SQL as built, before it is sent. The filter's values are nearly all of them.
 */
export const MAX_BIND_PARAMETERS = 1000;

/**
 * Item reads per client address per minute (request.ip, so behind a proxy it depends on
 * TRUST_PROXY). A storefront page makes 3 to 8 item reads and each scroll of a listing one more;
 * 600 is a page every second for a minute, with room for several shoppers behind one address.
 * Images (`/assets`) are not counted: a page shows dozens and each is one primary-key read.
 */
export const DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE = 600;

export function tooManyFilterNodes(): ContentError {
  return invalidQuery(`A filter may have at most ${MAX_FILTER_NODES} conditions (each _and or _or counts as one)`);
}

export function filterTooDeep(): ContentError {
  return invalidQuery(`A filter may be nested at most ${MAX_FILTER_DEPTH} levels deep`);
}

/** `described` is e.g. `"title" _nin`. */
export function listTooLong(described: string, values: number): ContentError {
  return invalidQuery(`An _in or _nin list may have at most ${MAX_LIST_VALUES} values (${described} has ${values})`);
}

export function tooManyParameters(parameters: number): ContentError {
  return invalidQuery(`A query may use at most ${MAX_BIND_PARAMETERS} values (bind parameters); this one needs ${parameters}`);
}

/** Refuses a built statement with more bind parameters than the budget allows. */
export function checkParameters(parameters: number): void {
  if (parameters > MAX_BIND_PARAMETERS) throw tooManyParameters(parameters);
}
