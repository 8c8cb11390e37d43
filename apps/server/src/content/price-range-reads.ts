import { type SQL } from 'drizzle-orm';
import { and, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { items } from '../db/schema';
import { isRelation, publicField, type CollectionDef } from './collections';
import { inclusiveBound, INT4_MAX, INT4_MIN } from './filter-sql';
import { conditionPlannedAlike } from './plan-shapes';
import type { ContentQuery, FilterNode } from './query-parse';
import { orderByOf, sortKeys } from './sort-keys';

/**
 * A listing of items sorted by another column than the price (newest first) within a price range
 * (decisions/0094). PostgreSQL reads it one of two ways: walking the order's index and testing each price,
 * fast when the range holds many of the rows, or reading the range from a price index and sorting it,
 * fast when it holds few; the wrong one costs 10–100 times the right one. Planned for its values each run,
 * the planner chooses; planned once (decisions/0093), it cannot see the range. So the read chooses from a
 * kept sample of the prices under the rest of its filter (estimates.ts: listingPriceBand), and writes the
 * range so that a plan made without the values is the chosen one:
 * - `walk`: the upper bound as `price + 0 <= $hi`, an expression no index bounds, which the planner takes
 *   for a third of the rows like the lower bound, so it walks the order;
 * - `sort`: both bounds as parameters (a missing one as the int4 limit, which every price meets), and the
 *   order written so that no index gives it (sort-keys.ts: `unindexed`), so the plan reads the range from a
 *   price index and sorts. The bounds alone were not enough: a generic plan takes a pair of bounds for 0.5%
 *   of the rows, yet still walked the date index, whose entries carry the price (decisions/0068), reading
 *   every entry of a shop when its range held nothing (2–6 ms; decisions/0099).
 * Both are the same rows, in the same order, as the range as written.
 */
export interface PriceRangeRead {
  /** The filter without its price range conditions (undefined: none). */
  rest: SQL | undefined;
  /** Inclusive bounds in paise; null: unbounded on that side. */
  low: number | null;
  high: number | null;
  /**
   * A read through catalog branches (read.ts: readPriceRangeByCatalog): the filter without its price range
   * and without the branched `catalog _in`, to which each catalog's sample adds its own catalog, so that a
   * sample is kept per catalog, not per set of catalogs.
   */
  branched?: { rest: SQL | undefined };
  /** The read's collection and sort keys: a `sort` read writes them so that no index gives the order (priceRangeReadAs). */
  sorted: { collection: CollectionDef; keys: ContentQuery['sort'] };
}

/** A price range written for one way of reading it: its condition, and the order to read it in. */
export interface RangeReadAs {
  condition: SQL;
  orderBy: SQL[];
}

/**
 * The price range of a read that qualifies: items, sorted by another column than the price, no search, and
 * every other top-level condition one planned alike for any values (plan-shapes.ts). Undefined otherwise.
 * `compiled`: the SQL of the filter's top-level conjuncts (filter-sql.ts: compileConjuncts); `branchedField`:
 * the field of the `_in` whose values the read branches on (query-sql.ts: catalogBranches).
 */
export function priceRangeRead(collection: CollectionDef, query: ContentQuery, compiled: Map<FilterNode, SQL>, branchedField?: string): PriceRangeRead | undefined {
  if (collection.table !== items || query.search || query.sort.length === 0 || !query.filter) return undefined;
  const sorted = query.sort[0]!.field;
  const conjuncts = query.filter.type === 'and' ? query.filter.children : [query.filter];
  const ranges = conjuncts.filter((node) => isPriceRange(collection, node, sorted));
  if (ranges.length === 0) return undefined;
  const others = conjuncts.filter((node) => !ranges.includes(node));
  if (!others.every((node) => conditionPlannedAlike(collection, node, sorted))) return undefined;
  let low: number | null = null;
  let high: number | null = null;
  for (const node of ranges) {
    const bound = inclusiveBound('money', node as Extract<FilterNode, { type: 'condition' }>);
    if (!bound) return undefined;
    if ('low' in bound) low = Math.max(low ?? bound.low, bound.low);
    else high = Math.min(high ?? bound.high, bound.high);
  }
  // A bound beyond int4 is written as a constant by the filter (filter-sql.ts): left to the plain read.
  if ((low !== null && (low < INT4_MIN || low > INT4_MAX)) || (high !== null && (high < INT4_MIN || high > INT4_MAX))) return undefined;
  const joined = (nodes: FilterNode[]) => and(...nodes.map((node) => compiled.get(node)!));
  const range = { rest: joined(others), low, high, sorted: { collection, keys: query.sort } };
  if (branchedField === undefined) return range;
  const branchedIn = (node: FilterNode) => node.type === 'condition' && node.field === branchedField && node.operator === '_in';
  return { ...range, branched: { rest: joined(others.filter((node) => !branchedIn(node))) } };
}

function isPriceRange(collection: CollectionDef, node: FilterNode, sortedField: string): boolean {
  if (node.type !== 'condition' || node.field === sortedField || !['_gt', '_gte', '_lt', '_lte'].includes(node.operator)) return false;
  const field = publicField(collection.fields, node.field);
  return !!field && !isRelation(field) && field.column === items.price_paise;
}

/** The range and the order written for the chosen read (see PriceRangeRead); `orderBy`: the read's order as planned. */
export function priceRangeReadAs(range: PriceRangeRead, read: 'walk' | 'sort', orderBy: SQL[]): RangeReadAs {
  const price: PgColumn = items.price_paise;
  if (read === 'sort') {
    const unindexed = orderByOf(sortKeys(range.sorted.collection, range.sorted.keys, true));
    return { condition: sql`${price} >= ${range.low ?? INT4_MIN} and ${price} <= ${range.high ?? INT4_MAX}`, orderBy: unindexed };
  }
  const low = range.low === null ? undefined : sql`${price} >= ${range.low}`;
  const high = range.high === null ? undefined : sql`(${price} + 0) <= ${range.high}`;
  return { condition: and(low, high)!, orderBy };
}

/**
 * Walking entries of the order's index costs about a tenth of reading and sorting a match (on 100,000
 * products: 0.4 µs an entry walked, 4 µs a match sorted; docs/benchmarks.md, 2026-11-30). A walk reads about
 * rows × keyRows ÷ matches entries, the sort `matches`: walk when matches² ≥ WALK_TO_SORT × rows × keyRows.
 */
const WALK_TO_SORT = 0.1;

/** Whether to walk the order (else read the range and sort): `matches` expected in the range, `rows` the page needs (limit + offset), `keyRows` under the rest of the filter. */
export function walksTheOrder(matches: number, rows: number, keyRows: number): boolean {
  return matches * matches >= WALK_TO_SORT * rows * keyRows;
}
