import { and, count, desc, eq, gt, lt, min } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { loginFailures } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { MESSAGES } from './messages';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_IP,
  LOGIN_LOCK_BASE_MS,
  LOGIN_LOCK_MAX_MS,
} from './policy';

/**
 * Password guessing, slowed down in the database so every process sees the same counts.
 *
 * Per email (known or not, so the answers reveal nothing): from the 5th failure within 15 minutes,
 * the next try must wait 1 minute after the last failure, then 2, 4, 8, at most 15. Refused tries
 * don't count, so a stranger keeps a shopper out for minutes, not hours; failures older than 15
 * minutes drop out, and a successful login (or a password reset) clears the email's count.
 * Per client address: 30 failures within 15 minutes, whatever the emails.
 */
export async function assertLoginAllowed(db: Database, email: string, ip: string, now: Date): Promise<void> {
  const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
  const [byIp] = await db
    .select({ n: count(), oldest: min(loginFailures.created_at) })
    .from(loginFailures)
    .where(and(eq(loginFailures.client_ip, ip), gt(loginFailures.created_at, since)));
  if (byIp && byIp.n >= LOGIN_FAILURES_PER_IP && byIp.oldest) {
    throw fail.tooManyRequests(MESSAGES.loginIpLocked(minutesUntil(byIp.oldest.getTime() + LOGIN_FAILURE_WINDOW_MS, now)));
  }
  const recent = await db
    .select({ at: loginFailures.created_at })
    .from(loginFailures)
    .where(and(eq(loginFailures.email, email), gt(loginFailures.created_at, since)))
    .orderBy(desc(loginFailures.created_at))
    .limit(LOGIN_FAILURES_PER_ACCOUNT + 8);
  if (recent.length < LOGIN_FAILURES_PER_ACCOUNT) return;
  const lockMs = Math.min(LOGIN_LOCK_BASE_MS * 2 ** (recent.length - LOGIN_FAILURES_PER_ACCOUNT), LOGIN_LOCK_MAX_MS);
  const until = recent[0]!.at.getTime() + lockMs;
  if (now.getTime() < until) throw fail.tooManyRequests(MESSAGES.loginLocked(minutesUntil(until, now)));
}

export async function recordLoginFailure(db: Database, email: string, ip: string, now: Date): Promise<void> {
  await db.insert(loginFailures).values({ email, client_ip: ip, created_at: now });
  // Rows past the window no longer matter; each email tidies its own.
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), lt(loginFailures.created_at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))));
}

export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

function minutesUntil(until: number, now: Date): number {
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}
