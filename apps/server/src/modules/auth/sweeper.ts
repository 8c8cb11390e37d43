import { and, isNotNull, lt, or } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { loginFailures, otpCodes, sessions } from '../../db/schema';
import { HOUR_MS } from './policy';

/**
 * Old sign-in records are deleted once no rule can look at them again, so the tables do not grow
 * forever: every code and failure window of policy.ts is at most an hour and a quarter, and they are
 * kept a day for anyone looking into abuse. Ended sessions (expired or revoked) are kept a week, then
 * deleted with their refresh tokens (cascade); a refresh token of a deleted session is simply unknown.
 */
export const AUTH_RECORDS_KEPT_MS = 24 * HOUR_MS;
export const ENDED_SESSIONS_KEPT_MS = 7 * 24 * HOUR_MS;
/** How often the sweep runs in a running server. */
export const SWEEP_EVERY_MS = HOUR_MS;

export interface SweepResult {
  otpCodes: number;
  loginFailures: number;
  sessions: number;
}

export async function sweepAuthRecords(db: Database, now: Date): Promise<SweepResult> {
  const recordsBefore = new Date(now.getTime() - AUTH_RECORDS_KEPT_MS);
  const sessionsBefore = new Date(now.getTime() - ENDED_SESSIONS_KEPT_MS);
  const codes = await db.delete(otpCodes).where(lt(otpCodes.created_at, recordsBefore)).returning({ id: otpCodes.id });
  const failures = await db.delete(loginFailures).where(lt(loginFailures.created_at, recordsBefore)).returning({ id: loginFailures.id });
  const ended = await db
    .delete(sessions)
    .where(or(lt(sessions.expires_at, sessionsBefore), and(isNotNull(sessions.revoked_at), lt(sessions.revoked_at, sessionsBefore))))
    .returning({ id: sessions.id });
  return { otpCodes: codes.length, loginFailures: failures.length, sessions: ended.length };
}

/** Sweeps now and then every SWEEP_EVERY_MS; a failed sweep is logged and tried again next time. */
export function startAuthSweeper(db: Database, now: () => Date, log: FastifyBaseLogger): () => void {
  const sweep = () => {
    sweepAuthRecords(db, now()).then(
      (swept) => {
        if (swept.otpCodes + swept.loginFailures + swept.sessions > 0) log.info(swept, 'swept old sign-in records');
      },
      (error: unknown) => log.warn({ err: error }, 'sweeping old sign-in records failed'),
    );
  };
  sweep();
  const timer = setInterval(sweep, SWEEP_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
