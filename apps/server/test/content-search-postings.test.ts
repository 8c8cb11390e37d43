import { and, eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsQuery } from '../src/content/read';
import { postingsCounts } from '../src/content/estimates';
import { matchesAnything, resolveSearch } from '../src/content/search';
import { firstMatchCondition, planSearchTable } from '../src/content/search-table';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, seededTestApp, statementsSentDuring, type TestApp } from './helper';

/**
 * A search reads its first matches from item_terms, its words' postings (decisions/0071).
 * That they answer what the plain read answers, over texts, filters, sorts and pages, is checked with
 * the other item_search paths (content-cold-search-table.test.ts); here: which searches use them, and
 * that item_terms and term_vocabulary follow every change of an item's words, price and creation time.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

async function count(query: ReturnType<typeof sql>): Promise<number> {
  const result = (await t.db.execute(query)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

/** Postings that differ from the words, creation time, price, visibility and stock item_search has for its items (both directions). */
function postingDifferences(): Promise<number> {
  return count(sql`
    select count(*)::int as n from (
      (select w, s.item_id, s.created_on, s.price_paise, s.visible, s.in_stock from item_search s, unnest(tsvector_to_array(s.search_vector)) as w
       except all select term, item_id, created_on, price_paise, visible, in_stock from item_terms)
      union all
      (select term, item_id, created_on, price_paise, visible, in_stock from item_terms
       except all select w, s.item_id, s.created_on, s.price_paise, s.visible, s.in_stock from item_search s, unnest(tsvector_to_array(s.search_vector)) as w)
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
  // Several words: the first word's postings walked (the service walks the rarest).
  const postings = table!.postings!.groups.length > 1 ? { ...table!.postings!, walk: 0 } : table!.postings!;
  const rows = (await rowsQuery(t.db, { ...plan, searchTable: { ...table!, postings, unindexed: false } }, where, plan.limit, plan.offset)) as Array<{ id: number }>;
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
    expect(postings.words).toEqual([
      { exact: ['kundan'], prefixes: [] },
      { exact: [], prefixes: ['set'] },
    ]);
    const kundan = await count(sql`select count(*)::int as n from item_terms where term = 'kundan'`);
    const set = await count(sql`select count(*)::int as n from item_terms where starts_with(term, 'set')`);
    const counted = await statementsSentDuring(t.db, () => postingsCounts(t.db, postings.words));
    // 'kundan' whole, 'set' as a prefix (set, sets, setting…): each as many postings as item_terms has of those words, asked at once.
    expect(counted.result).toEqual([kundan, set]);
    expect(kundan).toBeGreaterThan(0);
    expect(set).toBeGreaterThan(0);
    expect(counted.texts).toHaveLength(1);

    // A misspelt word beside its correction: only the new prefix is asked; it has no postings, the word has its own.
    const misspelt = await statementsSentDuring(t.db, () => postingsCounts(t.db, [{ exact: ['kundan'], prefixes: ['kundn'] }]));
    expect(misspelt.result).toEqual([kundan]);
    expect(misspelt.texts).toHaveLength(1);
    expect(misspelt.texts[0]).toContain('from unnest(array[]::text[]) as word');
    expect(misspelt.texts[0]).toContain('from unnest(array[$1]::text[]) as prefix');
    // Everything known: nothing is sent; a group of none of the known words counts zero.
    const known = await statementsSentDuring(t.db, () => postingsCounts(t.db, [{ exact: [], prefixes: ['kundn', 'set'] }, { exact: [], prefixes: ['kundn'] }]));
    expect(known.result).toEqual([set, 0]);
    expect(known.texts).toHaveLength(0);
  });

  it('tell whether a search matches anything at all as counting its matches does, whichever word is walked, however far', async () => {
    // 'jhumka saree': both words are in the catalogue, never in one item; 'zyxw' in none.
    const texts = ['silk', 'saree', 'silk saree', 'kundan set', 'gold-plated kundan', 'jhumka saree', 'red silk saree', 'jhumki', 'zyxw', 'silk zyxw'];
    let matched = 0;
    for (const text of texts) {
      const parsed = parseContentQuery(`search=${encodeURIComponent(text)}&filter[price][_lt]=1`);
      const search = await resolveSearch(t.db, collection, parsed.search!);
      const plan = planRead(collection, parsed, search);
      const table = planSearchTable(collection, parsed, search);
      expect(table?.postings, text).toBeDefined();
      const postings = table!.postings!;
      const expected = await matchesAnything(t.db, collection, search);
      matched += expected ? 1 : 0;
      const walks = postings.groups.length > 1 ? [...postings.groups.keys()] : [undefined];
      for (const walk of walks) {
        for (const walkBound of [undefined, 1]) {
          const first = firstMatchCondition({ ...table!, postings: { ...postings, ...(walk === undefined ? {} : { walk }), ...(walkBound ? { walkBound } : {}) } });
          const found = await t.db.select({ id: items.id }).from(items).where(and(first, plan.visible, search.condition));
          expect(found.length > 0, `${text}, walk ${walk}, bound ${walkBound}`).toBe(expected);
          expect(found.length, text).toBeLessThanOrEqual(1);
        }
      }
    }
    expect(matched).toBeGreaterThan(3);
    expect(matched).toBeLessThan(texts.length);
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

    // Out of stock, then archived: its postings say so, and the reads leave it out.
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, id));
    expect(await postingDifferences()).toBe(0);
    expect(await postingIds('search=zyxora&filter[quantity][_gt]=0')).toEqual([]);
    expect(await postingIds('search=zyxora')).toEqual([id]);
    expect(await postingIds('search=zyxora velvet&filter[quantity][_gt]=0')).toEqual([]);
    await t.db.update(items).set({ archived_at: new Date() }).where(eq(items.id, id));
    expect(await postingIds('search=zyxora')).toEqual([]);
    expect(await postingIds('search=velvet zyxora')).toEqual([]);
    expect(await postingDifferences()).toBe(0);
    // A stock change that stays above zero leaves item_search, and so its postings, alone.
    await t.db.update(items).set({ archived_at: null, quantity: 5 }).where(eq(items.id, id));
    await t.db.update(items).set({ quantity: 4 }).where(eq(items.id, id));
    expect(await postingDifferences()).toBe(0);
    expect(await postingIds('search=zyxora velvet&filter[quantity][_gt]=0')).toEqual([id]);

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

  it('are what the service reads on a catalogue the planner takes for large; a word no item has is known without reading', async () => {
    // The service reads a small table plainly (read.ts: SMALL_TABLE) by the planner's size of items:
    // on a store of its own (no size remembered yet), this catalogue is made to look like 100,000 products.
    const large = await buildTestApp();
    try {
      await seedIfEmpty(large.db);
      await large.db.execute(sql`analyze items`);
      await large.db.execute(sql`update pg_class set reltuples = 100000, relpages = greatest(1, pg_relation_size('items') / 8192) where relname = 'items'`);
      await servedFromPostings(large);
    } finally {
      await large.close();
    }
  });
});

/** What the service sends and answers for searches on `app`'s catalogue, which the planner takes for large. */
async function servedFromPostings(app: TestApp): Promise<void> {
  const served = async (query: string) => statementsSentDuring(app.db, () => listItems(app.db, collection, parseContentQuery(`fields=id&${query}`)));
  const itemsReads = (texts: string[]) => texts.filter((text) => /from "items"/.test(text) && !/^explain/i.test(text));
  /** The page read plainly: every match of the search, sorted. */
  const plain = async (query: string) => {
    const parsed = parseContentQuery(`fields=id&${query}`);
    const plan = planRead(collection, parsed, await resolveSearch(app.db, collection, parsed.search!));
    const rows = (await rowsQuery(app.db, plan, sql`${plan.visible} and ${plan.condition ?? sql`true`}`, plan.limit, plan.offset)) as Array<{ id: number }>;
    return rows.map((row) => row.id);
  };

  const silk = await served('search=silk&sort=price&limit=5');
  expect(silk.texts.some((text) => text.includes('from "item_terms" as "item_search"'))).toBe(true);
  expect(silk.result.data.map((row) => row.id)).toEqual(await plain('search=silk&sort=price&limit=5'));
  expect(silk.result.data).toHaveLength(5);

  const pair = await served('search=silk saree&limit=5');
  expect(pair.texts.some((text) => text.includes('with branch_term as'))).toBe(true);
  expect(pair.result.data.map((row) => row.id)).toEqual(await plain('search=silk saree&limit=5'));
  expect(pair.result.data.length).toBeGreaterThan(0);

  // A filter that leaves the page empty: whether the text matches anything is asked of its postings (its
  // first match), not counted in items, and since it does, there is no typo fallback.
  const priced = await served('search=silk saree&filter[price][_lt]=1&limit=5');
  expect(priced.result.data).toEqual([]);
  expect(priced.texts.some((text) => text.startsWith('select count(*)'))).toBe(false);
  expect(priced.texts.some((text) => text.includes('from search_words'))).toBe(false);
  // Two words that never meet: the same check says so, and the corrections are asked.
  const apart = await served('search=jhumka saree&filter[price][_lt]=1&limit=5');
  expect(apart.result.data).toEqual([]);
  expect(apart.texts.some((text) => text.startsWith('select count(*)'))).toBe(false);
  expect(apart.texts.some((text) => text.includes('from search_words'))).toBe(true);

  // 'neckace': no item has the word, so no read is sent for it; its corrections are read once.
  const misspelt = await served('search=neckace&limit=5');
  expect(itemsReads(misspelt.texts)).toHaveLength(1);
  expect(misspelt.texts.some((text) => text.includes('from search_words'))).toBe(true);
  expect(misspelt.result.data.map((row) => row.id)).toEqual(await plain('search=necklace&limit=5'));
  expect(misspelt.result.data.length).toBeGreaterThan(0);
}
