import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { envelopeSchema } from '@ssd/shared/envelope';
import { ratingDataSchema, reviewsDataSchema, suggestedDataSchema, tagsDataSchema } from '@ssd/shared/storefront';
import { catalogs, itemReviews, items, shops, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';

/** The public product calls: suggestions, rating, reviews, tags (spec 2 §7). */

let t: TestApp;
const id: Record<string, number> = {};
const day = (n: number) => new Date(Date.UTC(2024, 0, n));

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values([
    { value: 'fabrics', title: 'Fabrics' },
    { value: 'jewel', title: 'Jewel' },
  ]);
  await t.db.insert(catalogs).values(['Sarees', 'Suits', 'Necklaces'].map((title) => ({ title, image: `img-${title}` })));
  const fixture = [
    // name, catalog, shop, created day, quantity, tags
    ['S1', 'Sarees', 'fabrics', 1, 5, ['silk', 'wedding']],
    ['S2', 'Sarees', 'fabrics', 3, 0, ['silk', 'cotton']],
    ['S3', 'Sarees', 'fabrics', 2, 7, ['silk']],
    ['U1', 'Suits', 'fabrics', 9, 4, ['party', 'cotton']],
    ['U2', 'Suits', 'fabrics', 8, 2, ['cotton']],
    ['N1', 'Necklaces', 'jewel', 10, 3, ['kundan', 'wedding']],
  ] as const;
  const rows = await t.db
    .insert(items)
    .values(
      fixture.map(([title, catalog, shop, created, quantity, tags]) => ({
        title,
        catalog,
        shop,
        price_paise: 1249950,
        market_price_paise: title === 'S1' ? 1500000 : null,
        thumbnail_image: `thumb-${title}`,
        quantity,
        tags: [...tags],
        created_on: day(created),
        updated_on: day(created),
      })),
    )
    .returning({ id: items.id, title: items.title });
  for (const row of rows) id[row.title] = row.id;
});
afterAll(() => t?.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('GET /api/product/suggested', () => {
  it('same catalog first, then the same shop, newest first in each group, never the item itself, as cards in rupees', async () => {
    const res = await get(`/api/product/suggested?id=${id.S1}`);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(suggestedDataSchema).parse(res.json());
    expect(body.code).toBe(1);
    expect(body.data.map((card) => card.title)).toEqual(['S2', 'S3', 'U1', 'U2']);
    expect(body.data.map((card) => card.id)).not.toContain(id.S1);
    expect(res.json().data[1]).toEqual({
      id: id.S3,
      title: 'S3',
      catalog: 'Sarees',
      shop: 'fabrics',
      price: 12499.5,
      market_price: null,
      thumbnail_image: 'thumb-S3',
      quantity: 7,
    });
  });

  it('pages across the two groups with limit and offset', async () => {
    const titles = async (query: string) => (await get(`/api/product/suggested?id=${id.S1}&${query}`)).json().data.map((c: { title: string }) => c.title);
    expect(await titles('limit=1')).toEqual(['S2']);
    expect(await titles('limit=2&offset=1')).toEqual(['S3', 'U1']);
    expect(await titles('limit=2&offset=3')).toEqual(['U2']);
    expect(await titles('limit=2&offset=4')).toEqual([]);
  });

  it('an item alone in its shop gets nothing from the other shop', async () => {
    expect((await get(`/api/product/suggested?id=${id.N1}`)).json()).toEqual({ code: 1, message: 'Success', data: [] });
  });

  it('unknown id: 404, code -1; a missing or bad id: 400', async () => {
    const res = await get('/api/product/suggested?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'Product not found', data: null });
    expect((await get('/api/product/suggested')).statusCode).toBe(400);
    expect((await get('/api/product/suggested?id=abc')).json().code).toBe(0);
    expect((await get(`/api/product/suggested?id=${id.S1}&limit=0`)).statusCode).toBe(400);
  });
});

describe('rating and reviews', () => {
  beforeAll(async () => {
    const reviewers = await t.db
      .insert(users)
      .values([
        { name: 'Priya S.', email: 'priya@example.com' },
        { name: '  ', email: 'blank@example.com' },
        { name: 'Anjali Mehta', email: 'anjali@example.com' },
      ])
      .returning({ id: users.id });
    const [priya, blank, anjali] = reviewers.map((r) => r.id) as [string, string, string];
    await t.db.insert(itemReviews).values([
      { user_id: priya, item_id: id.S1!, rating: 5, review: 'Beautiful zari work.', created_at: day(11) },
      { user_id: blank, item_id: id.S1!, rating: 4, review: null, created_at: day(13) },
      { user_id: anjali, item_id: id.S1!, rating: 4, review: 'Good value.', created_at: day(12) },
      { user_id: anjali, item_id: id.U1!, rating: 2, review: 'Colour faded.', created_at: day(12) },
    ]);
  });

  it('rating: the average to one decimal and the count (5, 4, 4 → 4.3)', async () => {
    const res = await get(`/api/product/rating/${id.S1}`);
    expect(res.statusCode).toBe(200);
    expect(envelopeSchema(ratingDataSchema).parse(res.json())).toEqual({ code: 1, message: 'Success', data: { avg_rating: 4.3, total: 3 } });
    expect((await get(`/api/product/rating/${id.U1}`)).json().data).toEqual({ avg_rating: 2, total: 1 });
  });

  it('rating without reviews: null and 0; unknown product 404', async () => {
    expect((await get(`/api/product/rating/${id.S2}`)).json().data).toEqual({ avg_rating: null, total: 0 });
    const res = await get('/api/product/rating/999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'Product not found', data: null });
  });

  it('items.rating follows the reviews (written, changed, removed)', async () => {
    const rating = async (itemId: number) => (await t.db.select({ r: items.rating }).from(items).where(eq(items.id, itemId)))[0]?.r;
    expect(await rating(id.S1!)).toBe(4.3);
    expect(await rating(id.S2!)).toBeNull();
    await t.db.update(itemReviews).set({ rating: 5 }).where(eq(itemReviews.item_id, id.U1!));
    expect(await rating(id.U1!)).toBe(5);
    await t.db.delete(itemReviews).where(eq(itemReviews.item_id, id.U1!));
    expect(await rating(id.U1!)).toBeNull();
    expect((await get(`/api/product/rating/${id.U1}`)).json().data).toEqual({ avg_rating: null, total: 0 });
  });

  it('reviews: newest first, 5 per page by default, "Customer" for a reviewer without a name', async () => {
    const res = await get(`/api/product/reviews/${id.S1}`);
    expect(res.statusCode).toBe(200);
    const body = envelopeSchema(reviewsDataSchema).parse(res.json());
    expect(body.data).toEqual([
      { user_name: 'Customer', rating: 4, review: null, created_at: day(13).toISOString() },
      { user_name: 'Anjali Mehta', rating: 4, review: 'Good value.', created_at: day(12).toISOString() },
      { user_name: 'Priya S.', rating: 5, review: 'Beautiful zari work.', created_at: day(11).toISOString() },
    ]);
  });

  it('reviews paging with limit and offset; none yet: an empty list; unknown product 404', async () => {
    const names = async (query: string) => (await get(`/api/product/reviews/${id.S1}?${query}`)).json().data.map((r: { user_name: string }) => r.user_name);
    expect(await names('limit=2')).toEqual(['Customer', 'Anjali Mehta']);
    expect(await names('limit=2&offset=2')).toEqual(['Priya S.']);
    expect(await names('limit=2&offset=4')).toEqual([]);
    expect((await get(`/api/product/reviews/${id.S2}`)).json()).toEqual({ code: 1, message: 'Success', data: [] });
    expect((await get('/api/product/reviews/999999')).statusCode).toBe(404);
    expect((await get(`/api/product/reviews/${id.S1}?limit=51`)).statusCode).toBe(400);
  });

  it('a review rating outside 1 to 5 is refused by the database', async () => {
    const [user] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'priya@example.com'));
    await expect(t.db.insert(itemReviews).values({ user_id: user!.id, item_id: id.S2!, rating: 6 })).rejects.toThrow();
    await expect(t.db.insert(itemReviews).values({ user_id: user!.id, item_id: id.S2!, rating: 0 })).rejects.toThrow();
  });
});

describe('GET /api/product/tags', () => {
  it('counts in-stock items per tag, most used first then alphabetical', async () => {
    const res = await get('/api/product/tags');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=60');
    // S2 (silk, cotton) is sold out and does not count.
    expect(envelopeSchema(tagsDataSchema).parse(res.json()).data).toEqual([
      { title: 'cotton', count: 2 },
      { title: 'silk', count: 2 },
      { title: 'wedding', count: 2 },
      { title: 'kundan', count: 1 },
      { title: 'party', count: 1 },
    ]);
  });

  it('pages with limit and offset', async () => {
    expect((await get('/api/product/tags?limit=2&offset=1')).json().data).toEqual([
      { title: 'silk', count: 2 },
      { title: 'wedding', count: 2 },
    ]);
  });

  it('follows every change of stock and tags: the kept counts always equal a recount of the items', async () => {
    const all = () => get('/api/product/tags?limit=500').then((res) => res.json().data as Array<{ title: string; count: number }>);
    const recount = async () => {
      const result = await t.db.execute(sql`
        select t as title, count(distinct i.id)::int as count from items i, unnest(i.tags) as t
        where i.quantity > 0 group by t order by count desc, t`);
      return (result as unknown as { rows: Array<{ title: string; count: number }> }).rows;
    };
    const setItem = (name: string, values: Partial<typeof items.$inferInsert>) => t.db.update(items).set(values).where(eq(items.id, id[name]!));
    const changes: Array<[string, () => Promise<unknown>]> = [
      ['the last unit of N1 sold', () => setItem('N1', { quantity: 0 })],
      ['S2 restocked', () => setItem('S2', { quantity: 4 })],
      ['a stock change that keeps S3 in stock', () => setItem('S3', { quantity: 1 })],
      ['U1 retagged, with a repeated tag', () => setItem('U1', { tags: ['party', 'festive', 'festive'] })],
      ['a new in-stock item', () =>
        t.db.insert(items).values({ title: 'N2', catalog: 'Necklaces', shop: 'jewel', price_paise: 100, thumbnail_image: 't', quantity: 1, tags: ['kundan'] })],
      ['U2 deleted', () => t.db.delete(items).where(eq(items.id, id.U2!))],
    ];
    for (const [, change] of changes) {
      await change();
      expect(await all()).toEqual(await recount());
    }
    expect(await all()).toEqual([
      { title: 'silk', count: 3 },
      { title: 'cotton', count: 1 },
      { title: 'festive', count: 1 },
      { title: 'kundan', count: 1 },
      { title: 'party', count: 1 },
      { title: 'wedding', count: 1 },
    ]);
  });
});
