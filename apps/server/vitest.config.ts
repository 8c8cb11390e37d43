import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // One migrated embedded database per run, which each file's fresh database starts from.
    globalSetup: ['test/global-setup.ts'],
    // Each file builds its own app on its own database; PGlite start-up takes a couple of seconds.
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
