import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { preparedPerDatabase } from '../db/prepared';
import { sessions, users, type AuthProvider, type UserRole } from '../db/schema';
import { fail } from '../lib/envelope';
import type { TokenSigner } from '../modules/auth/tokens';

export interface RequestUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  authProvider: AuthProvider;
  /** The session the access token belongs to (null only for tokens signed without one, by tests). */
  sessionId: string;
}

/** A verified access token's user and session, not yet checked against the database. */
export interface SessionClaims {
  userId: string;
  sessionId: string;
  /** The hook's clock when the token was read: the session must not have ended by then. */
  at: Date;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * A read whose own statement checks the session (`sessionClaims`): the auth hook verifies the
     * token's signature only and leaves `user` null, so the read costs one statement, not two.
     */
    sessionInStatement?: boolean;
  }
  interface FastifyRequest {
    /** Set instead of `user` on routes with `sessionInStatement`, once the token's signature is verified. */
    sessionClaims: SessionClaims | null;
    /** The signed-in user, or null for a visitor or an unusable token. */
    user: RequestUser | null;
    /** A Bearer token came but was forged, expired or named no user. */
    authFailed: boolean;
    /** The X-Refresh-Token header, as sent. */
    refreshToken: string | null;
  }
}

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please login again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
}

/**
 * One statement, on every signed-in call but the `sessionInStatement` reads (which check the same in
 * their own): the user together with the token's session, which must be neither revoked nor past its end. Asked of the database each time, never remembered here, so a
 * logout or a revoked session stops its access token at once, in every server process.
 */
const userOfSession = preparedPerDatabase((db: Database) =>
  db
    .select({ id: users.id, name: users.name, email: users.email, role: users.role, authProvider: users.auth_provider })
    .from(users)
    .innerJoin(sessions, eq(sessions.user_id, users.id))
    .where(
      and(
        eq(users.id, sql.placeholder('userId')),
        eq(sessions.id, sql.placeholder('sessionId')),
        isNull(sessions.revoked_at),
        gt(sessions.expires_at, sql.placeholder('now')),
      ),
    )
    .limit(1)
    .prepare('auth_user_of_session'),
);

/**
 * The condition of a `sessionInStatement` read: the token's session is its user's, neither revoked nor
 * ended at the token's reading. Placeholders `userId`, `sessionId` and `at` (an ISO timestamp).
 */
export const liveSessionOfToken = sql`exists (
  select 1 from ${sessions}
  where ${sessions.id} = ${sql.placeholder('sessionId')} and ${sessions.user_id} = ${sql.placeholder('userId')}
    and ${sessions.revoked_at} is null and ${sessions.expires_at} > ${sql.placeholder('at')}
)`;

/** The claims of an access token whose signature holds and that names a user and a session, else null. */
async function claimsOf(tokens: TokenSigner, token: string) {
  const claims = await tokens.verifyAccessToken(token);
  return claims && UUID.test(claims.sub) && UUID.test(claims.sid) ? claims : null;
}

/** The user of verified claims whose session is live at `at`, asked of the database (userOfSession). */
async function userOfClaims(db: Database, claims: { sub: string; sid: string }, at: Date): Promise<RequestUser | null> {
  const [row] = await userOfSession(db).execute({ userId: claims.sub, sessionId: claims.sid, now: at.toISOString() });
  return row ? { ...row, sessionId: claims.sid } : null;
}

/**
 * The user an access token signs in, checked as every API call checks it (signature, then a live,
 * unrevoked session in the database), or null. For a page request that carries the token in its
 * cookie (plugins/web.ts: a signed-in page rendered on the server).
 */
export async function userOfAccessToken(db: Database, tokens: TokenSigner, token: string, at: Date): Promise<RequestUser | null> {
  const claims = await claimsOf(tokens, token);
  return claims ? userOfClaims(db, claims, at) : null;
}

/**
 * Reads `Authorization: Bearer <access token>` and `X-Refresh-Token` into the request on every
 * call. It never refuses anything itself: routes that need a user say so with `requireUser`, and
 * the admin scope with `requireAdmin`.
 */
export const authPlugin = fp(async (app: FastifyInstance, options: { db: Database; tokens: TokenSigner; now?: () => Date }) => {
  const now = options.now ?? (() => new Date());
  app.decorateRequest('user', null);
  app.decorateRequest('authFailed', false);
  app.decorateRequest('refreshToken', null);
  app.decorateRequest('sessionClaims', null);

  app.addHook('onRequest', async (request) => {
    const refresh = request.headers['x-refresh-token'];
    request.refreshToken = typeof refresh === 'string' && refresh ? refresh : null;
    const token = bearerToken(request);
    if (!token) return;
    const claims = await claimsOf(options.tokens, token);
    if (!claims) {
      request.authFailed = true;
      return;
    }
    if (request.routeOptions.config?.sessionInStatement) {
      request.sessionClaims = { userId: claims.sub, sessionId: claims.sid, at: now() };
      return;
    }
    request.user = await userOfClaims(options.db, claims, now());
    if (!request.user) request.authFailed = true;
  });
});

/** preHandler for routes that need a signed-in user: 401 with code -2 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user && !request.sessionClaims) throw fail.loginNeeded(request.authFailed ? SESSION_EXPIRED_MESSAGE : undefined);
}

/**
 * The verified token of a `sessionInStatement` route, for its statement to check (401 without one).
 * The statement must answer nothing unless the session is live and the user is the token's; the route
 * then answers `fail.loginNeeded(SESSION_EXPIRED_MESSAGE)`, as the hook would have.
 */
export function sessionToCheck(request: FastifyRequest): SessionClaims {
  if (!request.sessionClaims) throw fail.loginNeeded(request.authFailed ? SESSION_EXPIRED_MESSAGE : undefined);
  return request.sessionClaims;
}

/** onRequest hook of the /api/admin scope: signed in (401, -2) and role ssd_admin (403, -1). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (request.user?.role !== 'ssd_admin') throw fail.forbidden('Only store administrators can do that.');
}

/** The signed-in user of a route guarded by requireUser. */
export function currentUser(request: FastifyRequest): RequestUser {
  if (!request.user) throw fail.loginNeeded();
  return request.user;
}
