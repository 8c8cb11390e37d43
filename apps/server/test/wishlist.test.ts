import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '@ssd/shared/envelope';
import { WISHLIST_CAP } from '@ssd/shared/constants';
import { idListSchema, wishlistDataSchema } from '@ssd/shared/storefront';
import { catalogs, items, shops } from '../src/db/schema';
import { buildTestApp, createUserWithToken, TEST_DATABASE_URL, type TestApp } from './helper';

/** The wishlist calls (spec 2 §7, §5): login, idempotent add and remove, the cap of 20 on the server. */

let t: TestApp;
let ids: number[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'jewel', title: 'Jewel' });
  await t.db.insert(catalogs).values({ title: 'Earrings', image: 'img' });
  const rows = await t.db
    .insert(items)
    .values(
      Array.from({ length: 24 }, (_, i) => ({
        title: `Jhumka ${i + 1}`,
        shop: 'jewel',
        catalog: 'Earrings',
        price_paise: 49900 + i,
        market_price_paise: 59900,
        thumbnail_image: `thumb-${i + 1}`,
        quantity: i === 3 ? 0 : 10,
      })),
    )
    .returning({ id: items.id });
  ids = rows.map((r) => r.id);
});
afterAll(() => t?.close());

async function user() {
  const { token } = await createUserWithToken(t);
  const call = (method: 'GET' | 'PUT' | 'POST', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${token}` }, ...(payload === undefined ? {} : { payload }) });
  return {
    add: (itemId: number) => call('PUT', '/api/wishlist/add', { item_id: itemId }),
    remove: (itemId: number) => call('POST', '/api/wishlist/remove', { item_id: itemId }),
    ids: async () => (await call('GET', '/api/wishlist/id/list')).json().data as number[],
    list: () => call('GET', '/api/wishlist/list'),
    both: async () => (await call('GET', '/api/list/cart_wishlist')).json().data,
  };
}

describe('login', () => {
  it('every wishlist call needs a login: 401, code -2', async () => {
    const calls = [
      { method: 'GET' as const, url: '/api/wishlist/id/list' },
      { method: 'GET' as const, url: '/api/wishlist/list' },
      { method: 'PUT' as const, url: '/api/wishlist/add', payload: { item_id: ids[0] } },
      { method: 'POST' as const, url: '/api/wishlist/remove', payload: { item_id: ids[0] } },
    ];
    for (const call of calls) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json(), call.url).toEqual({ code: -2, message: 'Please login to continue.', data: null });
    }
    const forged = await t.app.inject({ method: 'GET', url: '/api/wishlist/id/list', headers: { authorization: 'Bearer not-a-token' } });
    expect(forged.statusCode).toBe(401);
    expect(forged.json().code).toBe(-2);
  });
});

describe('add and remove', () => {
  it('add answers "Saved to wishlist" and the new id list; adding again changes nothing', async () => {
    const u = await user();
    const first = await u.add(ids[0]!);
    expect(first.statusCode).toBe(200);
    expect(envelopeSchema(idListSchema).parse(first.json())).toEqual({ code: 1, message: 'Saved to wishlist', data: [ids[0]] });
    expect((await u.add(ids[1]!)).json().data).toEqual([ids[0], ids[1]]);
    const again = await u.add(ids[0]!);
    expect(again.json()).toEqual({ code: 1, message: 'Saved to wishlist', data: [ids[0], ids[1]] });
    expect(await u.ids()).toEqual([ids[0], ids[1]]);
    expect(await u.both()).toEqual({ cart: [], wishlist: [ids[0], ids[1]] });
  });

  it('an out-of-stock product can be saved; an unknown one is 404 "Product not found"; a bad id is 400', async () => {
    const u = await user();
    expect((await u.add(ids[3]!)).json().code).toBe(1);
    const unknown = await u.add(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: -1, message: 'Product not found', data: null });
    const bad = await u.add(-1);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(0);
  });

  it('remove answers "Removed from wishlist" and the new list; removing what is not there succeeds too', async () => {
    const u = await user();
    await u.add(ids[0]!);
    await u.add(ids[1]!);
    const removed = await u.remove(ids[0]!);
    expect(removed.json()).toEqual({ code: 1, message: 'Removed from wishlist', data: [ids[1]] });
    expect((await u.remove(ids[0]!)).json()).toEqual({ code: 1, message: 'Removed from wishlist', data: [ids[1]] });
    expect((await u.remove(999999)).json()).toEqual({ code: 1, message: 'Removed from wishlist', data: [ids[1]] });
  });

  it("one shopper's wishlist is not another's", async () => {
    const a = await user();
    const b = await user();
    await a.add(ids[5]!);
    expect(await b.ids()).toEqual([]);
    await b.remove(ids[5]!);
    expect(await a.ids()).toEqual([ids[5]]);
  });
});

describe('GET /api/wishlist/list', () => {
  it('data.wishlist: the saved products as cards, newest saved first', async () => {
    const u = await user();
    expect((await u.list()).json()).toEqual({ code: 1, message: 'Success', data: { wishlist: [] } });
    for (const i of [2, 0, 3]) await u.add(ids[i]!);
    const res = await u.list();
    const body = envelopeSchema(wishlistDataSchema).parse(res.json());
    expect(body.data.wishlist.map((card) => card.id)).toEqual([ids[3], ids[0], ids[2]]);
    expect(body.data.wishlist[0]).toEqual({
      id: ids[3],
      title: 'Jhumka 4',
      catalog: 'Earrings',
      shop: 'jewel',
      price: 499.03,
      market_price: 599,
      thumbnail_image: 'thumb-4',
      quantity: 0,
    });
    // The id list stays oldest first, as GET /api/list/cart_wishlist.
    expect(await u.ids()).toEqual([ids[2], ids[0], ids[3]]);
    expect((await u.both()).wishlist).toEqual([ids[2], ids[0], ids[3]]);
  });
});

describe(`the cap of ${WISHLIST_CAP}`, () => {
  it('the 21st product: 409, code 0, "Wishlist limit reached."; one already saved can still be added; after a removal there is room', async () => {
    const u = await user();
    for (let i = 0; i < WISHLIST_CAP; i++) expect((await u.add(ids[i]!)).json().code).toBe(1);
    const over = await u.add(ids[WISHLIST_CAP]!);
    expect(over.statusCode).toBe(409);
    expect(over.json()).toEqual({ code: 0, message: 'Wishlist limit reached.', data: null });
    expect(await u.ids()).toHaveLength(WISHLIST_CAP);
    expect((await u.add(ids[0]!)).json().code).toBe(1);
    await u.remove(ids[0]!);
    expect((await u.add(ids[WISHLIST_CAP]!)).json().code).toBe(1);
    expect(await u.ids()).toHaveLength(WISHLIST_CAP);
  });

  it.runIf(TEST_DATABASE_URL)('PostgreSQL only: concurrent adds at 19 never make more than 20', async () => {
    for (let round = 0; round < 5; round++) {
      const u = await user();
      for (let i = 0; i < WISHLIST_CAP - 1; i++) await u.add(ids[i]!);
      const results = await Promise.all([u.add(ids[20]!), u.add(ids[21]!), u.add(ids[22]!), u.add(ids[23]!)]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(await u.ids()).toHaveLength(WISHLIST_CAP);
    }
  });
});
