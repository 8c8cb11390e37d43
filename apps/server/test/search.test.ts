import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, inArray, sql } from 'drizzle-orm';
import { catalogs, items, shops } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { NO_SEARCH_AIDS, resolveSearch, searchWords, tsQueryText, type SearchAids } from '../src/content/search';
import { CorrectionCache } from '../src/content/corrections';
import { parseContentQuery } from '../src/content/query-parse';
import { listItems } from '../src/content/read';
import { ChangeFeed } from '../src/db/change-feed';
import { buildTestApp, statementsSentDuring, TEST_DATABASE_URL, type TestApp } from './helper';

/**
 * Product search of the content service (`GET /content/items/items?search=`): ranked full text with
 * a trigram fallback for typos, combined with filters, sort, paging and counts.
 */

let t: TestApp;
const day = (n: number) => new Date(Date.UTC(2024, 5, n));

const FIXTURE = [
  // title, catalog, shop, tags, description, price (rupees), quantity, created day
  ['Maroon Banarasi Silk Saree', 'Sarees', 'fabrics', ['silk', 'wedding'], 'Pure silk with zari border', 12499, 5, 1],
  ['Red Banarasi Katan Saree', 'Sarees', 'fabrics', ['silk', 'bridal'], 'Katan silk from Varanasi', 18999, 0, 2],
  ['Pink Chanderi Saree', 'Sarees', 'fabrics', ['cotton'], 'Lighter than a banarasi, for summer weddings', 3499, 10, 3],
  ['Blue Cotton Anarkali Suit', 'Suits', 'fabrics', ['cotton', 'casual'], 'Flared anarkali with dupatta', 2499, 8, 4],
  ['Kundan Choker Necklace', 'Necklaces', 'jewel', ['bridal'], 'Choker with a matching pair of earrings', 7999, 3, 5],
  ['Temple Coin Necklace', 'Necklaces', 'jewel', ['temple', 'kundan'], 'Temple work with kundan stones', 5999, 4, 6],
  ['Gold Jhumka Earrings', 'Earrings', 'jewel', ['gold-plated'], 'Classic bell jhumkas', 1299, 20, 7],
  ['Oxidised Silver Jhumka', 'Earrings', 'jewel', ['oxidised'], 'Light and easy to wear', 899, 15, 8],
  ['Pearl Drop Earrings', 'Earrings', 'jewel', ['pearl'], 'Freshwater pearls', 1499, 6, 9],
] as const;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values([
    { value: 'fabrics', title: 'Fabrics' },
    { value: 'jewel', title: 'Jewel' },
  ]);
  await t.db.insert(catalogs).values(['Sarees', 'Suits', 'Necklaces', 'Earrings'].map((title) => ({ title, image: 'img' })));
  await t.db.insert(items).values(
    FIXTURE.map(([title, catalog, shop, tags, description, rupees, quantity, created]) => ({
      title,
      catalog,
      shop,
      tags: [...tags],
      description,
      price_paise: rupees * 100,
      thumbnail_image: 'thumb',
      quantity,
      created_on: day(created),
      updated_on: day(created),
    })),
  );
});
afterAll(() => t?.close());

async function search(query: string): Promise<{ titles: string[]; meta?: { filter_count?: number; total_count?: number } }> {
  const limit = /(^|&)limit=/.test(query) ? '' : '&limit=-1';
  const res = await t.app.inject({ method: 'GET', url: `/content/items/items?fields=title${limit}&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  return { titles: body.data.map((row: { title: string }) => row.title), meta: body.meta };
}
const titles = async (query: string) => (await search(query)).titles;
const collection = publicCollection('items')!;
const filter = (value: unknown) => `filter=${encodeURIComponent(JSON.stringify(value))}`;

describe(`search relevance (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  it('a word in the title ranks above the same word in the description', async () => {
    const found = await titles('search=banarasi');
    expect(found).toHaveLength(3);
    expect(found.slice(0, 2).sort()).toEqual(['Maroon Banarasi Silk Saree', 'Red Banarasi Katan Saree']);
    expect(found[2]).toBe('Pink Chanderi Saree');
  });

  it('an exact title word ranks that product first, above tags and description', async () => {
    expect(await titles('search=kundan')).toEqual(['Kundan Choker Necklace', 'Temple Coin Necklace']);
    expect((await titles('search=choker'))[0]).toBe('Kundan Choker Necklace');
  });

  it('title beats tags, tags beat catalog and shop', async () => {
    // 'silk' is in two titles, the Katan saree has it in tags and description only.
    const silk = await titles('search=silk');
    expect(silk[0]).toBe('Maroon Banarasi Silk Saree');
    expect(silk).toContain('Red Banarasi Katan Saree');
    // 'saree' is in three titles and the catalog of the same three; 'anarkali' in a title and a description.
    expect((await titles('search=bridal')).sort()).toEqual(['Kundan Choker Necklace', 'Red Banarasi Katan Saree']);
    expect(await titles('search=anarkali')).toEqual(['Blue Cotton Anarkali Suit']);
    // A tag (B) beats the catalog (C): 'earrings' is the Pearl drops' title and catalog, the Kundan choker's description only.
    const earrings = await titles('search=earrings');
    expect(earrings.indexOf('Kundan Choker Necklace')).toBe(earrings.length - 1);
  });

  it('all words must match; the last word is a prefix, so a half-typed word finds results', async () => {
    expect(await titles('search=banarasi+silk+saree')).toEqual(['Maroon Banarasi Silk Saree', 'Red Banarasi Katan Saree']);
    expect(await titles('search=banar')).toHaveLength(3);
    expect(await titles('search=gold+jhum')).toEqual(['Gold Jhumka Earrings']);
    expect(await titles('search=gold-plated')).toEqual(['Gold Jhumka Earrings']);
  });

  it('equal ranks come newest first', async () => {
    expect(await titles('search=jewel')).toEqual([
      'Pearl Drop Earrings',
      'Oxidised Silver Jhumka',
      'Gold Jhumka Earrings',
      'Temple Coin Necklace',
      'Kundan Choker Necklace',
    ]);
  });
});

describe('typos: trigram fallback when the full text finds nothing', () => {
  it("'banarsi saree' finds the Banarasi sarees first", async () => {
    const found = await titles('search=banarsi+saree');
    expect(found.slice(0, 2).sort()).toEqual(['Maroon Banarasi Silk Saree', 'Red Banarasi Katan Saree']);
    expect(found).not.toContain('Gold Jhumka Earrings');
  });

  it("'jhumki' finds the jhumkas and nothing else", async () => {
    expect((await titles('search=jhumki')).sort()).toEqual(['Gold Jhumka Earrings', 'Oxidised Silver Jhumka']);
    expect((await titles('search=kundun')).slice(0, 1)).toEqual(['Kundan Choker Necklace']);
  });

  it('text like nothing in the store finds nothing; text without words finds nothing', async () => {
    expect(await titles('search=nothing-like-this')).toEqual([]);
    expect(await titles('search=xqzv')).toEqual([]);
    expect(await titles(`search=${encodeURIComponent("%_&|!():*'")}`)).toEqual([]);
  });

  it("an empty first page of the search alone is proof that nothing matches: only the corrections are asked", async () => {
    // Read without a kept lexicon, which would know these slips match nothing without reading them (below).
    const feed = new ChangeFeed();
    feed.publish({ type: 'restored' });
    const aids: SearchAids = { ...NO_SEARCH_AIDS, corrections: new CorrectionCache(feed) };
    /**
     * The titles found for `query`, the statements sent meanwhile, and how many were a match check of
     * their own (a count), a page that answers the check itself (a small table, decisions/0088) or a correction.
     */
    async function statementsOf(query: string) {
      const read = () => listItems(t.db, collection, parseContentQuery(`fields=title&${query}`), aids);
      const { result, texts } = await statementsSentDuring(t.db, read);
      return {
        found: result.data.map((row) => row.title),
        texts,
        checks: texts.filter((text) => text.startsWith('select count(*)')).length,
        checkedPages: texts.filter((text) => text.startsWith('select page.*, ')).length,
        corrections: texts.filter((text) => text.includes('search_words')).length,
      };
    }
    // No filter, first page: the empty page is the check.
    const alone = await statementsOf('search=kundaan&limit=5');
    expect(alone.found[0]).toBe('Kundan Choker Necklace');
    expect(alone).toMatchObject({ checks: 0, checkedPages: 0, corrections: 1 });
    // A filter or a later page could hide the matches: whether the text matches anything is asked, on
    // this small table by the page's own statement.
    const filtered = await statementsOf(`search=kundnn&limit=5&${filter({ quantity: { _gt: 0 } })}`);
    expect(filtered.found[0]).toBe('Kundan Choker Necklace');
    expect(filtered).toMatchObject({ checks: 0, checkedPages: 1, corrections: 1 });
    expect(filtered.texts).toHaveLength(alone.texts.length);
    // The same slip again: its corrections are kept, so only the reads are sent.
    const again = await statementsOf(`search=kundnn&limit=4&${filter({ quantity: { _gt: 0 } })}`);
    expect(again.found).toEqual(filtered.found.slice(0, 4));
    expect(again).toMatchObject({ checks: 0, checkedPages: 1, corrections: 0 });
    expect(again.texts).toHaveLength(2);
    // Past the last match of a text that matches: the page says so, and nothing else is asked.
    const later = await statementsOf('search=silk&limit=1&offset=5');
    expect(later.found).toEqual([]);
    expect(later).toMatchObject({ checks: 0, checkedPages: 1, corrections: 0 });
    expect(later.texts).toHaveLength(1);
  });

  it('the service keeps the store\'s lexicon: once it is read, a slip is not read as typed (decisions/0091)', async () => {
    // The first search begins the lexicon's read and goes on without it; a later one has it. Each
    // address is new (its page size), so no kept answer stands in for the read.
    let texts: string[] = [];
    for (let limit = 1; limit <= 10; limit++) {
      const { result, texts: sent } = await statementsSentDuring(t.db, () => titles(`search=kundnnn&limit=${limit}&${filter({ quantity: { _gt: 0 } })}`));
      expect(result[0]).toBe('Kundan Choker Necklace');
      texts = sent;
      // The slip's corrections are kept after the first: then the typo fallback's page alone.
      if (limit > 1 && sent.length === 1) break;
    }
    expect(texts).toHaveLength(1);
    expect(texts[0]).not.toMatch(/^select page\.\*, /);
  });

  it('the mode is chosen by the text', async () => {
    const collection = publicCollection('items')!;
    expect((await resolveSearch(t.db, collection, 'banarasi')).mode).toBe('fulltext');
    expect((await resolveSearch(t.db, collection, 'banarsi')).mode).toBe('trigram');
    expect((await resolveSearch(t.db, collection, '%%%')).mode).toBe('none');
    expect((await resolveSearch(t.db, publicCollection('catalogs')!, 'sar')).mode).toBe('contains');
  });
});

describe('with filters, sort, paging and counts', () => {
  it('filters narrow the ranked results', async () => {
    expect(await titles(`search=silk&${filter({ quantity: { _gt: 0 } })}`)).toEqual(['Maroon Banarasi Silk Saree']);
    // Both are in the Earrings catalog; the one with the word in its title first.
    expect(await titles(`search=earrings&${filter({ shop: { _in: ['jewel'] }, price: { _lte: 1300 } })}`)).toEqual([
      'Gold Jhumka Earrings',
      'Oxidised Silver Jhumka',
    ]);
    expect(await titles(`search=jhumki&${filter({ price: { _lt: 1000 } })}`)).toEqual(['Oxidised Silver Jhumka']);
  });

  it('a sort replaces relevance', async () => {
    expect(await titles('search=saree&sort=price')).toEqual(['Pink Chanderi Saree', 'Maroon Banarasi Silk Saree', 'Red Banarasi Katan Saree']);
    expect(await titles('search=saree&sort=-price')).toEqual(['Red Banarasi Katan Saree', 'Maroon Banarasi Silk Saree', 'Pink Chanderi Saree']);
    expect(await titles('search=jewel&sort=-created_on&limit=2')).toEqual(['Pearl Drop Earrings', 'Oxidised Silver Jhumka']);
    expect(await titles('search=jhumki&sort=price')).toEqual(['Oxidised Silver Jhumka', 'Gold Jhumka Earrings']);
  });

  it('pages of a ranked search follow one order', async () => {
    const all = await titles('search=jewel');
    const pages = [];
    for (let offset = 0; offset < all.length; offset += 2) pages.push(...(await titles(`search=jewel&limit=2&offset=${offset}`)));
    expect(pages).toEqual(all);
  });

  it('meta=filter_count counts the same set the search returns (full text and fallback)', async () => {
    for (const query of [
      'search=saree',
      'search=jewel',
      `search=silk&${filter({ quantity: { _gt: 0 } })}`,
      'search=banarsi+saree',
      'search=jhumki',
      'search=nothing-like-this',
    ]) {
      const all = await search(`${query}&meta=*`);
      expect(all.meta, query).toEqual({ total_count: FIXTURE.length, filter_count: all.titles.length });
      const one = await search(`${query}&meta=filter_count&limit=1`);
      expect(one.meta?.filter_count, query).toBe(all.titles.length);
    }
  });
});

describe('query text', () => {
  it('words keep inner dots and hyphens; only letters, digits, dots and hyphens reach to_tsquery', () => {
    expect(searchWords("  Banarasi  SAREE's 6.3 m, gold-plated!! ")).toEqual(['banarasi', 'saree', 's', '6.3', 'm', 'gold-plated']);
    expect(searchWords("x'); drop table items; --")).toEqual(['x', 'drop', 'table', 'items']);
    expect(tsQueryText(['red', 'banar'])).toBe("'red' & 'banar':*");
    expect(searchWords('a b c d e f g h i j')).toHaveLength(8);
  });
});

describe(`the typo vocabulary follows the items (${TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  const words = async (list: string[]) => {
    const rows = await t.db
      .select({ word: sql<string>`word` })
      .from(sql`search_words`)
      .where(inArray(sql`word`, list));
    return rows.map((row) => row.word).sort();
  };
  const base = {
    catalog: 'Earrings',
    shop: 'jewel',
    description: 'zzdescriptiononly',
    price_paise: 100000,
    thumbnail_image: 'thumb',
    quantity: 1,
    created_on: day(20),
    updated_on: day(20),
  };

  it('holds the words of titles, tags, catalogs and shops, not of descriptions', async () => {
    expect(await words(['banarasi', 'jhumka', 'gold-plated', 'earrings', 'jewel', 'freshwater'])).toEqual([
      'banarasi',
      'earrings',
      'gold-plated',
      'jewel',
      'jhumka',
    ]);
  });

  it('adds the words of an inserted item, swaps them on update, drops them on delete', async () => {
    const [row] = await t.db
      .insert(items)
      .values({ ...base, title: 'Meenakari Chandbali', tags: ['zzfestive'] })
      .returning({ id: items.id });
    const id = row!.id;
    expect(await words(['meenakari', 'chandbali', 'zzfestive', 'zzdescriptiononly'])).toEqual(['chandbali', 'meenakari', 'zzfestive']);
    // A small store's kept words follow the change feed (decisions/0091): polled until they hold the new item's.
    await expect.poll(() => titles('search=minakari'), { timeout: 5000, interval: 20 }).toEqual(['Meenakari Chandbali']);

    await t.db.update(items).set({ title: 'Meenakari Jhumka', tags: [] }).where(eq(items.id, id));
    // 'jhumka' is still another item's word; 'chandbali' and the tag were this item's only.
    expect(await words(['meenakari', 'chandbali', 'zzfestive', 'jhumka'])).toEqual(['jhumka', 'meenakari']);
    expect(await titles('search=zzfestive')).toEqual([]);

    await t.db.delete(items).where(eq(items.id, id));
    expect(await words(['meenakari', 'jhumka'])).toEqual(['jhumka']);
    // This search was answered before: polled until the change notification drops the kept answer (decisions/0016).
    await expect.poll(() => titles('search=minakari'), { timeout: 5000, interval: 20 }).toEqual([]);
  });

  it('a misspelt word is corrected to the vocabulary and searched in full text', async () => {
    expect((await resolveSearch(t.db, publicCollection('items')!, 'kundun')).mode).toBe('trigram');
    expect(await titles('search=lehnga')).toEqual([]);
    expect(await titles('search=chokar+neclace')).toEqual(['Kundan Choker Necklace']);
  });
});
