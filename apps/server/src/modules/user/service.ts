import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { profileSchema } from '@ssd/shared/auth';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { fail } from '../../lib/envelope';

export type Profile = z.infer<typeof profileSchema>;

const profileColumns = { name: users.name, email: users.email, auth_provider: users.auth_provider };

export async function getProfile(db: Database, userId: string): Promise<Profile> {
  const [row] = await db.select(profileColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) throw fail.loginNeeded();
  return row;
}

/** Only the name can change; the email is the account's identity. */
export async function updateProfile(db: Database, userId: string, input: { name: string }, now: Date): Promise<Profile> {
  const [row] = await db.update(users).set({ name: input.name, updated_on: now }).where(eq(users.id, userId)).returning(profileColumns);
  if (!row) throw fail.loginNeeded();
  return row;
}
