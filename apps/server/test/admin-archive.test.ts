import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { CHECKOUT_MESSAGES } from '@ssd/shared/checkout';
import { cartItems, itemReviews, items, wishlistItems } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';
import { addCatalog, addShops, adminCaller, callerWithRole, type Caller } from './admin-fixtures';
import { insertOrder } from './orders-fixtures';

/**
 * Products staff delete are archived (docs/decisions/0031): gone from every storefront read at once —
 * one test per read path — while past orders, reviews and the row itself stay.
 */

let t: TestApp;
let admin: Caller;
let shopper: Caller;
let counter = 0;

beforeAll(async () => {
  t = await buildTestApp();
  await addShops(t);
  await addCatalog(t, 'Archive Sarees');
  admin = await adminCaller(t);
  shopper = await callerWithRole(t, 'user');
}, 60_000);

afterAll(async () => {
  await t?.close();
});

/** A live product made through the admin API, with a unique tag and title word. */
async function product(fields: { quantity?: number } = {}) {
  counter += 1;
  const word = `zqarch${counter}x`;
  const add = await admin.call('POST', '/api/admin/product/add', {
    title: `Archived ${word}`,
    thumbnail_image: 'https://cdn.example/p.jpg',
    price: 999.5,
    shop: 'fabrics',
    catalog: 'Archive Sarees',
    quantity: fields.quantity ?? 5,
    description: 'Silk>Hand woven',
  });
  expect(add.statusCode, add.body).toBe(200);
  const id = add.json().data.id as number;
  await t.db.update(items).set({ tags: [word] }).where(eq(items.id, id));
  return { id, word };
}

async function archive(id: number) {
  const res = await admin.call('DELETE', '/api/admin/product/delete', { id });
  expect(res.json()).toEqual({ code: 1, message: M.productDeleted, data: null });
}

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('an archived product leaves the storefront at once', () => {
  it('content listings (by catalog too) and their counts', async () => {
    const { id } = await product();
    const url = `/content/items/items?fields=id&filter[catalog][_eq]=Archive%20Sarees&limit=-1&meta=filter_count`;
    expect((await get(url)).json().data.map((r: { id: number }) => r.id)).toContain(id);
    const countBefore = (await get(url)).json().meta.filter_count;
    await archive(id);
    const after = (await get(url)).json();
    expect(after.data.map((r: { id: number }) => r.id)).not.toContain(id);
    expect(after.meta.filter_count).toBe(countBefore - 1);
  });

  it('search', async () => {
    const { id, word } = await product();
    expect((await get(`/content/items/items?fields=id&search=${word}`)).json().data).toEqual([{ id }]);
    await archive(id);
    expect((await get(`/content/items/items?fields=id&search=${word}`)).json().data).toEqual([]);
  });

  it('the single-item read is 404', async () => {
    const { id } = await product();
    expect((await get(`/content/items/items/${id}?fields=id`)).statusCode).toBe(200);
    await archive(id);
    expect((await get(`/content/items/items/${id}?fields=id`)).statusCode).toBe(404);
  });

  it('Popular Tags stop counting it (the tag-count trigger)', async () => {
    const { id, word } = await product();
    const tags = async () => (await get('/api/product/tags?limit=100')).json().data as Array<{ title: string; count: number }>;
    expect((await tags()).find((tag) => tag.title === word)).toEqual({ title: word, count: 1 });
    await archive(id);
    expect((await tags()).find((tag) => tag.title === word)).toBeUndefined();
  });

  it('rating and reviews answer Product not found; suggestions leave it out', async () => {
    const { id } = await product();
    const { id: neighbour } = await product();
    const suggested = async () => (await get(`/api/product/suggested?id=${neighbour}&limit=50`)).json().data.map((card: { id: number }) => card.id);
    expect(await suggested()).toContain(id);
    await archive(id);
    expect(await suggested()).not.toContain(id);
    for (const url of [`/api/product/rating/${id}`, `/api/product/reviews/${id}`, `/api/product/suggested?id=${id}`]) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ code: -1, message: 'Product not found', data: null });
    }
  });

  it('cart: gone from the cart list and the id lists, cannot be added or changed', async () => {
    const { id } = await product();
    await shopper.call('PUT', '/api/cart/add', { item_id: id });
    expect((await shopper.call('GET', '/api/cart/id/list')).json().data).toContain(id);
    await archive(id);
    expect((await shopper.call('GET', '/api/cart/id/list')).json().data).not.toContain(id);
    expect((await shopper.call('GET', '/api/cart/list')).json().data.map((row: { id: number }) => row.id)).not.toContain(id);
    expect((await shopper.call('GET', '/api/list/cart_wishlist')).json().data.cart).not.toContain(id);
    expect((await shopper.call('PATCH', '/api/cart/update/quantity', { item_id: id, type: 'inc' })).statusCode).toBe(404);
    const add = await shopper.call('PUT', '/api/cart/add', { item_id: id });
    expect(add.statusCode).toBe(404);
    // The row stays (nothing a shopper did is erased), unseen.
    expect(await t.db.select().from(cartItems).where(eq(cartItems.item_id, id))).toHaveLength(1);
  });

  it('wishlist: gone from its lists, cannot be added', async () => {
    const { id } = await product();
    await shopper.call('PUT', '/api/wishlist/add', { item_id: id });
    expect((await shopper.call('GET', '/api/wishlist/id/list')).json().data).toContain(id);
    await archive(id);
    expect((await shopper.call('GET', '/api/wishlist/id/list')).json().data).not.toContain(id);
    expect((await shopper.call('GET', '/api/wishlist/list')).json().data.wishlist.map((card: { id: number }) => card.id)).not.toContain(id);
    expect((await shopper.call('GET', '/api/list/cart_wishlist')).json().data.wishlist).not.toContain(id);
    expect((await shopper.call('PUT', '/api/wishlist/add', { item_id: id })).statusCode).toBe(404);
    expect(await t.db.select().from(wishlistItems).where(eq(wishlistItems.item_id, id))).toHaveLength(1);
  });

  it('checkout refuses to reserve it: 409 product gone', async () => {
    const { id } = await product();
    await archive(id);
    const res = await shopper.call('POST', '/api/order/reserve', { items: [{ item_id: id, quantity: 1 }] });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ code: 0, message: CHECKOUT_MESSAGES.productGone, data: null });
  });

  it('reorder skips it as gone; the past order and its review keep pointing at the row', async () => {
    const { id } = await product();
    const row = { id, title: `Archived line ${id}`, thumbnail_image: 'https://cdn.example/p.jpg' };
    const live = await product();
    const liveRow = { id: live.id, title: `Live line ${live.id}`, thumbnail_image: 'https://cdn.example/p.jpg' };
    const orderId = await insertOrder(t, shopper.id, { status: 'delivered', lines: [{ item: row }, { item: liveRow }] });
    await t.db.insert(itemReviews).values({ user_id: shopper.id, item_id: id, rating: 5, review: 'Lovely' });
    await archive(id);
    const res = await shopper.call('POST', '/api/cart/reorder', { id: orderId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      added: [{ item_id: live.id, title: liveRow.title }],
      skipped: [{ item_id: id, title: row.title, reason: 'gone' }],
    });
    const details = (await shopper.call('GET', `/api/order/details/${orderId}`)).json();
    expect(details.data.items).toContainEqual(expect.objectContaining({ item_id: id, item_title: row.title }));
    expect(await t.db.select().from(itemReviews).where(eq(itemReviews.item_id, id))).toHaveLength(1);
    // The admin can still read it, marked deleted, and lists it under archived=true.
    const detail = (await admin.call('GET', `/api/admin/product/detail?id=${id}`)).json();
    expect(detail.data[0]).toMatchObject({ id, archived_at: expect.any(String) });
    expect((await admin.call('GET', '/api/admin/products/all?archived=true&limit=1000')).json().data.map((p: { id: number }) => p.id)).toContain(id);
    expect((await admin.call('GET', '/api/admin/products/all?limit=1000')).json().data.map((p: { id: number }) => p.id)).not.toContain(id);
  });
});
