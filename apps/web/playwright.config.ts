import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { defineConfig, devices } from '@playwright/test';

/**
 * Journeys in Debian's Chromium (never a downloaded browser) against the real, built server on a
 * fresh embedded database seeded with the demo data. `npm run test:e2e` at the root builds first.
 */
const port = Number(process.env.E2E_PORT ?? 4173);
// Set once in the main process; workers inherit it, so they all talk about the same data folder.
process.env.SSD_E2E_DATA_DIR ??= mkdtempSync(join(tmpdir(), 'ssd-e2e-'));

const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-quic', '--no-first-run'],
};

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: chromium,
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined, launchOptions: chromium } },
  ],
  webServer: {
    command: 'node ../server/dist/main.js',
    cwd: resolve(import.meta.dirname),
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: process.env.SSD_E2E_DATA_DIR,
      DEMO: 'true',
      LOG_LEVEL: 'warn',
      // Every journey comes from 127.0.0.1: per-address limits sized for one shopper would trip.
      CONTENT_RATE_LIMIT: '100000',
    },
  },
});
