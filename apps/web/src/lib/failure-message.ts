import { NETWORK_MESSAGES, ResponseCode } from '@ssd/shared/api';
import { ApiError } from './api-error';

/*
 * What a failed call tells the visitor (spec 1 §8). Apart from ./api-error.ts so that only the
 * screens that show failures load it, not the first load of every page.
 */

/** The texts a caller puts in place of the server's when it has none. */
export interface FailureTexts {
  /** When the server's message is empty (or the error is not an ApiError); 'Failed to connect to our server.' unless told. */
  fallback?: string;
  /** When no usable answer came; the error's own network message unless told. */
  offline?: string;
}

/** The server's message, and whether to show it as a warning (code 0) or an error. */
export function describeFailure(error: unknown, texts: FailureTexts = {}): { message: string; warning: boolean } {
  const fallback = texts.fallback ?? NETWORK_MESSAGES.api;
  if (!(error instanceof ApiError)) return { message: fallback, warning: false };
  const message = error.network ? (texts.offline ?? error.message) : error.message || fallback;
  return { message, warning: error.code === ResponseCode.WARNING };
}

/** True for a failure with code -2: the session is over or a login is needed. */
export function isLoginNeeded(error: unknown): boolean {
  return error instanceof ApiError && error.code === ResponseCode.LOGIN_NEEDED;
}
