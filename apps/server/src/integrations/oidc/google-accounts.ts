import { eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { users, type AuthProvider, type UserRole } from '../../db/schema';
import type { OidcIdentity } from './google-client';

export interface GoogleUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  auth_provider: AuthProvider;
}

const columns = {
  id: users.id,
  name: users.name,
  email: users.email,
  role: users.role,
  auth_provider: users.auth_provider,
};

/**
 * The store account a verified Google identity signs into. An account with the same e-mail (local
 * or Google) is that account, unchanged: a local account keeps auth_provider 'local' and its
 * password. Otherwise a Google account is created (role 'user', no password). Safe under
 * concurrent sign-ins of the same new address: the unique e-mail index decides, the loser reads.
 *
 * The caller must pass an identity from OidcClient (e-mail verified, trimmed, lower-cased).
 */
export async function findOrCreateGoogleUser(db: Database, identity: Pick<OidcIdentity, 'email' | 'name' | 'emailVerified'>): Promise<GoogleUser> {
  if (identity.emailVerified !== true) throw new Error('findOrCreateGoogleUser needs a verified e-mail');
  const email = identity.email.trim().toLowerCase();

  const existing = await findByEmail(db, email);
  if (existing) return existing;

  const [created] = await db
    .insert(users)
    .values({ name: identity.name, email, role: 'user', auth_provider: 'google', password_hash: null })
    .onConflictDoNothing({ target: users.email })
    .returning(columns);
  if (created) return created;

  // Another sign-in (or a signup) created it between our read and our insert.
  const winner = await findByEmail(db, email);
  if (!winner) throw new Error(`user ${email} neither inserted nor found`);
  return winner;
}

async function findByEmail(db: Database, email: string): Promise<GoogleUser | undefined> {
  const [row] = await db.select(columns).from(users).where(eq(users.email, email)).limit(1);
  return row;
}
