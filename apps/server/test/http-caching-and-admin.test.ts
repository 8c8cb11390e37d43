import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createAccount, createUserWithToken, nextClientAddress, type TestApp } from './helper';

/**
 * With the built web app mounted, as `npm start` serves it: private answers are never kept by a
 * browser or proxy, hashed assets are kept for a year, and the admin API answers every method alike.
 */

let t: TestApp;
let dist: string;
const ASSET = 'index-3f9a1c2b.js';

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'ssd-web-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><title>SSD Store</title><div id="root"></div>');
  writeFileSync(join(dist, 'assets', ASSET), 'console.log("store");');
  t = await buildTestApp({ webDistDir: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('Cache-Control', () => {
  it('private API answers are no-store: login, profile, cart and wishlist', async () => {
    const account = await createAccount(t);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.email, password: account.password },
      remoteAddress: nextClientAddress(),
    });
    expect(login.json().code).toBe(1);
    expect(login.headers['cache-control']).toBe('no-store');
    const headers = { authorization: `Bearer ${login.json().data.access_token}` };
    for (const url of ['/api/user/me', '/api/cart/id/list', '/api/wishlist/id/list', '/api/wishlist/list', '/api/list/cart_wishlist']) {
      const res = await t.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-store');
    }
    // A refused call is not kept either.
    const refused = await t.app.inject({ method: 'GET', url: '/api/user/me' });
    expect(refused.statusCode).toBe(401);
    expect(refused.headers['cache-control']).toBe('no-store');
  });

  it('a public answer that says so may be kept', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/product/tags' });
    expect(res.headers['cache-control']).toBe('public, max-age=60');
  });

  it('hashed files under /assets/ are kept a year; pages are revalidated', async () => {
    const asset = await t.app.inject({ method: 'GET', url: `/assets/${ASSET}` });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    for (const url of ['/', '/product/12/silk-saree']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(200);
      expect(page.body).toContain('<div id="root">');
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
  });
});

describe('/api/admin with the web app mounted', () => {
  const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const;

  it('every method on any admin path answers 401 to a visitor', async () => {
    for (const url of ['/api/admin', '/api/admin/anything', '/api/admin/orders/42/refund']) {
      for (const method of methods) {
        const res = await t.app.inject({ method, url, ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }) });
        expect(res.statusCode, `${method} ${url}`).toBe(401);
        expect(res.json(), `${method} ${url}`).toEqual({ code: -2, message: 'Please login to continue.', data: null });
      }
    }
  });

  it('403 to a shopper, and an unknown path is 404 only for an administrator', async () => {
    const shopper = await createUserWithToken(t);
    const admin = await createUserWithToken(t, { role: 'ssd_admin' });
    for (const method of methods) {
      const asShopper = await t.app.inject({ method, url: '/api/admin/anything', headers: { authorization: `Bearer ${shopper.token}` } });
      expect(asShopper.statusCode, method).toBe(403);
      const asAdmin = await t.app.inject({ method, url: '/api/admin/anything', headers: { authorization: `Bearer ${admin.token}` } });
      expect(asAdmin.statusCode, method).toBe(404);
      expect(asAdmin.json(), method).toEqual({ code: -1, message: `No route for ${method} /api/admin/anything`, data: null });
    }
  });
});
