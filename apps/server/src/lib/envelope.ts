import { ResponseCode, type Envelope } from '@ssd/shared/api';

/** A success envelope (code 1). */
export function ok<T>(data: T, message = 'Success'): Envelope<T> {
  return { code: ResponseCode.SUCCESS, message, data };
}

/**
 * A failure a route or service raises on purpose: the error handler turns it into the envelope
 * `{code, message, data: null}` with the matching HTTP status.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ResponseCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** The failures the API raises, by meaning; one place for their status and code. */
export const fail = {
  /** Bad input the shopper can fix (HTTP 400, code 0). */
  badRequest: (message: string) => new AppError(400, ResponseCode.WARNING, message),
  /** A rule of the store refuses the request as asked (HTTP 409, code 0). */
  conflict: (message: string) => new AppError(409, ResponseCode.WARNING, message),
  /** Well-formed input that fails a business rule (HTTP 422, code 0). */
  unprocessable: (message: string) => new AppError(422, ResponseCode.WARNING, message),
  notFound: (message = 'Not found') => new AppError(404, ResponseCode.FAILURE, message),
  /** No or unusable login (HTTP 401, code -2). */
  loginNeeded: (message = 'Please login to continue.') => new AppError(401, ResponseCode.LOGIN_NEEDED, message),
  forbidden: (message = 'You do not have permission to do that.') => new AppError(403, ResponseCode.FAILURE, message),
  /** The server refuses more work of this kind for a moment (HTTP 503, code -1). */
  busy: (message: string) => new AppError(503, ResponseCode.FAILURE, message),
  tooManyRequests: (message = 'Too many requests. Please wait a moment and try again.') =>
    new AppError(429, ResponseCode.WARNING, message),
};
