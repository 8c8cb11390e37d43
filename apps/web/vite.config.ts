import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The API and the content service run in the Fastify process (apps/server) on port 3000;
 * SSD_DEV_SERVER points the dev proxy elsewhere (e.g. http://localhost:3100).
 */
const SERVER = process.env.SSD_DEV_SERVER || 'http://localhost:3000';

/**
 * Chunks (measured with bench/page-weight.ts; every script file is compressed on its own, so a few
 * larger chunks weigh less than many small ones): everything the entry imports statically goes into
 * the entry chunk (rolldown would otherwise split React, lucide and the toast state into shared
 * chunks that every page loads anyway). Every screen keeps its own lazily loaded chunk.
 */

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    proxy: {
      '/api': SERVER,
      '/content': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    // Every browser the build targets supports <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    include: ['src/**/*.test.{ts,tsx}'],
    css: false,
    // Screens are lazy chunks and home reads several sources: a full parallel run needs headroom.
    testTimeout: 15_000,
  },
});
