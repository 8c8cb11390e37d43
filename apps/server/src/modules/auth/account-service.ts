import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { LoginData } from '@ssd/shared/auth';
import { users } from '../../db/schema';
import { fail } from '../../lib/envelope';
import type { RequestUser } from '../../plugins/auth';
import type { AuthContext } from './context';
import { clearLoginFailures, keepLoginSlotAsFailure, releaseLoginSlot, takeLoginSlot } from './login-throttle';
import { MESSAGES } from './messages';
import { consumeVerifiedOtp, hasUsableVerification } from './otp-service';
import { hashPassword } from './passwords';
import { issueSession, revokeUserSessions } from './sessions';

/** A real argon2id hash of nothing anyone knows: an unknown email costs as much time as a wrong password. */
let decoyHash: Promise<string> | null = null;
function decoy(): Promise<string> {
  decoyHash ??= hashPassword(randomBytes(24).toString('base64url'));
  return decoyHash;
}

const accountColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  auth_provider: users.auth_provider,
  password_hash: users.password_hash,
};

/**
 * Compares a password under the login throttle: a slot is taken (or the try refused) before argon2
 * runs, and given back only when the password was right.
 */
async function checkPasswordThrottled(
  ctx: AuthContext,
  input: { email: string; ip: string; hash: string | null | undefined; password: string },
): Promise<boolean> {
  const now = ctx.now();
  const slot = await takeLoginSlot(ctx.db, input.email, input.ip, now);
  let matches: boolean;
  try {
    matches = await ctx.passwords.verify(input.hash, input.password);
  } catch (error) {
    // A check that never ran (the server was busy) is no failure of the shopper's.
    await releaseLoginSlot(ctx.db, slot);
    throw error;
  }
  if (matches) await releaseLoginSlot(ctx.db, slot);
  else await keepLoginSlotAsFailure(ctx.db, input.email, now);
  return matches;
}

/** Email and password: one message for a wrong email and a wrong password alike. */
export async function login(ctx: AuthContext, input: { email: string; password: string; ip: string }): Promise<LoginData> {
  const [account] = await ctx.db.select(accountColumns).from(users).where(eq(users.email, input.email)).limit(1);
  const hash = account?.password_hash ?? (await decoy());
  if (!(await checkPasswordThrottled(ctx, { email: input.email, ip: input.ip, hash, password: input.password })) || !account) {
    throw fail.badRequest(MESSAGES.loginInvalid);
  }
  await clearLoginFailures(ctx.db, input.email);
  return issueSession(ctx.db, ctx.tokens, account, ctx.now());
}

/**
 * A local account for an email whose sign-up code was verified in the last 15 minutes; one per
 * verification. Everything cheap is checked before the password is hashed, and without a verified
 * code nothing is said about whether the email has an account.
 */
export async function register(ctx: AuthContext, input: { name: string; email: string; password: string }): Promise<void> {
  if (!(await hasUsableVerification(ctx.db, input.email, 'signup', ctx.now()))) throw fail.unprocessable(MESSAGES.signupNotVerified);
  const [existing] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existing) throw fail.conflict(MESSAGES.accountExists);
  const passwordHash = await ctx.passwords.hash(input.password);
  await ctx.db.transaction(async (tx) => {
    if (!(await consumeVerifiedOtp(tx, input.email, 'signup', ctx.now()))) throw fail.unprocessable(MESSAGES.signupNotVerified);
    const created = await tx
      .insert(users)
      .values({ name: input.name, email: input.email, password_hash: passwordHash, auth_provider: 'local', role: 'user' })
      .onConflictDoNothing()
      .returning({ id: users.id });
    if (created.length === 0) throw fail.conflict(MESSAGES.accountExists);
  });
}

/**
 * Completes a password reset: only with a reset code for this email verified in the last 15
 * minutes, used up here (checked before the new password is hashed). Every session of the account
 * ends and its failed logins are forgotten, which lifts any login lock. A Google-only account may
 * set a password this way (the code proves the mailbox); it stays a Google account.
 */
export async function resetPassword(ctx: AuthContext, input: { email: string; password: string }): Promise<void> {
  const now = ctx.now();
  if (!(await hasUsableVerification(ctx.db, input.email, 'reset', now))) throw fail.unprocessable(MESSAGES.resetNotVerified);
  const passwordHash = await ctx.passwords.hash(input.password);
  await ctx.db.transaction(async (tx) => {
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
    if (!account || !(await consumeVerifiedOtp(tx, input.email, 'reset', now))) throw fail.unprocessable(MESSAGES.resetNotVerified);
    await tx.update(users).set({ password_hash: passwordHash, updated_on: now }).where(eq(users.id, account.id));
    await revokeUserSessions(tx, account.id, 'password_reset', now);
  });
  await clearLoginFailures(ctx.db, input.email);
}

/**
 * Profile password change for email (local) accounts: the current password is checked under the
 * login throttle and every other session of the account ends.
 */
export async function changePassword(
  ctx: AuthContext,
  user: RequestUser,
  input: { current_password: string; new_password: string; ip: string },
): Promise<void> {
  if (user.authProvider !== 'local') throw fail.unprocessable(MESSAGES.passwordChangeLocalOnly);
  const [account] = await ctx.db.select({ password_hash: users.password_hash }).from(users).where(eq(users.id, user.id)).limit(1);
  if (!(await checkPasswordThrottled(ctx, { email: user.email, ip: input.ip, hash: account?.password_hash, password: input.current_password }))) {
    throw fail.badRequest(MESSAGES.currentPasswordWrong);
  }
  const passwordHash = await ctx.passwords.hash(input.new_password);
  const now = ctx.now();
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, updated_on: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_change', now, user.sessionId);
  });
}
