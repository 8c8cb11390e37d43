import argon2 from 'argon2';

/**
 * argon2id with OWASP's minimum recommended settings (19 MiB memory, 2 iterations, 1 lane):
 * a sign-in costs tens of milliseconds, a guess costs an attacker as much.
 */
export const PASSWORD_HASH_OPTIONS = {
  type: argon2.argon2id,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

/** The encoded hash ($argon2id$v=19$m=19456,t=2,p=1$salt$hash) to store in users.password_hash. */
export function hashPassword(plain: string): Promise<string> {
  return argon2.hash(plain, PASSWORD_HASH_OPTIONS);
}

/**
 * True when `plain` matches `hash`. A missing or malformed hash (an account that only signs in
 * through Google, a corrupted row) is a mismatch, never an exception.
 */
export async function verifyPassword(hash: string | null | undefined, plain: string): Promise<boolean> {
  if (!hash || !hash.startsWith('$argon2')) return false;
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}
