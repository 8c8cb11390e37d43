/**
 * Secrets nobody configured are generated once and kept in the database (table app_secrets), beside the
 * sessions and codes they protect: every server on one PostgreSQL then signs and checks tokens and codes
 * with the same key, and the embedded database keeps its key across restarts the same way.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { Database } from './client';
import { appSecrets } from './schema';

async function storedSecret(db: Database, name: string): Promise<string | null> {
  const [row] = await db.select({ value: appSecrets.value }).from(appSecrets).where(eq(appSecrets.name, name));
  return row?.value ?? null;
}

/**
 * The secret `name` from the database; when there is none yet, `create()` is stored and returned. Race-safe:
 * of servers starting together, the first insert wins and the others' inserts do nothing (a concurrent one
 * waits for the winner's commit), so every server reads back the same value.
 */
export async function sharedSecret(db: Database, name: string, create: () => string): Promise<string> {
  const existing = await storedSecret(db, name);
  if (existing !== null) return existing;
  await db.insert(appSecrets).values({ name, value: create() }).onConflictDoNothing({ target: appSecrets.name });
  const stored = await storedSecret(db, name);
  if (stored === null) throw new Error(`The secret ${name} could not be stored in app_secrets`);
  return stored;
}

/**
 * Earlier versions kept generated secrets in DATA_DIR/secrets.json. A secret found there is the one taken
 * into the database (once, when it has none), so the sessions it signed stay valid.
 */
export function secretFromFile(dataDir: string, name: string): string | null {
  const file = join(dataDir, 'secrets.json');
  if (!existsSync(file)) return null;
  let secrets: unknown;
  try {
    secrets = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new Error(`${file} is not valid JSON; repair it, or delete it to have a new ${name} generated`, { cause: error });
  }
  const value = (secrets as Record<string, unknown> | null)?.[name];
  return typeof value === 'string' && value !== '' ? value : null;
}

export interface JwtSecret {
  secret: string;
  /** Where it came from, for the start-up log. */
  source: 'environment' | 'database';
}

/** JWT_SECRET from the environment when set; otherwise the database's, generated (or taken from secrets.json) once. */
export async function resolveJwtSecret(db: Database, config: { jwtSecret: string | null; dataDir: string }): Promise<JwtSecret> {
  if (config.jwtSecret) return { secret: config.jwtSecret, source: 'environment' };
  const secret = await sharedSecret(db, 'JWT_SECRET', () => secretFromFile(config.dataDir, 'JWT_SECRET') ?? randomBytes(48).toString('base64url'));
  return { secret, source: 'database' };
}
