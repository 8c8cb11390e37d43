import { webcrypto } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
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

export class TokenSigner {
  /**
   * The HMAC key imported once: given raw bytes, jose imports a WebCrypto key on every sign and verify,
   * which was most of the auth hook's CPU under load (docs/benchmarks.md, Checkout).
   */
  private readonly key: Promise<webcrypto.CryptoKey>;

  constructor(
    secret: string,
    /** The clock; tests move it instead of sleeping. */
    private readonly now: () => Date = () => new Date(),
  ) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
  }

  async signAccessToken(claims: AccessClaims, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): Promise<string> {
    const nowSeconds = Math.floor(this.now().getTime() / 1000);
    return new SignJWT({ role: claims.role, sid: claims.sid })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt(nowSeconds)
      .setExpirationTime(nowSeconds + lifetimeSeconds)
      .sign(await this.key);
  }

  /**
   * Null for anything forged, expired, of another algorithm (alg: none included) or malformed.
   * `allowExpired` accepts a genuine token up to a session's lifetime past its expiry: token
   * verification (POST /api/auth/verify/token) pairs it with the refresh token, which decides.
   */
  async verifyAccessToken(token: string, options: { allowExpired?: boolean } = {}): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, await this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
        currentDate: this.now(),
        ...(options.allowExpired ? { clockTolerance: SESSION_LIFETIME_SECONDS } : {}),
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string' || typeof payload.sid !== 'string') return null;
      return { sub: payload.sub, role: payload.role, sid: payload.sid };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
