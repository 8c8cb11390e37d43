import { ResponseCode } from '@ssd/shared/api';
import { AppError } from '../../lib/envelope';

/** The generic message a shopper sees when Google sign-in fails (spec 1 §8 toast 'Google authentication failed'). */
export const GOOGLE_AUTH_FAILED_MESSAGE = 'Google authentication failed';
/** Shown when Google vouches for the account but not for its e-mail address. */
export const GOOGLE_EMAIL_NOT_VERIFIED_MESSAGE = 'Your Google email address is not verified. Verify it with Google and try again.';

/**
 * Why a sign-in failed, for the route to pick a status:
 * - `invalid_token`: the ID token (or the code behind it) is not acceptable: bad signature, issuer,
 *   audience, expiry, nonce, algorithm, missing claims, or the provider refused the code.
 * - `email_not_verified`: the token is genuine but Google does not vouch for the e-mail.
 * - `provider_unavailable`: discovery, the token endpoint or the key set could not be reached or
 *   answered nonsense; the shopper may retry later.
 */
export type OidcErrorKind = 'invalid_token' | 'email_not_verified' | 'provider_unavailable';

/**
 * Every failure of the OIDC integration. `message` is safe to show a shopper; `reason` is for logs
 * only (it may name claims, endpoints and provider error descriptions, never a token or a secret).
 */
export class OidcError extends Error {
  constructor(
    readonly kind: OidcErrorKind,
    readonly reason: string,
    message: string = kind === 'email_not_verified' ? GOOGLE_EMAIL_NOT_VERIFIED_MESSAGE : GOOGLE_AUTH_FAILED_MESSAGE,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'OidcError';
  }
}

/**
 * A suggested mapping onto the API envelope: code -1 (toast type error, spec 1 §8) with
 * 401 for a refused token or code, 403 for an unverified e-mail and 502 when Google is unreachable.
 * Not -2: that code means "session expired" to the client.
 */
export function oidcErrorToAppError(error: OidcError): AppError {
  const status = error.kind === 'provider_unavailable' ? 502 : error.kind === 'email_not_verified' ? 403 : 401;
  return new AppError(status, ResponseCode.FAILURE, error.message);
}
