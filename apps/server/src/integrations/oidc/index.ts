export {
  GOOGLE_ISSUER,
  OidcClient,
  googleOidcOptionsFromEnv,
  type ExchangeCodeInput,
  type OidcClientOptions,
  type OidcDiscovery,
  type OidcIdentity,
  type VerifyIdTokenOptions,
} from './google-client';
export { findOrCreateGoogleUser, type GoogleUser } from './google-accounts';
export {
  GOOGLE_AUTH_FAILED_MESSAGE,
  GOOGLE_EMAIL_NOT_VERIFIED_MESSAGE,
  OidcError,
  oidcErrorToAppError,
  type OidcErrorKind,
} from './errors';
export { createPkcePair, pkceChallengeS256, randomUrlToken } from './pkce';
