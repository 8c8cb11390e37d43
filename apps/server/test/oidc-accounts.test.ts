import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../src/db/client';
import { users } from '../src/db/schema';
import { findOrCreateGoogleUser } from '../src/integrations/oidc/google-accounts';
import { freshDatabase } from './helper';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await freshDatabase();
});

afterAll(async () => {
  await database?.close();
});

function identity(email: string, name = 'Google Person') {
  return { sub: `sub-${email}`, email, name, emailVerified: true };
}

describe('findOrCreateGoogleUser', () => {
  it('creates a Google account for a new address', async () => {
    const user = await findOrCreateGoogleUser(database.db, identity('new.person@example.com', 'New Person'));
    expect(user).toEqual({ id: expect.any(String), name: 'New Person', email: 'new.person@example.com', role: 'user', auth_provider: 'google' });
    const [row] = await database.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ password_hash: null, auth_provider: 'google', role: 'user' });

    // Signing in again finds the same account.
    const again = await findOrCreateGoogleUser(database.db, identity('New.Person@Example.com ', 'Renamed At Google'));
    expect(again).toEqual(user);
  });

  it('signs into an existing local account with the same address, leaving it local', async () => {
    const [local] = await database.db
      .insert(users)
      .values({ name: 'Local Shopper', email: 'local@example.com', password_hash: 'argon2-hash', auth_provider: 'local' })
      .returning();
    const user = await findOrCreateGoogleUser(database.db, identity('local@example.com'));
    expect(user).toEqual({ id: local!.id, name: 'Local Shopper', email: 'local@example.com', role: 'user', auth_provider: 'local' });
    const [row] = await database.db.select().from(users).where(eq(users.id, local!.id));
    expect(row).toMatchObject({ password_hash: 'argon2-hash', auth_provider: 'local', name: 'Local Shopper' });
  });

  it('creates one account when sign-ins for a new address race', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => findOrCreateGoogleUser(database.db, identity('racer@example.com'))));
    expect(new Set(results.map((user) => user.id)).size).toBe(1);
    const rows = await database.db.select().from(users).where(eq(users.email, 'racer@example.com'));
    expect(rows).toHaveLength(1);
  });

  it('refuses an unverified identity', async () => {
    await expect(findOrCreateGoogleUser(database.db, { ...identity('unverified@example.com'), emailVerified: false })).rejects.toThrow(/verified/);
  });
});
