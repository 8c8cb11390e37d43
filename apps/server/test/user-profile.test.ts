import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, catalogs, items, shops, wishlistItems } from '../src/db/schema';
import { buildTestApp, createUserWithToken, type TestApp } from './helper';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function call(method: 'GET' | 'PATCH', url: string, token?: string, payload?: object) {
  return t.app.inject({ method, url, ...(payload ? { payload } : {}), ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}) });
}

const LOGIN_NEEDED = { code: -2, message: 'Please login to continue.', data: null };

describe('GET and PATCH /api/user/me', () => {
  it('need a login', async () => {
    for (const res of [await call('GET', '/api/user/me'), await call('PATCH', '/api/user/me', undefined, { name: 'X' })]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual(LOGIN_NEEDED);
    }
  });

  it('shows name, email and provider; changes the name', async () => {
    const user = await createUserWithToken(t);
    const got = await call('GET', '/api/user/me', user.token);
    expect(got.statusCode).toBe(200);
    expect(got.json()).toEqual({ code: 1, message: 'Success', data: { name: 'Test Shopper', email: user.email, auth_provider: 'local' } });

    const patched = await call('PATCH', '/api/user/me', user.token, { name: '  Meera Iyer  ' });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toEqual({ code: 1, message: 'Profile updated', data: { name: 'Meera Iyer', email: user.email, auth_provider: 'local' } });
    expect((await call('GET', '/api/user/me', user.token)).json().data.name).toBe('Meera Iyer');
  });

  it('refuses an empty name and ignores an email in the body', async () => {
    const user = await createUserWithToken(t);
    const empty = await call('PATCH', '/api/user/me', user.token, { name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ code: 0, message: 'Invalid body name: Please enter your name.', data: null });
    const withEmail = await call('PATCH', '/api/user/me', user.token, { name: 'Ok', email: 'attacker@example.com' });
    expect(withEmail.json().data.email).toBe(user.email);
  });
});

describe('GET /api/list/cart_wishlist', () => {
  it('needs a login', async () => {
    const res = await call('GET', '/api/list/cart_wishlist');
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual(LOGIN_NEEDED);
  });

  it('lists product ids of the cart and the wishlist, only the caller’s', async () => {
    const user = await createUserWithToken(t);
    const other = await createUserWithToken(t);
    expect((await call('GET', '/api/list/cart_wishlist', user.token)).json()).toEqual({ code: 1, message: 'Success', data: { cart: [], wishlist: [] } });

    await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' }).onConflictDoNothing();
    await t.db.insert(catalogs).values({ title: 'Sarees', image: 'x' }).onConflictDoNothing();
    const rows = await t.db
      .insert(items)
      .values(['A', 'B', 'C'].map((title) => ({ title, shop: 'fabrics', catalog: 'Sarees', price_paise: 100_00, thumbnail_image: 'x', quantity: 5 })))
      .returning({ id: items.id });
    const [a, b, c] = rows.map((r) => r.id) as [number, number, number];
    const t0 = Date.now();
    await t.db.insert(cartItems).values([
      { user_id: user.id, item_id: b, quantity: 2, created_at: new Date(t0) },
      { user_id: user.id, item_id: a, quantity: 1, created_at: new Date(t0 + 1000) },
      { user_id: other.id, item_id: c, quantity: 1 },
    ]);
    await t.db.insert(wishlistItems).values([{ user_id: user.id, item_id: c }, { user_id: other.id, item_id: a }]);
    const res = await call('GET', '/api/list/cart_wishlist', user.token);
    expect(res.json()).toEqual({ code: 1, message: 'Success', data: { cart: [b, a], wishlist: [c] } });
  });
});
