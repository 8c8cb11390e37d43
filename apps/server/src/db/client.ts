import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the code is written against: PGlite and node-postgres both satisfy it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: 'pglite'; dataDir: string | null } // null: in memory (tests)
  | { kind: 'postgres'; url: string; poolSize?: number };

/** The drizzle/ folder of generated SQL migrations, found from src/ (tsx) or dist/ (bundled). */
export function migrationsFolder(): string {
  const here = import.meta.dirname;
  for (const candidate of [resolve(here, '../../drizzle'), resolve(here, '../drizzle')]) {
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
  }
  throw new Error(`No migrations folder found near ${here}`);
}

export async function openDatabase(target: DatabaseTarget): Promise<DatabaseHandle> {
  if (target.kind === 'pglite') {
    if (target.dataDir) mkdirSync(target.dataDir, { recursive: true });
    const client = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      extensions: { pg_trgm },
      // PGlite's default 128 MB of shared buffers alone would put an idle demo store past 300 MB RSS;
      // 16 MB holds the demo catalogue's working set (measured: docs/decisions/0006-embedded-memory.md).
      postgresqlconf: ['shared_buffers = 16MB'],
    });
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder: migrationsFolder() });
    return { db: db as unknown as Database, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: target.url, max: target.poolSize ?? 10 });
  // An idle client that loses its connection must not take the process down.
  pool.on('error', () => {});
  const db = drizzlePg({ client: pool, schema });
  await migratePg(db, { migrationsFolder: migrationsFolder() });
  return { db: db as unknown as Database, kind: 'postgres', close: () => pool.end() };
}

export function databaseTargetFromConfig(config: { databaseUrl: string | null; dataDir: string }): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: join(config.dataDir, 'pglite') };
}
