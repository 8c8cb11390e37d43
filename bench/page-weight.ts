/**
 * Page weight of the storefront's first load, measured in Debian's Chromium against the built store:
 * every JavaScript file the browser fetches while opening a page, as sent (compressed) and gzipped.
 *
 *   npm run build && npx tsx bench/page-weight.ts [/ /jewels ...]
 *
 * Budget: at most 121.5 KB of gzipped JavaScript for `/`: the storefront issue's 120 KB, plus the 0.6 KB with
 * which the app takes a server-rendered page over (docs/decisions/0051), plus room for the noise of chunk
 * names once a signed-in page's session came into the entry (0055).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';

const root = resolve(import.meta.dirname, '..');
const port = 4300 + Math.floor(Math.random() * 500);
const paths = process.argv.slice(2).length ? process.argv.slice(2) : ['/'];
const BUDGET_BYTES = 121.5 * 1024;

const dataDir = mkdtempSync(join(tmpdir(), 'ssd-weight-'));
const server = spawn(process.execPath, [join(root, 'apps/server/dist/main.js')], {
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: 'inherit',
});

async function waitForServer() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not start');
}

try {
  await waitForServer();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--headless', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  let failed = false;
  for (const path of paths) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    // Cumulative layout shift of the load, as the Layout Instability API reports it (no input happens
    // here). A string, because it runs in the page, whose types this Node project does not have.
    await page.addInitScript({
      content: `window.__layoutShift = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__layoutShift += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });`,
    });
    const scripts: Array<{ url: string; sent: number; gzipped: number }> = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script') return;
      const body = await response.body();
      const sizes = await response.request().sizes();
      scripts.push({ url: new URL(response.url()).pathname, sent: sizes.responseBodySize, gzipped: gzipSync(body, { level: 9 }).length });
    });
    await page.goto(`http://127.0.0.1:${port}${path}`, { waitUntil: 'networkidle' });
    await page.waitForTimeout(500);
    const total = scripts.reduce((sum, s) => sum + s.gzipped, 0);
    const sent = scripts.reduce((sum, s) => sum + s.sent, 0);
    const layoutShift = await page.evaluate<number>('window.__layoutShift');
    console.info(
      `\n${path}: ${scripts.length} scripts, ${(total / 1024).toFixed(1)} KB gzipped (${(sent / 1024).toFixed(1)} KB as sent); layout shift ${layoutShift.toFixed(3)}`,
    );
    for (const s of scripts.sort((a, b) => b.gzipped - a.gzipped)) console.info(`  ${(s.gzipped / 1024).toFixed(1).padStart(6)} KB  ${s.url}`);
    if (path === '/') {
      const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
      console.info(`budget for / : ${verdict} ${BUDGET_BYTES / 1024} KB`);
      failed ||= total > BUDGET_BYTES;
    }
    await page.close();
  }
  await browser.close();
  process.exitCode = failed ? 1 : 0;
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  rmSync(dataDir, { recursive: true, force: true });
}
