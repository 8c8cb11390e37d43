import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contentItemSchema, contentListSchema, contentItemCardSchema } from '@ssd/shared/content';
import { catalogs, itemImages, items, shops } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';

/**
 * The items collection of the content service: every filter operator, both filter syntaxes,
 * fields, sort, paging, meta, search, single reads and HTTP caching. Fixture rows are inserted here;
 * the expected answers are written out by hand from them.
 */

let t: TestApp;
const id: Record<string, number> = {};

// Short names of the fixture items, in insertion (= id) order.
const BANARASI = 'Banarasi Silk Saree';
const COTTON = 'Cotton Saree';
const ANARKALI = 'Anarkali Suit';
const KUNDAN = 'Kundan Necklace';
const JHUMKA = 'Jhumka Earrings';
const TEMPLE = 'Temple Necklace';
const ALL = [BANARASI, COTTON, ANARKALI, KUNDAN, JHUMKA, TEMPLE];

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values([
    { value: 'fabrics', title: 'Fabrics' },
    { value: 'jewel', title: 'Jewel' },
  ]);
  await t.db.insert(catalogs).values([
    { title: 'Sarees', image: 'img-sarees', priority: 2 },
    { title: 'Suits', image: 'img-suits', priority: 1 },
    { title: 'Necklaces', image: 'img-necklaces', priority: 3 },
    { title: 'Earrings', image: 'img-earrings', priority: 0 },
  ]);
  const rows = await t.db
    .insert(items)
    .values([
      {
        title: BANARASI,
        shop: 'fabrics',
        catalog: 'Sarees',
        price_paise: 1249950,
        market_price_paise: 1500000,
        thumbnail_image: 'thumb-banarasi',
        quantity: 5,
        tags: ['silk', 'wedding', 'trending'],
        description: 'Pure silk > Zari border',
        size_description: 'Length 6.3 m',
        rating: 4.5,
        created_on: new Date('2024-01-01T00:00:00Z'),
        updated_on: new Date('2024-01-10T00:00:00Z'),
      },
      {
        title: COTTON,
        shop: 'fabrics',
        catalog: 'Sarees',
        price_paise: 99900,
        market_price_paise: null,
        thumbnail_image: 'thumb-cotton',
        quantity: 0,
        tags: ['cotton', 'daily'],
        description: 'Soft cotton for every day',
        created_on: new Date('2024-02-01T00:00:00Z'),
        updated_on: new Date('2024-02-01T00:00:00Z'),
      },
      {
        title: ANARKALI,
        shop: 'fabrics',
        catalog: 'Suits',
        price_paise: 250000,
        market_price_paise: 300000,
        thumbnail_image: 'thumb-anarkali',
        quantity: 12,
        tags: ['Silk Blend', 'party'],
        description: 'Flared suit',
        rating: 4,
        created_on: new Date('2024-03-01T00:00:00Z'),
        updated_on: new Date('2024-03-01T00:00:00Z'),
      },
      {
        title: KUNDAN,
        shop: 'jewel',
        catalog: 'Necklaces',
        price_paise: 499999,
        market_price_paise: 499999,
        thumbnail_image: 'thumb-kundan',
        quantity: 3,
        tags: ['kundan', 'wedding', 'Trending'],
        description: 'Kundan set',
        created_on: new Date('2024-04-01T00:00:00Z'),
        updated_on: new Date('2024-04-01T00:00:00Z'),
      },
      {
        title: JHUMKA,
        shop: 'jewel',
        catalog: 'Earrings',
        price_paise: 29,
        market_price_paise: null,
        thumbnail_image: 'thumb-jhumka',
        quantity: 100,
        tags: [],
        description: '100% handmade_brass',
        created_on: new Date('2024-05-01T00:00:00Z'),
        updated_on: new Date('2024-05-01T00:00:00Z'),
      },
      {
        title: TEMPLE,
        shop: 'jewel',
        catalog: 'Necklaces',
        price_paise: 250000,
        market_price_paise: 280000,
        thumbnail_image: 'thumb-temple',
        quantity: 7,
        tags: ['temple', 'gold plated'],
        description: 'Temple work',
        created_on: new Date('2024-05-01T00:00:00Z'),
        updated_on: new Date('2024-05-02T00:00:00Z'),
      },
    ])
    .returning({ id: items.id, title: items.title });
  for (const row of rows) id[row.title] = row.id;
  await t.db.insert(itemImages).values([
    { item_id: id[BANARASI]!, directus_files_id: 'file-b', sort: 1 },
    { item_id: id[BANARASI]!, directus_files_id: 'file-a', sort: 0 },
    { item_id: id[KUNDAN]!, directus_files_id: 'https://cdn.example.com/kundan.jpg', sort: 0 },
  ]);
});
afterAll(() => t.close());

function get(url: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method: 'GET', url, headers });
}

/** `filter=` + the JSON, URL-encoded. */
function json(filter: unknown): string {
  return `filter=${encodeURIComponent(JSON.stringify(filter))}`;
}

/** Titles the items read answers (in id order unless the query sorts), failing on anything but 200. */
async function titles(query: string): Promise<string[]> {
  const limit = /(^|&)(limit|page)=/.test(query) ? '' : 'limit=-1&';
  const res = await get(`/content/items/items?fields=title&${limit}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: Array<{ title: string }> }).data.map((row) => row.title);
}

function expectInvalidQuery(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(400);
  const body = res.json() as { errors: Array<{ message: string; extensions: { code: string } }> };
  expect(body).not.toHaveProperty('data');
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]!.extensions).toEqual({ code: 'INVALID_QUERY' });
  expect(body.errors[0]!.message).toMatch(/^Invalid query\. .+\.$/);
  return body.errors[0]!.message;
}

describe('filter operators on items', () => {
  it('price bounds are rupees, compared against paise storage', async () => {
    expect(await titles(json({ price: { _gte: 2500 } }))).toEqual([BANARASI, ANARKALI, KUNDAN, TEMPLE]);
    expect(await titles(json({ price: { _gt: 2500 } }))).toEqual([BANARASI, KUNDAN]);
    expect(await titles(json({ price: { _lt: 999 } }))).toEqual([JHUMKA]);
    expect(await titles(json({ price: { _lte: 999 } }))).toEqual([COTTON, JHUMKA]);
    expect(await titles(json({ price: { _gte: 4999.99 } }))).toEqual([BANARASI, KUNDAN]);
    expect(await titles(json({ price: { _gt: 4999.99 } }))).toEqual([BANARASI]);
    expect(await titles(json({ price: { _lte: 4999.99, _gte: 2500.01 } }))).toEqual([KUNDAN]);
  });

  it('price bounds between two paise keep their exact meaning', async () => {
    // 4999.985 rupees = 499998.5 paise: 499999 is above it, 499998 would not be.
    expect(await titles(json({ price: { _gt: 4999.985 } }))).toEqual([BANARASI, KUNDAN]);
    expect(await titles(json({ price: { _gte: 4999.995 } }))).toEqual([BANARASI]);
    expect(await titles(json({ price: { _lt: 0.295 } }))).toEqual([JHUMKA]);
    expect(await titles(json({ price: { _lte: 0.285 } }))).toEqual([]);
    // 0.29 * 100 is 28.999999999999996 in floating point; it still means 29 paise.
    expect(await titles(json({ price: { _eq: 0.29 } }))).toEqual([JHUMKA]);
    expect(await titles(json({ price: { _eq: '12499.50' } }))).toEqual([BANARASI]);
    expect(await titles(json({ price: { _eq: 0.295 } }))).toEqual([]);
  });

  it('price bounds beyond any stored amount answer, not fail', async () => {
    expect(await titles(json({ price: { _gte: 1e12 } }))).toEqual([]);
    expect(await titles(json({ price: { _lte: 1e12 } }))).toEqual(ALL);
    expect(await titles(json({ price: { _gt: -1e12 } }))).toEqual(ALL);
    expect(await titles(json({ price: { _eq: 1e15 } }))).toEqual([]);
    expect(await titles(json({ price: { _neq: 1e15 } }))).toEqual(ALL);
  });

  it('_eq, _neq, _in and _nin on price', async () => {
    expect(await titles(json({ price: { _eq: 2500 } }))).toEqual([ANARKALI, TEMPLE]);
    expect(await titles(json({ price: { _neq: 2500 } }))).toEqual([BANARASI, COTTON, KUNDAN, JHUMKA]);
    expect(await titles(json({ price: { _in: [999, 2500] } }))).toEqual([COTTON, ANARKALI, TEMPLE]);
    expect(await titles(json({ price: { _in: '999,2500' } }))).toEqual([COTTON, ANARKALI, TEMPLE]);
    expect(await titles(json({ price: { _nin: [2500, 0.29] } }))).toEqual([BANARASI, COTTON, KUNDAN]);
    expect(await titles(json({ price: { _in: [] } }))).toEqual([]);
  });

  it('_in, _nin, _eq and _neq on catalog', async () => {
    expect(await titles(json({ catalog: { _in: ['Sarees', 'Suits'] } }))).toEqual([BANARASI, COTTON, ANARKALI]);
    expect(await titles('filter[catalog][_in]=Sarees,Suits')).toEqual([BANARASI, COTTON, ANARKALI]);
    expect(await titles('filter[catalog][_in][]=Sarees&filter[catalog][_in][]=Earrings')).toEqual([BANARASI, COTTON, JHUMKA]);
    expect(await titles(json({ catalog: { _nin: ['Sarees'] } }))).toEqual([ANARKALI, KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles(json({ catalog: { _eq: 'Necklaces' } }))).toEqual([KUNDAN, TEMPLE]);
    expect(await titles(json({ catalog: { _neq: 'Necklaces' } }))).toEqual([BANARASI, COTTON, ANARKALI, JHUMKA]);
    expect(await titles(json({ catalog: { _eq: 'necklaces' } }))).toEqual([]);
  });

  it('_icontains and _contains on shop', async () => {
    expect(await titles(json({ shop: { _icontains: 'JEW' } }))).toEqual([KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles(json({ shop: { _contains: 'JEW' } }))).toEqual([]);
    expect(await titles(json({ shop: { _contains: 'jew' } }))).toEqual([KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles('filter[shop][_icontains]=Fabric')).toEqual([BANARASI, COTTON, ANARKALI]);
  });

  it('tags: contains means some tag contains the text, _eq has the tag, _in has any', async () => {
    expect(await titles(json({ tags: { _icontains: 'silk' } }))).toEqual([BANARASI, ANARKALI]);
    expect(await titles(json({ tags: { _contains: 'silk' } }))).toEqual([BANARASI]);
    expect(await titles(json({ tags: { _icontains: 'TRENDING' } }))).toEqual([BANARASI, KUNDAN]);
    expect(await titles(json({ tags: { _eq: 'wedding' } }))).toEqual([BANARASI, KUNDAN]);
    expect(await titles(json({ tags: { _eq: 'wed' } }))).toEqual([]);
    expect(await titles(json({ tags: { _neq: 'wedding' } }))).toEqual([COTTON, ANARKALI, JHUMKA, TEMPLE]);
    expect(await titles(json({ tags: { _in: ['cotton', 'temple'] } }))).toEqual([COTTON, TEMPLE]);
    expect(await titles('filter[tags][_in]=cotton,gold%20plated')).toEqual([COTTON, TEMPLE]);
    expect(await titles(json({ tags: { _nin: ['wedding', 'party'] } }))).toEqual([COTTON, JHUMKA, TEMPLE]);
  });

  it('tag contains never matches across two tags, and an empty text needs some tag', async () => {
    // BANARASI carries 'silk' and 'wedding' among its tags: no text spanning the two may match.
    expect(await titles(json({ tags: { _icontains: 'silk wedding' } }))).toEqual([]);
    expect(await titles(json({ tags: { _icontains: 'silk\u001fwedding' } }))).toEqual([]);
    expect(await titles(json({ tags: { _icontains: 'ilk' } }))).toEqual([BANARASI, ANARKALI]);
    // JHUMKA has no tags at all.
    const all = await titles(json({}));
    expect(await titles(json({ tags: { _icontains: '' } }))).toEqual(all.filter((title) => title !== JHUMKA));
  });

  it('_or of tag contains (the tags filter of the listing)', async () => {
    const filter = { _or: [{ tags: { _icontains: 'silk' } }, { tags: { _icontains: 'temple' } }] };
    expect(await titles(json(filter))).toEqual([BANARASI, ANARKALI, TEMPLE]);
    expect(await titles('filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=temple')).toEqual([
      BANARASI,
      ANARKALI,
      TEMPLE,
    ]);
  });

  it('_and, and several fields in one object, combine with AND', async () => {
    expect(await titles(json({ _and: [{ shop: { _eq: 'jewel' } }, { price: { _lt: 3000 } }] }))).toEqual([JHUMKA, TEMPLE]);
    expect(await titles(json({ shop: { _eq: 'jewel' }, price: { _lt: 3000 } }))).toEqual([JHUMKA, TEMPLE]);
    expect(
      await titles(json({ _and: [{ _or: [{ catalog: { _eq: 'Suits' } }, { catalog: { _eq: 'Earrings' } }] }, { quantity: { _gt: 50 } }] })),
    ).toEqual([JHUMKA]);
    // Empty _and/_or constrain nothing.
    expect(await titles(json({ _and: [], _or: [] }))).toEqual(ALL);
  });

  it('_null and _nnull on market_price', async () => {
    expect(await titles(json({ market_price: { _null: true } }))).toEqual([COTTON, JHUMKA]);
    expect(await titles(json({ market_price: { _nnull: true } }))).toEqual([BANARASI, ANARKALI, KUNDAN, TEMPLE]);
    expect(await titles('filter[market_price][_null]=true')).toEqual([COTTON, JHUMKA]);
    expect(await titles('filter[market_price][_null]=false')).toEqual([BANARASI, ANARKALI, KUNDAN, TEMPLE]);
    expect(await titles(json({ market_price: { _eq: null } }))).toEqual([COTTON, JHUMKA]);
    expect(await titles(json({ rating: { _nnull: true } }))).toEqual([BANARASI, ANARKALI]);
  });

  it('_lt, _lte, _gt, _gte on quantity, rating and dates', async () => {
    expect(await titles(json({ quantity: { _gt: 0 } }))).toEqual([BANARASI, ANARKALI, KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles(json({ quantity: { _gt: 0.5 } }))).toEqual([BANARASI, ANARKALI, KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles(json({ quantity: { _lte: 5 } }))).toEqual([BANARASI, COTTON, KUNDAN]);
    expect(await titles(json({ quantity: { _lt: 5 } }))).toEqual([COTTON, KUNDAN]);
    expect(await titles(json({ quantity: { _gte: 12 } }))).toEqual([ANARKALI, JHUMKA]);
    expect(await titles(json({ rating: { _gte: 4.5 } }))).toEqual([BANARASI]);
    expect(await titles(json({ rating: { _lt: 4.5 } }))).toEqual([ANARKALI]);
    expect(await titles(json({ created_on: { _gte: '2024-04-01' } }))).toEqual([KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles(json({ created_on: { _lt: '2024-02-01T00:00:00Z' } }))).toEqual([BANARASI]);
    expect(await titles(json({ created_on: { _lte: '2024-02-01T05:30:00+05:30' } }))).toEqual([BANARASI, COTTON]);
    expect(await titles(json({ updated_on: { _gt: '2024-05-01T00:00:00.000Z' } }))).toEqual([TEMPLE]);
  });

  it('_eq, _neq, _in on the primary key and text', async () => {
    expect(await titles(json({ id: { _in: [id[KUNDAN], id[COTTON]] } }))).toEqual([COTTON, KUNDAN]);
    expect(await titles(`filter[id][_eq]=${id[TEMPLE]}`)).toEqual([TEMPLE]);
    expect(await titles(json({ title: { _neq: COTTON }, shop: { _eq: 'fabrics' } }))).toEqual([BANARASI, ANARKALI]);
  });

  it('contains takes % and _ literally', async () => {
    expect(await titles(json({ description: { _icontains: '100%' } }))).toEqual([JHUMKA]);
    expect(await titles(json({ description: { _contains: '_' } }))).toEqual([JHUMKA]);
    expect(await titles(json({ description: { _contains: '%' } }))).toEqual([JHUMKA]);
  });

  it('the JSON and bracket forms of the storefront listing filter give the same answer', async () => {
    const filter = {
      _and: [
        { catalog: { _in: ['Sarees', 'Suits', 'Necklaces'] } },
        { shop: { _icontains: 'fab' } },
        { quantity: { _gt: 0 } },
        { _or: [{ tags: { _icontains: 'silk' } }, { tags: { _icontains: 'party' } }] },
        { price: { _gte: 1000 } },
        { price: { _lte: 20000 } },
      ],
    };
    const brackets = [
      'filter[_and][0][catalog][_in]=Sarees,Suits,Necklaces',
      'filter[_and][1][shop][_icontains]=fab',
      'filter[_and][2][quantity][_gt]=0',
      'filter[_and][3][_or][0][tags][_icontains]=silk',
      'filter[_and][3][_or][1][tags][_icontains]=party',
      'filter[_and][4][price][_gte]=1000',
      'filter[_and][5][price][_lte]=20000',
    ].join('&');
    const fromJson = await titles(json(filter));
    expect(fromJson).toEqual([BANARASI, ANARKALI]);
    expect(await titles(brackets)).toEqual(fromJson);
  });
});

describe('fields', () => {
  it('* is every public field (images as image ids), prices in rupees, dates ISO', async () => {
    const res = await get(`/content/items/items/${id[BANARASI]}?fields=*`);
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(Object.keys(data)).toEqual([
      'id',
      'title',
      'shop',
      'catalog',
      'price',
      'market_price',
      'thumbnail_image',
      'quantity',
      'tags',
      'description',
      'size_description',
      'images',
      'rating',
      'created_on',
      'updated_on',
    ]);
    expect(data.price).toBe(12499.5);
    expect(data.market_price).toBe(15000);
    expect(data.rating).toBe(4.5);
    expect(data.tags).toEqual(['silk', 'wedding', 'trending']);
    expect(data.created_on).toBe('2024-01-01T00:00:00.000Z');
    expect(data.images).toHaveLength(2);
    expect(data.images.every((value: unknown) => typeof value === 'number')).toBe(true);
  });

  it('no fields means *', async () => {
    const withStar = await get(`/content/items/items?fields=*&sort=id`);
    const without = await get(`/content/items/items?sort=id`);
    expect(without.json()).toEqual(withStar.json());
  });

  it('dot paths read related images, in their sort order', async () => {
    const res = await get(`/content/items/items?fields=id,images.directus_files_id&filter[id][_in]=${id[BANARASI]},${id[COTTON]},${id[KUNDAN]}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        { id: id[BANARASI], images: [{ directus_files_id: 'file-a' }, { directus_files_id: 'file-b' }] },
        { id: id[COTTON], images: [] },
        { id: id[KUNDAN], images: [{ directus_files_id: 'https://cdn.example.com/kundan.jpg' }] },
      ],
    });
  });

  it('images.* and images.id with images.directus_files_id give the same objects', async () => {
    const star = await get(`/content/items/items/${id[BANARASI]}?fields=title,images.*`);
    const both = await get(`/content/items/items/${id[BANARASI]}?fields[]=title&fields[]=images.id&fields[]=images.directus_files_id`);
    expect(star.json()).toEqual(both.json());
    const images = star.json().data.images as Array<{ id: number; directus_files_id: string }>;
    expect(images.map((image) => image.directus_files_id)).toEqual(['file-a', 'file-b']);
    expect(Object.keys(images[0]!)).toEqual(['id', 'directus_files_id']);
  });

  it('only the fields asked for, without the key when it is not asked for', async () => {
    const res = await get(`/content/items/items?fields=title,price&filter[id][_eq]=${id[JHUMKA]}`);
    expect(res.json()).toEqual({ data: [{ title: JHUMKA, price: 0.29 }] });
  });

  it('the product page read (*, images.id, images.directus_files_id) matches the shared contract', async () => {
    const res = await get(`/content/items/items/${id[KUNDAN]}?fields=*,images.id,images.directus_files_id`);
    expect(res.statusCode).toBe(200);
    const item = contentItemSchema.parse(res.json().data);
    expect(item).toEqual({
      id: id[KUNDAN],
      title: KUNDAN,
      shop: 'jewel',
      catalog: 'Necklaces',
      price: 4999.99,
      market_price: 4999.99,
      thumbnail_image: 'thumb-kundan',
      quantity: 3,
      tags: ['kundan', 'wedding', 'Trending'],
      description: 'Kundan set',
      size_description: null,
      images: [{ id: expect.any(Number), directus_files_id: 'https://cdn.example.com/kundan.jpg' }],
      rating: null,
      created_on: '2024-04-01T00:00:00.000Z',
      updated_on: '2024-04-01T00:00:00.000Z',
    });
  });

  it('the listing card read matches the shared contract', async () => {
    const res = await get('/content/items/items?fields=id,title,catalog,shop,price,market_price,thumbnail_image,quantity&limit=10');
    const body = contentListSchema(contentItemCardSchema.strict()).parse(res.json());
    expect(body.data).toHaveLength(6);
  });
});

describe('sort, limit, offset, page', () => {
  it('ascending and descending, ties broken by id', async () => {
    expect(await titles('sort=price')).toEqual([JHUMKA, COTTON, ANARKALI, TEMPLE, KUNDAN, BANARASI]);
    expect(await titles('sort=-price')).toEqual([BANARASI, KUNDAN, ANARKALI, TEMPLE, COTTON, JHUMKA]);
    expect(await titles('sort=-created_on')).toEqual([JHUMKA, TEMPLE, KUNDAN, ANARKALI, COTTON, BANARASI]);
  });

  it('several keys, in both list forms', async () => {
    expect(await titles('sort=-created_on,-updated_on')).toEqual([TEMPLE, JHUMKA, KUNDAN, ANARKALI, COTTON, BANARASI]);
    expect(await titles('sort=price,-created_on')).toEqual([JHUMKA, COTTON, TEMPLE, ANARKALI, KUNDAN, BANARASI]);
    expect(await titles('sort[]=shop&sort[]=-price')).toEqual([BANARASI, ANARKALI, COTTON, KUNDAN, TEMPLE, JHUMKA]);
    expect(await titles('sort=-id')).toEqual([...ALL].reverse());
  });

  it('limit and offset', async () => {
    expect(await titles('sort=id&limit=2&offset=2')).toEqual([ANARKALI, KUNDAN]);
    expect(await titles('sort=id&limit=2&offset=5')).toEqual([TEMPLE]);
    expect(await titles('sort=id&limit=0')).toEqual([]);
  });

  it('page is 1-based and counts in limits; it wins over offset', async () => {
    expect(await titles('sort=id&limit=2&page=1')).toEqual([BANARASI, COTTON]);
    expect(await titles('sort=id&limit=2&page=2')).toEqual([ANARKALI, KUNDAN]);
    expect(await titles('sort=id&limit=2&page=3&offset=1')).toEqual([JHUMKA, TEMPLE]);
    expect(await titles('sort=id&limit=2&page=4')).toEqual([]);
  });

  it('limit -1 reads all; no limit reads up to 100', async () => {
    expect(await titles('sort=id')).toEqual(ALL);
    const res = await get('/content/items/items?fields=id');
    expect(res.json().data).toHaveLength(6);
  });
});

describe('meta', () => {
  it('filter_count and total_count', async () => {
    const res = await get(`/content/items/items?fields=id&limit=1&meta=filter_count,total_count&${json({ shop: { _eq: 'jewel' } })}`);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ filter_count: 3, total_count: 6 });
    expect(body.data).toHaveLength(1);
  });

  it('meta=* gives both; one name gives one; none gives no meta', async () => {
    expect((await get('/content/items/items?fields=id&meta=*&search=silk')).json().meta).toEqual({ total_count: 6, filter_count: 2 });
    expect((await get('/content/items/items?fields=id&meta=total_count&search=silk')).json().meta).toEqual({ total_count: 6 });
    expect((await get('/content/items/items?fields=id&meta=filter_count&search=silk')).json().meta).toEqual({ filter_count: 2 });
    expect((await get('/content/items/items?fields=id&meta[]=filter_count')).json().meta).toEqual({ filter_count: 6 });
    expect(Object.keys((await get('/content/items/items?fields=id')).json())).toEqual(['data']);
  });
});

describe('search', () => {
  // Search is ranked full text since the storefront issue (search.test.ts tests relevance and typos);
  // with sort=id these check which items match, as in Directus' contains search.
  it('case-insensitive word search across title, tags, description, size, shop and catalog', async () => {
    expect(await titles('search=SILK')).toEqual([BANARASI, ANARKALI]);
    expect(await titles('search=handmade')).toEqual([JHUMKA]);
    expect(await titles('search=6.3')).toEqual([BANARASI]);
    expect(await titles('search=jewel&sort=id')).toEqual([KUNDAN, JHUMKA, TEMPLE]);
    expect(await titles('search=necklaces&sort=id')).toEqual([KUNDAN, TEMPLE]);
    expect(await titles('search=gold+plated')).toEqual([TEMPLE]);
    expect(await titles('search=nothing-like-this')).toEqual([]);
    expect(await titles('search=')).toEqual(ALL);
  });

  it('combines with filter and sort', async () => {
    expect(await titles(`search=saree&sort=-price&${json({ quantity: { _gt: 0 } })}`)).toEqual([BANARASI]);
    expect(await titles('search=necklace&sort=-price')).toEqual([KUNDAN, TEMPLE]);
  });
});

describe('single item read', () => {
  it('answers {data: {...}}', async () => {
    const res = await get(`/content/items/items/${id[COTTON]}?fields=id,title,market_price,images`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id: id[COTTON], title: COTTON, market_price: null, images: [] } });
  });

  it('404 in the Directus error shape for an id that does not exist', async () => {
    const res = await get('/content/items/items/999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      errors: [{ message: 'Item "999" not found in collection "items".', extensions: { code: 'RECORD_NOT_FOUND' } }],
    });
  });

  it('404 for a key that cannot be an id', async () => {
    for (const key of ['abc', '-1', '1.5', '99999999999', '%00']) {
      const res = await get(`/content/items/items/${key}`);
      expect(res.statusCode, key).toBe(404);
      expect(res.json().errors[0].extensions.code).toBe('RECORD_NOT_FOUND');
    }
  });

  it('a filter that excludes the item makes it not found', async () => {
    const res = await get(`/content/items/items/${id[COTTON]}?${json({ quantity: { _gt: 0 } })}`);
    expect(res.statusCode).toBe(404);
  });

  it('400 for an empty key', async () => {
    for (const url of ['/content/items/items/', '/content/items/items/%20']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(400);
      expect(res.json()).toEqual({
        errors: [{ message: 'Invalid query. The item key must not be empty.', extensions: { code: 'INVALID_QUERY' } }],
      });
    }
  });
});

describe('non-public fields', () => {
  const forbiddenField = (field: string) => ({
    errors: [
      {
        message: `You don't have permission to access field "${field}" in collection "items" or it does not exist.`,
        extensions: { code: 'FORBIDDEN' },
      },
    ],
  });

  it('403 in fields, filter and sort', async () => {
    const cases: Array<[string, string]> = [
      ['fields=id,price_paise', 'price_paise'],
      ['fields=market_price_paise', 'market_price_paise'],
      ['fields=images.item_id', 'images.item_id'],
      ['fields=images.sort', 'images.sort'],
      ['fields=title.length', 'title.length'],
      ['fields=constructor', 'constructor'],
      ['filter[price_paise][_gt]=0', 'price_paise'],
      [json({ _or: [{ password_hash: { _null: true } }] }), 'password_hash'],
      ['sort=-price_paise', 'price_paise'],
      ['sort=__proto__', '__proto__'],
    ];
    for (const [query, field] of cases) {
      const res = await get(`/content/items/items?${query}`);
      expect(res.statusCode, query).toBe(403);
      expect(res.json(), query).toEqual(forbiddenField(field));
    }
    const single = await get(`/content/items/items/${id[BANARASI]}?fields=price_paise`);
    expect(single.statusCode).toBe(403);
    expect(single.json()).toEqual(forbiddenField('price_paise'));
  });
});

describe('malformed queries answer 400 INVALID_QUERY, never 500', () => {
  it('names the reason', async () => {
    const cases: Array<[string, RegExp]> = [
      ['filter={"price":', /not valid JSON/],
      ['filter=[1,2]', /must be an object/],
      ['filter[price][_between]=1,2', /"_between" is not a supported filter operator/],
      [json({ price: { _foo: 1 } }), /"_foo" is not a supported filter operator/],
      ['filter[price]=5', /must be an operator object/],
      [json({ _eq: 1 }), /names a field first/],
      ['limit=abc', /"limit" must be an integer/],
      ['limit=-2', /"limit" must be at least -1/],
      ['limit=1&limit=2', /"limit" must be given once/],
      ['offset=-1', /"offset" must be at least 0/],
      ['page=0', /"page" must be at least 1/],
      [json({ price: { _in: { a: 1 } } }), /needs a list/],
      [json({ catalog: { _in: true } }), /needs a list/],
      [json({ price: { _in: [[1]] } }), /list of plain values/],
      ['filter[price][_gte]=cheap', /"price" _gte needs a number/],
      [json({ quantity: { _lt: '1e999' } }), /"quantity" _lt needs a number/],
      [json({ id: { _eq: 'abc' } }), /"id" _eq needs a number/],
      [json({ created_on: { _gt: 'yesterday' } }), /ISO 8601 date/],
      [json({ created_on: { _gt: '2024-02-31' } }), /ISO 8601 date/],
      [json({ price: { _contains: '1' } }), /_contains cannot be used on "price"/],
      [json({ tags: { _gt: 'a' } }), /_gt cannot be used on "tags"/],
      [json({ market_price: { _null: 'maybe' } }), /takes true or false/],
      [json({ title: { _eq: { a: 1 } } }), /needs a single value/],
      [json({ title: { _eq: 'a\u0000b' } }), /NUL character/],
      [json({ images: { directus_files_id: { _eq: 'file-a' } } }), /has no related fields|related field/],
      [json({ images: { _null: true } }), /related field "images"/],
      ['sort=images', /Sorting on the related field "images"/],
      ['sort=-', /is not a field to sort on/],
      ['sort=?', /Random sort/],
      ['fields=*.title', /not a supported wildcard/],
      ['fields=images..id', /is not a field path/],
      ['meta=everything', /is not a meta value/],
      ['aggregate[count]=*', /"aggregate" is not supported/],
      ['deep[images][_limit]=1', /"deep" is not supported/],
      ['filter[price][_gte]=1&filter[price][_gte][x]=2', /conflicts/],
      ['search=a&search=b', /"search" must be given once/],
      [`search=${'x'.repeat(201)}`, /longer than 200/],
    ];
    for (const [query, reason] of cases) {
      const message = expectInvalidQuery(await get(`/content/items/items?${query}`));
      expect(message, query).toMatch(reason);
    }
  });

  it('refuses filters nested deeper than 8 levels, and too many conditions (the budget: content-budget.test.ts)', async () => {
    let filter: unknown = { price: { _gt: 0 } };
    for (let level = 0; level < 8; level += 1) filter = { _and: [filter] };
    expect(await titles(json(filter))).toHaveLength(6);
    filter = { _and: [filter] };
    expect(expectInvalidQuery(await get(`/content/items/items?${json(filter)}`))).toMatch(/nested at most 8 levels deep/);
    const many = { _or: Array.from({ length: 50 }, (_, i) => ({ quantity: { _eq: i } })) };
    expect(expectInvalidQuery(await get(`/content/items/items?${json(many)}`))).toMatch(/at most 50 conditions/);
    const longList = { quantity: { _in: Array.from({ length: 101 }, (_, i) => i) } };
    expect(expectInvalidQuery(await get(`/content/items/items?${json(longList)}`))).toMatch(/at most 100 values/);
  });

  it('odd input of every kind never reaches a 500', async () => {
    const queries = [
      'filter=',
      'filter=null',
      'filter="x"',
      'filter=123',
      'filter={}',
      'filter[]=1',
      'filter[_or]=x',
      'filter[_or][x][price][_eq]=1',
      'filter[__proto__][_eq]=1',
      'filter[constructor][prototype][_eq]=1',
      'filter={"__proto__":{"_eq":1}}',
      'filter[price][_in]=',
      'filter[price][_in]=1,,2',
      'filter[title][_in]=',
      'filter[created_on][_in]=2024-01-01,2024-13-01',
      'filter[created_on][_eq]=0000-01-01',
      'filter[created_on][_eq]=2024-01-01T25:00:00Z',
      'filter[rating][_gt]=1e400',
      'filter[rating][_gt]=1e-400',
      'filter[price][_gte]=9007199254740993',
      'filter[id][_in]=99999999999,-99999999999',
      'filter[tags][_eq]=',
      'filter[tags][_in]=',
      'filter[tags][_icontains]=%25%5F%5C',
      'filter[title][_eq]=%ED%A0%80',
      'filter[title][_eq]=%FF',
      'filter[[x]]=1',
      'filter[a=1',
      'fields=',
      'fields=,,,',
      'fields[x][y]=1',
      'sort=,',
      'limit=99999999999999999999',
      'offset=1e3',
      'page=99999999999999',
      'limit=1000&page=999999999999999',
      'search=%00',
      'search=%25%5F',
      'meta=',
      '%5B%5D=1',
      'a[b][c][d][e][f][g][h][i][j][k][l][m][n]=1',
      'filter[a][b][c][d][e][f][g][h][i][j][k][l][m][n]=1',
    ];
    for (const query of queries) {
      const res = await get(`/content/items/items?${query}`);
      expect(res.statusCode, `${query}: ${res.body}`).toBeLessThan(500);
      if (res.statusCode !== 200) expect(res.json().errors[0].extensions.code, query).toMatch(/^(INVALID_QUERY|FORBIDDEN)$/);
    }
  });
});

describe('HTTP caching of item reads', () => {
  it('Cache-Control and an ETag; 304 without a body on If-None-Match', async () => {
    const url = '/content/items/items?fields=id,title,price&sort=id';
    const first = await get(url);
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=30');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);

    const again = await get(url, { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const listed = await get(url, { 'if-none-match': `"other", ${etag}` });
    expect(listed.statusCode).toBe(304);
    const other = await get(url, { 'if-none-match': '"other"' });
    expect(other.statusCode).toBe(200);
    // A different answer has a different validator.
    const page = await get(`${url}&limit=1`);
    expect(page.headers.etag).not.toBe(etag);
  });

  it('a write is visible on the next read, with a new ETag', async () => {
    const url = `/content/items/items/${id[ANARKALI]}?fields=id,price,quantity`;
    const before = await get(url);
    expect(before.json()).toEqual({ data: { id: id[ANARKALI], price: 2500, quantity: 12 } });
    const etag = before.headers.etag as string;
    expect((await get(url, { 'if-none-match': etag })).statusCode).toBe(304);

    await t.db.update(items).set({ price_paise: 260050, quantity: 11 }).where(eq(items.id, id[ANARKALI]!));
    try {
      // Polled: kept answers are dropped when the change notification arrives (decisions/0016).
      await expect.poll(async () => (await get(url, { 'if-none-match': etag })).statusCode, { timeout: 5000, interval: 20 }).toBe(200);
      const after = await get(url, { 'if-none-match': etag });
      expect(after.json()).toEqual({ data: { id: id[ANARKALI], price: 2600.5, quantity: 11 } });
      expect(after.headers.etag).not.toBe(etag);
    } finally {
      await t.db.update(items).set({ price_paise: 250000, quantity: 12 }).where(eq(items.id, id[ANARKALI]!));
      await expect.poll(async () => (await get(url)).headers.etag, { timeout: 5000, interval: 20 }).toBe(etag);
    }
  });

  it('errors are not cached', async () => {
    const res = await get('/content/items/items/999');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.etag).toBeUndefined();
  });

  it('HEAD answers the headers of GET', async () => {
    const url = '/content/items/items?fields=id';
    const res = await t.app.inject({ method: 'HEAD', url });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe('');
    expect(res.headers.etag).toBe((await get(url)).headers.etag);
  });
});

// Answers are kept until the database's change notification arrives (decisions/0016): at once on
// PGlite, a few milliseconds after the commit on PostgreSQL, so each read after a write is polled.
describe('reads reflect writes as soon as the change is heard', () => {
  it('a listing shows an inserted, an updated and a deleted item, and a new image', async () => {
    const url = '/content/items/items?fields=title,images&filter[catalog][_in]=Suits,Earrings&sort=-price&limit=-1';
    const read = async () => (await get(url)).json().data as Array<{ title: string; images: number[] }>;
    const eventually = (expected: unknown, pick: (rows: Awaited<ReturnType<typeof read>>) => unknown = (rows) => rows) =>
      expect.poll(async () => pick(await read()), { timeout: 5000, interval: 20 }).toEqual(expected);
    const before = await read();
    expect(await read()).toEqual(before);
    const titles = (rows: Awaited<ReturnType<typeof read>>) => rows.map((r) => r.title);
    const [row] = await t.db
      .insert(items)
      .values({ title: 'Cache Probe Suit', shop: 'fabrics', catalog: 'Suits', price_paise: 99999900, thumbnail_image: 't', quantity: 1 })
      .returning({ id: items.id });
    const probe = row!.id;
    try {
      await eventually(['Cache Probe Suit', ...before.map((r) => r.title)], titles);
      await t.db.update(items).set({ price_paise: 1 }).where(eq(items.id, probe));
      await eventually([...before.map((r) => r.title), 'Cache Probe Suit'], titles);
      const [image] = await t.db.insert(itemImages).values({ item_id: probe, directus_files_id: 'file-probe', sort: 0 }).returning({ id: itemImages.id });
      await eventually({ title: 'Cache Probe Suit', images: [image!.id] }, (rows) => rows.at(-1));
    } finally {
      await t.db.delete(itemImages).where(eq(itemImages.item_id, probe));
      await t.db.delete(items).where(eq(items.id, probe));
    }
    await eventually(before);
  });
});
