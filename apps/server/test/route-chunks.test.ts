import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROUTE_CHUNKS, routeChunksOf } from '../src/plugins/route-chunks';
import { FIXTURE_MANIFEST, HOME_CHUNKS, LISTING_CHUNKS, PRODUCT_CHUNKS } from './route-chunks-fixtures';

/** A page's screen chunks from the web build's manifest (issue 12, render path). */

describe('routeChunksOf', () => {
  const chunks = routeChunksOf(FIXTURE_MANIFEST);
  const hrefs = (path: string) => chunks.linksFor(path).map((link) => {
    expect(link.media, `${path}: ${link.href}`).toBeUndefined();
    return link.href;
  });

  it("home: its screen with every chunk it imports, not the entry's, not what loads later; the phone's slider for a phone", () => {
    expect(chunks.linksFor('/')).toEqual(HOME_CHUNKS);
  });

  it('the store, jewel and catalog listings: the listings group and its imports, as React Router matches them', () => {
    for (const path of ['/fabrics', '/jewels', '/jewel', '/catalog/Silk%20Sarees', '/Fabrics/', '/catalog/Sarees/']) {
      expect(hrefs(path), path).toEqual(LISTING_CHUNKS);
    }
  });

  it('a product page (/product/{id}/{title}): its screen, each chunk once', () => {
    expect(hrefs('/product/10/V2luZQ')).toEqual(PRODUCT_CHUNKS);
    expect(hrefs('/product/abc/x')).toEqual(PRODUCT_CHUNKS);
  });

  it("a page behind the login: the guard's chunk, then the screen's", () => {
    expect(hrefs('/cart')).toEqual([
      '/assets/guards-G1.js',
      '/assets/storefront-S1.js',
      '/assets/cart-screen-K1.js',
      '/assets/product-card-P1.js',
      '/assets/heart-H1.js',
    ]);
  });

  it('nothing for a page the table does not name or an address React Router does not match to that screen', () => {
    for (const path of ['/terms', '/auth/login', '/product/10', '/product/10/x/more', '/fabrics/x', '/cartx', '/admin', '//']) {
      expect(hrefs(path), path).toEqual([]);
    }
  });

  it("a session's startup verification: its chunk and its answer's schema with what that imports, not the entry's", () => {
    expect(chunks.sessionLinks).toEqual([{ href: '/assets/session-calls-S2.js' }, { href: '/assets/auth-U1.js' }, { href: '/assets/zod-Z1.js' }]);
    expect(routeChunksOf({}).sessionLinks).toEqual([]);
    expect(routeChunksOf({}).missing).toContain('src/lib/session-calls.ts');
  });

  it('names what the manifest lacks, and the pages that need it get only what it has', () => {
    expect(chunks.missing).toEqual(
      expect.arrayContaining(['src/features/shop/screens/shop-screen.tsx', 'src/features/wishlist/screens/wishlist-screen.tsx']),
    );
    expect(chunks.missing).not.toContain('src/features/product/screens/product-screen.tsx');
    expect(chunks.missing).not.toContain('group listings');
    expect(hrefs('/shop')).toEqual([]);
    expect(hrefs('/wishlist')).toEqual(['/assets/guards-G1.js', '/assets/storefront-S1.js']);
    expect(routeChunksOf({}).missing).toContain('group listings');
  });
});

describe('the route table names what the web app has', () => {
  const web = resolve(import.meta.dirname, '../../web');

  it('every screen module exists under apps/web', () => {
    for (const { chunks } of ROUTE_CHUNKS) {
      for (const ref of chunks) if ('module' in ref) expect(existsSync(join(web, ref.module)), ref.module).toBe(true);
    }
  });

  it("every group is one of vite.config.ts's chunk groups", () => {
    const config = readFileSync(join(web, 'vite.config.ts'), 'utf8');
    for (const { chunks } of ROUTE_CHUNKS) {
      for (const ref of chunks) if ('group' in ref) expect(config, ref.group).toContain(`groupOf('${ref.group}'`);
    }
  });
});
