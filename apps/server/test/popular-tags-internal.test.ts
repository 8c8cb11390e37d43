import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { INTERNAL_TAGS } from '@ssd/shared/internal-tags';
import { catalogs, items, sales, shops } from '../src/db/schema';
import { buildTestApp, type TestApp } from './helper';

/** Popular Tags never offer a tag that only drives a section or a sale (issue 12 item 8, decision 0040). */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img-sarees' });
  const item = (title: string, tags: string[]) => ({
    title,
    catalog: 'Sarees',
    shop: 'fabrics',
    price_paise: 250000,
    thumbnail_image: `thumb-${title}`,
    quantity: 3,
    tags,
  });
  await t.db.insert(items).values([
    item('A', ['silk', 'trending', 'festive-sale']),
    item('B', ['silk', 'New', 'Diwali-Offer']),
    item('C', ['bridal', 'trending', 'new', 'festive-sale']),
    // A past sale's tag is still the tag of a sale, never a description.
    item('D', ['zari', 'monsoon-sale']),
  ]);
  await t.db.insert(sales).values([
    { sale_name: 'Festive Sale', tag_name: 'festive-sale', active_till: new Date('2099-01-01T00:00:00Z') },
    { sale_name: 'Diwali Offer', tag_name: 'diwali-offer', active_till: new Date('2099-01-01T00:00:00Z') },
    { sale_name: 'Monsoon Sale', tag_name: 'monsoon-sale', active_from: new Date('2020-06-01T00:00:00Z'), active_till: new Date('2020-07-01T00:00:00Z') },
  ]);
});

afterAll(() => t?.close());

const tags = async (query = '') => (await t.app.inject({ method: 'GET', url: `/api/product/tags${query}` })).json().data as Array<{ title: string; count: number }>;

describe('GET /api/product/tags leaves internal tags out', () => {
  it('the internal list names trending and new', () => {
    expect([...INTERNAL_TAGS]).toEqual(['trending', 'new']);
  });

  it("offers only descriptive tags: no 'trending', 'new' or sale tag, in any case", async () => {
    expect(await tags()).toEqual([
      { title: 'silk', count: 2 },
      { title: 'bridal', count: 1 },
      { title: 'zari', count: 1 },
    ]);
  });

  it('pages over the descriptive tags only', async () => {
    expect(await tags('?limit=1&offset=1')).toEqual([{ title: 'bridal', count: 1 }]);
  });

  it('a tag stops being offered once a sale is made of it', async () => {
    await t.db.insert(sales).values({ sale_name: 'Bridal Week', tag_name: 'Bridal', active_till: new Date('2099-01-01T00:00:00Z') });
    expect((await tags()).map((tag) => tag.title)).toEqual(['silk', 'zari']);
  });
});
