import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_UNITS_PER_LINE } from '@ssd/shared/checkout';
import { ORDERS_MESSAGES } from '@ssd/shared/orders';
import { cartItems, items } from '../src/db/schema';
import { MISSING_ORDER_ID, addShopAndCatalog, createItem, createShopper, insertOrder } from './orders-fixtures';
import { buildTestApp, type TestApp } from './helper';

/** POST /api/cart/reorder (spec 3 §4 Reorder, §7, §8 'Unable to reorder items.'). */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await addShopAndCatalog(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

async function cartOf(userId: string) {
  return t.db.select({ item_id: cartItems.item_id, quantity: cartItems.quantity }).from(cartItems).where(eq(cartItems.user_id, userId)).orderBy(asc(cartItems.item_id));
}

describe('POST /api/cart/reorder', () => {
  it('adds what still exists and is in stock, with the ordered quantity as far as stock allows, and says what it could not add and why', async () => {
    const buyer = await createShopper(t);
    const plenty = await createItem(t, { quantity: 9, title: 'Chanderi Saree' });
    const scarce = await createItem(t, { quantity: 2, title: 'Temple Necklace' });
    const deleted = await createItem(t, { quantity: 5, title: 'Old Dupatta' });
    const soldOut = await createItem(t, { quantity: 0, title: 'Pearl Bangles' });
    const inCart = await createItem(t, { quantity: 7, title: 'Silk Lehenga' });
    const id = await insertOrder(t, buyer.id, {
      status: 'delivered',
      lines: [
        { item: plenty, quantity: 2 },
        { item: deleted },
        { item: scarce, quantity: 4 },
        { item: soldOut },
        { item: inCart, quantity: 1 },
      ],
    });
    await t.db.delete(items).where(eq(items.id, deleted.id));
    expect((await buyer.call('PUT', '/api/cart/add', { item_id: inCart.id })).statusCode).toBe(200);
    await buyer.call('PATCH', '/api/cart/update/quantity', { item_id: inCart.id, type: 'inc' });
    await buyer.call('PATCH', '/api/cart/update/quantity', { item_id: inCart.id, type: 'inc' });

    const res = await buyer.call('POST', '/api/cart/reorder', { id });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      code: 1,
      message: 'Added to cart',
      data: {
        added: [
          { item_id: plenty.id, title: 'Chanderi Saree' },
          { item_id: scarce.id, title: 'Temple Necklace' },
          { item_id: inCart.id, title: 'Silk Lehenga' },
        ],
        skipped: [
          { item_id: null, title: 'Old Dupatta', reason: 'gone' },
          { item_id: soldOut.id, title: 'Pearl Bangles', reason: 'out_of_stock' },
        ],
      },
    });
    // The one already in the cart kept its row and quantity (3); the scarce one got what is left (2 of 4).
    expect(await cartOf(buyer.id)).toEqual(
      [
        { item_id: plenty.id, quantity: 2 },
        { item_id: scarce.id, quantity: 2 },
        { item_id: inCart.id, quantity: 3 },
      ].sort((a, b) => a.item_id - b.item_id),
    );
    // The cart screen shows them, and nothing is held: stock is as it was.
    const listed = (await buyer.call('GET', '/api/cart/list')).json().data as Array<{ id: number }>;
    expect(listed.map((row) => row.id).sort()).toEqual([plenty.id, scarce.id, inCart.id].sort());
    const [stock] = await t.db.select({ quantity: items.quantity }).from(items).where(eq(items.id, plenty.id));
    expect(stock!.quantity).toBe(9);

    // Again: every product stays once, with its quantity.
    expect((await buyer.call('POST', '/api/cart/reorder', { id })).statusCode).toBe(200);
    expect(await cartOf(buyer.id)).toHaveLength(3);
  });

  it(`never puts more than ${MAX_UNITS_PER_LINE} units of a product in the cart`, async () => {
    const buyer = await createShopper(t);
    const bulk = await createItem(t, { quantity: 500 });
    const id = await insertOrder(t, buyer.id, { status: 'confirmed', lines: [{ item: bulk, quantity: 80 }] });
    expect((await buyer.call('POST', '/api/cart/reorder', { id })).statusCode).toBe(200);
    expect(await cartOf(buyer.id)).toEqual([{ item_id: bulk.id, quantity: MAX_UNITS_PER_LINE }]);
  });

  it("answers 'Unable to reorder items.' when nothing could be added, and leaves the cart alone", async () => {
    const buyer = await createShopper(t);
    const soldOut = await createItem(t, { quantity: 0 });
    const deleted = await createItem(t);
    const id = await insertOrder(t, buyer.id, { status: 'failed', lines: [{ item: soldOut }, { item: deleted }] });
    await t.db.delete(items).where(eq(items.id, deleted.id));
    const res = await buyer.call('POST', '/api/cart/reorder', { id });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ code: 0, message: 'Unable to reorder items.', data: null });
    expect(await cartOf(buyer.id)).toEqual([]);
  });

  it("answers another shopper's order exactly as a missing one, and refuses a malformed id", async () => {
    const owner = await createShopper(t);
    const stranger = await createShopper(t);
    const id = await insertOrder(t, owner.id, { status: 'delivered', lines: [{ item: await createItem(t) }] });
    for (const orderId of [id, MISSING_ORDER_ID]) {
      const res = await stranger.call('POST', '/api/cart/reorder', { id: orderId });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null });
    }
    expect(await cartOf(stranger.id)).toEqual([]);
    const malformed = await stranger.call('POST', '/api/cart/reorder', { id: 42 });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ code: 0, message: 'Invalid body id: Order id is not valid.', data: null });
  });
});
