import { inArray, type SQL } from 'drizzle-orm';
import { and, asc, desc, or, sql } from './sql-template';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { items, itemSearch, itemTerms, termVocabulary } from '../db/schema';
import { branchSelection, pageOfBranches } from './branch-page';
import { orderByOf, type SortKey } from './sort-keys';
import { isRelation, publicField, type CollectionDef } from './collections';
import { onMirror } from './filter-sql';
import type { ContentQuery, FilterNode } from './query-parse';
import type { SearchPlan } from './search';
import { parameterCount } from './sql-text';
import type { PostingWords } from './estimates';

/**
 * A search's first matches found in item_search (migration 0024), not in items. A ranked search reads
 * its candidates (the newest matches) or, sorted by price or newest, the first offset+limit matches in
 * that order; either way every match is found through a GIN index and then read for its order and
 * filter, or the order's index is walked testing each row. On items those rows are a kilobyte wide
 * (description, vector with positions), so a word matching thousands of items read thousands of scattered
 * pages; item_search's rows are a third of that and fit in memory beside the items (docs/decisions/0052).
 *
 * Used only when item_search answers exactly what items would:
 * - the search's tsquery has only plain words (letters and digits), so it has no phrase operator and
 *   matches item_search's vector (positions stripped) exactly when it matches the item's;
 * - the filter is a conjunction of conditions on price, created_on (item_search's copies) and
 *   `quantity _gt 0` (item_search.in_stock);
 * - the sort is relevance, or one key on price or created_on.
 * The read keeps its whole WHERE beside `item_id in (…)`, and every order ends with the primary key,
 * so the page is the same rows in the same order.
 *
 * Where every word of the search can be looked up by itself (SearchTable.postings), the first matches
 * are read from the words' postings in item_terms instead (decisions/0071): the read then costs about
 * the rows it needs, not the matches the words have.
 */

export interface SearchTable {
  /** The search's tsquery as item_search's vectors are matched with it (planSearchTable), and the text it is built from. */
  query: SQL;
  text: string;
  /**
   * The filter's price bounds in paise (inclusive; absent: unbounded), when it has any: a price range a
   * common word's items miss makes walking the order's index test every row (read.ts: choosePath).
   */
  priceRange?: { low: number; high: number };
  /** The filter, written on item_search's columns. */
  filter: SQL | undefined;
  /** The order's first column on item_search, and its direction. */
  column: PgColumn;
  descending: boolean;
  /**
   * A search whose words (each with its spellings and corrections; no prefix under MIN_PREFIX letters)
   * item_terms can find (decisions/0071): `groups` has, per word, the condition on term_vocabulary that
   * picks what it means. One word: its matches' first rows are read from its postings, one branch per
   * vocabulary word, each walking that word's index range in the read's order. Several: the postings of
   * the word `walk` (the one with the fewest: read.ts, choosePath) are walked, each kept when the other
   * words have postings of its item (decisions/0073). item_terms has item_search's columns that `filter`
   * reads, so it is read under that name.
   */
  postings?: {
    groups: SQL[];
    /** Per group, its whole words and prefixes: what its postings are counted by (estimates.ts, postingsCounts). */
    words: PostingWords[];
    /** Per group, its words' postings (up to 20,000: estimates.ts, postingsCounts), once counted (read.ts, choosePath). */
    counts?: number[];
    walk?: number;
    /**
     * Per group, whether the walk tests it against all its postings read once into a hash, instead of
     * looking up each walked posting's item in its postings (read.ts: hashedGroups). Either way the same test.
     */
    hashed?: boolean[];
    /** With hashed groups, how many postings are walked looking up every group before the hashes are built. */
    hashAfter?: number;
    /** Postings walked per word at most (default: WALKED_POSTINGS, or 4 × rows); tests lower it to reach the GIN fallback on a small catalogue. */
    walkBound?: number;
  };
}

/**
 * item_terms read under item_search's name: it has the columns of item_search that a search's filter
 * (SearchTable.filter) and order read, under the same names (migration 0027), so they apply to it as written.
 */
const postingsTable = alias(itemTerms, 'item_search');
/** FROM of postingsTable (in a template, an alias renders as its name alone). */
const postingsFrom = sql`${itemTerms} as ${sql.identifier('item_search')}`;

/**
 * A prefix shorter than this may mean hundreds of words ('s:*'), each a branch: such a search reads its
 * matches through the GIN index as before.
 */
const MIN_PREFIX = 3;

/** items' columns that item_search copies (migration 0024), by the column. */
const MIRRORED = new Map<PgColumn, PgColumn>([
  [items.price_paise, itemSearch.price_paise],
  [items.created_on, itemSearch.created_on],
]);

/**
 * A tsquery text of quoted plain words only (search.ts writes them so), in lower case: letters only, or
 * ASCII letters and digits, each of which the parser reads as one token, so one lexeme; or such words
 * joined by hyphens, each part starting with a letter ('gold-plated', 'a-line'), which the parser reads
 * as the compound and then its parts. to_tsquery makes a compound a phrase ('gold-plated' <-> 'gold' <->
 * 'plated'), which item_search's vectors, without positions, never match; but a vector the parser wrote
 * has the compound's lexeme exactly where it has that phrase, so item_search and item_terms look for the
 * compound's lexeme (SearchTable.query) and find the same items.
 */
const PLAIN_TSQUERY = /^(?:'(?:[\p{Ll}\p{Lo}]+|[a-z0-9]+|(?:[\p{Ll}\p{Lo}]+|[a-z][a-z0-9]*)(?:-(?:[\p{Ll}\p{Lo}]+|[a-z][a-z0-9]*))+)'(?::\*)?|[ ()&|])+$/u;

/** At most this many bind parameters in the repeated filter; a larger one is read as before (budget.ts). */
const MAX_PARAMETERS = 64;

/** How a search's read finds its first matches in item_search, or undefined when it cannot (see above). */
export function planSearchTable(collection: CollectionDef, query: ContentQuery, search: SearchPlan | undefined): SearchTable | undefined {
  if (collection.table !== items || !search?.match || !PLAIN_TSQUERY.test(search.match.text)) return undefined;
  let column: PgColumn = itemSearch.created_on;
  let descending = true;
  if (query.sort.length > 1) return undefined;
  if (query.sort.length === 1) {
    const key = query.sort[0]!;
    const field = publicField(collection.fields, key.field);
    const copy = field && !isRelation(field) ? MIRRORED.get(field.column) : undefined;
    if (!copy) return undefined;
    column = copy;
    descending = key.descending;
  }
  const conjuncts = !query.filter ? [] : query.filter.type === 'and' ? query.filter.children : [query.filter];
  const conditions: SQL[] = [];
  for (const node of conjuncts) {
    const condition = onMirror(collection, node, MIRRORED, itemSearch.in_stock);
    if (!condition) return undefined;
    conditions.push(condition);
  }
  const filter = and(...conditions);
  if (filter && parameterCount(filter) > MAX_PARAMETERS) return undefined;
  const priceRange = priceBounds(collection, conjuncts);
  const postings = postingsOf(search.match.text);
  // The text read as lexemes (no parser): the same query as to_tsquery's for plain words, and a compound's
  // lexeme where to_tsquery would write its phrase (PLAIN_TSQUERY).
  const lexemes = sql`${search.match.text}::tsquery`;
  return { query: lexemes, text: search.match.text, filter, column, descending, ...(priceRange ? { priceRange } : {}), ...(postings ? { postings } : {}) };
}

/**
 * How item_terms finds a search's matches: per group of its tsquery text (the words joined by `&`), the
 * words of term_vocabulary it means; undefined when a group has a prefix under MIN_PREFIX letters. The
 * text is plain (PLAIN_TSQUERY): quoted words, `|` within a group, `&` only between groups.
 */
function postingsOf(text: string): SearchTable['postings'] {
  const groups: SQL[] = [];
  const words: PostingWords[] = [];
  for (const group of text.split('&')) {
    const exact: string[] = [];
    const prefixes: string[] = [];
    for (const [, word, prefix] of group.matchAll(/'([^']+)'(:\*)?/g)) {
      if (!prefix) exact.push(word!);
      else if (word!.length >= MIN_PREFIX) prefixes.push(word!);
      else return undefined;
    }
    if (exact.length + prefixes.length === 0) return undefined;
    words.push({ exact, prefixes });
    groups.push(or(exact.length ? inArray(termVocabulary.term, exact) : undefined, ...prefixes.map((prefix) => sql`starts_with(${termVocabulary.term}, ${prefix})`))!);
  }
  return { groups, words };
}

/**
 * The bounds the filter's price conditions put on price_paise, or undefined without any. Only for
 * choosing how to read (read.ts), never what is read: a bound that is not a plain number is left out.
 */
function priceBounds(collection: CollectionDef, conjuncts: FilterNode[]): { low: number; high: number } | undefined {
  let low = Number.NEGATIVE_INFINITY;
  let high = Number.POSITIVE_INFINITY;
  let bounded = false;
  for (const node of conjuncts) {
    if (node.type !== 'condition') continue;
    const field = publicField(collection.fields, node.field);
    if (!field || isRelation(field) || field.column !== items.price_paise) continue;
    const value = typeof node.value === 'string' || typeof node.value === 'number' ? Number(node.value) * 100 : Number.NaN;
    if (!Number.isFinite(value)) continue;
    if (node.operator === '_gt' || node.operator === '_gte' || node.operator === '_eq') low = Math.max(low, value);
    if (node.operator === '_lt' || node.operator === '_lte' || node.operator === '_eq') high = Math.min(high, value);
    bounded ||= ['_gt', '_gte', '_lt', '_lte', '_eq'].includes(node.operator);
  }
  return bounded ? { low, high } : undefined;
}

/**
 * `items.id in (the first `rows` matches in item_search, in the read's order)`, found as the read on
 * items would be (read.ts: choosePath): `unindexed` (few matches), every visible match through the GIN
 * index, then sorted; else walking the order's index of item_search, testing each row.
 *
 * The few matches are read by ssd_item_search_matches (migration 0024), a function planned with
 * sequential scans off: item_search is narrow, so for a word with thousands of matches the planner
 * prices reading the whole table (testing the search on all 100,000 rows: 40–50 ms) below the GIN
 * index (10–15 ms). Its result is named item_search, so the filter's columns read it as the table.
 */
export function searchTableCondition(table: SearchTable, rows: number, unindexed: boolean): SQL {
  if (table.postings?.groups.length === 1) return sql`${items.id} = any(array(${postingsRows(table, table.postings, rows)}))`;
  if (table.postings?.walk !== undefined) return sql`${items.id} = any(array(${walkedRows(table, table.postings, table.postings.walk, rows)}))`;
  const order = (column: SQL) => sql`${table.descending ? desc(column) : asc(column)}, ${asc(itemSearch.item_id)}`;
  const limit = sql.raw(String(rows));
  const firstRows = unindexed
    ? sql`select ${itemSearch.item_id} from ssd_item_search_matches(${table.query}) as ${itemSearch} ${table.filter ? sql`where ${table.filter}` : sql``} order by ${order(sql`coalesce(${table.column})`)} limit ${limit}`
    : sql`select ${itemSearch.item_id} from ${itemSearch} where ${and(sql`${itemSearch.visible}`, sql`${itemSearch.search_vector} @@ ${table.query}`, table.filter)} order by ${order(sql`${table.column}`)} limit ${limit}`;
  return sql`${items.id} = any(array(${firstRows}))`;
}

/**
 * `items.id = any(…)` of a search's first visible match, found from its postings whatever the filter,
 * or none: whether the text matches anything at all (read.ts, the typo fallback's check). Several words
 * walk at most FIRST_MATCH_WALK postings before the GIN read: a pair of words that meet finds its match
 * within a few, and a rare pair has few matches for the GIN index to read.
 */
export function firstMatchCondition(table: SearchTable & { postings: NonNullable<SearchTable['postings']> }): SQL {
  return searchTableCondition({ ...table, filter: undefined, postings: { ...table.postings, walkBound: table.postings.walkBound ?? FIRST_MATCH_WALK } }, 1, false);
}

const FIRST_MATCH_WALK = 200;

/**
 * The first `rows` matches' keys from item_terms: per word the search means, its first `rows` items in
 * the read's order that are visible and meet the filter, walking (term, created_on, …) or (term, price,
 * …) and testing those from the index alone; then the first `rows` of those, an item with several of the words once
 * (branch-page.ts). Same rows as every match read and sorted: each match has one of the words, and the
 * first `rows` matches are among the first `rows` of their word.
 */
function postingsRows(table: SearchTable, postings: NonNullable<SearchTable['postings']>, rows: number): SQL {
  const keys = postingKeys(table);
  const perTerm = sql`select ${branchSelection(postingsTable.item_id, keys)} from ${postingsFrom}
    where ${and(sql`${postingsTable.term} = branch_term.term`, sql`${postingsTable.visible}`, table.filter)}
    order by ${sql.join(orderByOf(keys), sql`, `)} limit ${sql.raw(String(rows))}`;
  const terms = sql`select ${termVocabulary.term} as term from ${termVocabulary} where ${postings.groups[0]!}`;
  const found = sql`select distinct branch.* from (${terms}) as branch_term cross join lateral (${perTerm}) as branch`;
  return pageOfBranches(found, keys, rows, 0);
}

/** The read's order on item_terms (read as item_search): the order's column, then the item. */
function postingKeys(table: SearchTable): SortKey[] {
  return [
    { key: table.column === itemSearch.price_paise ? postingsTable.price_paise : postingsTable.created_on, descending: table.descending },
    { key: postingsTable.item_id, descending: false },
  ];
}

/**
 * At most this many postings of a word are walked for a search of several words (more when a deep page
 * needs them): each is tested against the other words from their postings' index alone, well under a
 * microsecond apiece.
 */
const WALKED_POSTINGS = 4000;

/** How many postings of a word a walk for `rows` matches reads at most. */
export function walkBound(postings: NonNullable<SearchTable['postings']>, rows: number): number {
  return postings.walkBound ?? Math.max(WALKED_POSTINGS, 4 * rows);
}

/**
 * The prices a match of several words can have, for a walk by price: every other word has a posting of
 * the match at its price, so none is cheaper than the dearest of those words' cheapest visible postings
 * (walking down, dearer than the cheapest of their dearest). Walked by price, a common word's cheap
 * postings ('silk', 2,169 of them below ₹4,499) cannot meet a dear word ('lehenga', none below it), and
 * the walk starts past them. One index descent per word of each other group.
 */
function reachablePrices(otherGroups: SQL[], descending: boolean): { edge: SQL; condition: SQL } {
  const edges = otherGroups.map(
    (group) => sql`(select ${descending ? sql`max` : sql`min`}(edge.price_paise) from ${termVocabulary}
      cross join lateral (select ${edgePostings.price_paise} as price_paise from ${edgePostingsFrom} where ${edgePostings.term} = ${termVocabulary.term} and ${edgePostings.visible}
        order by ${edgePostings.price_paise} ${descending ? sql`desc` : sql`asc`} limit 1) as edge where ${group})`,
  );
  // Asked once in a CTE of the walk's statement, which its branches and its completeness check both read.
  return {
    edge: sql`select ${descending ? sql`least` : sql`greatest`}(${sql.join(edges, sql`, `)}) as price`,
    condition: descending ? sql`${postingsTable.price_paise} <= (select price from reachable)` : sql`${postingsTable.price_paise} >= (select price from reachable)`,
  };
}

/** item_terms read for the cheapest or dearest posting of a word (reachablePrices). */
const edgePostings = alias(itemTerms, 'edge_term');
const edgePostingsFrom = sql`${itemTerms} as ${sql.identifier('edge_term')}`;

/** item_terms read again, for the other words of a search of several words (walkedRows). */
const otherPostings = alias(itemTerms, 'other_term');
const otherPostingsFrom = sql`${itemTerms} as ${sql.identifier('other_term')}`;

/**
 * A search of several words: per vocabulary word of group `walk`, its first postings in the read's
 * order that are visible and meet the filter (at most WALKED_POSTINGS, or 4 × rows), each kept when every
 * other group has a posting for the same item, until `rows` are kept; then the first `rows` of those.
 * An item matches the search exactly when each group has a posting of it (the text is plain words:
 * PLAIN_TSQUERY), and an item's postings carry its own created_on and price, so the other words are
 * looked up in the same index the walk reads, by the walked sort value and item. That is every match's
 * first rows when each word either found `rows` or had no more postings to walk (every match has a word of
 * every group). Otherwise (a rare pair of common words, 'silk necklace') the matches are read through the
 * GIN index as before, in the same statement: PostgreSQL runs only the branch its one-time condition picks.
 */
function walkedRows(table: SearchTable, postings: NonNullable<SearchTable['postings']>, walk: number, rows: number): SQL {
  const keys = postingKeys(table);
  const limit = sql.raw(String(rows));
  const most = walkBound(postings, rows);
  const bound = sql.raw(String(most));
  const others = postings.groups.map((group, at) => ({ at, group, terms: sql`any(array(select ${termVocabulary.term} from ${termVocabulary} where ${group}))` })).filter(({ at }) => at !== walk);
  const reachable = table.column === itemSearch.price_paise ? reachablePrices(others.map(({ group }) => group), table.descending) : undefined;
  /** The walked word's postings from the `from`-th (0: the first), at most `count` of them. */
  const postingsOf = (from: number, count: number) => sql`select ${postingsTable.item_id} as item_id, ${keys[0]!.key} as sort_0 from ${postingsFrom}
    where ${and(sql`${postingsTable.term} = branch_term.term`, sql`${postingsTable.visible}`, reachable?.condition, table.filter)}
    order by ${sql.join(orderByOf(keys), sql`, `)} ${from > 0 ? sql`offset ${sql.raw(String(from))} ` : sql``}limit ${sql.raw(String(count))}`;
  const entries = postingsOf(0, most);
  const direction = table.descending ? sql`desc` : sql`asc`;
  const sortColumn = table.column === itemSearch.price_paise ? otherPostings.price_paise : otherPostings.created_on;
  // A word looked up is a LATERAL with a LIMIT, so that PostgreSQL keeps it a lookup per posting rather
  // than reading (and, for a prefix of several words, sorting) every posting of that word.
  const lookUp = ({ at, terms }: (typeof others)[number]) => sql` cross join lateral (select 1 from ${otherPostingsFrom} where ${otherPostings.term} = ${terms}
        and ${sortColumn} = walked.sort_0 and ${otherPostings.item_id} = walked.item_id limit 1) as ${sql.identifier(`other_word_${at}`)}`;
  // A word hashed: its visible postings' items read once (visibility is the item's, as the walk's). `is true`
  // keeps the IN a hashed subplan of the walk, which PostgreSQL would otherwise turn into a join it may
  // plan as a lookup per posting again.
  const hashedTest = ({ terms }: (typeof others)[number]) =>
    sql`(walked.item_id in (select ${otherPostings.item_id} from ${otherPostingsFrom} where ${otherPostings.term} = ${terms} and ${otherPostings.visible})) is true`;
  const kept = (walked: SQL, lookedUp: typeof others, tests: SQL[]) => sql`select walked.item_id as branch_key, walked.sort_0, walked.item_id as sort_1 from (${walked}) as walked${sql.join(lookedUp.map(lookUp))}
    ${tests.length > 0 ? sql`where ${sql.join(tests, sql` and `)}` : sql``}
    order by walked.sort_0 ${direction}, walked.item_id limit ${limit}`;
  const hashed = others.filter(({ at }) => postings.hashed?.[at]);
  // With hashed words, the first `hashAfter` postings are still looked up: words that go together ('sapphire
  // blue') have their matches there, and the hashes are built (by the one-time condition) only when not.
  const hashAfter = Math.min(most, postings.hashAfter ?? 0);
  const perTerm =
    hashed.length === 0
      ? kept(entries, others, [])
      : sql`with looked_up as materialized (${kept(postingsOf(0, hashAfter), others, [])})
    select * from looked_up
    union all (${kept(
      postingsOf(hashAfter, most - hashAfter),
      others.filter(({ at }) => !postings.hashed?.[at]),
      [...hashed.map(hashedTest), sql`(select count(*) from looked_up) < ${limit}`],
    )})`;
  const terms = sql`select ${termVocabulary.term} as term from ${termVocabulary} where ${postings.groups[walk]!}`;
  const complete = sql`select coalesce(bool_and(
      (select count(*) from found where found.term = branch_term.term) >= ${limit}
      or (select count(*) from (${entries}) as walkable) < ${bound}), true) from branch_term`;
  const order = (column: SQL) => sql`${column} ${direction}`;
  const gin = sql`select ${itemSearch.item_id} from ssd_item_search_matches(${table.query}) as ${itemSearch}
    where ${and(sql`not (select * from complete)`, table.filter)} order by ${order(sql`coalesce(${table.column})`)}, ${asc(itemSearch.item_id)} limit ${limit}`;
  return sql`with branch_term as (${terms}),${reachable ? sql`
    reachable as (${reachable.edge}),` : sql``}
    found as materialized (select branch_term.term, branch.* from branch_term cross join lateral (${perTerm}) as branch),
    complete as (${complete})
    (select page.branch_key from (select distinct found.branch_key, found.sort_0, found.sort_1 from found) as page
      where (select * from complete) order by page.sort_0 ${direction}, page.sort_1 limit ${limit})
    union all (${gin})`;
}
