import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  contentBannerSchema,
  contentCatalogSchema,
  contentErrorSchema,
  contentListSchema,
  contentShopSchema,
} from '@ssd/shared/content';
import { contentService } from '../src/content/plugin';
import type { Database } from '../src/db/client';
import { banners, catalogs, files, items, sales, shops, users } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';

/**
 * The content service around the items: the other public collections, everything that is not
 * public, routes, errors, assets, CORS, and the plugin running on its own.
 */

let t: TestApp;
const fileId: Record<string, string> = {};
const bannerId: Record<string, number> = {};

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0xff, 0x00]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script><rect width="1" height="1"/></svg>');
const SECRET_EMAIL = 'secret-shopper@example.com';

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values([
    { value: 'fabrics', title: 'Fabrics' },
    { value: 'jewel', title: 'Jewel' },
  ]);
  await t.db.insert(catalogs).values([
    { title: 'Sarees', image: 'img-sarees', priority: 2 },
    { title: 'Suits', image: 'img-suits', priority: 1 },
    { title: 'Necklaces', image: 'img-necklaces', priority: 2 },
  ]);
  await t.db.insert(items).values({
    title: 'Plain Saree',
    shop: 'fabrics',
    catalog: 'Sarees',
    price_paise: 100000,
    thumbnail_image: 'thumb',
    quantity: 1,
  });
  const bannerRows = await t.db
    .insert(banners)
    .values([
      { title: 'Diwali', banner_image: 'b1', banner_image_mobile: 'b1m', banner_image_laptop: 'b1l', link: '/sale/diwali' },
      { title: 'Old sale', banner_image: 'b2', isactive: false },
      { title: 'Wedding', banner_image: 'b3' },
    ])
    .returning({ id: banners.banner_id, title: banners.title });
  for (const row of bannerRows) bannerId[row.title] = row.id;
  await t.db.insert(sales).values({ sale_name: 'Diwali', tag_name: 'diwali', active_till: new Date('2099-01-01T00:00:00Z') });
  await t.db.insert(users).values({ name: 'Secret Shopper', email: SECRET_EMAIL, password_hash: '$argon2id$secret' });
  const fileRows = await t.db
    .insert(files)
    .values([
      { filename_download: 'saree.png', type: 'image/png', filesize: PNG.length, data: PNG },
      { filename_download: 'logo.svg', type: 'image/svg+xml', filesize: SVG.length, data: SVG },
      { filename_download: 'page.html', type: 'text/html', filesize: 4, data: Buffer.from('<h1>') },
      { filename_download: 'odd name (1).bin', type: 'image/png\r\nX-Evil: 1', filesize: 1, data: Buffer.from([1]) },
    ])
    .returning({ id: files.id, name: files.filename_download });
  for (const row of fileRows) fileId[row.name] = row.id;
});
afterAll(() => t.close());

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

describe('public collections', () => {
  it('catalogs: every field, sorted as asked', async () => {
    const res = await get('/content/items/catalogs?sort=-priority,title');
    expect(res.statusCode).toBe(200);
    const body = contentListSchema(contentCatalogSchema.strict()).parse(res.json());
    expect(body.data.map((row) => [row.title, row.image, row.priority])).toEqual([
      ['Necklaces', 'img-necklaces', 2],
      ['Sarees', 'img-sarees', 2],
      ['Suits', 'img-suits', 1],
    ]);
  });

  it('shops: value and title, keyed by value', async () => {
    const res = await get('/content/items/shops');
    expect(res.json()).toEqual({
      data: [
        { value: 'fabrics', title: 'Fabrics' },
        { value: 'jewel', title: 'Jewel' },
      ],
    });
    contentListSchema(contentShopSchema.strict()).parse(res.json());
    expect((await get('/content/items/shops/jewel')).json()).toEqual({ data: { value: 'jewel', title: 'Jewel' } });
    const missing = await get('/content/items/shops/gold');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({
      errors: [{ message: 'Item "gold" not found in collection "shops".', extensions: { code: 'RECORD_NOT_FOUND' } }],
    });
  });

  it('banners: only active ones, without isactive', async () => {
    const res = await get('/content/items/banners?meta=total_count');
    expect(res.statusCode).toBe(200);
    const body = contentListSchema(contentBannerSchema.strict()).parse(res.json());
    expect(body).toEqual({
      data: [
        {
          banner_id: bannerId.Diwali,
          title: 'Diwali',
          banner_image: 'b1',
          banner_image_mobile: 'b1m',
          banner_image_laptop: 'b1l',
          link: '/sale/diwali',
        },
        {
          banner_id: bannerId.Wedding,
          title: 'Wedding',
          banner_image: 'b3',
          banner_image_mobile: null,
          banner_image_laptop: null,
          link: null,
        },
      ],
      meta: { total_count: 2 },
    });
  });

  it('banners: an inactive one cannot be read, found or searched', async () => {
    const one = await get(`/content/items/banners/${bannerId['Old sale']}`);
    expect(one.statusCode).toBe(404);
    expect((await get('/content/items/banners?search=old')).json()).toEqual({ data: [] });
    const byId = await get(`/content/items/banners?filter[banner_id][_eq]=${bannerId['Old sale']}&meta=*`);
    expect(byId.json()).toEqual({ data: [], meta: { total_count: 2, filter_count: 0 } });
  });

  it('banners: isactive may not be read, filtered or sorted on', async () => {
    for (const query of ['fields=isactive', 'filter[isactive][_eq]=false', 'sort=isactive', 'fields=created_on']) {
      const res = await get(`/content/items/banners?${query}`);
      expect(res.statusCode, query).toBe(403);
      expect(res.json().errors[0].extensions.code).toBe('FORBIDDEN');
      expect(res.json()).not.toHaveProperty('data');
    }
  });
});

describe('everything else is forbidden', () => {
  const FORBIDDEN = {
    errors: [{ message: "You don't have permission to access this.", extensions: { code: 'FORBIDDEN' } }],
  };

  it('403 without data for core and private collections, listed or by key', async () => {
    const names = ['users', 'orders', 'files', 'sales', 'directus_users', 'directus_files', 'item_images', 'Items', 'pg_user', 'constructor', '__proto__'];
    for (const name of names) {
      for (const url of [`/content/items/${name}`, `/content/items/${name}/1`, `/content/items/${name}?fields=*&filter[email][_nnull]=true`]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(403);
        expect(res.json(), url).toEqual(FORBIDDEN);
        expect(res.body).not.toContain(SECRET_EMAIL);
        expect(res.body).not.toContain('argon2');
      }
    }
  });

  it('400 when the collection is empty', async () => {
    for (const url of ['/content/items', '/content/items/', '/content/items//1', '/content/items/%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ message: 'Invalid query. The collection must not be empty.', extensions: { code: 'INVALID_QUERY' } }],
      });
    }
  });

  it('unknown routes and write methods: 404 in the Directus shape', async () => {
    const cases: Array<[string, string]> = [
      ['GET', '/content/nothing'],
      ['GET', '/content/items/items/1/extra'],
      ['POST', '/content/items/items'],
      ['PATCH', '/content/items/items/1'],
      ['DELETE', '/content/items/items/1'],
    ];
    for (const [method, url] of cases) {
      const res = await t.app.inject({ method: method as 'GET', url, payload: method === 'GET' ? undefined : { title: 'x' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
      expect(res.json()).toEqual({
        errors: [{ message: `Route ${method} ${url} doesn't exist.`, extensions: { code: 'ROUTE_NOT_FOUND' } }],
      });
    }
    expect((await get('/content/items/items')).json().data).toEqual([expect.objectContaining({ title: 'Plain Saree' })]);
  });

  it('values are parameters, never SQL', async () => {
    const attack = "x'); drop table items; --";
    const res = await get(`/content/items/items?filter=${encodeURIComponent(JSON.stringify({ title: { _eq: attack } }))}&search=${encodeURIComponent(attack)}`);
    expect(res.json()).toEqual({ data: [] });
    const [row] = await t.db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(items);
    expect(row?.n).toBe(1);
  });

  it('every error body has the one shape', async () => {
    for (const url of ['/content/items/users', '/content/items/items?limit=x', '/content/items/items/77', '/content/none']) {
      const res = await get(url);
      contentErrorSchema.strict().parse(res.json());
      expect(res.headers['content-type']).toMatch(/^application\/json/);
    }
  });
});

describe('CORS', () => {
  it('reads and errors may be read from any origin; preflight answers', async () => {
    expect((await get('/content/items/shops')).headers['access-control-allow-origin']).toBe('*');
    expect((await get('/content/items/users')).headers['access-control-allow-origin']).toBe('*');
    const preflight = await t.app.inject({
      method: 'OPTIONS',
      url: '/content/items/items',
      headers: { origin: 'https://shop.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toBe('GET, HEAD, OPTIONS');
  });
});

describe('GET /content/assets/{id}', () => {
  it('serves the bytes with their type, immutable caching and an ETag', async () => {
    const id = fileId['saree.png']!;
    const res = await get(`/content/assets/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
    expect(res.headers['content-type']).toBe('image/png');
    expect(res.headers['content-length']).toBe(String(PNG.length));
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.etag).toBe(`"${id}"`);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-disposition']).toBe("inline; filename*=UTF-8''saree.png");
  });

  it('304 on If-None-Match, without a body', async () => {
    const id = fileId['saree.png']!;
    const res = await get(`/content/assets/${id}`, { 'if-none-match': `"${id}"` });
    expect(res.statusCode).toBe(304);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe(`"${id}"`);
    expect((await get(`/content/assets/${id}`, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('SVG as image/svg+xml under a CSP that forbids scripts', async () => {
    const res = await get(`/content/assets/${fileId['logo.svg']}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; style-src 'unsafe-inline'; sandbox");
    expect(res.rawPayload.equals(SVG)).toBe(true);
  });

  it('a non-media or malformed stored type is served as octet-stream', async () => {
    const html = await get(`/content/assets/${fileId['page.html']}`);
    expect(html.headers['content-type']).toBe('application/octet-stream');
    const odd = await get(`/content/assets/${fileId['odd name (1).bin']}`);
    expect(odd.statusCode).toBe(200);
    expect(odd.headers['content-type']).toBe('application/octet-stream');
    expect(odd.headers['x-evil']).toBeUndefined();
    expect(odd.headers['content-disposition']).toBe("inline; filename*=UTF-8''odd%20name%20%281%29.bin");
  });

  it('also under /assets/{id}/{filename}', async () => {
    const res = await get(`/content/assets/${fileId['saree.png']}/saree.png`);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(PNG)).toBe(true);
  });

  it('404 for an unknown or malformed id, also with If-None-Match', async () => {
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [id, headers] of [
      [unknown, {}],
      [unknown, { 'if-none-match': `"${unknown}"` }],
      ['not-a-uuid', {}],
      ["1'; select 1; --", {}],
      [`${fileId['saree.png']}x`, {}],
    ] as Array<[string, Record<string, string>]>) {
      const res = await get(`/content/assets/${encodeURIComponent(id)}`, headers);
      expect(res.statusCode, id).toBe(404);
      expect(res.json().errors[0].extensions.code).toBe('RECORD_NOT_FOUND');
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('the plugin on its own', () => {
  let standalone: FastifyInstance;

  beforeAll(async () => {
    // No root error handler, no helmet, no /api: what the content service would be as its own process.
    standalone = Fastify({ logger: false });
    await standalone.register(contentService, { prefix: '/content', db: t.db });
    const broken = {
      select() {
        throw new Error('connection to 10.0.0.5 failed: password authentication failed');
      },
    } as unknown as Database;
    await standalone.register(contentService, { prefix: '/broken', db: broken });
    await standalone.ready();
  });
  afterAll(() => standalone.close());

  it('serves reads and its own errors and 404s', async () => {
    expect((await standalone.inject({ url: '/content/items/shops?fields=value' })).json()).toEqual({
      data: [{ value: 'fabrics' }, { value: 'jewel' }],
    });
    const bad = await standalone.inject({ url: '/content/items/items?limit=x' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].extensions.code).toBe('INVALID_QUERY');
    const missing = await standalone.inject({ url: '/content/elsewhere' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].extensions.code).toBe('ROUTE_NOT_FOUND');
  });

  it('an unexpected failure is a 500 in the Directus shape that shows nothing inside', async () => {
    const res = await standalone.inject({ url: '/broken/items/items' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      errors: [{ message: 'An unexpected error occurred.', extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
    });
    expect(res.body).not.toContain('10.0.0.5');
  });
});
