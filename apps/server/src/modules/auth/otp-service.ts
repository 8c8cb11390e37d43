import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { and, count, desc, eq, gt, inArray, isNull, lt, min, sql } from 'drizzle-orm';
import { ResponseCode } from '@ssd/shared/api';
import { OTP_LENGTH } from '@ssd/shared/constants';
import type { OtpPurpose } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { lockKeyForTransaction, type Transaction } from '../../db/locks';
import { otpCodes, users } from '../../db/schema';
import { AppError, fail } from '../../lib/envelope';
import type { AuthContext } from './context';
import { MESSAGES } from './messages';
import { otpMail } from './otp-mail';
import {
  HOUR_MS,
  OTP_MAX_ATTEMPTS,
  OTP_PER_EMAIL_PER_HOUR,
  OTP_PER_IP_PER_HOUR,
  OTP_RESEND_INTERVAL_MS,
  OTP_VALIDITY_MS,
  OTP_VERIFIED_WINDOW_MS,
} from './policy';


function hashCode(key: Buffer, email: string, purpose: OtpPurpose, code: string): string {
  return createHmac('sha256', key).update(`${purpose}\n${email}\n${code}`).digest('base64url');
}

function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

function minutesUntil(until: number, now: Date): number {
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}

/**
 * The resend limits: per email and purpose 30 s apart (a sign-up code does not hold up a reset code
 * asked for right after), per email 5 an hour, per client address 20 an hour. 429 when over.
 */
async function assertMayIssue(tx: Transaction, email: string, purpose: OtpPurpose, ip: string, now: Date): Promise<void> {
  const hourAgo = new Date(now.getTime() - HOUR_MS);
  const [latest] = await tx
    .select({ created_at: otpCodes.created_at })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose)))
    .orderBy(desc(otpCodes.created_at))
    .limit(1);
  if (latest) {
    const waitMs = latest.created_at.getTime() + OTP_RESEND_INTERVAL_MS - now.getTime();
    if (waitMs > 0) throw fail.tooManyRequests(MESSAGES.otpResendWait(Math.ceil(waitMs / 1000)));
  }
  const [perEmail] = await tx
    .select({ n: count(), oldest: min(otpCodes.created_at) })
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), gt(otpCodes.created_at, hourAgo)));
  if (perEmail && perEmail.n >= OTP_PER_EMAIL_PER_HOUR && perEmail.oldest) {
    throw fail.tooManyRequests(MESSAGES.otpEmailHourly(minutesUntil(perEmail.oldest.getTime() + HOUR_MS, now)));
  }
  const [perIp] = await tx
    .select({ n: count(), oldest: min(otpCodes.created_at) })
    .from(otpCodes)
    .where(and(eq(otpCodes.client_ip, ip), gt(otpCodes.created_at, hourAgo)));
  if (perIp && perIp.n >= OTP_PER_IP_PER_HOUR && perIp.oldest) {
    throw fail.tooManyRequests(MESSAGES.otpIpHourly(minutesUntil(perIp.oldest.getTime() + HOUR_MS, now)));
  }
}

/**
 * Sends a fresh 6-digit code for sign-up or password reset. A new code voids the previous one of
 * the same email and purpose. Sign-up refuses an email that has an account; reset answers the same
 * for an unknown email but sends nothing (a code row is still written, so the resend limits, and
 * therefore the answers, are the same whether or not the account exists).
 */
export async function issueOtp(ctx: AuthContext, input: { email: string; purpose: OtpPurpose; ip: string }): Promise<void> {
  const { email, purpose, ip } = input;
  const now = ctx.now();
  const [account] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (purpose === 'signup' && account) throw fail.conflict(MESSAGES.accountExists);

  const code = String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');
  const id = await ctx.db.transaction(async (tx) => {
    await lockKeyForTransaction(tx, `otp:email:${email}`);
    await lockKeyForTransaction(tx, `otp:ip:${ip}`);
    await assertMayIssue(tx, email, purpose, ip, now);
    await tx
      .update(otpCodes)
      .set({ voided_at: now })
      .where(and(eq(otpCodes.email, email), eq(otpCodes.purpose, purpose), isNull(otpCodes.voided_at), isNull(otpCodes.consumed_at)));
    const [row] = await tx
      .insert(otpCodes)
      .values({
        email,
        purpose,
        client_ip: ip,
        code_hash: hashCode(ctx.otpKey, email, purpose, code),
        created_at: now,
        expires_at: new Date(now.getTime() + OTP_VALIDITY_MS),
      })
      .returning({ id: otpCodes.id });
    return row!.id;
  });

  if (purpose === 'reset' && !account) return;
  try {
    await ctx.mailer.send(otpMail(email, purpose, code));
  } catch (error) {
    // A code nobody received must not stay usable.
    await ctx.db.update(otpCodes).set({ voided_at: ctx.now() }).where(eq(otpCodes.id, id));
    ctx.log.error({ err: error, purpose }, 'sending the OTP mail failed');
    throw new AppError(502, ResponseCode.FAILURE, MESSAGES.otpSendFailed);
  }
}

/**
 * Checks a code against the newest live code of that email (and purpose, when given) and marks it
 * verified. Each try counts, taken before the code is compared; after five the code is spent.
 */
export async function verifyOtp(ctx: AuthContext, input: { email: string; otp: string; purpose?: OtpPurpose }): Promise<void> {
  const { email, otp } = input;
  const now = ctx.now();
  const rows = await ctx.db
    .select()
    .from(otpCodes)
    .where(and(eq(otpCodes.email, email), isNull(otpCodes.voided_at), input.purpose ? eq(otpCodes.purpose, input.purpose) : undefined))
    .orderBy(desc(otpCodes.created_at))
    .limit(2);
  const isLive = (r: (typeof rows)[number]) =>
    r.verified_at === null && r.consumed_at === null && r.attempts < OTP_MAX_ATTEMPTS && r.expires_at > now;
  const target = rows.find(isLive) ?? rows[0];
  if (!target) throw fail.badRequest(MESSAGES.otpNone);
  if (target.verified_at || target.consumed_at) throw fail.badRequest(MESSAGES.otpUsed);
  if (target.attempts >= OTP_MAX_ATTEMPTS) throw fail.tooManyRequests(MESSAGES.otpTooManyAttempts);
  if (target.expires_at <= now) throw fail.badRequest(MESSAGES.otpExpired);

  // Take one of the code's five tries before comparing, in one conditional update: guesses sent
  // together are counted as they arrive, so no more than five are ever compared.
  const [tried] = await ctx.db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(
      and(
        eq(otpCodes.id, target.id),
        lt(otpCodes.attempts, OTP_MAX_ATTEMPTS),
        isNull(otpCodes.verified_at),
        isNull(otpCodes.consumed_at),
        isNull(otpCodes.voided_at),
      ),
    )
    .returning({ attempts: otpCodes.attempts });
  if (!tried) throw await refusalOfSpentCode(ctx.db, target.id);

  if (!sameHash(hashCode(ctx.otpKey, email, target.purpose, otp), target.code_hash)) {
    const left = OTP_MAX_ATTEMPTS - tried.attempts;
    if (left <= 0) throw fail.tooManyRequests(MESSAGES.otpTooManyAttempts);
    throw fail.badRequest(MESSAGES.otpInvalid(left));
  }

  // The right code, on a try of its own: one conditional update, so it verifies once.
  const [verified] = await ctx.db
    .update(otpCodes)
    .set({ verified_at: now })
    .where(and(eq(otpCodes.id, target.id), isNull(otpCodes.verified_at), isNull(otpCodes.voided_at), gt(otpCodes.expires_at, now)))
    .returning({ id: otpCodes.id });
  if (!verified) throw fail.badRequest(MESSAGES.otpUsed);
}

/** Why a code could not take another try: a concurrent request verified it, or its tries are used up. */
async function refusalOfSpentCode(db: Database, id: string) {
  const [row] = await db.select({ verified_at: otpCodes.verified_at, consumed_at: otpCodes.consumed_at }).from(otpCodes).where(eq(otpCodes.id, id));
  if (row?.verified_at || row?.consumed_at) return fail.badRequest(MESSAGES.otpUsed);
  return fail.tooManyRequests(MESSAGES.otpTooManyAttempts);
}

/** The newest verification of a code of `purpose` for `email` in the last 15 minutes that is not used up. */
function usableVerification(tx: Database | Transaction, email: string, purpose: OtpPurpose, now: Date) {
  return tx
    .select({ id: otpCodes.id })
    .from(otpCodes)
    .where(
      and(
        eq(otpCodes.email, email),
        eq(otpCodes.purpose, purpose),
        gt(otpCodes.verified_at, new Date(now.getTime() - OTP_VERIFIED_WINDOW_MS)),
        isNull(otpCodes.consumed_at),
        isNull(otpCodes.voided_at),
      ),
    )
    .orderBy(desc(otpCodes.verified_at))
    .limit(1);
}

/**
 * Whether `email` has a usable verification of `purpose`, without using it up: the cheap check made
 * before any password is hashed, so requests without one cost the server nothing.
 */
export async function hasUsableVerification(db: Database, email: string, purpose: OtpPurpose, now: Date): Promise<boolean> {
  return (await usableVerification(db, email, purpose, now)).length === 1;
}

/**
 * Uses up the verification of a code of `purpose` for `email` made in the last 15 minutes: true
 * once, false when there is none. Call inside the transaction of the step it unlocks.
 */
export async function consumeVerifiedOtp(tx: Database | Transaction, email: string, purpose: OtpPurpose, now: Date): Promise<boolean> {
  const consumed = await tx
    .update(otpCodes)
    .set({ consumed_at: now })
    .where(and(inArray(otpCodes.id, usableVerification(tx, email, purpose, now)), isNull(otpCodes.consumed_at)))
    .returning({ id: otpCodes.id });
  return consumed.length === 1;
}
