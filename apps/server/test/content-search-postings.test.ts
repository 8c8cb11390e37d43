import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsQuery } from '../src/content/read';
import { postingsCount } from '../src/content/estimates';
import { resolveSearch } from '../src/content/search';
import { planSearchTable } from '../src/content/search-table';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './helper';

/**
 * A search reads its first matches from item_terms, its words' postings (decisions/0071).
 * That they answer what the plain read answers, over texts, filters, sorts and pages, is checked with
 * the other item_search paths (content-cold-search-table.test.ts); here: which searches use them, and
 * that item_terms and term_vocabulary follow every change of an item's words, price and creation time.
 */

let t: TestApp;
const collection = publicCollection('items')!;

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
});
afterAll(() => t?.close());

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

/** Postings that differ from the words, price and creation time item_search has for its items (both directions). */
function postingDifferences(): Promise<number> {
  return count(sql`
    select count(*)::int as n from (
      (select w, s.item_id, s.created_on, s.price_paise from item_search s, unnest(tsvector_to_array(s.search_vector)) as w
       except all select term, item_id, created_on, price_paise from item_terms)
      union all
      (select term, item_id, created_on, price_paise from item_terms
       except all select w, s.item_id, s.created_on, s.price_paise from item_search s, unnest(tsvector_to_array(s.search_vector)) as w)
    ) as differences`);
}

/** Words of item_terms that term_vocabulary lacks. */
function wordsMissingFromVocabulary(): Promise<number> {
  return count(sql`select count(*)::int as n from (select distinct term from item_terms except select term from term_vocabulary) as missing`);
}

/** The ids a search's page has when read through its postings (the service reads this small table plainly). */
async function postingIds(query: string): Promise<number[]> {
  const parsed = parseContentQuery(`fields=id&${query}`);
  const search = await resolveSearch(t.db, collection, parsed.search!);
  const plan = planRead(collection, parsed, search);
  const table = planSearchTable(collection, parsed, search);
  expect(table?.postings, query).toBeDefined();
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const rows = (await rowsQuery(t.db, { ...plan, searchTable: { ...table!, unindexed: false } }, where, plan.limit, plan.offset)) as Array<{ id: number }>;
  return rows.map((row) => row.id);
}

async function usesPostings(query: string): Promise<boolean> {
  const parsed = parseContentQuery(query);
  return !!planSearchTable(collection, parsed, await resolveSearch(t.db, collection, parsed.search!))?.postings;
}

describe('search postings (item_terms)', () => {
  it('are read for words with their spellings or corrections; not when a word is a prefix under three letters', async () => {
    expect(await usesPostings('search=silk')).toBe(true);
    expect(await usesPostings('search=jhumki&sort=-price&filter[quantity][_gt]=0')).toBe(true);
    expect(await usesPostings('search=neckless')).toBe(true);
    expect(await usesPostings('search=ear')).toBe(true);
    expect(await usesPostings('search=silk saree')).toBe(true);
    expect(await usesPostings('search=ea')).toBe(false);
    expect(await usesPostings('search=silk ea')).toBe(false);
  });

  it('of several words, each word is counted (the rarest is walked: read.ts, choosePath)', async () => {
    const parsed = parseContentQuery('search=kundan set');
    const postings = planSearchTable(collection, parsed, await resolveSearch(t.db, collection, 'kundan set'))!.postings!;
    expect(postings.groups).toHaveLength(2);
    const counts = await Promise.all(postings.groups.map((group) => postingsCount(t.db, group)));
    // 'kundan' whole, 'set' as a prefix (set, sets, setting…): each as many postings as item_terms has of those words.
    expect(counts[0]).toBe(await count(sql`select count(*)::int as n from item_terms where term = 'kundan'`));
    expect(counts[1]).toBe(await count(sql`select count(*)::int as n from item_terms where starts_with(term, 'set')`));
    expect(counts[0]).toBeGreaterThan(0);
    expect(counts[1]).toBeGreaterThan(0);
  });

  it("hold every word of every item, and follow an item's words, price, creation time, archiving, stock and deletion", async () => {
    expect(await count(sql`select count(*)::int as n from item_terms`)).toBeGreaterThan(1000);
    expect(await postingDifferences()).toBe(0);
    expect(await wordsMissingFromVocabulary()).toBe(0);

    const [template] = await t.db.select().from(items).limit(1);
    const { id: _id, search_vector: _vector, ...base } = template!;
    const [row] = await t.db
      .insert(items)
      .values({ ...base, title: 'Zyxora Velvet Potli', tags: ['zyxora'], price_paise: 1, quantity: 2, archived_at: null, created_on: new Date('2030-01-01T00:00:00Z') })
      .returning({ id: items.id });
    const id = row!.id;
    expect(await postingDifferences()).toBe(0);
    expect(await postingIds('search=zyxora&sort=price')).toEqual([id]);
    expect(await postingIds('search=zyxo')).toEqual([id]);
    expect(await postingIds('search=velvet&sort=price&limit=1')).toEqual([id]);
    expect(await postingIds('search=velvet&sort=-created_on&limit=1')).toEqual([id]);

    // A dearer price and an older date move it in those orders.
    await t.db.update(items).set({ price_paise: 200_000_000, created_on: new Date('2001-01-01T00:00:00Z') }).where(eq(items.id, id));
    expect(await postingDifferences()).toBe(0);
    expect(await postingIds('search=velvet&sort=-price&limit=1')).toEqual([id]);
    expect(await postingIds('search=velvet&sort=created_on&limit=1')).toEqual([id]);
    expect(await postingIds('search=velvet&sort=price&limit=1')).not.toEqual([id]);

    // Out of stock, then archived: its postings stay, item_search hides it.
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, id));
    expect(await postingIds('search=zyxora&filter[quantity][_gt]=0')).toEqual([]);
    expect(await postingIds('search=zyxora')).toEqual([id]);
    await t.db.update(items).set({ archived_at: new Date() }).where(eq(items.id, id));
    expect(await postingIds('search=zyxora')).toEqual([]);
    expect(await postingDifferences()).toBe(0);

    // New words replace the old; the vocabulary keeps every word it has seen.
    await t.db.update(items).set({ archived_at: null, title: 'Quenvar Patti Clutch', tags: ['quenvar'] }).where(eq(items.id, id));
    expect(await postingDifferences()).toBe(0);
    expect(await postingIds('search=zyxora')).toEqual([]);
    expect(await postingIds('search=quenvar&sort=price')).toEqual([id]);
    expect(await count(sql`select count(*)::int as n from term_vocabulary where term in ('zyxora', 'quenvar', 'clutch')`)).toBe(3);
    expect(await wordsMissingFromVocabulary()).toBe(0);

    await t.db.delete(items).where(eq(items.id, id));
    expect(await postingDifferences()).toBe(0);
    expect(await count(sql`select count(*)::int as n from item_terms where item_id = ${id}`)).toBe(0);
    expect(await postingIds('search=quenvar')).toEqual([]);
  });
});
