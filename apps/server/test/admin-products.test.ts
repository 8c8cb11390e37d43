import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { auditLog, items } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';
import { addCatalog, addShops, adminCaller, type Caller } from './admin-fixtures';

/** Products of the admin console (spec 3 §3, §4, §5, §7, §8, §9): validation, messages, rows, paging, the storefront. */

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  await addShops(t);
  await addCatalog(t, 'Sarees');
  await addCatalog(t, 'Earrings');
  admin = await adminCaller(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const valid = {
  title: 'Kanjivaram Silk Saree',
  thumbnail_image: 'https://cdn.example/k.jpg',
  market_price: 15999.99,
  price: 12999.5,
  shop: 'fabrics',
  catalog: 'Sarees',
  quantity: 7,
  description: 'Pure silk>Zari border',
  size_description: '5.5 m',
};

async function add(fields: object = {}) {
  const res = await admin.call('POST', '/api/admin/product/add', { ...valid, ...fields });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string };
}

describe('POST /api/admin/product/add', () => {
  it('adds a product: rupees in the API, paise in the database, shop lower-cased, the spec’s message', async () => {
    const res = await admin.call('POST', '/api/admin/product/add', { ...valid, shop: 'Fabrics', price: '12999.50', quantity: '7', market_price: '' });
    expect(res.json()).toMatchObject({ code: 1, message: 'Product added successfully.', data: { price: 12999.5, market_price: null, shop: 'fabrics', archived_at: null } });
    const [row] = await t.db.select().from(items).where(eq(items.id, res.json().data.id));
    expect(row).toMatchObject({ price_paise: 1_299_950, market_price_paise: null, quantity: 7, shop: 'fabrics', size_description: '5.5 m' });
  });

  it('an empty or unknown shop is exactly Invalid shop details. (before the catalog); an empty or unknown catalog Invalid catalog details.', async () => {
    const cases: Array<[object, string]> = [
      [{ shop: '' }, 'Invalid shop details.'],
      [{ shop: undefined }, 'Invalid shop details.'],
      [{ shop: 'toys' }, 'Invalid shop details.'],
      [{ shop: '', catalog: '' }, 'Invalid shop details.'],
      [{ catalog: '' }, 'Invalid catalog details.'],
      [{ catalog: '   ' }, 'Invalid catalog details.'],
      [{ catalog: 'No Such Catalog' }, 'Invalid catalog details.'],
      [{ catalog: '[deleted catalogs]' }, 'Invalid catalog details.'],
    ];
    for (const [fields, message] of cases) {
      const res = await admin.call('POST', '/api/admin/product/add', { ...valid, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual({ code: 0, message, data: null });
    }
  });

  it('refuses every other broken field with its rule (required fields, step 0.01 prices, whole quantity, URLs)', async () => {
    const cases: Array<[object, string]> = [
      [{ title: ' ' }, 'Invalid body title: Title is required.'],
      [{ thumbnail_image: '' }, 'Invalid body thumbnail_image: Thumbnail image is required.'],
      [{ thumbnail_image: 'data:image/png;base64,AAAA' }, 'Invalid body thumbnail_image: Thumbnail image must be an https URL or an uploaded image.'],
      [{ price: undefined }, 'Invalid body price: Price is required.'],
      [{ price: 10.005 }, 'Invalid body price: Price must be an amount in rupees with at most two decimals.'],
      [{ price: '12.345' }, 'Invalid body price: Price must be an amount in rupees with at most two decimals.'],
      [{ price: -1 }, 'Invalid body price: Price must be 0 or more.'],
      [{ market_price: 'abc' }, 'Invalid body market_price: Market price must be an amount in rupees with at most two decimals.'],
      [{ quantity: 1.5 }, 'Invalid body quantity: Quantity must be a whole number from 0 to 1000000.'],
      [{ quantity: -1 }, 'Invalid body quantity: Quantity must be a whole number from 0 to 1000000.'],
      [{ quantity: undefined }, 'Invalid body quantity: Quantity is required.'],
      [{ description: '  ' }, 'Invalid body description: Description is required.'],
    ];
    const before = (await t.db.select({ id: items.id }).from(items)).length;
    for (const [fields, message] of cases) {
      const res = await admin.call('POST', '/api/admin/product/add', { ...valid, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json(), JSON.stringify(fields)).toEqual({ code: 0, message, data: null });
    }
    expect((await t.db.select({ id: items.id }).from(items)).length).toBe(before);
  });
});

describe('GET /api/admin/product/detail: one row per tag or image', () => {
  it('tags first (tag_id = position), then images; one bare row without either', async () => {
    const { id } = await add({ title: 'Rows' });
    const bare = (await admin.call('GET', `/api/admin/product/detail?id=${id}`)).json();
    expect(bare.data).toEqual([expect.objectContaining({ id, title: 'Rows', description: valid.description, tag_id: null, tag_title: null, image_id: null, image_url: null, image_title: null })]);

    const update = await admin.call('PATCH', '/api/admin/product/update', {
      ...valid,
      id,
      title: 'Rows',
      tags: [[id, 'silk'], [id, ' bridal '], [id, 'silk']],
      images: [[id, 'https://cdn.example/1.jpg', 'Front'], [id, '/content/assets/back.jpg', '']],
    });
    expect(update.json()).toMatchObject({ code: 1, message: 'Product updated successfully.' });
    const rows = (await admin.call('GET', `/api/admin/product/detail?id=${id}`)).json().data;
    expect(rows.map((r: Record<string, unknown>) => [r.tag_id, r.tag_title, r.image_url, r.image_title])).toEqual([
      [1, 'silk', null, null],
      [2, 'bridal', null, null],
      [null, null, 'https://cdn.example/1.jpg', 'Front'],
      [null, null, '/content/assets/back.jpg', null],
    ]);
    expect(rows.every((r: { id: number; price: number }) => r.id === id && r.price === valid.price)).toBe(true);
    expect(typeof rows[2].image_id).toBe('number');

    // An omitted list leaves it alone; an empty one clears it.
    await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, title: 'Rows', images: [] });
    const after = (await admin.call('GET', `/api/admin/product/detail?id=${id}`)).json().data;
    expect(after.map((r: { tag_title: string | null; image_url: string | null }) => [r.tag_title, r.image_url])).toEqual([['silk', null], ['bridal', null]]);
  });

  it('a missing product is 404 Product not found', async () => {
    const res = await admin.call('GET', '/api/admin/product/detail?id=999999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ code: -1, message: 'Product not found', data: null });
  });
});

describe('PATCH /api/admin/product/update', () => {
  it('tags and images must name the product updated, and be well formed', async () => {
    const { id } = await add();
    const other = await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, tags: [[id + 1, 'x']] });
    expect(other.statusCode).toBe(400);
    expect(other.json()).toEqual({ code: 0, message: M.tagOfOtherProduct, data: null });
    const badImage = await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, images: [[id, 'javascript:alert(1)', 't']] });
    expect(badImage.statusCode).toBe(400);
    expect(badImage.json().message).toBe('Invalid body images.0.1: Image URL must be an https URL or an uploaded image.');
    const badTag = await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, tags: [[id, 'a,b']] });
    expect(badTag.json().message).toBe('Invalid body tags.0.1: A tag must not contain a comma.');
    const badShop = await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, shop: '' });
    expect(badShop.json()).toEqual({ code: 0, message: 'Invalid shop details.', data: null });
  });

  it('a new price shows in the storefront’s content read at once, and is audited before/after', async () => {
    const { id } = await add({ title: 'Price change' });
    const storefront = async () => (await t.app.inject({ method: 'GET', url: `/content/items/items/${id}?fields=price,title` })).json().data;
    expect(await storefront()).toEqual({ price: valid.price, title: 'Price change' });
    await admin.call('PATCH', '/api/admin/product/update', { ...valid, id, title: 'Price change', price: 99.99 });
    expect(await storefront()).toEqual({ price: 99.99, title: 'Price change' });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'product.update')).orderBy(auditLog.id);
    const last = (await t.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)))).filter((e) => e.action === 'product.update').at(-1)!;
    expect(entry).toBeDefined();
    expect(last).toMatchObject({ actor_id: admin.id, before: expect.objectContaining({ price: valid.price }), after: expect.objectContaining({ price: 99.99 }) });
  });

  it('an archived product cannot be updated or deleted again (409); a missing one is 404', async () => {
    const { id } = await add();
    expect((await admin.call('DELETE', '/api/admin/product/delete', { id })).json()).toEqual({ code: 1, message: 'Product deleted.', data: null });
    const update = await admin.call('PATCH', '/api/admin/product/update', { ...valid, id });
    expect(update.statusCode).toBe(409);
    expect(update.json()).toEqual({ code: 0, message: M.productArchived, data: null });
    expect((await admin.call('DELETE', '/api/admin/product/delete', { id })).statusCode).toBe(409);
    expect((await admin.call('DELETE', '/api/admin/product/delete', { id: 999999 })).statusCode).toBe(404);
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.entity_id, String(id)))).filter((e) => e.entity === 'product');
    expect(audit.map((e) => e.action)).toEqual(['product.add', 'product.delete']);
  });
});

describe('GET /api/admin/products/{type}', () => {
  it('filters by type and catalog, newest first, pages by limit and offset (default 10, 0)', async () => {
    const jewel: number[] = [];
    for (let i = 0; i < 12; i++) jewel.push((await add({ title: `Jhumka ${i}`, shop: 'jewel', catalog: 'Earrings' })).id);
    const newestFirst = [...jewel].reverse();
    const ids = async (url: string) => (await admin.call('GET', url)).json().data.map((p: { id: number }) => p.id);
    expect(await ids('/api/admin/products/jewel')).toEqual(newestFirst.slice(0, 10));
    expect(await ids('/api/admin/products/jewel?limit=20&offset=0')).toEqual(newestFirst);
    expect(await ids('/api/admin/products/jewel?limit=10&offset=10')).toEqual(newestFirst.slice(10));
    expect(await ids('/api/admin/products/all?catalog=Earrings&limit=100')).toEqual(newestFirst);
    expect(await ids('/api/admin/products/fabrics?catalog=Earrings')).toEqual([]);
    const all = await ids('/api/admin/products/all?limit=100');
    expect(all).toEqual(expect.arrayContaining(jewel));
    expect(all.length).toBeGreaterThan(jewel.length);
  });

  it('an unknown type or a bad limit is 400', async () => {
    const type = await admin.call('GET', '/api/admin/products/toys');
    expect(type.statusCode).toBe(400);
    expect(type.json().message).toBe('Invalid params type: type must be one of all, fabrics, jewel.');
    const limit = await admin.call('GET', '/api/admin/products/all?limit=0');
    expect(limit.json().message).toBe('Invalid querystring limit: limit must be a whole number from 1 to 1000.');
  });
});

describe('GET /api/admin/audit', () => {
  it('lists admin writes newest first, with who did them', async () => {
    const { id } = await add({ title: 'Audit me' });
    const res = await admin.call('GET', '/api/admin/audit?limit=1');
    expect(res.json()).toMatchObject({ code: 1, data: [{ action: 'product.add', entity: 'product', entity_id: String(id), actor_id: admin.id, before: null, after: expect.objectContaining({ title: 'Audit me' }) }] });
    expect(res.json().data[0].actor_email).toMatch(/@example\.com$/);
  });
});
