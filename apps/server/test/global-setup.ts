import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import type { PGlite } from '@electric-sql/pglite';
import { openDatabase } from '../src/db/client';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a freshly migrated embedded database (empty when the suite runs on PostgreSQL). */
    pgliteTemplate: string;
  }
}

/**
 * Migrating a new embedded database takes about 2.7 s, and the suite makes one for nearly every file
 * (test/helper.ts: freshDatabase). The migrations run once here, on this run's migration files; each
 * file then starts from the dump in about 0.7 s (PGlite's loadDataDir), and drizzle's migrator finds
 * nothing left to apply.
 */
let folder: string | null = null;

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('pgliteTemplate', '');
    return;
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: null });
  const dump = await (database.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await database.close();
  folder = mkdtempSync(join(tmpdir(), 'ssd-test-template-'));
  const file = join(folder, 'migrated.tar');
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}

export function teardown(): void {
  if (folder) rmSync(folder, { recursive: true, force: true });
}
