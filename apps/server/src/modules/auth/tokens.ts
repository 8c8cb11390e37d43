import { createSigner, createVerifier, TokenError } from 'fast-jwt';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@ssd/shared/constants';
import { SESSION_LIFETIME_SECONDS } from './policy';

/** The access token is a signed JWT; the server still loads the user on each call so a role change takes effect at once. */
export interface AccessClaims {
  /** The user's id. */
  sub: string;
  role: string;
  /** The session (sessions.id) the token belongs to; the auth hook refuses it once the session is revoked. */
  sid: string;
}

const ISSUER = 'ssd-store';
const AUDIENCE = 'ssd-store-api';
const ALGORITHM = 'HS256';

/**
 * Our own access tokens, HS256 with fast-jwt (the library behind @fastify/jwt), which signs and checks
 * with node:crypto's HMAC at once. WebCrypto (jose) sends every HMAC to the thread pool and back: under
 * a checkout load that hand-off was 13% of the server's CPU (docs/benchmarks.md, Checkout). jose stays
 * for Google's ID tokens (RS256 against a key set). The clock is asked on every call, since tests move it.
 */
export class TokenSigner {
  private readonly key: Buffer;

  constructor(
    secret: string,
    /** The clock; tests move it instead of sleeping. */
    private readonly now: () => Date = () => new Date(),
  ) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    this.key = Buffer.from(secret, 'utf8');
  }

  async signAccessToken(claims: AccessClaims, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): Promise<string> {
    const sign = createSigner({
      key: this.key,
      algorithm: ALGORITHM,
      iss: ISSUER,
      aud: AUDIENCE,
      sub: claims.sub,
      expiresIn: lifetimeSeconds * 1000,
      clockTimestamp: Math.floor(this.now().getTime() / 1000) * 1000,
    });
    return sign({ role: claims.role, sid: claims.sid });
  }

  /**
   * Null for anything forged, expired, of another algorithm (alg: none included) or malformed.
   * `allowExpired` accepts a genuine token up to a session's lifetime past its expiry: token
   * verification (POST /api/auth/verify/token) pairs it with the refresh token, which decides.
   */
  async verifyAccessToken(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims | null> {
    const verify = createVerifier({
      key: this.key,
      algorithms: [ALGORITHM],
      allowedIss: ISSUER,
      allowedAud: AUDIENCE,
      requiredClaims: ['exp', 'sub'],
      clockTimestamp: this.now().getTime(),
      clockTolerance: options.allowExpired ? SESSION_LIFETIME_SECONDS * 1000 : 0,
    });
    let payload: Record<string, unknown>;
    try {
      payload = verify(token) as Record<string, unknown>;
    } catch (error) {
      if (error instanceof TokenError) return null;
      throw error;
    }
    if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') return null;
    return { sub: payload.sub, role: payload.role, sid: payload.sid };
  }
}
