import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

/**
 * The API and the content service run in the Fastify process (apps/server) on port 3000;
 * SSD_DEV_SERVER points the dev proxy elsewhere (e.g. http://localhost:3100).
 */
const SERVER = process.env.SSD_DEV_SERVER || 'http://localhost:3000';

/**
 * React Router ships a production build beside its development one, but its package exports name
 * only the development files, whose extra warnings every visitor would download
 * (remix-run/react-router#12532, #14102). The production build points both entry points at
 * dist/production, unchanged; if a release moves those files, the build keeps the default ones.
 */
function reactRouterProductionBuild() {
  const packageDir = dirname(createRequire(import.meta.url).resolve('react-router/package.json'));
  const entries = {
    'react-router': join(packageDir, 'dist/production/index.mjs'),
    'react-router/dom': join(packageDir, 'dist/production/dom-export.mjs'),
  };
  if (!Object.values(entries).every((file) => existsSync(file))) {
    console.warn('react-router has no dist/production build: using its default (development) build');
    return [];
  }
  return Object.entries(entries).map(([name, file]) => ({ find: new RegExp(`^${name}$`), replacement: file }));
}

/**
 * Chunks (measured with bench/page-weight.ts; every script file is compressed on its own, so a few
 * larger chunks weigh less than many small ones): everything the entry imports statically goes into
 * the entry chunk (rolldown would otherwise split React, lucide and the toast state into shared
 * chunks that every page loads anyway). Every screen keeps its own lazily loaded chunk. Without
 * module preloading (build.modulePreload below), a chunk's imports are fetched only once the chunk
 * has arrived, so the code several screens share is gathered in a few groups rather than left in
 * chains of small chunks: a screen then waits one round trip for its imports, not one per link.
 *
 * Each group holds exactly the modules listed (includeDependenciesRecursively: false), so that an
 * icon or helper a group's modules import stays where everything else that uses it can reach it
 * without loading the group. The groups import the entry and one another only in the order
 * listed (listings → product card → storefront → entry), never back.
 */

/**
 * What the storefront screens (home, listings, search, sale, product, wishlist) all use to read
 * data and to show it loading: TanStack Query's useQuery (its client is in the entry; the infinite
 * queries of the listings, the mutations of the cart and wishlist buttons and the order details'
 * useQueries stay apart), the
 * content client, the reads home's first screenful shares with other screens (the running
 * sales), the skeletons and asset addresses.
 */
const STOREFRONT_SHARED = [
  /[\\/]@tanstack[\\/](?!.*([Ii]nfinite|[Mm]utation|[Qq]ueries))/,
  /[\\/]src[\\/]lib[\\/](content-client|login-redirect)\.ts$/,
  /[\\/]src[\\/]lib[\\/]api[\\/](storefront-keys|get-active-sales)\.ts$/,
  /[\\/]src[\\/]components[\\/](ui[\\/]skeleton|product[\\/]product-card-skeleton)\.tsx$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/]assets\.ts$/,
];

/**
 * A product card with its cart and wishlist buttons, which the listings, search, sale, wishlist and
 * product pages show: the cached cart and wishlist ids and their mutations (TanStack's useMutation),
 * the fields a card reads and the trending cards (home's row below the fold, the search screen).
 */
const PRODUCT_CARD = [
  /[\\/]src[\\/]components[\\/]product[\\/](?!product-card-skeleton)/,
  /[\\/]src[\\/]lib[\\/]api[\\/](get-cart-wishlist-ids|id-list-mutation|update-cart|update-wishlist|get-trending)\.ts$/,
  /[\\/]src[\\/]lib[\\/](api-data|stock|product-path|use-login-gate|card-fields)\.ts$/,
  /[\\/]@tanstack[\\/].*[\\/](useMutation|mutationObserver)\.js$/,
  /[\\/]packages[\\/]shared[\\/]src[\\/](money|storefront-messages|base64|content-fields)\.ts$/,
  /[\\/]lucide-react[\\/].*[\\/](check|shopping-cart|loader-circle)\.mjs$/,
];

/** The store and catalog listings and the search results: filters, results and infinite scroll. */
const LISTINGS = [
  /[\\/]src[\\/]features[\\/]catalog[\\/]/,
  /[\\/]src[\\/]components[\\/](listing[\\/]|ui[\\/]drawer\.tsx$)/,
  // Not use-end-marker.ts: My Orders scrolls with it too, and would load the whole group for it.
  /[\\/]src[\\/]lib[\\/]listing-filters\.ts$/,
  /[\\/]src[\\/]lib[\\/]api[\\/](get-items|get-catalog-titles)\.ts$/,
];

/**
 * The first read of the cart and of My Orders, which their login guard makes while the startup
 * verification runs (src/lib/first-read.ts), each with the query it fills: in a chunk their screen
 * imports, so that the server's preload hints for the page (route-chunks.ts) name it and the guard
 * finds it already here, rather than one round trip after the entry has run.
 */
const CART_READS = [/[\\/]src[\\/]features[\\/]cart[\\/]api[\\/]cart-first-read\.ts$/, /[\\/]src[\\/]lib[\\/]api[\\/]get-cart\.ts$/];
const ORDER_LIST_READS = [/[\\/]src[\\/]features[\\/]orders[\\/]api[\\/](order-list-first-read|get-orders)\.ts$/];

/**
 * The body face's regular weight (src/index.css) is preloaded from index.html, so its download starts with the
 * HTML instead of after the style sheet: text paints once in its final face, with no swap to shift it.
 * Its name carries a content hash, so it is found in the bundle; a build without it fails rather
 * than ship a page that preloads nothing.
 */
const PRELOADED_FONT = /(^|\/)dm-sans-latin-400-normal-[\w-]+\.woff2$/;

function preloadBodyFont(): Plugin {
  return {
    name: 'ssd:preload-body-font',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, { bundle }) {
        const font = Object.keys(bundle ?? {}).find((fileName) => PRELOADED_FONT.test(fileName));
        if (!font) throw new Error('the body font (dm-sans-latin-400-normal) is not in the build: index.html would preload nothing');
        return [{ tag: 'link', attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' }, injectTo: 'head' }];
      },
    },
  };
}

/**
 * The loader a server-rendered page names instead of the entry (src/start-after-paint.js,
 * docs/decisions/0053), emitted as a hashed asset (it imports nothing, so it is not bundled). The
 * entry's tag in index.html carries the loader's address in data-after-paint: the server swaps the
 * tag for the loader on a rendered page (apps/server page-preloads.ts); the app shell keeps it.
 */
const ENTRY_TAG = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

function startAfterPaintLoader(): Plugin {
  let fileName = '';
  return {
    name: 'ssd:start-after-paint',
    apply: 'build',
    buildStart() {
      // Without its comments and indentation (whole-line comments only, see the file): it counts in
      // home's first-load budget (bench/page-weight.ts).
      const source = readFileSync(fileURLToPath(new URL('./src/start-after-paint.js', import.meta.url)), 'utf8')
        .replace(/^\/\*\*[\s\S]*?\*\/\s*/, '')
        .split('\n')
        .map((line) => line.trim())
        .filter((line) => line && !line.startsWith('//'))
        .join('\n');
      fileName = `assets/start-after-paint-${createHash('sha256').update(source).digest('base64url').slice(0, 8)}.js`;
      this.emitFile({ type: 'asset', fileName, source });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        if (!ENTRY_TAG.test(html)) throw new Error('index.html has no entry <script type="module" crossorigin src>: the loader could not be named');
        return html.replace(ENTRY_TAG, (_tag, entry: string) => `<script type="module" crossorigin src="${entry}" data-after-paint="/${fileName}"></script>`);
      },
    },
  };
}

/** A chunk group of exactly these modules. */
function groupOf(name: string, patterns: RegExp[]) {
  return { name, test: (id: string) => patterns.some((pattern) => pattern.test(id)), includeDependenciesRecursively: false };
}

/**
 * `vite build --ssr`: the server's renderer of first visits (src/entry-server.tsx,
 * docs/decisions/0051) into dist-ssr/, outside dist/ so that it is never served. Everything it imports
 * is bundled in (React and the router in their production builds), so the server loads one
 * self-contained module.
 */
const serverRendererBuild = defineConfig({
  plugins: [react()],
  // The production builds of React and its peers (they choose by NODE_ENV at run time otherwise).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: reactRouterProductionBuild() },
  ssr: { noExternal: true },
  build: {
    outDir: 'dist-ssr',
    emptyOutDir: true,
    ssr: 'src/entry-server.tsx',
    copyPublicDir: false,
    minify: false,
    rolldownOptions: { output: { codeSplitting: false } },
  },
});

export default defineConfig(({ command, isSsrBuild }) => isSsrBuild ? serverRendererBuild : ({
  plugins: [react(), tailwindcss(), preloadBodyFont(), startAfterPaintLoader()],
  resolve: {
    alias: command === 'build' ? reactRouterProductionBuild() : [],
  },
  server: {
    proxy: {
      '/api': SERVER,
      '/content': SERVER,
    },
  },
  build: {
    outDir: 'dist',
    // No lists of every screen's files for the preload helper in the entry: about 1 KB of the first
    // load. A screen's imports then come one round trip after it (see the groups above), except on
    // the page the browser opens: see the manifest.
    modulePreload: false,
    // dist/.vite/manifest.json: each screen's chunk and the chunks it imports. The server reads it to
    // add <link rel="modulepreload"> for the page it serves (apps/server/src/plugins/route-chunks.ts,
    // docs/decisions/0045): hints in the HTML, not code in the entry.
    manifest: true,
    // One style sheet, linked by index.html: no chunk carries a list of CSS files to preload.
    cssCodeSplit: false,
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'index', tags: ['$initial'] },
            groupOf('storefront', STOREFRONT_SHARED),
            groupOf('product-card', PRODUCT_CARD),
            groupOf('listings', LISTINGS),
            groupOf('cart-reads', CART_READS),
            groupOf('order-list-reads', ORDER_LIST_READS),
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    // scripts/: the Lighthouse run's pure verdict (the run itself needs a browser and a build).
    include: ['src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
    css: false,
    // Every core: vitest's default leaves one free, which on a 2-core machine runs the files one at a
    // time (the suite 324 s so; 9 files 37 → 23 s with both cores, 2026-11-28).
    maxWorkers: availableParallelism(),
    // One environment and module graph per worker, not per file: the suite 222 → 80 s on this 2-core
    // host (2026-11-29), most of it jsdom set up and the app imported 85 times. So no test may leave
    // state behind: src/test/setup.ts resets the DOM, globals, cookies and storages after each test, and
    // module-level caches keep only work in flight (features/checkout/lib/razorpay.ts). A leak shows as
    // a failure in some file orders: `npx vitest run --sequence.shuffle.files --sequence.seed=N`.
    isolate: false,
    // Screens are lazy chunks and home reads several sources: a full parallel run needs headroom.
    testTimeout: 15_000,
  },
}));
