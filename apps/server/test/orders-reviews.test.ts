import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDERS_MESSAGES, REVIEWABLE_STATUSES } from '@ssd/shared/orders';
import { ORDER_STATUSES } from '@ssd/shared/status';
import { itemReviews } from '../src/db/schema';
import { MISSING_ORDER_ID, addShopAndCatalog, createItem, createShopper, insertOrder, type Shopper, type TestItem } from './orders-fixtures';
import { buildTestApp, type TestApp } from './helper';

/** Rating and reviewing an ordered product (spec 3 §2, §4, §5, §7) and how it shows on the product (spec 2). */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await addShopAndCatalog(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const notFound = { code: -1, message: ORDERS_MESSAGES.orderNotFound, data: null };

async function reviewsOf(userId: string, itemId: number) {
  return t.db
    .select({ order_id: itemReviews.order_id, rating: itemReviews.rating, review: itemReviews.review })
    .from(itemReviews)
    .where(and(eq(itemReviews.user_id, userId), eq(itemReviews.item_id, itemId)));
}

describe('POST /api/order/review', () => {
  let buyer: Shopper;
  let item: TestItem;
  let orderId: string;

  beforeAll(async () => {
    buyer = await createShopper(t, 'Meera Iyer');
    item = await createItem(t);
    orderId = await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item }] });
  });

  it("saves the buyer's review of a delivered item with the spec's message, trimmed", async () => {
    const res = await buyer.call('POST', '/api/order/review', { order_id: orderId, item_id: item.id, rating: 4, review: '  Lovely drape.  ' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: 1, message: 'Thanks for your review!', data: { order_id: orderId, item_id: item.id, rating: 4, review: 'Lovely drape.' } });
    expect(await reviewsOf(buyer.id, item.id)).toEqual([{ order_id: orderId, rating: 4, review: 'Lovely drape.' }]);
  });

  it('a second call replaces the review, and the product shows the new one at once', async () => {
    const product = await createItem(t);
    const buyerOrder = await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: product }] });
    const other = await createShopper(t, 'Kavya');
    const otherOrder = await insertOrder(t, other.id, { status: 'confirmed', lines: [{ item: product }] });
    expect((await buyer.call('POST', '/api/order/review', { order_id: buyerOrder, item_id: product.id, rating: 4, review: 'Good.' })).statusCode).toBe(200);
    expect((await other.call('POST', '/api/order/review', { order_id: otherOrder, item_id: product.id, rating: 2 })).statusCode).toBe(200);

    const contentUrl = `/content/items/items/${product.id}?fields=id,rating`;
    // Read, and answered from the content answer cache, before the change (polled: on PostgreSQL the
    // notifications of the reviews above arrive a moment later and drop what was kept before them).
    const readFromMemory = async () => {
      const hits = t.app.contentAnswers!.stats().hits;
      const rating = (await t.app.inject({ method: 'GET', url: contentUrl })).json().data.rating as number;
      return { rating, kept: t.app.contentAnswers!.stats().hits > hits };
    };
    await expect.poll(readFromMemory, { timeout: 5000, interval: 20 }).toEqual({ rating: 3, kept: true });

    const again = await buyer.call('POST', '/api/order/review', { order_id: buyerOrder, item_id: product.id, rating: 5, review: '' });
    // The storefront reads the rating from the content service: the answer kept before is gone already.
    expect((await t.app.inject({ method: 'GET', url: contentUrl })).json().data.rating).toBe(3.5);
    expect(again.json()).toEqual({ code: 1, message: 'Thanks for your review!', data: { order_id: buyerOrder, item_id: product.id, rating: 5, review: null } });
    expect(await reviewsOf(buyer.id, product.id)).toEqual([{ order_id: buyerOrder, rating: 5, review: null }]);

    expect((await t.app.inject({ method: 'GET', url: `/api/product/rating/${product.id}` })).json().data).toEqual({ avg_rating: 3.5, total: 2 });
    const reviews = (await t.app.inject({ method: 'GET', url: `/api/product/reviews/${product.id}` })).json().data as Array<{ user_name: string; rating: number; review: string | null }>;
    expect(reviews.map(({ user_name, rating, review }) => ({ user_name, rating, review })).sort((a, b) => a.user_name.localeCompare(b.user_name))).toEqual([
      { user_name: 'Kavya', rating: 2, review: null },
      { user_name: 'Meera Iyer', rating: 5, review: null },
    ]);
  });

  it("one review per shopper and product: a review from another order of the same product replaces it", async () => {
    const shopper = await createShopper(t);
    const product = await createItem(t);
    const first = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item: product }] });
    const second = await insertOrder(t, shopper.id, { status: 'shipped', lines: [{ item: product }] });
    await shopper.call('POST', '/api/order/review', { order_id: first, item_id: product.id, rating: 3, review: 'Fine.' });
    await shopper.call('POST', '/api/order/review', { order_id: second, item_id: product.id, rating: 5, review: 'Even better the second time.' });
    expect(await reviewsOf(shopper.id, product.id)).toEqual([{ order_id: second, rating: 5, review: 'Even better the second time.' }]);
    expect((await t.app.inject({ method: 'GET', url: `/api/product/rating/${product.id}` })).json().data).toEqual({ avg_rating: 5, total: 1 });
  });

  it('two saves at once leave one review', async () => {
    const shopper = await createShopper(t);
    const product = await createItem(t);
    const id = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item: product }] });
    const answers = await Promise.all([1, 2, 3, 4, 5].map((rating) => shopper.call('POST', '/api/order/review', { order_id: id, item_id: product.id, rating })));
    expect(answers.map((res) => res.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(await reviewsOf(shopper.id, product.id)).toHaveLength(1);
  });

  it('only items confirmed, packed, shipped or delivered may be reviewed', async () => {
    const shopper = await createShopper(t);
    for (const status of ORDER_STATUSES) {
      const product = await createItem(t);
      const id = await insertOrder(t, shopper.id, { status, lines: [{ item: product }] });
      const res = await shopper.call('POST', '/api/order/review', { order_id: id, item_id: product.id, rating: 4 });
      if (REVIEWABLE_STATUSES.includes(status)) {
        expect(res.statusCode, status).toBe(200);
      } else {
        expect(res.statusCode, status).toBe(422);
        expect(res.json(), status).toEqual({ code: 0, message: ORDERS_MESSAGES.reviewNotAllowed, data: null });
        expect(await reviewsOf(shopper.id, product.id), status).toEqual([]);
      }
    }
    expect(REVIEWABLE_STATUSES).toEqual(['confirmed', 'packed', 'shipped', 'delivered']);
  });

  it("goes by the item's own status: a pending line of a shipped order can't be reviewed yet", async () => {
    const shopper = await createShopper(t);
    const [ready, waiting] = [await createItem(t), await createItem(t)];
    const id = await insertOrder(t, shopper.id, { status: 'shipped', lines: [{ item: ready }, { item: waiting, status: 'pending' }] });
    expect((await shopper.call('POST', '/api/order/review', { order_id: id, item_id: ready.id, rating: 5 })).statusCode).toBe(200);
    const res = await shopper.call('POST', '/api/order/review', { order_id: id, item_id: waiting.id, rating: 5 });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(ORDERS_MESSAGES.reviewNotAllowed);
  });

  it('refuses a rating outside 1 to 5 and other bad input with a message', async () => {
    for (const rating of [0, 6, 4.5, '5', null]) {
      const res = await buyer.call('POST', '/api/order/review', { order_id: orderId, item_id: item.id, rating });
      expect(res.statusCode, String(rating)).toBe(400);
      expect(res.json(), String(rating)).toEqual({ code: 0, message: 'Invalid body rating: Please select a rating between 1 and 5.', data: null });
    }
    const nul = await buyer.call('POST', '/api/order/review', { order_id: orderId, item_id: item.id, rating: 4, review: 'Good\u0000' });
    expect(nul.statusCode).toBe(400);
    expect(nul.json().message).toBe('Invalid body review: Your review contains a character that cannot be saved.');
    const long = await buyer.call('POST', '/api/order/review', { order_id: orderId, item_id: item.id, rating: 4, review: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect((await buyer.call('POST', '/api/order/review', { order_id: 'SSD-1', item_id: item.id, rating: 4 })).statusCode).toBe(400);
  });

  it("answers another shopper's order, a product not in the order and a missing order as not found, saving nothing", async () => {
    const stranger = await createShopper(t);
    const elsewhere = await createItem(t);
    for (const [who, body] of [
      [stranger, { order_id: orderId, item_id: item.id, rating: 1, review: 'Never bought it.' }],
      [buyer, { order_id: orderId, item_id: elsewhere.id, rating: 1 }],
      [buyer, { order_id: MISSING_ORDER_ID, item_id: item.id, rating: 1 }],
    ] as const) {
      const res = await who.call('POST', '/api/order/review', body);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(notFound);
    }
    expect(await reviewsOf(stranger.id, item.id)).toEqual([]);
    expect(await reviewsOf(buyer.id, elsewhere.id)).toEqual([]);
  });
});

describe('GET /api/order/review/{orderId}/{itemId}', () => {
  it("answers the caller's review of a product of their order, or null; another's order is not found", async () => {
    const buyer = await createShopper(t);
    const stranger = await createShopper(t);
    const product = await createItem(t);
    const id = await insertOrder(t, buyer.id, { status: 'delivered', lines: [{ item: product }] });
    const url = `/api/order/review/${id}/${product.id}`;
    expect((await buyer.call('GET', url)).json()).toEqual({ code: 1, message: 'Success', data: null });

    await buyer.call('POST', '/api/order/review', { order_id: id, item_id: product.id, rating: 4, review: 'Rich colour.' });
    expect((await buyer.call('GET', url)).json().data).toEqual({ order_id: id, item_id: product.id, rating: 4, review: 'Rich colour.' });

    // The stranger reviewed the same product from an order of their own: still not found through the buyer's order.
    const theirOrder = await insertOrder(t, stranger.id, { status: 'delivered', lines: [{ item: product }] });
    await stranger.call('POST', '/api/order/review', { order_id: theirOrder, item_id: product.id, rating: 1 });
    const theirs = await stranger.call('GET', url);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(notFound);
    const missing = await buyer.call('GET', `/api/order/review/${MISSING_ORDER_ID}/${product.id}`);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual(notFound);
    expect((await buyer.call('GET', `/api/order/review/${id}/${(await createItem(t)).id}`)).statusCode).toBe(404);
    expect((await buyer.call('GET', `/api/order/review/${id}/abc`)).statusCode).toBe(400);
  });
});
