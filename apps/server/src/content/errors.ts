import type { CONTENT_ERROR_CODES } from '@ssd/shared/content';

/**
 * The content service's failures, in the Directus error shape:
 * `{errors: [{message, extensions: {code}}]}` with a matching HTTP status.
 *
 * Choices where Directus differs or is silent (kept consistent across the service):
 * - a field the public may not read (or that does not exist) in `fields`, `filter` or `sort` is
 *   403 FORBIDDEN, as Directus answers for fields outside a role's permissions;
 * - a missing item (or asset) is 404 RECORD_NOT_FOUND, not Directus' 403, so a client can tell
 *   "gone" from "not allowed"; an unknown route is 404 ROUTE_NOT_FOUND;
 * - a query that cannot be understood, or asks for more than the budget allows (budget.ts), is
 *   400 INVALID_QUERY with the reason in the message;
 * - too many reads from one client address is 429 REQUESTS_EXCEEDED, as in Directus.
 */
export type ContentErrorCode = (typeof CONTENT_ERROR_CODES)[number];
/** The shared contentErrorSchema's shape, with the codes above. */
export interface ContentErrorBody {
  errors: Array<{ message: string; extensions: { code: ContentErrorCode } }>;
}

export class ContentError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ContentErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'ContentError';
  }

  body(): ContentErrorBody {
    return errorBody(this.code, this.message);
  }
}

export function errorBody(code: ContentErrorCode, message: string): ContentErrorBody {
  return { errors: [{ message, extensions: { code } }] };
}

/** User input quoted in a message, cut short so an error body stays small. */
export function quoted(input: string): string {
  const text = input.length > 80 ? `${input.slice(0, 80)}…` : input;
  return `"${text}"`;
}

export const FORBIDDEN_MESSAGE = "You don't have permission to access this.";

/** 400: the query cannot be understood. `reason` is one sentence without the final full stop. */
export function invalidQuery(reason: string): ContentError {
  return new ContentError(400, 'INVALID_QUERY', `Invalid query. ${reason}.`);
}

/** 403: a collection that is not public (the message names nothing, so it leaks nothing). */
export function forbidden(): ContentError {
  return new ContentError(403, 'FORBIDDEN', FORBIDDEN_MESSAGE);
}

/** 403: a field that is not public in a public collection, in Directus' words. */
export function forbiddenField(collection: string, field: string): ContentError {
  return new ContentError(
    403,
    'FORBIDDEN',
    `You don't have permission to access field ${quoted(field)} in collection "${collection}" or it does not exist.`,
  );
}

/** 429: the client address made too many reads in the last minute. */
export function requestsExceeded(retryAfterSeconds: number): ContentError {
  return new ContentError(429, 'REQUESTS_EXCEEDED', `Too many requests. Please try again in ${retryAfterSeconds} seconds.`);
}

export function itemNotFound(collection: string, key: string): ContentError {
  return new ContentError(404, 'RECORD_NOT_FOUND', `Item ${quoted(key)} not found in collection "${collection}".`);
}

export function fileNotFound(id: string): ContentError {
  return new ContentError(404, 'RECORD_NOT_FOUND', `File ${quoted(id)} not found.`);
}

export function routeNotFound(method: string, path: string): ContentError {
  return new ContentError(404, 'ROUTE_NOT_FOUND', `Route ${method} ${path.length > 200 ? `${path.slice(0, 200)}…` : path} doesn't exist.`);
}
