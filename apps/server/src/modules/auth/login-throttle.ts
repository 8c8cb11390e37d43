import { and, eq, gt, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { lockKeyForTransaction } from '../../db/locks';
import { loginFailures } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { MESSAGES } from './messages';
import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ACCOUNT,
  LOGIN_FAILURES_PER_EMAIL,
  LOGIN_FAILURES_PER_IP,
  LOGIN_LOCK_BASE_MS,
  LOGIN_LOCK_MAX_MS,
} from './policy';

/**
 * Password guessing, slowed down in the database so every process sees the same counts.
 *
 * Every password check first takes a slot: one transaction locks the client address and the email
 * (advisory locks, in that order everywhere), counts the recent failures and, when the rules allow
 * another try, writes a failure row *before* the password is compared. A check that then passes
 * deletes that row; one that fails keeps it. Tries that arrive together are therefore counted as
 * they arrive, and no more passwords are compared than the rules allow, whatever the concurrency
 * and on however many servers.
 *
 * The rules (numbers in policy.ts), all over the last 15 minutes:
 * - per email and client address together: from the 5th failure, the next try waits 1 minute after
 *   the last failure, then 2, 4, 8, at most 15. Refused tries don't count. Per pair, so a stranger
 *   elsewhere can't keep the owner out; counted for unknown emails too, so answers reveal nothing.
 * - per client address: 30 failures, whatever the emails.
 * - per email from every address: 100 failures (a guessing network); a password reset lifts it.
 * A successful login, or a password reset, clears the email's failures.
 */
export async function takeLoginSlot(db: Database, email: string, ip: string, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    await lockKeyForTransaction(tx, `login:ip:${ip}`);
    await lockKeyForTransaction(tx, `login:email:${email}`);
    const since = new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS);
    const byIp = sql`${loginFailures.client_ip} = ${ip}`;
    const byEmail = sql`${loginFailures.email} = ${email}`;
    const byPair = sql`${byIp} and ${byEmail}`;
    const countWhere = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
    const at = loginFailures.created_at;
    // One look at both indexes: the address's failures and the email's, told apart by filters.
    const [counts] = await tx
      .select({
        byIp: countWhere(byIp),
        oldestByIp: sql<Date | null>`min(${at}) filter (where ${byIp})`.mapWith(at),
        byEmail: countWhere(byEmail),
        oldestByEmail: sql<Date | null>`min(${at}) filter (where ${byEmail})`.mapWith(at),
        byPair: countWhere(byPair),
        latestByPair: sql<Date | null>`max(${at}) filter (where ${byPair})`.mapWith(at),
      })
      .from(loginFailures)
      .where(and(or(byIp, byEmail), gt(at, since)));
    if (!counts) throw new Error('an aggregate query answered no row');

    if (counts.byIp >= LOGIN_FAILURES_PER_IP && counts.oldestByIp) {
      throw fail.tooManyRequests(MESSAGES.loginIpLocked(minutesUntil(counts.oldestByIp.getTime() + LOGIN_FAILURE_WINDOW_MS, now)));
    }
    if (counts.byEmail >= LOGIN_FAILURES_PER_EMAIL && counts.oldestByEmail) {
      throw fail.tooManyRequests(
        MESSAGES.loginAccountLocked(minutesUntil(counts.oldestByEmail.getTime() + LOGIN_FAILURE_WINDOW_MS, now)),
      );
    }
    if (counts.byPair >= LOGIN_FAILURES_PER_ACCOUNT && counts.latestByPair) {
      const doublings = Math.min(counts.byPair - LOGIN_FAILURES_PER_ACCOUNT, 10);
      const until = counts.latestByPair.getTime() + Math.min(LOGIN_LOCK_BASE_MS * 2 ** doublings, LOGIN_LOCK_MAX_MS);
      if (now.getTime() < until) throw fail.tooManyRequests(MESSAGES.loginLocked(minutesUntil(until, now)));
    }

    const [slot] = await tx.insert(loginFailures).values({ email, client_ip: ip, created_at: now }).returning({ id: loginFailures.id });
    return slot!.id;
  });
}

/** The password of a slot's check was right: the try was no failure. */
export async function releaseLoginSlot(db: Database, slot: number): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.id, slot));
}

/** The password was wrong: the slot's row stays as the failure; rows past the window are tidied. */
export async function keepLoginSlotAsFailure(db: Database, email: string, now: Date): Promise<void> {
  await db
    .delete(loginFailures)
    .where(and(eq(loginFailures.email, email), lt(loginFailures.created_at, new Date(now.getTime() - LOGIN_FAILURE_WINDOW_MS))));
}

/** The owner proved themselves (a login, a password reset): every failure of the email is forgotten. */
export async function clearLoginFailures(db: Database, email: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.email, email));
}

function minutesUntil(until: number, now: Date): number {
  return Math.max(1, Math.ceil((until - now.getTime()) / 60_000));
}
