import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@ssd/shared/constants';

/** The access token is a signed JWT; the server still loads the user on each call so a role change takes effect at once. */
export interface AccessClaims {
  /** The user's id. */
  sub: string;
  role: string;
}

const ISSUER = 'ssd-store';
const AUDIENCE = 'ssd-store-api';
const ALGORITHM = 'HS256';

export class TokenSigner {
  private readonly key: Uint8Array;

  constructor(secret: string) {
    if (secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters');
    this.key = new TextEncoder().encode(secret);
  }

  async signAccessToken(claims: AccessClaims, lifetimeSeconds = ACCESS_TOKEN_LIFETIME_SECONDS): Promise<string> {
    return new SignJWT({ role: claims.role })
      .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
      .setSubject(claims.sub)
      .setIssuer(ISSUER)
      .setAudience(AUDIENCE)
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
      .sign(this.key);
  }

  /** Null for anything forged, expired, of another algorithm (alg: none included) or malformed. */
  async verifyAccessToken(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        audience: AUDIENCE,
      });
      if (typeof payload.sub !== 'string' || typeof payload.role !== 'string') return null;
      return { sub: payload.sub, role: payload.role };
    } catch (error) {
      if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null;
      throw error;
    }
  }
}
