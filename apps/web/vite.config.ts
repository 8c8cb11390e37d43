import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The API and the content service run in the Fastify process (apps/server) on port 3000;
 * SSD_DEV_SERVER points the dev proxy elsewhere (e.g. http://localhost:3100).
 */
const SERVER = process.env.SSD_DEV_SERVER || 'http://localhost:3000';

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
    emptyOutDir: true,
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
