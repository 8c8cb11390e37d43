import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { LRUCache } from 'lru-cache';
import type { Database } from '../db/client';
import { itemTerms, termVocabulary } from '../db/schema';
import type { CollectionDef } from './collections';

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

const dialect = new PgDialect();
const perDatabase = new WeakMap<object, LRUCache<string, number>>();

function estimatesOf(db: Database): LRUCache<string, number> {
  let cache = perDatabase.get(db);
  if (!cache) perDatabase.set(db, (cache = new LRUCache<string, number>({ max: MAX_ESTIMATES, ttl: ESTIMATE_TTL_MS })));
  return cache;
}

export async function estimatedRows(db: Database, collection: CollectionDef, condition: SQL): Promise<number> {
  const where = and(collection.visible, condition) ?? sql`true`;
  const query = dialect.sqlToQuery(where);
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
const postingsPerDatabase = new WeakMap<object, LRUCache<string, number>>();

/**
 * How many postings (item_terms, migration 0027) the vocabulary words that `group` picks have, up to
 * POSTINGS_COUNTED, remembered per database and `key` (the group's tsquery text, which `group` is built
 * from, so it is not compiled again per request) like the estimates above: a search of several words
 * walks the postings of its rarest word (search-table.ts). Only how a read is done depends on it.
 */
export async function postingsCount(db: Database, group: SQL, key: string): Promise<number> {
  let cache = postingsPerDatabase.get(db);
  if (!cache) postingsPerDatabase.set(db, (cache = new LRUCache<string, number>({ max: MAX_ESTIMATES, ttl: ESTIMATE_TTL_MS })));
  const known = cache.get(key);
  if (known !== undefined) return known;
  const result = (await db.execute(
    sql`select count(*)::int as n from (select 1 from ${itemTerms} where ${itemTerms.term} in (select ${termVocabulary.term} from ${termVocabulary} where ${group}) limit ${sql.raw(String(POSTINGS_COUNTED))}) as counted`,
  )) as unknown as { rows?: Array<{ n: number | string }> };
  const counted = Number(result.rows?.[0]?.n ?? 0);
  cache.set(key, counted);
  return counted;
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
const bandsPerDatabase = new WeakMap<object, LRUCache<string, PriceBand>>();

/**
 * How a search's visible matches spread over prices (item_search, migration 0024), from the first
 * PRICE_SAMPLE matches in the table's order (creation, not price), remembered per database and tsquery
 * like the estimates above, and like them used only to choose how a read is done. The planner multiplies
 * a word's share by a price range's as if independent; a word's items often sit in one price band
 * (bracelets are cheap), so a range they miss was expected to match thousands.
 */
export async function priceBand(db: Database, query: SQL, text: string): Promise<PriceBand> {
  let cache = bandsPerDatabase.get(db);
  if (!cache) bandsPerDatabase.set(db, (cache = new LRUCache<string, PriceBand>({ max: MAX_ESTIMATES, ttl: ESTIMATE_TTL_MS })));
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
