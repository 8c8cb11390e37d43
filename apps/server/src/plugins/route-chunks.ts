import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The code a page's first screen needs, found in the web build's manifest (dist/.vite/manifest.json,
 * apps/web vite.config.ts `build.manifest`), so that the server can name it in the HTML with
 * <link rel="modulepreload">. The web build preloads nothing itself (its `modulePreload: false`
 * keeps the entry small): without these hints the browser learns of a screen's chunk only once the
 * entry has run, and of the chunks that chunk imports only once it has arrived.
 *
 * The table mirrors apps/web src/app/routes.tsx for the storefront pages a shopper lands on. A
 * screen is named by its source module (its own lazy chunk) or, when vite.config.ts gathers it into
 * a chunk group, by the group's name. Each comes with every chunk it imports, statically and
 * transitively, except the entry's own (already in the HTML).
 */

/** One chunk of the build manifest (the fields read here). */
export interface ManifestChunk {
  file: string;
  name?: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export type BuildManifest = Record<string, ManifestChunk>;

/**
 * A screen's chunk: its source module's own, or the chunk group holding it (vite.config.ts); with
 * `media`, only for the viewports it matches (a part the screen loads only there).
 */
export type ChunkRef = ({ module: string } | { group: string }) & { media?: string };

/** A chunk to preload, for the viewports `media` matches (all when absent). */
export interface ChunkLink {
  href: string;
  media?: string;
}

const GUARD: ChunkRef = { module: 'src/lib/guards.tsx' };
const screen = (module: string): ChunkRef => ({ module });
/** The store, jewel and catalog listings (features/catalog/screens/store-screens.tsx) are in this group. */
const LISTINGS: ChunkRef = { group: 'listings' };
/** Below the home carousel's breakpoint (DESKTOP_QUERY in apps/web features/home): the phone's slider. */
const PHONE = 'not all and (min-width: 768px)';

/**
 * React Router matches without case and with or without a trailing slash. A page behind the login
 * guard needs the guard's chunk first, then its screen's. Home's banner slider is its own chunk,
 * which home asks for as it renders on a phone (its first slide is the page's largest image); a
 * desktop shows the accordion and never loads it.
 */
export const ROUTE_CHUNKS: ReadonlyArray<{ path: RegExp; chunks: readonly ChunkRef[] }> = [
  { path: /^\/$/, chunks: [screen('src/features/home/screens/home-screen.tsx'), { module: 'src/features/home/components/banner-slider.tsx', media: PHONE }] },
  { path: /^\/shop\/?$/i, chunks: [screen('src/features/shop/screens/shop-screen.tsx')] },
  { path: /^\/(fabrics|jewels?|catalog\/[^/]+)\/?$/i, chunks: [LISTINGS] },
  { path: /^\/search\/?$/i, chunks: [screen('src/features/search/screens/search-screen.tsx')] },
  { path: /^\/search\/[^/]+\/?$/i, chunks: [screen('src/features/search/screens/search-results-screen.tsx')] },
  { path: /^\/product\/[^/]+\/[^/]+\/?$/i, chunks: [screen('src/features/product/screens/product-screen.tsx')] },
  { path: /^\/sale\/[^/]+\/?$/i, chunks: [screen('src/features/sale/screens/sale-screen.tsx')] },
  { path: /^\/wishlist\/?$/i, chunks: [GUARD, screen('src/features/wishlist/screens/wishlist-screen.tsx')] },
  { path: /^\/cart\/?$/i, chunks: [GUARD, screen('src/features/cart/screens/cart-screen.tsx')] },
  { path: /^\/orders\/?$/i, chunks: [GUARD, screen('src/features/orders/screens/my-orders-screen.tsx')] },
  { path: /^\/orders\/details\/.+$/i, chunks: [GUARD, screen('src/features/orders/screens/order-details-screen.tsx')] },
];

function manifestKeyOf(manifest: BuildManifest, ref: ChunkRef): string | undefined {
  if ('module' in ref) return manifest[ref.module] ? ref.module : undefined;
  // A group's chunk has no source module of its own: its key is '_' + its file name.
  return Object.keys(manifest).find((key) => key.startsWith('_') && manifest[key]?.name === ref.group);
}

/** The keys of these chunks and of every chunk they import, transitively, in import order. */
function withStaticImports(manifest: BuildManifest, keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const imported of manifest[key].imports ?? []) visit(imported);
  };
  keys.forEach(visit);
  return [...seen];
}

/** Looks up the chunks of a page's screen in one build's manifest. */
export interface RouteChunks {
  /** The chunks to preload for this path (none for a page the table does not name). */
  linksFor(path: string): ChunkLink[];
  /** Table entries the manifest does not hold: a page that lost its hints (a moved screen or group). */
  missing: string[];
  /**
   * What a browser with a session cookie loads to verify it at startup (spec 1 §4), before any
   * protected screen shows: the verification's chunk and the one with the schema its answer is checked
   * against, which it imports only once it runs (src/lib/session-calls.ts).
   */
  sessionLinks: ChunkLink[];
}

/** The startup verification's module (apps/web src/lib/session.tsx imports it when a session cookie exists). */
const SESSION_CALLS = 'src/lib/session-calls.ts';

export function routeChunksOf(manifest: BuildManifest): RouteChunks {
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  // The entry and what it imports come with the HTML's own script.
  const loadedWithEntry = new Set(withStaticImports(manifest, entryKeys));
  const missing: string[] = [];
  const linksByRoute = ROUTE_CHUNKS.map(({ path, chunks }) => {
    const links: ChunkLink[] = [];
    // The chunks for every viewport first, then each part for some viewports with what it adds.
    const listed = new Set(loadedWithEntry);
    for (const ref of [...chunks.filter((chunk) => !chunk.media), ...chunks.filter((chunk) => chunk.media)]) {
      const key = manifestKeyOf(manifest, ref);
      if (!key) {
        missing.push('module' in ref ? ref.module : `group ${ref.group}`);
        continue;
      }
      for (const needed of withStaticImports(manifest, [key])) {
        if (listed.has(needed)) continue;
        listed.add(needed);
        links.push({ href: `/${manifest[needed]!.file}`, ...(ref.media ? { media: ref.media } : {}) });
      }
    }
    return { path, links };
  });
  const sessionChunk = manifest[SESSION_CALLS];
  const sessionKeys = sessionChunk ? withStaticImports(manifest, [SESSION_CALLS, ...(sessionChunk.dynamicImports ?? [])]) : [];
  if (!sessionChunk) missing.push(SESSION_CALLS);
  return {
    linksFor: (path) => linksByRoute.find((route) => route.path.test(path))?.links ?? [],
    missing,
    sessionLinks: sessionKeys.filter((key) => !loadedWithEntry.has(key)).map((key) => ({ href: `/${manifest[key]!.file}` })),
  };
}

/** The web build's manifest in distDir, or null when it has none or it cannot be read (pages are then sent as built). */
export async function readBuildManifest(distDir: string): Promise<BuildManifest | null> {
  try {
    const manifest: unknown = JSON.parse(await readFile(join(distDir, '.vite', 'manifest.json'), 'utf8'));
    return manifest && typeof manifest === 'object' ? (manifest as BuildManifest) : null;
  } catch {
    return null;
  }
}
