import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import { cartItems } from '../src/db/schema';
import { TokenSigner } from '../src/modules/auth/tokens';
import { isRenderedPage } from '../src/plugins/page-render';
import { TEST_JWT_SECRET, buildTestApp, createUserWithToken, type TestApp } from './helper';
import { addShopAndCatalog, createItem, insertOrder } from './orders-fixtures';

/**
 * A signed-in shopper's cart and My Orders rendered on the server (docs/decisions/0055): the web plugin
 * checks the access token of the user_token cookie as the API does (signature, live session) and
 * renders with the shopper's session, the renderer's reads made with that token by the server's
 * transport. A token that does not check out, or a revoked session, gets the plain app shell.
 *
 * The renderer is a small module of the same shape as apps/web src/entry-server.tsx (the real one is
 * exercised in a browser by apps/web e2e/signed-in-rendering.spec.ts). It sends no Authorization of
 * its own: the lines it renders prove the transport carried the shopper's token.
 */

/** The entry's tag as the web build writes it, with its after-paint loader (docs/decisions/0053). */
const ENTRY_TAG = '<script type="module" crossorigin src="/assets/index-e.js" data-after-paint="/assets/start-after-paint-l.js"></script>';
const INDEX_HTML = `<!doctype html>\n<html>\n  <head>\n    <title>SSD Store</title>\n    ${ENTRY_TAG}\n  </head>\n  <body><div id="root"></div></body>\n</html>\n`;

const RENDERER = `
let transport = null;
export function setTransport(fn) { transport = fn; }
async function read(path) {
  const response = await transport(path, { headers: { Accept: 'application/json' } });
  return { status: response.status, body: await response.json() };
}
export async function renderPage(url, viewport, signal, session) {
  const path = url.split('?')[0];
  const answer = path === '/cart' ? await read('/api/cart/list') : path === '/orders' ? await read('/api/order/list?limit=5&skip=0') : null;
  if (!answer) return { html: '<main>storefront</main>', state: '{}' };
  if (answer.body.code !== 1) throw new Error('read refused: ' + answer.status);
  const lines = path === '/cart' ? answer.body.data.map((line) => line.title) : answer.body.data.map((order) => order.order_id);
  return {
    html: '<main>' + (session ? 'Hello, ' + session.name : 'nobody') + ': ' + lines.join(', ') + '</main>',
    state: JSON.stringify({ viewport, session, reads: [{ key: [path], data: answer.body.data }] }),
  };
}
`;

let t: TestApp;
let root: string;
let shopper: Awaited<ReturnType<typeof createUserWithToken>>;
let saree: Awaited<ReturnType<typeof createItem>>;
let orderId: string;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'ssd-page-render-signed-in-'));
  mkdirSync(join(root, 'dist'));
  mkdirSync(join(root, 'dist-ssr'));
  writeFileSync(join(root, 'dist', 'index.html'), INDEX_HTML);
  writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
  t = await buildTestApp({ webDistDir: join(root, 'dist') });
  await addShopAndCatalog(t);
  saree = await createItem(t, { title: 'Kanjivaram Silk Saree' });
  shopper = await createUserWithToken(t);
  await t.db.insert(cartItems).values({ user_id: shopper.id, item_id: saree.id, quantity: 2 });
  orderId = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item: saree }] });
});

afterAll(async () => {
  await t.close();
  rmSync(root, { recursive: true, force: true });
});

const page = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? { cookie: `theme=dark; user_token=${token}` } : {} });
const rootOf = (html: string) => /<div id="root">([\s\S]*?)<\/div>/.exec(html)?.[1];
const stateOf = (html: string) => new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(html)?.[1];

/** The token's claims (its payload, unverified): the user and the session it names. */
function claimsOf(token: string): { sub: string; sid: string; role: string } {
  return JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { sub: string; sid: string; role: string };
}

describe("a signed-in shopper's cart and My Orders", () => {
  it("come rendered with the shopper's cart, read with their token, and their session (no token) in the state", async () => {
    const response = await page('/cart', shopper.token);
    expect(response.statusCode).toBe(200);
    expect(rootOf(response.body)).toBe('<main>Hello, Test Shopper: Kanjivaram Silk Saree</main>');
    const state = JSON.parse(stateOf(response.body)!) as { session: unknown };
    expect(state.session).toEqual({ name: 'Test Shopper', email: shopper.email, role: 'user', auth_provider: 'local' });
    expect(response.body).not.toContain(shopper.token);
    expect(response.body).not.toContain(shopper.refreshToken);
  });

  it('start their app after the first paint, as every page with the server\'s state (docs/decisions/0053)', async () => {
    const { body } = await page('/orders', shopper.token);
    expect(body).toContain('<script defer src="/assets/start-after-paint-l.js" data-entry="/assets/index-e.js"></script>');
    expect(body).not.toContain(ENTRY_TAG);
  });

  it('are personal: kept by no cache, and marked as varying with the cookie', async () => {
    const response = await page('/cart', shopper.token);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(String(response.headers.vary)).toBe('Accept-Encoding, Cookie, Sec-CH-UA-Mobile, User-Agent');
  });

  it("My Orders comes rendered with the shopper's orders", async () => {
    const response = await page('/orders', shopper.token);
    expect(rootOf(response.body)).toBe(`<main>Hello, Test Shopper: ${orderId}</main>`);
    expect(response.headers['cache-control']).toBe('private, no-store');
    expect(response.body).not.toContain(shopper.token);
  });

  it("show each shopper their own: another shopper's page has none of the first one's lines", async () => {
    const other = await createUserWithToken(t);
    const [cart, orders] = await Promise.all([page('/cart', other.token), page('/orders', other.token), page('/cart', shopper.token)]);
    expect(rootOf(cart!.body)).toBe('<main>Hello, Test Shopper: </main>');
    expect(rootOf(orders!.body)).toBe('<main>Hello, Test Shopper: </main>');
  });

  it("the wishlist and an order's details come rendered and personal too", async () => {
    for (const path of ['/wishlist', `/orders/details/${orderId}`]) {
      const response = await page(path, shopper.token);
      expect(rootOf(response.body), path).not.toBe('');
      expect(response.headers['cache-control'], path).toBe('private, no-store');
    }
  });

  it('other pages of a signed-in shopper stay the app shell: the storefront, the profile', async () => {
    for (const path of ['/fabrics', '/profile']) {
      const response = await page(path, shopper.token);
      expect(rootOf(response.body), path).toBe('');
      expect(response.headers['cache-control'], path).toBe('no-cache');
    }
  });
});

describe('the plain app shell instead, its startup verification deciding as before', () => {
  const expectShell = async (path: string, token: string) => {
    const response = await page(path, token);
    expect(response.statusCode, path).toBe(200);
    expect(rootOf(response.body), path).toBe('');
    expect(stateOf(response.body), path).toBeUndefined();
    expect(response.body, path).toContain(ENTRY_TAG);
    expect(response.headers['cache-control'], path).toBe('no-cache');
  };

  it('for a forged token', async () => {
    const { sub, sid, role } = claimsOf(shopper.token);
    const forged = await new TokenSigner('another-secret-that-is-long-enough-for-hs256').signAccessToken({ sub, sid, role });
    for (const path of ['/cart', '/orders']) {
      await expectShell(path, forged);
      await expectShell(path, 'a.b.c');
    }
  });

  it('for an expired token', async () => {
    const { sub, sid, role } = claimsOf(shopper.token);
    const twoDaysAgo = () => new Date(Date.now() - 2 * 24 * 60 * 60 * 1000);
    const expired = await new TokenSigner(TEST_JWT_SECRET, twoDaysAgo).signAccessToken({ sub, sid, role });
    for (const path of ['/cart', '/orders']) await expectShell(path, expired);
  });

  it('for the token of a session ended by logout', async () => {
    const leaving = await createUserWithToken(t);
    expect(rootOf((await page('/cart', leaving.token)).body)).toBe('<main>Hello, Test Shopper: </main>');
    const logout = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { authorization: `Bearer ${leaving.token}` },
      payload: { refreshToken: leaving.refreshToken },
    });
    expect(logout.json().code).toBe(1);
    for (const path of ['/cart', '/orders']) await expectShell(path, leaving.token);
  });
});

describe('which pages are rendered for a signed-in shopper', () => {
  it('the cart, the wishlist, My Orders and an order\'s details only (docs/decisions/0055)', () => {
    for (const path of ['/cart', '/orders', '/cart/', '/orders/', '/wishlist', '/orders/details/SSD-ABCDEFGHJK', '/orders/details/SSD-ABCDEFGHJK,SSD-BCDEFGHJKL']) {
      expect(isRenderedPage(path, { signedIn: true }), path).toBe(true);
    }
    // Not pages with forms (profile, order placement), nor the storefront (a visitor's page, cached as one).
    for (const path of ['/', '/fabrics', '/product/10/V2luZQ', '/profile', '/orders/invoice/SSD-ABCDEFGHJK', '/place/order', '/auth/login']) {
      expect(isRenderedPage(path, { signedIn: true }), path).toBe(false);
    }
  });
});
