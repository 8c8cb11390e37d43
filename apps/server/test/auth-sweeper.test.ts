import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loginFailures, otpCodes, refreshTokens, sessions } from '../src/db/schema';
import { AUTH_RECORDS_KEPT_MS, ENDED_SESSIONS_KEPT_MS, sweepAuthRecords } from '../src/modules/auth/sweeper';
import { buildTestApp, createAccount, type TestApp } from './helper';

/** Old codes, failures and ended sessions are deleted; whatever a rule may still read is kept. */

let t: TestApp;
const now = new Date('2026-06-01T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const MINUTE = 60_000;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sweepAuthRecords', () => {
  it('deletes codes and failures older than a day, and sessions ended more than a week ago with their refresh tokens', async () => {
    const user = await createAccount(t);
    const code = (email: string, created: Date) => ({
      email,
      purpose: 'signup' as const,
      code_hash: 'x',
      client_ip: '10.0.0.1',
      created_at: created,
      expires_at: new Date(created.getTime() + 5 * MINUTE),
    });
    await t.db.insert(otpCodes).values([code('old@example.com', ago(AUTH_RECORDS_KEPT_MS + MINUTE)), code('recent@example.com', ago(AUTH_RECORDS_KEPT_MS - MINUTE))]);
    await t.db.insert(loginFailures).values([
      { email: 'old@example.com', client_ip: '10.0.0.1', created_at: ago(AUTH_RECORDS_KEPT_MS + MINUTE) },
      { email: 'recent@example.com', client_ip: '10.0.0.1', created_at: ago(10 * MINUTE) },
    ]);
    const session = (name: string, expires: Date, revoked: Date | null) => ({
      user_id: user.id,
      created_at: ago(40 * 24 * 60 * MINUTE),
      expires_at: expires,
      revoked_at: revoked,
      revoked_reason: revoked ? name : null,
    });
    const rows = await t.db
      .insert(sessions)
      .values([
        session('expired long ago', ago(ENDED_SESSIONS_KEPT_MS + MINUTE), null),
        session('revoked long ago', new Date(now.getTime() + 60 * MINUTE), ago(ENDED_SESSIONS_KEPT_MS + MINUTE)),
        session('expired lately', ago(ENDED_SESSIONS_KEPT_MS - MINUTE), null),
        session('revoked lately', new Date(now.getTime() + 60 * MINUTE), ago(MINUTE)),
        session('live', new Date(now.getTime() + 60 * MINUTE), null),
      ])
      .returning({ id: sessions.id });
    await t.db.insert(refreshTokens).values(rows.map((row, i) => ({ session_id: row.id, token_hash: `hash-${i}`, created_at: ago(MINUTE) })));

    expect(await sweepAuthRecords(t.db, now)).toEqual({ otpCodes: 1, loginFailures: 1, sessions: 2 });

    expect((await t.db.select({ email: otpCodes.email }).from(otpCodes)).map((row) => row.email)).toEqual(['recent@example.com']);
    expect((await t.db.select({ email: loginFailures.email }).from(loginFailures)).map((row) => row.email)).toEqual(['recent@example.com']);
    const left = await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.user_id, user.id));
    expect(left.map((row) => row.id).sort()).toEqual([rows[2]!.id, rows[3]!.id, rows[4]!.id].sort());
    const tokens = await t.db.select({ hash: refreshTokens.token_hash }).from(refreshTokens);
    expect(tokens.map((row) => row.hash).sort()).toEqual(['hash-2', 'hash-3', 'hash-4']);
    // A second sweep finds nothing more.
    expect(await sweepAuthRecords(t.db, now)).toEqual({ otpCodes: 0, loginFailures: 0, sessions: 0 });
  });
});
