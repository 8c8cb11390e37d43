import { createHash, randomBytes } from 'node:crypto';

/** A random URL-safe token (state, nonce, PKCE verifier): 32 bytes give 43 characters. */
export function randomUrlToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

/** RFC 7636 §4.2 S256: base64url(SHA-256(ASCII(verifier))), no padding. */
export function pkceChallengeS256(verifier: string): string {
  return createHash('sha256').update(verifier, 'ascii').digest('base64url');
}

/** A fresh PKCE pair; the verifier meets RFC 7636 §4.1 (43 to 128 unreserved characters). */
export function createPkcePair(): { verifier: string; challenge: string; method: 'S256' } {
  const verifier = randomUrlToken(32);
  return { verifier, challenge: pkceChallengeS256(verifier), method: 'S256' };
}
