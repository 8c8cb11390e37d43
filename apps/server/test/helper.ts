import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp, type AppOptions } from '../src/app';
import { openDatabase, type Database, type DatabaseHandle } from '../src/db/client';
import { users, type UserRole } from '../src/db/schema';

/** Set by .ci/run (or by hand) to run the same suite against a real PostgreSQL. */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL || null;

export const TEST_JWT_SECRET = 'test-secret-that-is-long-enough-for-hs256-signing';

/**
 * A fresh, migrated database: in-memory PGlite by default; with TEST_DATABASE_URL, a new database
 * created on that server for this test file and dropped at close.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  if (!TEST_DATABASE_URL) return openDatabase({ kind: 'pglite', dataDir: null });
  const name = `ssd_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), poolSize: 5 });
  return {
    ...handle,
    async close() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await dropper.connect();
      await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await dropper.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DatabaseHandle;
  close(): Promise<void>;
}

/** Builds the whole app on a fresh database, as main.ts does, without listening. */
export async function buildTestApp(
  overrides: Partial<AppOptions> = {},
  /** Registers test-only routes before the app boots. */
  beforeReady?: (app: FastifyInstance) => void,
): Promise<TestApp> {
  const database = await freshDatabase();
  const app = await buildApp({ database, jwtSecret: TEST_JWT_SECRET, webDistDir: null, logLevel: 'silent', ...overrides });
  beforeReady?.(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

/** Creates a user and signs an access token for it with the app's own signing code. */
export async function createUserWithToken(
  testApp: TestApp,
  { role = 'user', email }: { role?: UserRole; email?: string } = {},
): Promise<{ id: string; token: string; email: string }> {
  const address = email ?? `${role}-${randomBytes(4).toString('hex')}@example.com`;
  const [row] = await testApp.db
    .insert(users)
    .values({ name: role === 'ssd_admin' ? 'Store Admin' : 'Test Shopper', email: address, role })
    .returning({ id: users.id });
  if (!row) throw new Error('user was not created');
  const token = await testApp.app.tokens.signAccessToken({ sub: row.id, role });
  return { id: row.id, token, email: address };
}
