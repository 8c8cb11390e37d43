import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '@ssd/shared/envelope';
import { idListSchema } from '@ssd/shared/storefront';
import { cartItems, catalogs, items, shops } from '../src/db/schema';
import { buildTestApp, createUserWithToken, type TestApp } from './helper';

/** The cart buttons' calls (spec 2 §7, §5): login, out of stock, idempotent add, remove. */

let t: TestApp;
const id: Record<string, number> = {};

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img' });
  const rows = await t.db
    .insert(items)
    .values(
      [['In stock', 5], ['Sold out', 0], ['Last one', 1]].map(([title, quantity]) => ({
        title: String(title),
        shop: 'fabrics',
        catalog: 'Sarees',
        price_paise: 99900,
        thumbnail_image: 'thumb',
        quantity: Number(quantity),
      })),
    )
    .returning({ id: items.id, title: items.title });
  for (const row of rows) id[row.title] = row.id;
});
afterAll(() => t?.close());

async function user() {
  const created = await createUserWithToken(t);
  const call = (method: 'GET' | 'PUT' | 'POST' | 'PATCH', url: string, payload?: Record<string, unknown>) =>
    t.app.inject({ method, url, headers: { authorization: `Bearer ${created.token}` }, ...(payload === undefined ? {} : { payload }) });
  return {
    id: created.id,
    add: (itemId: number) => call('PUT', '/api/cart/add', { item_id: itemId }),
    remove: (itemId: number) => call('POST', '/api/cart/remove', { item_id: itemId }),
    ids: async () => (await call('GET', '/api/cart/id/list')).json().data as number[],
    both: async () => (await call('GET', '/api/list/cart_wishlist')).json().data,
    list: () => call('GET', '/api/cart/list'),
    change: (itemId: number, type: string) => call('PATCH', '/api/cart/update/quantity', { item_id: itemId, type }),
  };
}

describe('cart buttons', () => {
  it('need a login: 401, code -2', async () => {
    for (const call of [
      { method: 'GET' as const, url: '/api/cart/id/list' },
      { method: 'PUT' as const, url: '/api/cart/add', payload: { item_id: id['In stock'] } },
      { method: 'POST' as const, url: '/api/cart/remove', payload: { item_id: id['In stock'] } },
    ]) {
      const res = await t.app.inject(call);
      expect(res.statusCode, call.url).toBe(401);
      expect(res.json()).toEqual({ code: -2, message: 'Please login to continue.', data: null });
    }
  });

  it('add: "Added to cart" with the new id list, one unit; again: success, quantity kept', async () => {
    const u = await user();
    const res = await u.add(id['In stock']!);
    expect(res.statusCode).toBe(200);
    expect(envelopeSchema(idListSchema).parse(res.json())).toEqual({ code: 1, message: 'Added to cart', data: [id['In stock']] });
    const row = and(eq(cartItems.user_id, u.id), eq(cartItems.item_id, id['In stock']!));
    expect((await t.db.select().from(cartItems).where(row))[0]?.quantity).toBe(1);
    await t.db.update(cartItems).set({ quantity: 3 }).where(row);
    expect((await u.add(id['In stock']!)).json()).toEqual({ code: 1, message: 'Added to cart', data: [id['In stock']] });
    expect((await t.db.select().from(cartItems).where(row))[0]?.quantity).toBe(3);
    expect((await u.add(id['Last one']!)).json().data).toEqual([id['In stock'], id['Last one']]);
    expect(await u.ids()).toEqual([id['In stock'], id['Last one']]);
    expect(await u.both()).toEqual({ cart: [id['In stock'], id['Last one']], wishlist: [] });
  });

  it('out of stock: 409, code 0, "Product out of stock", nothing added; unknown product: 404', async () => {
    const u = await user();
    const res = await u.add(id['Sold out']!);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: 'Product out of stock', data: null });
    expect(await u.ids()).toEqual([]);
    const unknown = await u.add(999999);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: -1, message: 'Product not found', data: null });
    expect((await u.add(0)).statusCode).toBe(400);
  });

  it('a product that sold out after it was put in the cart stays there (add answers success)', async () => {
    const u = await user();
    await u.add(id['Last one']!);
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, id['Last one']!));
    try {
      expect((await u.add(id['Last one']!)).json()).toEqual({ code: 1, message: 'Added to cart', data: [id['Last one']] });
    } finally {
      await t.db.update(items).set({ quantity: 1 }).where(eq(items.id, id['Last one']!));
    }
  });

  it('remove: "Removed from cart" and the new list; removing what is not there succeeds', async () => {
    const u = await user();
    await u.add(id['In stock']!);
    await u.add(id['Last one']!);
    expect((await u.remove(id['In stock']!)).json()).toEqual({ code: 1, message: 'Removed from cart', data: [id['Last one']] });
    expect((await u.remove(id['In stock']!)).json()).toEqual({ code: 1, message: 'Removed from cart', data: [id['Last one']] });
    expect(await u.ids()).toEqual([id['Last one']]);
  });
});

describe('the cart screen', () => {
  it('GET /api/cart/list: each product with price, market price, quantity in the cart and stock left', async () => {
    const u = await user();
    expect((await u.list()).json()).toEqual({ code: 1, message: 'Success', data: [] });
    await u.add(id['In stock']!);
    await u.add(id['Last one']!);
    const res = await u.list();
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().data).toEqual([
      { id: id['In stock'], title: 'In stock', thumbnail_image: 'thumb', price: 999, market_price: null, cart_quantity: 1, item_quantity: 5 },
      { id: id['Last one'], title: 'Last one', thumbnail_image: 'thumb', price: 999, market_price: null, cart_quantity: 1, item_quantity: 1 },
    ]);
  });

  it("PATCH /api/cart/update/quantity: 'quantity updated to N unit(s)', never below 1 nor beyond the stock", async () => {
    const u = await user();
    await u.add(id['In stock']!);
    for (const units of [2, 3, 4, 5]) {
      const res = await u.change(id['In stock']!, 'inc');
      expect(res.json()).toMatchObject({ code: 1, message: `quantity updated to ${units} unit(s)`, data: { cart_quantity: units, item_quantity: 5 } });
    }
    const beyond = await u.change(id['In stock']!, 'inc');
    expect(beyond.statusCode).toBe(409);
    expect(beyond.json()).toEqual({ code: 0, message: 'The requested quantity exceeds our stock.', data: null });
    for (const units of [4, 3, 2, 1]) expect((await u.change(id['In stock']!, 'dec')).json().message).toBe(`quantity updated to ${units} unit(s)`);
    const below = await u.change(id['In stock']!, 'dec');
    expect(below.json()).toEqual({ code: 0, message: 'Quantity should be 1 or more.', data: null });
    const absent = await u.change(id['Last one']!, 'inc');
    expect(absent.statusCode).toBe(404);
    expect(absent.json()).toEqual({ code: -1, message: 'This product is not in your cart.', data: null });
    expect((await u.change(id['In stock']!, 'double')).json().message).toBe("Invalid body type: Type must be 'inc' or 'dec'.");
  });

  it('concurrent increments never pass the stock', async () => {
    const u = await user();
    await u.add(id['In stock']!);
    const answers = await Promise.all(Array.from({ length: 10 }, () => u.change(id['In stock']!, 'inc')));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(4);
    expect((await u.list()).json().data[0].cart_quantity).toBe(5);
  });
});
