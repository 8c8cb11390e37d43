import { randomBytes } from 'node:crypto';
import type { Database } from '../db/client';
import { sharedSecret } from '../db/secrets';
import { randomBase62 } from './ids';

/** The sandbox's key pair and webhook secret: what a Razorpay test account gives a merchant. */
export interface SandboxCredentials {
  /** rzp_test_ and 14 characters, as Razorpay's test key ids. */
  keyId: string;
  keySecret: string;
  webhookSecret: string;
}

/**
 * Generated once and kept in the database (app_secrets), so every server on one database is the same
 * sandbox account and a restart keeps the signatures it issued valid. Race-safe (db/secrets.ts).
 */
export async function sandboxCredentials(db: Database): Promise<SandboxCredentials> {
  const keyId = await sharedSecret(db, 'RAZORPAY_SANDBOX_KEY_ID', () => `rzp_test_${randomBase62(14)}`);
  const keySecret = await sharedSecret(db, 'RAZORPAY_SANDBOX_KEY_SECRET', () => randomBase62(24));
  const webhookSecret = await sharedSecret(db, 'RAZORPAY_SANDBOX_WEBHOOK_SECRET', () => randomBytes(24).toString('base64url'));
  return { keyId, keySecret, webhookSecret };
}
