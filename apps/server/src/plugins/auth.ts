import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Database } from '../db/client';
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

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user, or null for a visitor or an unusable token. */
    user: RequestUser | null;
    /** A Bearer token came but was forged, expired or named no user. */
    authFailed: boolean;
    /** The X-Refresh-Token header, as sent. */
    refreshToken: string | null;
  }
}

const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please login again.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return match?.[1] ?? null;
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

  app.addHook('onRequest', async (request) => {
    const refresh = request.headers['x-refresh-token'];
    request.refreshToken = typeof refresh === 'string' && refresh ? refresh : null;
    const token = bearerToken(request);
    if (!token) return;
    const claims = await options.tokens.verifyAccessToken(token);
    if (!claims) {
      request.authFailed = true;
      return;
    }
    if (!UUID.test(claims.sub) || !UUID.test(claims.sid)) {
      request.authFailed = true;
      return;
    }
    const columns = { id: users.id, name: users.name, email: users.email, role: users.role, authProvider: users.auth_provider };
    // One query: the user together with the token's session, which must be neither revoked nor past its end.
    const [row] = await options.db
      .select(columns)
      .from(users)
      .innerJoin(sessions, eq(sessions.user_id, users.id))
      .where(and(eq(users.id, claims.sub), eq(sessions.id, claims.sid), isNull(sessions.revoked_at), gt(sessions.expires_at, now())))
      .limit(1);
    if (!row) {
      request.authFailed = true;
      return;
    }
    request.user = { ...row, sessionId: claims.sid };
  });
});

/** preHandler for routes that need a signed-in user: 401 with code -2 otherwise. */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.user) throw fail.loginNeeded(request.authFailed ? SESSION_EXPIRED_MESSAGE : undefined);
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
