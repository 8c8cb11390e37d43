import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_CONTENT_MESSAGES as M } from '@ssd/shared/admin-content-messages';
import { auditLog, catalogs, items } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';
import { addShops, adminCaller, type Caller } from './admin-fixtures';

/** Catalogs of the admin console (spec 3 §3, §5, §7, §8): validation, rename keeps products, delete rules. */

let t: TestApp;
let admin: Caller;

beforeAll(async () => {
  t = await buildTestApp();
  await addShops(t);
  admin = await adminCaller(t);
}, 60_000);

afterAll(async () => {
  await t?.close();
});

const image = 'https://cdn.example/cat.jpg';

async function addCatalog(title: string, priority: number | string = 1) {
  const res = await admin.call('POST', '/api/admin/catalog/add', { title, priority, image });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; title: string };
}

async function addProduct(catalog: string) {
  const res = await admin.call('POST', '/api/admin/product/add', {
    title: `In ${catalog}`, thumbnail_image: image, price: 10, shop: 'fabrics', catalog, quantity: 1, description: 'x',
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

/** The storefront's catalogs (the content service). */
async function storefrontCatalogs(): Promise<string[]> {
  return (await t.app.inject({ method: 'GET', url: '/content/items/catalogs?fields=title&limit=-1' })).json().data.map((c: { title: string }) => c.title);
}

describe('/api/admin/catalog/*', () => {
  it('adds (priority as number or digits), lists by priority, reads by title, with the spec’s messages', async () => {
    const res = await admin.call('POST', '/api/admin/catalog/add', { title: ' Lehengas ', priority: '5', image });
    expect(res.json()).toMatchObject({ code: 1, message: 'Category added successfully.', data: { title: 'Lehengas', priority: 5, product_count: 0 } });
    await addCatalog('Anklets', -2);
    const list = (await admin.call('GET', '/api/admin/catalog/list')).json().data as Array<{ title: string; priority: number }>;
    const order = list.map((c) => c.title);
    expect(order.indexOf('Anklets')).toBeLessThan(order.indexOf('Lehengas'));
    expect(list.map((c) => c.priority)).toEqual([...list.map((c) => c.priority)].sort((a, b) => a - b));
    const detail = await admin.call('GET', '/api/admin/catalog/detail?title=Lehengas');
    expect(detail.json()).toMatchObject({ code: 1, data: { title: 'Lehengas', image, priority: 5 } });
    expect(await storefrontCatalogs()).toContain('Lehengas');
  });

  it('refuses a missing title, image or priority, a non-numeric priority, a taken or reserved title', async () => {
    await addCatalog('Taken');
    const cases: Array<[object, number, string]> = [
      [{ title: '' }, 400, 'Invalid body title: Title is required.'],
      [{ image: '' }, 400, 'Invalid body image: Image is required.'],
      [{ image: 'not-a-url' }, 400, 'Invalid body image: Image must be an https URL or an uploaded image.'],
      [{ priority: undefined }, 400, 'Invalid body priority: Priority is required.'],
      [{ priority: 'high' }, 400, 'Invalid body priority: Priority must be a whole number from -1000000 to 1000000.'],
      [{ priority: 1.5 }, 400, 'Invalid body priority: Priority must be a whole number from -1000000 to 1000000.'],
      [{ title: '[deleted catalogs]' }, 400, `Invalid body title: ${M.reservedCatalogTitle}`],
      [{ title: 'Taken' }, 409, M.catalogTitleTaken],
    ];
    for (const [fields, status, message] of cases) {
      const res = await admin.call('POST', '/api/admin/catalog/add', { title: 'Fresh', priority: 1, image, ...fields });
      expect(res.statusCode, JSON.stringify(fields)).toBe(status);
      expect(res.json(), JSON.stringify(fields)).toEqual({ code: 0, message, data: null });
    }
  });

  it('renaming keeps its products attached, and the storefront sees the new title at once', async () => {
    await addCatalog('Old Name');
    const productId = await addProduct('Old Name');
    const res = await admin.call('PATCH', '/api/admin/catalog/update', { old_title: 'Old Name', new_title: 'New Name', priority: 3, image });
    expect(res.json()).toMatchObject({ code: 1, message: 'Category updated successfully.', data: { title: 'New Name', priority: 3, product_count: 1 } });
    const [product] = await t.db.select({ catalog: items.catalog }).from(items).where(eq(items.id, productId));
    expect(product!.catalog).toBe('New Name');
    const titles = await storefrontCatalogs();
    expect(titles).toContain('New Name');
    expect(titles).not.toContain('Old Name');
    const listed = await t.app.inject({ method: 'GET', url: `/content/items/items?fields=id&filter[catalog][_eq]=New%20Name` });
    expect(listed.json().data).toEqual([{ id: productId }]);
    expect((await admin.call('PATCH', '/api/admin/catalog/update', { old_title: 'Nope', new_title: 'X', priority: 1, image })).statusCode).toBe(404);
    await addCatalog('Other');
    const clash = await admin.call('PATCH', '/api/admin/catalog/update', { old_title: 'Other', new_title: 'New Name', priority: 1, image });
    expect(clash.json()).toEqual({ code: 0, message: M.catalogTitleTaken, data: null });
  });

  it('delete is refused while live products are in it; with only deleted products they move to the hidden catalog', async () => {
    await addCatalog('Busy');
    const productId = await addProduct('Busy');
    const refused = await admin.call('DELETE', '/api/admin/catalog/delete', { title: 'Busy' });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ code: 0, message: 'This catalog still has 1 product(s). Move or delete them before deleting the catalog.', data: null });

    await admin.call('DELETE', '/api/admin/product/delete', { id: productId });
    const deleted = await admin.call('DELETE', '/api/admin/catalog/delete', { title: 'Busy' });
    expect(deleted.json()).toEqual({ code: 1, message: 'Catalog deleted.', data: null });
    expect(await t.db.select().from(catalogs).where(eq(catalogs.title, 'Busy'))).toEqual([]);
    const [product] = await t.db.select({ catalog: items.catalog, archived_at: items.archived_at }).from(items).where(eq(items.id, productId));
    expect(product).toEqual({ catalog: '[deleted catalogs]', archived_at: expect.any(Date) });
    // The hidden catalog is no one's to see.
    expect(await storefrontCatalogs()).not.toContain('[deleted catalogs]');
    expect((await admin.call('GET', '/api/admin/catalog/list')).json().data.map((c: { title: string }) => c.title)).not.toContain('[deleted catalogs]');
    expect((await admin.call('DELETE', '/api/admin/catalog/delete', { title: 'Busy' })).statusCode).toBe(404);
    const audit = (await t.db.select().from(auditLog).where(eq(auditLog.action, 'catalog.delete'))).at(-1)!;
    expect(audit).toMatchObject({ actor_id: admin.id, before: expect.objectContaining({ title: 'Busy', archived_product_ids: [productId] }), after: null });
  });
});
