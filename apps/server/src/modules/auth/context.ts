import { createHmac } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { Mailer } from '../../integrations/mail/mailer';
import type { PasswordWork } from './passwords';
import type { TokenSigner } from './tokens';

/** What the accounts use cases need, built once in app.ts and handed to the route plugins. */
export interface AuthContext {
  db: Database;
  tokens: TokenSigner;
  /** Every argon2 computation goes through here (bounded: passwords.ts). */
  passwords: PasswordWork;
  mailer: Mailer;
  /** Key of the HMAC that one-time codes are stored under (derived from JWT_SECRET). */
  otpKey: Buffer;
  now: () => Date;
  log: FastifyBaseLogger;
}

/** A key for code hashes, separate from the token signing key though derived from the same secret. */
export function deriveOtpKey(secret: string): Buffer {
  return createHmac('sha256', secret).update('ssd-store/otp-code-hash/v1').digest();
}
