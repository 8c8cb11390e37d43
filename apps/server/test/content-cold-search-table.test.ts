import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { items } from '../src/db/schema';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { hashedGroups, listItems, rowsCondition, rowsQuery, walkableSearch, walkCrossover, type RowsPlan } from '../src/content/read';
import { resolveSearch } from '../src/content/search';
import { planSearchTable } from '../src/content/search-table';
import { seededTestApp } from './helper';

/**
 * Searches find their first matches in item_search (decisions/0052): the same rows in the same order
 * as the plain read of items, by either path (all matches through the GIN index and sorted, or walking
 * the order's index), and item_search follows every change of an item that a search reads.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

type Ids = number[];

/**
 * The page read plainly (no item_search), read through item_search by each path (its GIN index, its
 * order's index, and for one word item_terms' postings, decisions/0071), and what the service answers.
 */
async function readings(query: string, hashing = false): Promise<{ plain: Ids; indexed: Ids; unindexed: Ids; postings: Ids[]; served: Ids; usesTable: boolean; usesPostings: boolean }> {
  const parsed = parseContentQuery(`fields=id&${query}`);
  const search = await resolveSearch(t.db, collection, parsed.search!);
  const plan = planRead(collection, parsed, search);
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const ids = async (rowsPlan: RowsPlan) => ((await rowsQuery(t.db, rowsPlan, where, plan.limit, plan.offset)) as Array<{ id: number }>).map((row) => row.id);
  const planned = planSearchTable(collection, parsed, search);
  const table = planned && { ...planned, postings: undefined };
  const plain = await ids(plan);
  const indexed = table ? await ids({ ...plan, searchTable: { ...table, unindexed: false } }) : plain;
  const unindexed = table ? await ids({ ...plan, searchTable: { ...table, unindexed: true } }) : plain;
  // One word: its postings. Several: each word's postings walked in turn, as far as they go, then with
  // so few walked (walkBound) that the read must fall back to the GIN index, or may; the other words
  // looked up per walked posting, or (`hashing`) hashed from the first posting or after three looked up
  // (read.ts: hashedGroups).
  const postingReads: RowsPlan['searchTable'][] = [];
  const postingPlan = planned?.postings;
  if (postingPlan?.groups.length === 1) postingReads.push({ ...planned!, unindexed: false });
  else if (postingPlan) {
    for (const [walk] of postingPlan.groups.entries()) {
      const hashed = postingPlan.groups.map((_, at) => at !== walk);
      const variants = hashing ? [{ hashed, hashAfter: 0 }, { hashed, hashAfter: 3 }] : [{}];
      for (const walkBound of hashing ? [undefined, 12] : [undefined, 2, 12]) {
        for (const variant of variants) postingReads.push({ ...planned!, postings: { ...postingPlan, walk, ...(walkBound ? { walkBound } : {}), ...variant }, unindexed: false });
      }
    }
  }
  const postings: Ids[] = [];
  for (const searchTable of postingReads) postings.push(await ids({ ...plan, searchTable }));
  const served = (await listItems(t.db, collection, parsed)).data.map((row) => row.id as number);
  return { plain, indexed, unindexed, postings, served, usesTable: !!table, usesPostings: !!planned?.postings };
}

/** Rows of item_search that differ from what the items say (both directions). */
async function mirrorDifferences(): Promise<number> {
  const result = (await t.db.execute(sql`
    select count(*)::int as n from (
      (select id, created_on, price_paise, archived_at is null, quantity > 0, strip(search_vector) from items
       except select item_id, created_on, price_paise, visible, in_stock, search_vector from item_search)
      union all
      (select item_id, created_on, price_paise, visible, in_stock, search_vector from item_search
       except select id, created_on, price_paise, archived_at is null, quantity > 0, strip(search_vector) from items)
    ) as differences`)) as unknown as { rows: Array<{ n: number }> };
  return result.rows[0]!.n;
}

// One word (read from item_terms' postings too), with spellings ('jhumki', 'lehnga'), corrections
// ('neckless'), a three-letter prefix ('ear'); hyphenated compounds, whole and as a prefix, which
// to_tsquery makes phrases (decisions/0075); and several words (each word's postings walked in turn).
const TEXTS = ['silk', 'saree', 'gold', 'jhumka', 'kundan set', 'red silk saree', 'banarsi saree', 'jhumki', 'neckless', 'ear', 'lehnga', 'SAREES', 'gold-plated', 'gold-plated kundan', 'kundan gold-pla'];
const EXTRA = ['', '&filter[quantity][_gt]=0', '&filter[price][_gte]=1000&filter[price][_lte]=20000', '&filter[quantity][_gt]=0&filter[price][_lt]=5000'];
const SORTS = ['', '&sort=price', '&sort=-price', '&sort=-created_on', '&sort=created_on'];
const PAGES = ['limit=10&offset=0', 'limit=5&offset=10', 'limit=3&offset=1'];
const HASHED_PAGES = ['limit=10&offset=0', 'limit=3&offset=1'];
/** The equivalence tests read every page several ways: minutes when CI runs the test files side by side on two cores. */
const EVERY_WAY_TIMEOUT_MS = 120_000;

describe('searches read through item_search', () => {
  it('answer the same rows in the same order as the plain read, by either path', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const text of TEXTS) {
      for (const extra of EXTRA) {
        for (const sort of SORTS) {
          for (const page of PAGES) {
            const query = `search=${encodeURIComponent(text)}${extra}${sort}&${page}`;
            const { plain, indexed, unindexed, postings, served, usesTable, usesPostings } = await readings(query);
            expect(usesTable, query).toBe(true);
            expect(usesPostings, query).toBe(true);
            expect(postings.length, query).toBe(text.includes(' ') ? 3 * text.split(' ').length : 1);
            for (const read of postings) expect(read, query).toEqual(plain);
            expect(indexed, query).toEqual(plain);
            expect(unindexed, query).toEqual(plain);
            expect(served, query).toEqual(plain);
            compared += 1;
            if (plain.length > 0) nonEmpty += 1;
          }
        }
      }
    }
    expect(compared).toBe(TEXTS.length * EXTRA.length * SORTS.length * PAGES.length);
    // The comparison means something only if most pages have rows.
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }, EVERY_WAY_TIMEOUT_MS);

  it('of several words, with the other words hashed, answer the same rows in the same order as the plain read', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const text of TEXTS.filter((text) => text.includes(' '))) {
      for (const extra of EXTRA) {
        for (const sort of SORTS) {
          for (const page of HASHED_PAGES) {
            const query = `search=${encodeURIComponent(text)}${extra}${sort}&${page}`;
            const { plain, postings } = await readings(query, true);
            expect(postings.length, query).toBe(4 * text.split(' ').length);
            for (const read of postings) expect(read, query).toEqual(plain);
            compared += 1;
            if (plain.length > 0) nonEmpty += 1;
          }
        }
      }
    }
    expect(compared).toBe(5 * EXTRA.length * SORTS.length * HASHED_PAGES.length);
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  }, EVERY_WAY_TIMEOUT_MS);

  it('reads item_search in the rows statement when it applies', async () => {
    const parsed = parseContentQuery('fields=id&search=silk&filter[price][_gte]=1000&sort=price&limit=10');
    const search = await resolveSearch(t.db, collection, 'silk');
    const plan = planRead(collection, parsed, search);
    const table = planSearchTable(collection, parsed, search)!;
    const text = (rowsPlan: RowsPlan) => t.db.select().from(items).where(rowsCondition(rowsPlan, undefined, 10, 0)).toSQL().sql;
    expect(text({ ...plan, searchTable: { ...table, unindexed: false } })).toContain('from "item_terms" as "item_search"');
    const withoutPostings = { ...table, postings: undefined };
    expect(text({ ...plan, searchTable: { ...withoutPostings, unindexed: false } })).toContain('from "item_search" where');
    expect(text({ ...plan, searchTable: { ...withoutPostings, unindexed: true } })).toContain('from ssd_item_search_matches(');
  });

  it('is not used when item_search cannot answer exactly', async () => {
    const cases = [
      // a hyphenated word whose part starts with a digit: the parser reads '-1' as a number, not as the part of a compound
      ['search=x-1', 'x-1'],
      ['search=6.3', '6.3'],
      // conditions item_search has no copy of
      ['search=silk&filter[catalog][_eq]=Sarees', 'silk'],
      ['search=silk&filter[quantity][_gt]=2', 'silk'],
      ['search=silk&filter[tags][_icontains]=bridal', 'silk'],
      ['search=silk&filter[_or][0][price][_lt]=100&filter[_or][1][price][_gt]=9000', 'silk'],
      // sorts it has no copy of, or more than one key
      ['search=silk&sort=title', 'silk'],
      ['search=silk&sort=price,-created_on', 'silk'],
    ] as const;
    for (const [query, text] of cases) {
      const parsed = parseContentQuery(query);
      const search = await resolveSearch(t.db, collection, text);
      expect(planSearchTable(collection, parsed, search), query).toBeUndefined();
    }
    const table = planSearchTable(collection, parseContentQuery('search=silk&filter[quantity][_gt]=0'), await resolveSearch(t.db, collection, 'silk'));
    expect(table).toBeDefined();
  });
});

describe('which other words a walk of several words hashes (read.ts hashedGroups)', () => {
  const postings = (counts: number[], walk: number) => ({ groups: counts.map(() => sql`true`), words: [], counts, walk });
  it('hashes a word whose postings are fewer than eight times the postings the walk is expected to read', () => {
    // 'red jhumka' on 100,000 products: red (5,214) walked, about 3,200 expected for 200 candidates; jhumka's 6,184 hashed.
    // Looked up for the first 773 (6,184 ÷ 8), where words that go together find theirs.
    expect(hashedGroups(postings([5_214, 6_184], 0), 200, 100_000)).toEqual({ hashed: [false, true], hashAfter: 773 });
    // 'gold plated': both past the count's cap (20,000); about 1,000 expected, 20,000 are too many to hash.
    expect(hashedGroups(postings([20_000, 20_000], 0), 200, 100_000)).toEqual({});
    // A first page of a sorted search needs fewer: 'pink banarasi' at offset 20 walks banarasi (5,557), pink (7,933) looked up.
    expect(hashedGroups(postings([7_933, 5_557], 1), 30, 100_000)).toEqual({});
    // The walk's bound caps what it may read (4,000 postings); the rarer other word is tested first, and only its
    // share of the walk reaches the next: a rare pair hashes only what that pays for.
    expect(hashedGroups(postings([100, 31_000], 0), 200, 100_000)).toEqual({});
    expect(hashedGroups(postings([100, 2_000, 30_000], 0), 200, 100_000)).toEqual({ hashed: [false, true, false], hashAfter: 250 });
    // One word, or no counts yet: nothing to hash.
    expect(hashedGroups({ ...postings([5_000], 0), walk: undefined }, 200, 100_000)).toEqual({});
  });
});

describe('when a search walks item_search newest first (read.ts fewMatches)', () => {
  it('walks once the estimated matches pass the crossover of the two reads, which grows with the rows a page needs', () => {
    // √(2.6 × rows × products): 100,000 products, a first page of 10, the 200 relevance candidates.
    expect(walkCrossover(10, 100_000)).toBeCloseTo(1612.5, 0);
    expect(walkCrossover(200, 100_000)).toBeCloseTo(7211.1, 0);
    // Never above the fixed threshold that applies to every other walk.
    expect(walkCrossover(1000, 100_000)).toBe(10_000);
  });

  it('uses the crossover only for one word (or its spellings) in creation order', async () => {
    const walkable = async (query: string, text: string) =>
      walkableSearch(planSearchTable(collection, parseContentQuery(query), await resolveSearch(t.db, collection, text)));
    expect(await walkable('search=silk', 'silk')).toBe(true);
    expect(await walkable('search=silk&sort=-created_on&filter[quantity][_gt]=0', 'silk')).toBe(true);
    expect(await walkable('search=lehnga', 'lehnga')).toBe(true);
    // Walked by price, a word's items are not spread evenly (lehengas are dear)...
    expect(await walkable('search=silk&sort=price', 'silk')).toBe(false);
    expect(await walkable('search=silk&sort=-price', 'silk')).toBe(false);
    // ...and several words' estimates take them as independent.
    expect(await walkable('search=kundan set', 'kundan set')).toBe(false);
    expect(await walkable('search=silk&filter[catalog][_eq]=Sarees', 'silk')).toBe(false);
  });
});

describe('item_search follows the items', () => {
  it('starts equal to the items, and stays equal through inserts, edits, stock, archiving and deletes', async () => {
    const count = (await t.db.execute(sql`select count(*)::int as n from item_search`)) as unknown as { rows: Array<{ n: number }> };
    const itemCount = ((await t.db.execute(sql`select count(*)::int as n from items`)) as unknown as { rows: Array<{ n: number }> }).rows[0]!.n;
    expect(itemCount).toBeGreaterThan(0);
    expect(count.rows[0]!.n).toBe(itemCount);
    expect(await mirrorDifferences()).toBe(0);

    const [item] = await t.db.select({ id: items.id, quantity: items.quantity }).from(items).where(sql`${items.quantity} > 0`).orderBy(items.id).limit(1);
    const id = item!.id;
    const row = async () =>
      ((await t.db.execute(sql`select price_paise, visible, in_stock, search_vector::text as words from item_search where item_id = ${id}`)) as unknown as {
        rows: Array<{ price_paise: number; visible: boolean; in_stock: boolean; words: string }>;
      }).rows[0];

    await t.db.update(items).set({ title: 'Zanzibar Test Weave' }).where(eq(items.id, id));
    expect((await row())!.words).toContain("'zanzibar'");
    await t.db.update(items).set({ price_paise: 123_45 }).where(eq(items.id, id));
    expect((await row())!.price_paise).toBe(12_345);
    await t.db.update(items).set({ quantity: 0 }).where(eq(items.id, id));
    expect((await row())!.in_stock).toBe(false);
    await t.db.update(items).set({ quantity: 3 }).where(eq(items.id, id));
    expect((await row())!.in_stock).toBe(true);
    await t.db.update(items).set({ archived_at: new Date() }).where(eq(items.id, id));
    expect((await row())!.visible).toBe(false);
    expect(await mirrorDifferences()).toBe(0);

    // What a search through item_search finds follows (by both of its paths; the service reads it so on
    // a large table): the archived item is not found, then is again once restored.
    const throughTable = async (query: string) => {
      const { indexed, unindexed, usesTable } = await readings(query);
      expect(usesTable).toBe(true);
      expect(indexed).toEqual(unindexed);
      return indexed;
    };
    const found = () => throughTable('search=zanzibar');
    expect(await found()).toEqual([]);
    await t.db.update(items).set({ archived_at: null }).where(eq(items.id, id));
    expect(await found()).toEqual([id]);

    const [copy] = await t.db.execute(sql`insert into items (title, shop, catalog, price_paise, thumbnail_image, quantity, tags)
      select 'Quokka Test Stole', shop, catalog, 500, thumbnail_image, 2, array['quokka'] from items where id = ${id} returning id`).then(
      (result) => (result as unknown as { rows: Array<{ id: number }> }).rows,
    );
    expect(await mirrorDifferences()).toBe(0);
    expect(await throughTable('search=quokka&sort=price')).toEqual([copy!.id]);
    await t.db.delete(items).where(eq(items.id, copy!.id));
    expect(await mirrorDifferences()).toBe(0);
    const left = (await t.db.execute(sql`select count(*)::int as n from item_search where item_id = ${copy!.id}`)) as unknown as { rows: Array<{ n: number }> };
    expect(left.rows[0]!.n).toBe(0);
  });
});
