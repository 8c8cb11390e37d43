import { createHash, randomBytes } from 'node:crypto';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import type { LoginData } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { refreshTokens, sessions, users, type AuthProvider, type UserRole } from '../../db/schema';
import { fail } from '../../lib/envelope';
import type { AuthContext } from './context';
import { MESSAGES } from './messages';
import { REFRESH_RETRY_GRACE_MS, SESSION_LIFETIME_SECONDS } from './policy';
import type { TokenSigner } from './tokens';

export type RevokeReason = 'logout' | 'password_reset' | 'password_change' | 'refresh_reuse';

export interface SessionUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  auth_provider: AuthProvider;
}

/** Refresh tokens are kept as sha256: a stolen table can't be replayed. */
export function hashRefreshToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function newRefreshToken(): string {
  return randomBytes(32).toString('base64url');
}

async function loginData(tokens: TokenSigner, user: SessionUser, sessionId: string, refreshToken: string): Promise<LoginData> {
  return {
    name: user.name,
    email: user.email,
    access_token: await tokens.signAccessToken({ sub: user.id, role: user.role, sid: sessionId }),
    refresh_token: refreshToken,
    role: user.role,
    auth_provider: user.auth_provider,
  };
}

/**
 * Opens a session for a user who just proved who they are (password, Google): a 1-day access token
 * naming the session and the first refresh token of its family. The session ends 30 days from now.
 */
export async function issueSession(db: Database, tokens: TokenSigner, user: SessionUser, now: Date = new Date()): Promise<LoginData> {
  const refreshToken = newRefreshToken();
  const sessionId = await db.transaction(async (tx) => {
    const [session] = await tx
      .insert(sessions)
      .values({ user_id: user.id, created_at: now, expires_at: new Date(now.getTime() + SESSION_LIFETIME_SECONDS * 1000) })
      .returning({ id: sessions.id });
    await tx.insert(refreshTokens).values({ session_id: session!.id, token_hash: hashRefreshToken(refreshToken), created_at: now });
    return session!.id;
  });
  return loginData(tokens, user, sessionId, refreshToken);
}

export async function revokeSession(db: Database, sessionId: string, reason: RevokeReason, now: Date): Promise<void> {
  await db.update(sessions).set({ revoked_at: now, revoked_reason: reason }).where(and(eq(sessions.id, sessionId), isNull(sessions.revoked_at)));
}

/** Ends every session of a user, or every one but `keep` (the session that changed the password). */
export async function revokeUserSessions(db: Database, userId: string, reason: RevokeReason, now: Date, keep?: string | null): Promise<void> {
  await db
    .update(sessions)
    .set({ revoked_at: now, revoked_reason: reason })
    .where(and(eq(sessions.user_id, userId), isNull(sessions.revoked_at), keep ? ne(sessions.id, keep) : undefined));
}

/**
 * POST /api/auth/verify/token: trades a refresh token for fresh login data, rotating it. The access
 * token, when sent, must be genuine (it may be expired) and of the same session.
 *
 * A refresh token presented a second time means it was copied, and the whole session dies, the newest
 * token with it: unless it comes back within REFRESH_RETRY_GRACE_MS of its rotation and the token that
 * rotation issued was never used. That is a client whose answer was lost (a dropped connection, a tab
 * closed mid-startup) or a second tab without Web Locks: it gets a new token in place of the unused
 * one (decisions/0070). Rotations of one session take turns (the session row is locked).
 */
export async function refreshSession(ctx: AuthContext, input: { refreshToken: string; accessToken: string | null }): Promise<LoginData> {
  const now = ctx.now();
  const expired = () => fail.loginNeeded(MESSAGES.sessionExpired);
  const [row] = await ctx.db
    .select({
      tokenId: refreshTokens.id,
      sessionId: sessions.id,
      revokedAt: sessions.revoked_at,
      expiresAt: sessions.expires_at,
      user: { id: users.id, name: users.name, email: users.email, role: users.role, auth_provider: users.auth_provider },
    })
    .from(refreshTokens)
    .innerJoin(sessions, eq(sessions.id, refreshTokens.session_id))
    .innerJoin(users, eq(users.id, sessions.user_id))
    .where(eq(refreshTokens.token_hash, hashRefreshToken(input.refreshToken)))
    .limit(1);
  if (!row) throw expired();
  if (input.accessToken) {
    const claims = await ctx.tokens.verifyAccessToken(input.accessToken, { allowExpired: true });
    if (!claims || claims.sub !== row.user.id || claims.sid !== row.sessionId) throw expired();
  }
  if (row.revokedAt || row.expiresAt <= now) throw expired();

  const next = newRefreshToken();
  const rotated = await ctx.db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: sessions.id })
      .from(sessions)
      .where(and(eq(sessions.id, row.sessionId), isNull(sessions.revoked_at)))
      .for('update');
    if (!live) return false;
    const [token] = await tx.select({ usedAt: refreshTokens.used_at }).from(refreshTokens).where(eq(refreshTokens.id, row.tokenId));
    if (!token) return false;
    if (token.usedAt) {
      if (now.getTime() - token.usedAt.getTime() > REFRESH_RETRY_GRACE_MS) return false;
      const issued = await tx
        .select({ id: refreshTokens.id, usedAt: refreshTokens.used_at })
        .from(refreshTokens)
        .where(eq(refreshTokens.parent_id, row.tokenId));
      if (issued.some((child) => child.usedAt)) return false;
      // The rotation's answer never arrived: its token goes, and a new one takes its place.
      if (issued.length) await tx.delete(refreshTokens).where(inArray(refreshTokens.id, issued.map((child) => child.id)));
    } else {
      await tx.update(refreshTokens).set({ used_at: now }).where(eq(refreshTokens.id, row.tokenId));
    }
    await tx.insert(refreshTokens).values({ session_id: row.sessionId, token_hash: hashRefreshToken(next), created_at: now, parent_id: row.tokenId });
    return true;
  });
  if (!rotated) {
    await revokeSession(ctx.db, row.sessionId, 'refresh_reuse', now);
    throw expired();
  }
  return loginData(ctx.tokens, row.user, row.sessionId, next);
}

/** Ends the caller's session: the one the access token names and/or the one the refresh token belongs to. */
export async function logout(ctx: AuthContext, input: { sessionId: string | null; refreshToken: string | null }): Promise<void> {
  const now = ctx.now();
  if (input.sessionId) await revokeSession(ctx.db, input.sessionId, 'logout', now);
  if (input.refreshToken) {
    const [row] = await ctx.db
      .select({ sessionId: refreshTokens.session_id })
      .from(refreshTokens)
      .where(eq(refreshTokens.token_hash, hashRefreshToken(input.refreshToken)))
      .limit(1);
    if (row) await revokeSession(ctx.db, row.sessionId, 'logout', now);
  }
}
