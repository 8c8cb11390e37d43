import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One migrated embedded database per run, which each file's fresh database starts from.
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database and closes it, so files need no module graph of
    // their own: a worker imports the server (and compiles PGlite's WebAssembly) once, not once per file.
    isolate: false,
    // Every core: vitest's default leaves one free, which on a 2-core machine runs one file at a time.
    // On this 2-core host (2026-11-28) the PGlite suite took 374 s isolated, 173 s without isolation and
    // 113 s with both cores too; on PostgreSQL 211 s on one core, 159 s on two.
    maxWorkers: availableParallelism(),
    // Each file builds its own app on its own database; PGlite start-up takes a couple of seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
