import type { BuildManifest } from '../src/plugins/route-chunks';

/** A web build's manifest for the page-preload tests (route-chunks.test.ts, page-preloads.test.ts). */

/** The shape Vite writes (build.manifest): screens keyed by source, shared chunks and groups by '_' + file. */
export const FIXTURE_MANIFEST: BuildManifest = {
  'index.html': { file: 'assets/index-E1.js', name: 'index', src: 'index.html', isEntry: true, imports: ['_entry-vendor-V1.js'] },
  '_entry-vendor-V1.js': { file: 'assets/entry-vendor-V1.js', name: 'entry-vendor' },
  '_storefront-S1.js': { file: 'assets/storefront-S1.js', name: 'storefront', imports: ['index.html'] },
  '_product-card-P1.js': { file: 'assets/product-card-P1.js', name: 'product-card', imports: ['_storefront-S1.js', '_heart-H1.js', 'index.html'] },
  '_heart-H1.js': { file: 'assets/heart-H1.js', name: 'heart', imports: ['_entry-vendor-V1.js'] },
  '_chevron-C1.js': { file: 'assets/chevron-C1.js', name: 'chevron' },
  '_zod-Z1.js': { file: 'assets/zod-Z1.js', name: 'zod' },
  '_listings-L1.js': { file: 'assets/listings-L1.js', name: 'listings', imports: ['index.html', '_storefront-S1.js', '_product-card-P1.js'] },
  'src/features/home/screens/home-screen.tsx': {
    file: 'assets/home-screen-A1.js',
    name: 'home-screen',
    src: 'src/features/home/screens/home-screen.tsx',
    imports: ['index.html', '_storefront-S1.js'],
  },
  'src/features/home/components/banner-slider.tsx': {
    file: 'assets/banner-slider-B1.js',
    name: 'banner-slider',
    src: 'src/features/home/components/banner-slider.tsx',
    imports: ['index.html', '_chevron-C1.js', 'src/features/home/screens/home-screen.tsx'],
  },
  // Home imports it when its rows come near the viewport: never preloaded.
  'src/features/home/components/home-product-rows.tsx': {
    file: 'assets/home-product-rows-R1.js',
    name: 'home-product-rows',
    src: 'src/features/home/components/home-product-rows.tsx',
    imports: ['_product-card-P1.js'],
  },
  'src/features/product/screens/product-screen.tsx': {
    file: 'assets/product-screen-D1.js',
    name: 'product-screen',
    src: 'src/features/product/screens/product-screen.tsx',
    imports: ['index.html', '_storefront-S1.js', '_product-card-P1.js', '_zod-Z1.js'],
  },
  'src/lib/guards.tsx': { file: 'assets/guards-G1.js', name: 'guards', src: 'src/lib/guards.tsx', imports: ['index.html', '_storefront-S1.js'] },
  'src/features/cart/screens/cart-screen.tsx': {
    file: 'assets/cart-screen-K1.js',
    name: 'cart-screen',
    src: 'src/features/cart/screens/cart-screen.tsx',
    imports: ['index.html', '_product-card-P1.js'],
  },
  // The startup verification, and the chunk of the schema it checks the answer with (imported when it runs).
  'src/lib/session-calls.ts': {
    file: 'assets/session-calls-S2.js',
    name: 'session-calls',
    src: 'src/lib/session-calls.ts',
    imports: ['index.html'],
    dynamicImports: ['_auth-U1.js'],
  },
  '_auth-U1.js': { file: 'assets/auth-U1.js', name: 'auth', imports: ['_zod-Z1.js', 'index.html'] },
};

/** Home's chunks: its screen's for every viewport, its slider's (and what that adds) for a phone only. */
export const HOME_CHUNKS = [
  { href: '/assets/home-screen-A1.js' },
  { href: '/assets/storefront-S1.js' },
  { href: '/assets/banner-slider-B1.js', media: 'not all and (min-width: 768px)' },
  { href: '/assets/chevron-C1.js', media: 'not all and (min-width: 768px)' },
];
export const LISTING_CHUNKS = ['/assets/listings-L1.js', '/assets/storefront-S1.js', '/assets/product-card-P1.js', '/assets/heart-H1.js'];
export const PRODUCT_CHUNKS = [
  '/assets/product-screen-D1.js',
  '/assets/storefront-S1.js',
  '/assets/product-card-P1.js',
  '/assets/heart-H1.js',
  '/assets/zod-Z1.js',
];
