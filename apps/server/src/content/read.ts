import { eq, inArray, type SQL } from 'drizzle-orm';
import { and, asc, desc, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { itemSearch } from '../db/schema';
import { isRelation, publicField, toPublicValue, type CollectionDef, type RelationField } from './collections';
import { checkParameters } from './budget';
import { itemNotFound } from './errors';
import type { ContentQuery } from './query-parse';
import { MAX_BRANCH_ROWS, planRead, type OutputField, type ReadPlan } from './query-sql';
import { INT4_MAX, type FilterForm } from './filter-sql';
import { estimatedRows, listingPriceBand, postingsCounts, priceBand, shareInRange, tableSize, type TableSize } from './estimates';
import { priceRangeReadAs, walksTheOrder, type PriceRangeRead, type RangeReadAs } from './price-range-reads';
import { LEXICON_ROWS, type Lexicon } from './lexicon';
import { NO_SEARCH_AIDS, planSearch, resolveSearch, someWordUnknown, spellingSuggestion, tsQueryOnce, typoFallback, type SearchAids, type SearchPlan } from './search';
import { tagBranchesCondition } from './tag-branches';
import { branchSelection, pageOfBranches } from './branch-page';
import { firstMatchCondition, planSearchTable, searchTableCondition, walkBound, type SearchTable } from './search-table';
import { compileRows, runPage, runsCompiled } from './statements';
import { parameterCount } from './sql-text';

/**
 * The reads of the content service, one straight pipeline: parse (query-parse.ts) → plan
 * (query-sql.ts, search.ts; no database query) → choose the access path (a remembered planner
 * estimate, estimates.ts) → run → shape. Per request: one SQL query for the rows (WHERE, ORDER BY,
 * LIMIT/OFFSET in SQL), at most one for the related rows of all of them (images), and one count
 * query only when `meta` asks for it. Never one query per row. A search whose page comes back empty
 * is checked once for the typo fallback (search.ts), and read again only if that applies.
 */

type Row = Record<string, unknown>;

export interface ListMeta {
  total_count?: number;
  filter_count?: number;
  /** `meta=suggestion`: a spelling the store knows for a search that matches nothing as typed, else null (search.ts). */
  suggestion?: string | null;
}

export interface ListResult {
  data: Row[];
  meta?: ListMeta;
}

/**
 * A read plan, and for a search whose first matches item_search can find (search-table.ts) how: with
 * `unindexed`, all matches through its GIN index and sorted (few matches), else walking its order's index.
 */
export type RowsPlan = ReadPlan & { searchTable?: SearchTable & { unindexed: boolean } };

/**
 * The statement that reads one page of rows, refused before it is sent when it has more bind
 * parameters than the budget allows (budget.ts; PostgreSQL's own limit is 65,535). The counts of
 * `meta` read the same condition with fewer parameters, so this check covers them too.
 */
export function rowsQuery(db: Database, plan: RowsPlan, where: SQL | undefined, limit: number, offset: number) {
  const parts = rowsParts(plan, where, limit, offset);
  checkParameters(statementParameters(parts.condition, parts.ordered, parts.offset));
  let query = db.select(plan.selection).from(plan.collection.table).where(parts.condition).orderBy(...parts.orderBy).limit(limit).$dynamic();
  if (parts.offset > 0) query = query.offset(parts.offset);
  return query;
}

/**
 * The WHERE, ORDER BY and OFFSET of the rows statement (`ordered`: without the deep relevance page's
 * first key). Catalog and tag branches take the page themselves, so the statement then has no offset.
 */
export function rowsParts(plan: RowsPlan, where: SQL | undefined, limit: number, offset: number) {
  const condition = rowsCondition(plan, where, limit, offset);
  // The search table's first rows are at most offset+limit: sorted, not found walking items' sort index.
  const ordered = readsSearchTable(plan, limit, offset) && plan.sortProbe ? plan.sortProbe.unindexedOrderBy : plan.orderBy;
  const orderBy = deepRelevancePage(plan, limit, offset) ? [desc(inCandidates(plan, where)), ...ordered] : ordered;
  const pageTaken = readsTagBranches(plan, limit, offset) || readsCatalogBranches(plan, limit, offset) || readsPageKeysFirst(plan, limit, offset);
  return { condition, ordered, orderBy, offset: pageTaken ? 0 : offset };
}

/**
 * The WHERE of the rows statement: `where`, read per catalog when the plan has branches, or only
 * among the relevance candidates when the page lies within them.
 */
export function rowsCondition(plan: RowsPlan, where: SQL | undefined, limit: number, offset: number): SQL | undefined {
  if (plan.relevance && limit > 0 && !deepRelevancePage(plan, limit, offset)) {
    if (plan.searchTable) return and(searchTableCondition(plan.searchTable, RELEVANCE_CANDIDATES, plan.searchTable.unindexed), testedOnly(where));
    return inCandidates(plan, where);
  }
  if (readsSearchTable(plan, limit, offset)) return and(searchTableCondition(plan.searchTable!, limit + offset, plan.searchTable!.unindexed), testedOnly(where));
  if (readsTagBranches(plan, limit, offset)) return and(tagBranchesCondition(plan.tagBranches!, limit, offset), testedOnly(where));
  if (readsCatalogBranches(plan, limit, offset)) return branchedCondition(plan, where, plan.branches!, limit, offset);
  if (readsPageKeysFirst(plan, limit, offset)) return pageKeysCondition(plan, where, limit, offset);
  return where;
}

/**
 * Whether a plain read of a large table finds its page's keys first (pageKeysCondition): every page past
 * the first that no branches or postings take. Not a search ranked by relevance (its candidates are
 * found their own way), nor a small table, whose reads are cheap however written and planned faster plain.
 */
function readsPageKeysFirst(plan: RowsPlan, limit: number, offset: number): boolean {
  if (offset === 0 || limit === 0 || plan.smallTable || plan.relevance) return false;
  return !readsSearchTable(plan, limit, offset) && !readsTagBranches(plan, limit, offset) && !readsCatalogBranches(plan, limit, offset);
}

/**
 * `key = any(array(the page's keys))`: the page found selecting only the key, so that the rows it skips
 * (the offset) are read from a listing index alone, which carries what the filter and the order read
 * (schema.ts, decisions/0084); only the page's own rows are then read from the table. A shop's page at
 * offset 470 walked 481 rows of the table (3.7 ms) and reads 481 index entries instead (1.7 ms); over the
 * cold shop listings, PostgreSQL's CPU per request fell by a quarter (docs/benchmarks.md, 2026-11-29).
 * Same rows, same order: one statement, one snapshot, and the order ends with the key.
 */
function pageKeysCondition(plan: RowsPlan, where: SQL | undefined, limit: number, offset: number): SQL {
  const key = plan.selection[plan.collection.primaryKey] as PgColumn;
  const page = sql`select ${key} from ${plan.collection.table} where ${where ?? sql`true`} order by ${sql.join(plan.orderBy, sql`, `)} limit ${limit} offset ${offset}`;
  return sql`${key} = any(array(${page}))`;
}

/**
 * The WHERE of a read whose keys already come from branches or postings (at most a page's worth, each
 * found meeting the filter): kept as a test of those rows, so the page stays exactly the plain read's,
 * but written so that the planner matches it to no index and estimates none of its patterns. Planning
 * a tag set's read spent half its time estimating `tags _icontains` patterns against the trigram
 * index's statistics (0.6 ms, 0.3 ms without: docs/benchmarks.md, 2026-11-29), to choose a path the
 * keys make pointless.
 */
function testedOnly(where: SQL | undefined): SQL | undefined {
  return where && sql`coalesce(${where}, false)`;
}

/**
 * How many matches of a search are ranked: the newest this many (after filters), ordered by
 * relevance; matches beyond them follow, ranked among themselves. Ranking every match of a common
 * word ('pearl': 11,000 of 100,000 products) cost 100–200 ms; these are found walking the newest-first
 * index and ranked in a few. A shopper pages through 20 pages of 10 before reaching the rest.
 */
export const RELEVANCE_CANDIDATES = 200;

function deepRelevancePage(plan: ReadPlan, limit: number, offset: number): boolean {
  return !!plan.relevance && limit + offset > RELEVANCE_CANDIDATES;
}

/**
 * `key in (the RELEVANCE_CANDIDATES newest rows of where)`; the limit is a constant, written in the
 * SQL. coalesce(newest) orders as newest but matches no index (ReadPlan.relevance.unindexed).
 */
function inCandidates(plan: ReadPlan, where: SQL | undefined): SQL {
  const { newest, unindexed } = plan.relevance!;
  const key = plan.selection[plan.collection.primaryKey] as PgColumn;
  const order = unindexed ? sql`coalesce(${newest})` : sql`${newest}`;
  const candidates = sql`select ${key} from ${plan.collection.table} where ${where ?? sql`true`} order by ${order} desc, ${asc(key)} limit ${sql.raw(String(RELEVANCE_CANDIDATES))}`;
  return sql`${key} in (${candidates})`;
}

/**
 * How many bind parameters the rows statement has: those of its WHERE and ORDER BY (its columns
 * and table have none), then LIMIT and OFFSET. Exactly what the finished statement has (tested:
 * content-budget.test.ts), for a third of the cost of building the whole statement twice.
 */
export function statementParameters(where: SQL | undefined, orderBy: SQL[], offset: number): number {
  const parameterized = sql.join(where ? [where, ...orderBy] : orderBy, sql` `);
  return parameterCount(parameterized) + 1 + (offset > 0 ? 1 : 0);
}

/**
 * The page's rows: compiled to text once and sent straight to the client (statements.ts); inside a
 * transaction, through drizzle's builder (rowsQuery), the same SQL.
 */
async function selectRows(db: Database, plan: RowsPlan, where: SQL | undefined, limit: number, offset: number): Promise<Row[]> {
  return (await selectPage(db, plan, where, limit, offset)).rows;
}

/**
 * selectRows, and with `check` whether any row of the table meets it, answered by the same statement
 * (statements.ts: compileRows); undefined when it was not asked (no check, or inside a transaction).
 */
async function selectPage(db: Database, plan: RowsPlan, where: SQL | undefined, limit: number, offset: number, check?: SQL): Promise<{ rows: Row[]; check?: boolean }> {
  if (!runsCompiled(db)) return { rows: (await rowsQuery(db, plan, where, limit, offset)) as Row[] };
  const parts = rowsParts(plan, where, limit, offset);
  const compiled = compileRows(plan.collection.table, plan.selection, parts.condition, parts.orderBy, limit, parts.offset, check);
  return runPage(db, plan.plannedAlike && !check && limit + offset <= MAX_PIPELINED_ROWS ? { ...compiled, plannedAlike: true } : compiled);
}

/**
 * The deepest page (offset + limit) a statement planned alike for any values is sent on the pipelined
 * connection with (db/generic-plans.ts): within the branches' bound its work is bounded too (0.1–1.6 ms on
 * 100,000 products), where a page at offset 100,000 walks 100,000 index entries and would hold up every
 * short read queued behind it. Deeper pages are sent on the pool, planned for their values.
 */
export const MAX_PIPELINED_ROWS = MAX_BRANCH_ROWS;

/** Whether a sorted search's page is read from its first offset+limit matches in item_search (search-table.ts). */
function readsSearchTable(plan: RowsPlan, limit: number, offset: number): boolean {
  return !!plan.searchTable && !plan.relevance && limit > 0 && limit + offset <= MAX_BRANCH_ROWS;
}

/** Whether a page is read through the catalog branches (branchedCondition). */
function readsCatalogBranches(plan: ReadPlan, limit: number, offset: number): boolean {
  return !!plan.branches && limit > 0 && limit + offset <= MAX_BRANCH_ROWS;
}

/** Whether a page is read through the tag branches (tag-branches.ts). */
function readsTagBranches(plan: ReadPlan, limit: number, offset: number): boolean {
  return !!plan.tagBranches && limit > 0 && limit + offset <= MAX_BRANCH_ROWS;
}

/**
 * `catalog _in (a, b)` sorted by another column: PostgreSQL 15 cannot read the (catalog, price)
 * index in price order for two catalogs at once, so it walks the price index filtering on the
 * catalog, deep when the catalogs are dear (or cheap) ones. Instead: the first offset+limit keys of
 * each catalog with their sort values, each read in order from its own index range, and the page's keys
 * are taken from those (branch-page.ts; the page's rows are among them, since every order ends with the
 * primary key). Each branch applies the whole WHERE, so the outer read needs none. Same rows, same order.
 *
 * A small filter is read per catalog as a UNION ALL (unionFits); a larger one as one LATERAL
 * subquery run once per catalog value, so the filter is written (and sent) once whatever the number
 * of catalogs: beyond MAX_UNION_PARAMETERS the statement grows with the filter, never with filter × catalogs.
 * A listing by date within a price range whose branches choose their reads (`branches.ranged`) writes each
 * branch's WHERE itself, the same rows as `where`'s, always as a UNION ALL (readPriceRangeByCatalog checked it fits).
 */
function branchedCondition(plan: ReadPlan, where: SQL | undefined, branches: NonNullable<ReadPlan['branches']>, limit: number, offset: number): SQL {
  const table = plan.collection.table;
  const key = plan.selection[plan.collection.primaryKey] as PgColumn;
  const selection = branchSelection(key, branches.keys);
  const orderBy = sql.join(plan.orderBy, sql`, `);
  const rows = limit + offset;
  const { ranged } = branches;
  // A listing by date within a price range: each catalog reads the range its own way (readPriceRangeByCatalog).
  const branchWhere = (value: string, at: number) =>
    ranged ? and(ranged.where, sql`${branches.column} = ${value}`, ranged.ranges[at]!.condition) : and(where, sql`${branches.column} = ${value}`);
  const branchOrder = (at: number) => (ranged ? sql.join(ranged.ranges[at]!.orderBy, sql`, `) : orderBy);
  // A row has one catalog: the branches never meet, so their rows need no DISTINCT.
  let found: SQL;
  if (ranged || unionFits(where, branches.values.length)) {
    const perValue = branches.values.map((value, at) => sql`(select ${selection} from ${table} where ${branchWhere(value, at)} order by ${branchOrder(at)} limit ${rows})`);
    found = sql.join(perValue, sql` union all `);
  } else {
    const values = sql.join(
      branches.values.map((value) => sql`(${value}::text)`),
      sql`, `,
    );
    const perValue = sql`select ${selection} from ${table} where ${and(where, sql`${branches.column} = branch_value.value`)} order by ${orderBy} limit ${rows}`;
    found = sql`select branch.* from (values ${values}) as branch_value(value) cross join lateral (${perValue}) as branch`;
  }
  return sql`${key} = any(array(${pageOfBranches(found, branches.keys, limit, offset)}))`;
}

/**
 * Above this many bind parameters the branches are one LATERAL read (the filter sent once), not a
 * UNION ALL: a shopper's listing (catalogs, stock, a price range) sends 5 to 10 per catalog, so the
 * repetition stays bounded and a large filter is still written once.
 */
const MAX_UNION_PARAMETERS = 64;

/**
 * Whether the branches can be written as one read per catalog, each with its catalog as a value
 * (UNION ALL): planned per catalog, each branch takes the index its own catalog's prices and stock
 * call for (a catalog whose items are all cheaper than the price range reads nothing, where the
 * LATERAL form, planned once for every catalog, walked its whole date index). The filter is then sent
 * once per catalog, so only while that stays small (the budget, budget.ts, counts the statement).
 */
function unionFits(where: SQL | undefined, values: number): boolean {
  const perBranch = where ? parameterCount(where) + 2 : 2;
  return perBranch * values <= MAX_UNION_PARAMETERS;
}

/** The related rows of every parent in one query, grouped by parent key in the relation's order. */
async function relatedRows(db: Database, relation: RelationField, parentKeys: unknown[], subfields: string[] | null): Promise<Map<unknown, unknown[]>> {
  const grouped = new Map<unknown, unknown[]>();
  if (parentKeys.length === 0) return grouped;
  const names = subfields ?? [relation.primaryKey];
  const selection: Record<string, PgColumn> = { parent_key: relation.foreignKey };
  for (const name of names) {
    const field = publicField(relation.fields, name);
    if (field && !isRelation(field)) selection[`f_${name}`] = field.column;
  }
  const rows = (await db
    .select(selection)
    .from(relation.table)
    .where(inArray(relation.foreignKey, parentKeys))
    .orderBy(asc(relation.foreignKey), ...relation.order.map((column) => asc(column)))) as Row[];
  for (const row of rows) {
    let value: unknown;
    if (subfields === null) {
      value = row[`f_${relation.primaryKey}`];
    } else {
      const entry: Row = {};
      for (const name of subfields) {
        const field = relation.fields[name];
        if (field) entry[name] = toPublicValue(field.kind, row[`f_${name}`]);
      }
      value = entry;
    }
    const list = grouped.get(row.parent_key) ?? [];
    list.push(value);
    grouped.set(row.parent_key, list);
  }
  return grouped;
}

/** Rows as the API shows them: requested fields only, in order, values converted, relations attached. */
async function shape(db: Database, plan: ReadPlan, rows: Row[]): Promise<Row[]> {
  const primaryKey = plan.collection.primaryKey;
  const related = new Map<string, Map<unknown, unknown[]>>();
  for (const entry of plan.output) {
    if (entry.type === 'relation') {
      related.set(entry.name, await relatedRows(db, entry.relation, rows.map((row) => row[primaryKey]), entry.subfields));
    }
  }
  return rows.map((row) => {
    const out: Row = {};
    for (const entry of plan.output as OutputField[]) {
      if (entry.type === 'scalar') out[entry.name] = toPublicValue(entry.field.kind, row[entry.name]);
      else out[entry.name] = related.get(entry.name)?.get(row[primaryKey]) ?? [];
    }
    return out;
  });
}

async function countRows(db: Database, plan: ReadPlan, meta: ContentQuery['meta']): Promise<ListMeta> {
  const table = plan.collection.table;
  const result: ListMeta = {};
  if (!meta.totalCount && !meta.filterCount) return result;
  if (meta.totalCount && meta.filterCount && plan.condition) {
    // Both counts in one pass over the visible rows.
    const [row] = await db
      .select({
        total: sql<number>`count(*)`.mapWith(Number),
        filtered: sql<number>`count(*) filter (where ${plan.condition})`.mapWith(Number),
      })
      .from(table)
      .where(plan.visible);
    result.total_count = row?.total ?? 0;
    result.filter_count = row?.filtered ?? 0;
    return result;
  }
  const count = async (where: SQL | undefined) => {
    const [row] = await db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(table).where(where);
    return row?.n ?? 0;
  };
  if (meta.totalCount) result.total_count = await count(plan.visible);
  if (meta.filterCount) {
    result.filter_count = plan.condition || result.total_count === undefined ? await count(and(plan.visible, plan.condition)) : result.total_count;
  }
  return result;
}

/** Below this many estimated matches, a sorted read of a search or tags filter reads its matches by their inverted index and sorts them. */
const SMALL_MATCH_SET = 10_000;

/**
 * The access path: a sort over a search or tags filter walks the sort column's index testing each
 * row — fast when matches are common (found early), slow when they are few — so few matches are read
 * through their inverted index and sorted instead (ReadPlan.sortProbe). Same rows, same order.
 * A threshold that falls with the rows a walk needs was dropped once (0047): the walk also tests the
 * rest of the filter, and a price range the search's items miss made it read the whole date index.
 * Price ranges are now judged by the search's price band (fewInPriceRange), so one-word searches in
 * creation order use the cost crossover (fewMatches, walkableSearch; decisions/0052, amendment).
 */
async function choosePath(db: Database, plan: ReadPlan, table: TableSize, searchTable?: SearchTable, everyMatchRanked = false): Promise<RowsPlan> {
  if (plan.smallTable) return readPlainly(plan, everyMatchRanked);
  if (plan.priceRange) return readPriceRange(db, plan, plan.priceRange, table.total);
  const { total } = table;
  // A search's matches come from its words' postings in the read's order, however many it has: one
  // word's read whole, or the rarest word's walked testing the others (decisions/0071).
  if (searchTable?.postings) {
    const postings = await walkedWord(db, searchTable.postings);
    const rows = plan.relevance ? RELEVANCE_CANDIDATES : plan.limit + plan.offset;
    return { ...plan, searchTable: { ...searchTable, postings: { ...postings, ...hashedGroups(postings, rows, total) }, unindexed: false } };
  }
  if (plan.relevance) {
    const few = await fewMatches(db, plan.collection, plan.relevance.probe, total, walkableSearch(searchTable) ? RELEVANCE_CANDIDATES : undefined);
    const chosen = few ? { ...plan, relevance: { ...plan.relevance, unindexed: true } } : plan;
    return searchTable ? { ...chosen, searchTable: { ...searchTable, unindexed: few || (await fewInPriceRange(db, plan, searchTable, RELEVANCE_CANDIDATES)) } } : chosen;
  }
  if (!plan.sortProbe || readsTagBranches(plan, plan.limit, plan.offset)) return plan;
  const few = await fewMatches(db, plan.collection, plan.sortProbe.probe, total, walkableSearch(searchTable) ? plan.limit + plan.offset : undefined);
  const chosen = few ? { ...plan, orderBy: plan.sortProbe.unindexedOrderBy } : plan;
  return searchTable ? { ...chosen, searchTable: { ...searchTable, unindexed: few || (await fewInPriceRange(db, plan, searchTable, plan.limit + plan.offset)) } } : chosen;
}

/**
 * A listing by date within a price range, read walking the dates or reading the range and sorting, as the
 * kept sample of prices under the rest of its filter says (price-range-reads.ts, decisions/0094).
 */
async function readPriceRange(db: Database, plan: ReadPlan, range: PriceRangeRead, tableRows: number): Promise<RowsPlan> {
  if (range.branched) return plan.branches && readsCatalogBranches(plan, plan.limit, plan.offset) ? readPriceRangeByCatalog(db, plan, range, tableRows) : plan;
  const chosen = await chosenPriceRange(db, plan, range, range.rest, tableRows);
  return { ...plan, condition: and(range.rest, chosen.condition), orderBy: chosen.orderBy, plannedAlike: true };
}

/** The price range and order written for the read its sample chooses, the sample being of the visible rows meeting `rest`. */
async function chosenPriceRange(db: Database, plan: ReadPlan, range: PriceRangeRead, rest: SQL | undefined, tableRows: number): Promise<RangeReadAs> {
  const { band, rows: keyRows } = await listingPriceBand(db, plan.collection, rest, tableRows);
  const matches = keyRows * shareInRange(band, range.low ?? Number.NEGATIVE_INFINITY, range.high ?? Number.POSITIVE_INFINITY);
  return priceRangeReadAs(range, walksTheOrder(matches, plan.limit + plan.offset, keyRows) ? 'walk' : 'sort', plan.orderBy);
}

/**
 * A listing of several catalogs by date within a price range, read through its catalog branches: each
 * branch chooses how it reads the range from its own catalog's kept sample (a dear catalog walks its dates,
 * a cheap one reads the few in range and sorts), and the statement is then planned alike for any values
 * (decisions/0095). The samples are per catalog and the rest of the filter, never per set of catalogs.
 * When the branches would not be written one per catalog (unionFits: a large filter, read by one LATERAL
 * subquery for every catalog), the read stays planned for its values. Pages deeper than the branches read
 * are left as they were too (the plain read, planned per run).
 */
async function readPriceRangeByCatalog(db: Database, plan: ReadPlan, range: PriceRangeRead, tableRows: number): Promise<RowsPlan> {
  const branches = plan.branches!;
  const where = and(plan.visible, range.rest);
  const ranges = await Promise.all(
    branches.values.map((value) => chosenPriceRange(db, plan, range, and(range.branched!.rest, eq(branches.column, value)), tableRows)),
  );
  if (!unionFits(and(where, ranges[0]!.condition), branches.values.length)) return plan;
  return { ...plan, branches: { ...branches, ranged: { where, ranges } }, plannedAlike: true };
}

/**
 * A search's postings with each word's count (postingsCounts, remembered), and for several words the word
 * to walk: the one with the fewest postings.
 */
async function walkedWord(db: Database, postings: NonNullable<SearchTable['postings']>): Promise<NonNullable<SearchTable['postings']>> {
  const counts = await postingsCounts(db, postings.words);
  return { ...postings, counts, ...(counts.length > 1 ? { walk: counts.indexOf(Math.min(...counts)) } : {}) };
}

/**
 * For a search of several words, which other words the walk tests against all their postings read once
 * into a hash instead of a lookup of each walked posting's item (search-table.ts: walkedRows). Taking the
 * words as independent, the walk reads about rows ÷ (the share of items every other word has) postings
 * before it has `rows` matches, at most its bound; the rarer other words are tested first, and each test
 * lets through only its word's share. A lookup costs about LOOKUP_TO_HASH_COST times what hashing one
 * posting of the other word does, so a word is hashed when its postings are fewer than that many times the
 * postings that reach its test: 'red jhumka' (5,214 and 6,184 postings) walks about 3,000 for its 200
 * candidates, 11.9 → 5.1 ms hashed; 'gold plated' finds them within a few hundred, 2.9 ms looked up and
 * 11.3 hashed (docs/benchmarks.md, 2026-11-29).
 */
export function hashedGroups(postings: NonNullable<SearchTable['postings']>, rows: number, total: number): Pick<NonNullable<SearchTable['postings']>, 'hashed' | 'hashAfter'> {
  const { counts, walk } = postings;
  if (!counts || walk === undefined) return {};
  const share = (count: number) => Math.min(1, count / Math.max(1, total));
  const others = [...counts.keys()].filter((at) => at !== walk).sort((a, b) => counts[a]! - counts[b]!);
  const everyShare = others.reduce((product, at) => product * share(counts[at]!), 1);
  let reaching = Math.min(walkBound(postings, rows), rows / Math.max(everyShare, Number.MIN_VALUE));
  const hashed = counts.map(() => false);
  for (const at of others) {
    hashed[at] = counts[at]! < LOOKUP_TO_HASH_COST * reaching;
    reaching *= share(counts[at]!);
  }
  const hashedCounts = others.filter((at) => hashed[at]).map((at) => counts[at]!);
  if (hashedCounts.length === 0) return {};
  // Looked up until the lookups have cost what the cheapest hash would: words that go together find their
  // matches well before (at most twice the better way's cost, whichever it was).
  return { hashed, hashAfter: Math.ceil(Math.min(...hashedCounts) / LOOKUP_TO_HASH_COST) };
}

/** A walked posting's lookup in another word's postings ÷ hashing one posting of that word (measured on 100,000 products: 3.2 and 0.4 µs). */
const LOOKUP_TO_HASH_COST = 8;

/** Whether a word of the search is in no item at all (no postings): then the search matches nothing. */
function lacksAWord(plan: RowsPlan): boolean {
  return !!plan.searchTable?.postings?.counts?.includes(0);
}

/**
 * Whether a search of a small table may rank all its matches in one read (readPlainly): when the table
 * has no more visible rows than RELEVANCE_CANDIDATES, every match is among the newest that many, so
 * ranking the candidates is ranking them all. Only an exact count says so (visible-rows.ts, kept while
 * the change feed is heard); the cold search's statement then reads items once instead of twice
 * (PGlite, the demo store: 360–390 µs instead of 520–690; docs/benchmarks.md, 2026-11-29).
 */
async function ranksEveryMatch(collection: CollectionDef, form: FilterForm, search: SearchPlan | undefined, aids: SearchAids): Promise<boolean> {
  if (!search || !form.smallTable || !aids.visibleRows) return false;
  const visible = await aids.visibleRows.of(collection);
  return visible !== undefined && visible <= RELEVANCE_CANDIDATES;
}

/**
 * A small table's read as one plain statement: no per-catalog or per-tag branches, no item_search, the
 * sort not tied to an index. Those ways are for large tables, and each is the same rows in the same
 * order as this one; on a small table they only cost the planner more (on the embedded demo, PGlite,
 * cold catalogs listings took 16–23% longer with them, tag sets 15–19%, searches 7–15%: docs/benchmarks.md,
 * 2026-11-29).
 */
function readPlainly(plan: ReadPlan, everyMatchRanked: boolean): RowsPlan {
  // planRead planned no branches for a small table (ReadPlan.smallTable), and no search table is given.
  if (plan.relevance && everyMatchRanked) {
    // Every match is a candidate: ranking them all in one read is the same page, without finding the newest first.
    const { relevance: _relevance, ...ranked } = plan;
    return ranked;
  }
  if (plan.relevance) return { ...plan, relevance: { ...plan.relevance, unindexed: true } };
  return plan.sortProbe ? { ...plan, orderBy: plan.sortProbe.unindexedOrderBy } : plan;
}

/**
 * A common word's matches, walked in item_search's order, are tested against the filter's price range
 * one by one: a range few of them are priced in made that walk read the whole index ('bracelet' in a
 * range no bracelet has: 100,000 rows, 100–160 ms). When fewer than WALK_MATCHES_PER_ROW × `rows`
 * matches fall in the range (the planner's estimate of the word's matches times the share of its
 * remembered price quantiles in the range, estimates.ts), every match is
 * read through the GIN index instead (about as costly as walking 10,000 rows at the crossover).
 */
async function fewInPriceRange(db: Database, plan: ReadPlan, searchTable: SearchTable, rows: number): Promise<boolean> {
  const probe = plan.relevance?.probe ?? plan.sortProbe?.probe;
  if (!searchTable.priceRange || !probe) return false;
  const band = await priceBand(db, searchTable.query, searchTable.text);
  const matches = await estimatedRows(db, plan.collection, probe); // remembered: fewMatches asked it
  return matches * shareInRange(band, searchTable.priceRange.low, searchTable.priceRange.high) < WALK_MATCHES_PER_ROW * rows;
}

const WALK_MATCHES_PER_ROW = 10;

/**
 * Whether `probe` keeps too few rows to find `rows` of them walking the order's index: fewer than
 * SMALL_MATCH_SET, or, for a walk of item_search (`rows` given), fewer than the crossover of the two
 * reads' costs. Walking finds `rows` matches after about rows × total ÷ matches entries, each tested
 * (~2.6 µs on item_search); reading every match through the GIN index costs about 1 µs a match. So the
 * walk pays once matches exceed √(WALK_TO_GIN_COST × rows × total): on 100,000 products 1,600 matches
 * for a first page of 10, 7,200 for the 200 relevance candidates ('suit' sorted by newest: 0.6 ms walking
 * instead of 10 ms reading its 7,400 matches).
 */
async function fewMatches(db: Database, collection: CollectionDef, probe: SQL, total: number, rows?: number): Promise<boolean> {
  const crossover = rows === undefined ? SMALL_MATCH_SET : walkCrossover(rows, total);
  return (await estimatedRows(db, collection, probe)) < crossover;
}

/** Fewer estimated matches than this read them all through the GIN index to find `rows` of `total` (fewMatches). */
export function walkCrossover(rows: number, total: number): number {
  return Math.min(SMALL_MATCH_SET, Math.sqrt(WALK_TO_GIN_COST * rows * total));
}

/** Cost of testing one entry of item_search's order index against a search ÷ cost of reading one match through its GIN index (measured on 100,000 products). */
const WALK_TO_GIN_COST = 2.6;

/**
 * Whether a search's walk may use the crossover (fewMatches): newest first on item_search (relevance
 * candidates, or sorted by creation), and of one word (or one group of its spellings). Walked by
 * creation, a word's items come spread out as the crossover assumes; walked by price they do not
 * (lehengas are dear: 65,000 cheaper items before the first), nor are several words' estimates
 * reliable, since the planner takes them as independent — two common words that rarely meet ('silk
 * necklace') would be expected to match thousands and walk the whole index for none.
 */
export function walkableSearch(searchTable: SearchTable | undefined): boolean {
  return !!searchTable && searchTable.column === itemSearch.created_on && !searchTable.text.includes('&');
}

/** `GET /items/{collection}`; `aids`: a search's spelling variants and kept corrections (search.ts). */
export async function listItems(db: Database, collection: CollectionDef, query: ContentQuery, aids: SearchAids = NO_SEARCH_AIDS): Promise<ListResult> {
  // A search is read as full text first; only when that page is empty is it checked whether the
  // text matches anything at all, and if not, read again with the typo fallback. The mode still
  // depends on the text only (search.ts).
  const table = await tableSize(db, collection);
  const search = query.search ? planSearch(collection, query.search, aids.synonyms, tsQueryOnce(db, table)) : undefined;
  const { form } = table;
  const everyMatchRanked = await ranksEveryMatch(collection, form, search, aids);
  // item_search and the postings are ways to read a large table; a small one is read plainly.
  const searchTableOf = (planned: SearchPlan | undefined) => (form.smallTable ? undefined : planSearchTable(collection, query, planned));
  let plan = await choosePath(db, planRead(collection, query, search, form), table, searchTableOf(search), everyMatchRanked);
  // A word no item has (a misspelling, mostly) is known from its postings' count, or on a small table
  // from the words of its documents (decisions/0091): nothing to read.
  const lexicon = search?.mode === 'fulltext' ? keptLexicon(collection, table, aids) : undefined;
  const matchesNothing = lacksAWord(plan) || (!!lexicon && !!query.search && someWordUnknown(query.search, lexicon, aids.synonyms));
  // The first page of the search alone (no filter) came back empty: then nothing matches the text,
  // and typoFallback need not ask (a misspelt search sends one statement fewer).
  const firstPageOfSearchAlone = !query.filter && plan.offset === 0 && plan.limit > 0;
  // On a small table a full-text search's page says too whether the text matches any visible row at all,
  // which an empty page must know: one statement, where an empty page took a second (a count).
  const textCheck =
    search?.mode === 'fulltext' && form.smallTable && !firstPageOfSearchAlone ? and(collection.visible, search.condition) : undefined;
  const page = matchesNothing ? { rows: [] } : await selectPage(db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset, textCheck);
  let rows = page.rows;
  let suggestion: string | null = null;
  if (rows.length === 0 && search && query.search) {
    const knownEmpty = matchesNothing || firstPageOfSearchAlone;
    // A search read from postings asks them whether it matches anything at all: counting its matches in
    // items (typoFallback) took up to 6 ms for two common words that the planner took for rare together.
    const findsSome = page.check ?? (!knownEmpty && plan.searchTable?.postings ? await postingsFindAnything(db, plan, search) : undefined);
    const fallback = findsSome ? null : await typoFallback(db, collection, query.search, search, aids, knownEmpty || findsSome === false, lexicon?.vocabulary);
    if (fallback) {
      plan = await choosePath(db, planRead(collection, query, fallback.plan, form), table, searchTableOf(fallback.plan), everyMatchRanked);
      rows = await selectRows(db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset);
      if (query.meta.suggestion) suggestion = await spellingSuggestion(db, collection, query.search, fallback.corrections, aids.synonyms);
    }
  }
  const data = await shape(db, plan, rows);
  if (!query.meta.totalCount && !query.meta.filterCount && !query.meta.suggestion) return { data };
  const meta = await countRows(db, plan, query.meta);
  return { data, meta: query.meta.suggestion ? { ...meta, suggestion } : meta };
}

/** The lexicon of a table small enough to keep one (LEXICON_ROWS), if it is kept. */
function keptLexicon(collection: CollectionDef, table: TableSize, aids: SearchAids): Lexicon | undefined {
  return aids.lexicons && table.total <= LEXICON_ROWS ? aids.lexicons.current(collection) : undefined;
}

/** Whether the search of a plan read from postings matches any visible row, whatever the filter: its first match. */
async function postingsFindAnything(db: Database, plan: RowsPlan, search: SearchPlan): Promise<boolean> {
  const table = plan.searchTable!;
  const first = firstMatchCondition({ ...table, postings: table.postings! });
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(plan.collection.table)
    .where(and(first, testedOnly(and(plan.visible, search.condition))))
    .limit(1);
  return rows.length > 0;
}

/** The primary key as its column's type, or null when no row could have it (so: not found). */
function parseKey(collection: CollectionDef, key: string): string | number | null {
  const field = publicField(collection.fields, collection.primaryKey);
  if (!field || isRelation(field)) return null;
  if (field.kind === 'integer') {
    if (!/^\d{1,10}$/.test(key)) return null;
    const value = Number(key);
    return value <= INT4_MAX ? value : null;
  }
  return key.includes('\u0000') ? null : key;
}

/** `GET /items/{collection}/{key}`; `filter` and `search` still apply (as in Directus). */
export async function readItem(
  db: Database,
  collection: CollectionDef,
  key: string,
  query: ContentQuery,
  aids: SearchAids = NO_SEARCH_AIDS,
): Promise<Row> {
  const search = query.search ? await resolveSearch(db, collection, query.search, aids) : undefined;
  const plan = planRead(collection, query, search);
  const value = parseKey(collection, key);
  if (value === null) throw itemNotFound(collection.name, key);
  const keyColumn = plan.selection[collection.primaryKey] as PgColumn;
  const single = { ...plan, relevance: undefined, tagBranches: undefined };
  const [item] = await shape(db, single, await selectRows(db, single, and(plan.visible, plan.condition, eq(keyColumn, value)), 1, 0));
  if (!item) throw itemNotFound(collection.name, key);
  return item;
}
