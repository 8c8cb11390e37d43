import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { REVIEWERS } from '../src/seed/reviews';
import { items, users } from '../src/db/schema';

const run = promisify(execFile);
const serverDir = resolve(import.meta.dirname, '..');

/** `npm run seed` is `tsx src/seed/cli.ts`; this runs the same file the same way, on an embedded database in a temporary DATA_DIR. */
async function seedCli(dataDir: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, INIT_CWD: serverDir };
  delete env.DATABASE_URL;
  return run(process.execPath, ['--import', 'tsx', 'src/seed/cli.ts'], { cwd: serverDir, env, timeout: 60_000 });
}

describe('npm run seed', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'ssd-seed-cli-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  // Two processes that each start tsx, migrate and (the first) seed a new embedded database: 18 s on this
  // machine when idle, past the suite's 30 s when it is busy (CI of 2026-11-30). Each may take 60 s, as above.
  it('seeds an empty database once, then says it left it alone', { timeout: 150_000 }, async () => {
    const first = await seedCli(dataDir);
    expect(first.stdout).toContain('Seeded the embedded database');
    expect(first.stdout).toContain('shopper@example.com');

    const second = await seedCli(dataDir);
    expect(second.stdout).toContain('already has items; nothing was seeded');

    const database = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
    try {
      const rows = await database.db.select({ id: items.id }).from(items);
      expect(rows.length).toBeGreaterThanOrEqual(80);
      // The demo accounts and the reviewer accounts (no password) of the demo reviews.
      expect((await database.db.select({ email: users.email }).from(users)).map((u) => u.email).sort()).toEqual(
        ['admin@example.com', 'shopper@example.com', ...REVIEWERS.map((r) => r.email)].sort(),
      );
    } finally {
      await database.close();
    }
  });
});
