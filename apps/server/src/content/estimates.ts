import { sql, type SQL } from 'drizzle-orm';
import { and } from './sql-template';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { itemTerms, termVocabulary } from '../db/schema';
import type { CollectionDef } from './collections';
import { textArray, type FilterForm } from './filter-sql';
import { toQuery } from './sql-text';

/**
 * The planner's estimate of how many visible rows a condition keeps (EXPLAIN, not run), remembered
 * per database and condition. An estimate only chooses how a read is done (read.ts: which index
 * orders a sorted read), never what it answers, so an old one is harmless: it comes from the
 * table's statistics, which change only when ANALYZE runs, and is asked again after ESTIMATE_TTL_MS.
 * Conditions repeat far more than whole requests (the same tags and search words under every price
 * range and page), so a cold request seldom waits for one.
 */

const ESTIMATE_TTL_MS = 10 * 60 * 1000;
const MAX_ESTIMATES = 10_000;

/** One remembered cache per database handle: MAX_ESTIMATES entries, each asked again after ESTIMATE_TTL_MS. */
function keptPerDatabase<Value extends object | number>(): (db: Database) => LRUCache<string, Value> {
  const caches = new WeakMap<object, LRUCache<string, Value>>();
  return (db) => {
    let cache = caches.get(db);
    if (!cache) caches.set(db, (cache = new LRUCache<string, Value>({ max: MAX_ESTIMATES, ttl: ESTIMATE_TTL_MS })));
    return cache;
  };
}

const estimatesOf = keptPerDatabase<number>();

export async function estimatedRows(db: Database, collection: CollectionDef, condition: SQL): Promise<number> {
  const where = and(collection.visible, condition) ?? sql`true`;
  const query = toQuery(where);
  const key = `${collection.name}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
  const cache = estimatesOf(db);
  const known = cache.get(key);
  if (known !== undefined) return known;
  const result = (await db.execute(sql`explain (format json) select 1 from ${collection.table} where ${where}`)) as unknown as {
    rows?: Array<Record<string, unknown>>;
  };
  let explained = result.rows?.[0]?.['QUERY PLAN'];
  if (typeof explained === 'string') explained = JSON.parse(explained);
  const rows = (explained as Array<{ Plan?: { 'Plan Rows'?: number } }> | undefined)?.[0]?.Plan?.['Plan Rows'];
  const estimate = typeof rows === 'number' ? rows : Number.POSITIVE_INFINITY;
  cache.set(key, estimate);
  return estimate;
}

/** Postings counted at most, to compare the words of a search: more is as good as many. */
const POSTINGS_COUNTED = 20_000;
const postingsOf = keptPerDatabase<number>();

/** The words of one group of a search as item_terms is asked for them: whole words, and prefixes. */
export interface PostingWords {
  exact: string[];
  prefixes: string[];
}

/**
 * Per group, how many postings (item_terms, migration 0027) its words have, up to POSTINGS_COUNTED: a
 * search of several words walks the postings of its rarest group (search-table.ts), and a group with none
 * matches nothing (read.ts). Counted per word and per prefix, each remembered per database like the
 * estimates above, so that a group seen for the first time — a misspelt word beside its corrections,
 * `('mirrr':* | 'mirror')` — asks only for what is new (here the prefix), and the words that are not new
 * are never counted twice; all that is new in one statement. A group's count is the sum of its words'
 * (a word that a prefix of the same group also covers counts twice: only the order of groups, and zero,
 * are used). Only how a read is done depends on it.
 */
export async function postingsCounts(db: Database, groups: PostingWords[]): Promise<number[]> {
  const cache = postingsOf(db);
  const exact = new Set<string>();
  const prefixes = new Set<string>();
  for (const group of groups) {
    for (const word of group.exact) if (!cache.has(`=${word}`)) exact.add(word);
    for (const prefix of group.prefixes) if (!cache.has(`*${prefix}`)) prefixes.add(prefix);
  }
  if (exact.size + prefixes.size > 0) {
    const limit = sql.raw(String(POSTINGS_COUNTED));
    const counted = (postings: SQL) => sql`(select count(*)::int from (select 1 from ${itemTerms} where ${postings} limit ${limit}) as counted)`;
    const result = (await db.execute(sql`
      select '=' || word as piece, ${counted(sql`${itemTerms.term} = word`)} as n from unnest(${textArray([...exact])}) as word
      union all
      select '*' || prefix, ${counted(sql`${itemTerms.term} in (select ${termVocabulary.term} from ${termVocabulary} where starts_with(${termVocabulary.term}, prefix))`)}
      from unnest(${textArray([...prefixes])}) as prefix`)) as unknown as { rows?: Array<{ piece: string; n: number | string }> };
    for (const row of result.rows ?? []) cache.set(row.piece, Number(row.n));
  }
  return groups.map((group) => {
    const pieces = [...group.exact.map((word) => `=${word}`), ...group.prefixes.map((prefix) => `*${prefix}`)];
    return Math.min(POSTINGS_COUNTED, pieces.reduce((sum, piece) => sum + (cache.get(piece) ?? 0), 0));
  });
}

/** Price quantiles of a search's matches, from a sample of them: 0, 5%, …, 100% (paise). */
export interface PriceBand {
  /** How many matches the sample holds (0: none match). */
  sampled: number;
  quantiles: number[];
}

const PRICE_QUANTILES = 20;
/** Matches read for the quantiles: enough for 5% steps, and a fixed cost however common the word. */
const PRICE_SAMPLE = 2000;
const bandsOf = keptPerDatabase<PriceBand>();

/**
 * How a search's visible matches spread over prices (item_search, migration 0024), from the first
 * PRICE_SAMPLE matches in the table's order (creation, not price), remembered per database and tsquery
 * like the estimates above, and like them used only to choose how a read is done. The planner multiplies
 * a word's share by a price range's as if independent; a word's items often sit in one price band
 * (bracelets are cheap), so a range they miss was expected to match thousands.
 */
export async function priceBand(db: Database, query: SQL, text: string): Promise<PriceBand> {
  const cache = bandsOf(db);
  const known = cache.get(text);
  if (known) return known;
  const result = (await db.execute(
    sql`select price_paise from item_search where visible and search_vector @@ ${query} limit ${sql.raw(String(PRICE_SAMPLE))}`,
  )) as unknown as { rows?: Array<{ price_paise: number | string }> };
  const prices = (result.rows ?? []).map((row) => Number(row.price_paise)).sort((a, b) => a - b);
  const quantiles = prices.length === 0 ? [] : Array.from({ length: PRICE_QUANTILES + 1 }, (_, i) => prices[Math.round((i / PRICE_QUANTILES) * (prices.length - 1))]!);
  const band = { sampled: prices.length, quantiles };
  cache.set(text, band);
  return band;
}

/**
 * How the visible rows meeting `condition` (a listing's filter without its price range) spread over prices,
 * and about how many there are, remembered per database and condition like priceBand (read.ts: a listing by
 * date within a price range chooses how it is read from them, decisions/0094). Read from a random sample of
 * the table's pages (TABLESAMPLE SYSTEM, about LISTING_SAMPLE_ROWS rows of `tableRows`), not from its first
 * rows: a table's order follows how it was filled (on the bench database the first 2,000 fabrics in stock all
 * cost ₹1,199–1,899, of 51,743 priced up to ₹1,20,000).
 */
export async function listingPriceBand(db: Database, collection: CollectionDef, condition: SQL | undefined, tableRows: number): Promise<{ band: PriceBand; rows: number }> {
  const where = and(collection.visible, condition) ?? sql`true`;
  const query = toQuery(where);
  const key = `listing\u0000${collection.name}\u0000${query.sql}\u0000${JSON.stringify(query.params)}`;
  const percent = Math.min(100, Math.max(0.01, (100 * LISTING_SAMPLE_ROWS) / Math.max(1, tableRows)));
  const cache = listingBandsOf(db);
  let band = cache.get(key);
  if (!band) {
    // The quantiles are taken in the database: one row comes back, whatever the sample's size.
    const fractions = sql.raw(`array[${Array.from({ length: PRICE_QUANTILES + 1 }, (_, i) => (i / PRICE_QUANTILES).toFixed(2)).join(', ')}]::float8[]`);
    const result = (await db.execute(sql`
      select count(*)::int as sampled, percentile_disc(${fractions}) within group (order by price_paise) as quantiles
      from ${collection.table} tablesample system (${sql.raw(percent.toFixed(4))}) where ${where}`)) as unknown as {
      rows?: Array<{ sampled: number | string; quantiles: Array<number | string> | null }>;
    };
    const row = result.rows?.[0];
    const sampled = Number(row?.sampled ?? 0);
    band = { sampled, quantiles: sampled === 0 ? [] : (row?.quantiles ?? []).map(Number) };
    cache.set(key, band);
  }
  return { band, rows: Math.round((band.sampled * 100) / percent) };
}

const listingBandsOf = keptPerDatabase<PriceBand>();

/** Rows a listing's price sample reads (listingPriceBand): every page of a table up to this size. */
const LISTING_SAMPLE_ROWS = 3_000;

/** The share of a band's matches priced within [low, high] (linear within each quantile step). */
export function shareInRange(band: PriceBand, low: number, high: number): number {
  const q = band.quantiles;
  if (band.sampled === 0 || q.length < 2) return 0;
  let share = 0;
  for (let i = 0; i + 1 < q.length; i++) {
    const [from, to] = [q[i]!, q[i + 1]!];
    if (to === from) share += from >= low && from <= high ? 1 : 0;
    else share += Math.max(0, Math.min(to, high) - Math.max(from, low)) / (to - from);
  }
  return share / (q.length - 1);
}

/**
 * Fewer visible rows than this (the planner's estimate) make a small table, such as the demo store's
 * 96 products: every read of it is fast, however it is done.
 */
export const SMALL_TABLE = 10_000;

/** The visible rows of a collection by the remembered estimate, and the form its reads are planned in (filter-sql.ts: FilterForm). */
export interface TableSize {
  total: number;
  form: FilterForm;
}

const tableSizesOf = keptPerDatabase<TableSize>();

/**
 * How large `collection` is, asked once per read: small below SMALL_TABLE. Kept by collection name like the
 * estimate it comes from, so that a read does not write the estimate's condition to find it (2% of a cold
 * listing's server CPU, docs/benchmarks.md, 2026-11-30).
 */
export async function tableSize(db: Database, collection: CollectionDef): Promise<TableSize> {
  const sizes = tableSizesOf(db);
  let size = sizes.get(collection.name);
  if (!size) {
    const total = await estimatedRows(db, collection, sql`true`);
    sizes.set(collection.name, (size = { total, form: { smallTable: total < SMALL_TABLE } }));
  }
  return size;
}
