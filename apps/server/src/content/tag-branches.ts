import { type SQL } from 'drizzle-orm';
import { and, or, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { items, itemTags, tagVocabulary } from '../db/schema';
import { isRelation, publicField, type CollectionDef } from './collections';
import { compileFilter, onMirror, tagChoice } from './filter-sql';
import type { ContentQuery, FilterNode } from './query-parse';
import { orderByOf, type SortKey } from './sort-keys';
import { branchSelection, pageOfBranches } from './branch-page';
import { parameterCount } from './sql-text';

/**
 * Tag listings sorted by price or newest (the storefront's tag chips: `filter[_or][i][tags][_icontains]`),
 * read one branch per tag, like the catalog branches (read.ts). Without this, such a read walks the
 * whole price (or date) index testing each row's tags: a common tag whose items are dear or cheap
 * removed 20,000 rows on the way (100 ms). Instead:
 *
 * 1. the tags the filter means are taken from tag_vocabulary (every tag any item has had, a superset
 *    of the tags items have now), with the condition's own operator on each tag (filter-sql: tagChoice);
 * 2. for each such tag, the first offset+limit items in the read's order are read from item_tags (the
 *    tag, the item's price, creation time, visibility and stock; kept by trigger, migrations 0023 and
 *    0028) walking its (tag, price) or (tag, created_on) index, each with the values it sorts by: from
 *    the index alone when item_tags has the whole filter and the order, else joined to the item for
 *    the rest of the filter;
 * 3. the page (offset, limit) is taken from those keys, an item with several of the tags once, and only
 *    the page's items are read by the ordinary read, whose WHERE still holds the whole filter.
 *
 * Same rows, same order: every matching item has one of those tags, and the page's rows are among the
 * first offset+limit of their tag (every order ends with the primary key, so it is total). Every
 * branch item matches the whole filter (its tag meets the tags group, and `rest` the others), so the
 * page taken from the keys is the read's page. Taking it there, not in the outer read, spares the
 * outer read every row before the offset: offset 400 of three tags read 1,230 items rows and tested
 * their tags again (17.7 ms; 5.2 ms with the page taken from the keys, docs/benchmarks.md).
 */

export interface TagBranches {
  /** The tags (rows of tag_vocabulary) one tags group of the filter accepts. */
  vocabulary: SQL;
  /** The read's order with its first key on item_tags' copy of the column, so its index serves it. */
  keys: SortKey[];
  /** The filter's top-level conditions on price, created_on and `quantity _gt 0`, also written on item_tags' copies. */
  mirrored: SQL | undefined;
  /**
   * What a branch's item must also meet, read from items: visible, and the filter without the tags group,
   * which the branch's tag already meets (testing it again on every row cost as much as the walk).
   * Absent when item_tags has all of it (every other condition mirrored, every later key of the order
   * copied): a branch is then read from item_tags' index alone, visible and `mirrored` (decisions/0072, 0085).
   */
  rest?: SQL;
}

/** items' columns that item_tags copies (migration 0023), by the column; `quantity _gt 0` is its in_stock (0028). */
const MIRRORED = new Map<PgColumn, PgColumn>([
  [items.price_paise, itemTags.price_paise],
  [items.created_on, itemTags.created_on],
]);

/**
 * items' columns that item_tags copies, as later keys of the read's order: those it mirrors, the key, and
 * updated_on, the second key of the storefront's "newest" order (-created_on,-updated_on; migration 0030,
 * decisions/0085), which its newest-first index holds right after created_on.
 */
const LATER_KEY_COPIES = new Map<PgColumn, PgColumn>([...MIRRORED, [items.id, itemTags.item_id], [items.updated_on, itemTags.updated_on]]);

/** A leaf condition on a tags field, or an `_or` of them: the group's leaves, else null. */
function tagLeaves(collection: CollectionDef, node: FilterNode): Array<Extract<FilterNode, { type: 'condition' }>> | null {
  if (node.type === 'condition') {
    const field = publicField(collection.fields, node.field);
    return field && !isRelation(field) && field.kind === 'tags' ? [node] : null;
  }
  if (node.type !== 'or' || node.children.length === 0) return null;
  const leaves = node.children.map((child) => tagLeaves(collection, child));
  return leaves.every((group) => group !== null) ? leaves.flat() : null;
}

/**
 * The filter's first top-level tags group whose every condition names tags: which tags of
 * tag_vocabulary it accepts, and its place among the conjuncts.
 */
function tagGroup(collection: CollectionDef, conjuncts: FilterNode[]): { vocabulary: SQL; at: number } | undefined {
  const tag = sql`${tagVocabulary.tag}`;
  for (const [at, node] of conjuncts.entries()) {
    const leaves = tagLeaves(collection, node);
    if (!leaves) continue;
    const choices = leaves.map((leaf) => tagChoice(collection, tag, leaf));
    if (choices.every((choice): choice is SQL => choice !== null)) return { vocabulary: or(...choices) ?? sql`false`, at };
  }
  return undefined;
}

/**
 * The branches of a read of `collection` (items only) filtered by tags and sorted first by a column
 * item_tags copies; undefined otherwise (no tags group, another sort, a search).
 */
export function planTagBranches(collection: CollectionDef, query: ContentQuery, keys: SortKey[]): TagBranches | undefined {
  if (collection.table !== items || !query.filter || query.search || query.sort.length === 0) return undefined;
  const first = query.sort[0]!;
  const field = publicField(collection.fields, first.field);
  const copy = field && !isRelation(field) ? MIRRORED.get(field.column) : undefined;
  if (!copy) return undefined;
  const conjuncts = query.filter.type === 'and' ? query.filter.children : [query.filter];
  const group = tagGroup(collection, conjuncts);
  if (!group) return undefined;
  const others = conjuncts.filter((_, at) => at !== group.at);
  const onTags = others.map((node) => onMirror(collection, node, MIRRORED, itemTags.in_stock));
  const mirrored = and(...onTags.filter((condition): condition is SQL => condition !== null));
  // item_tags has the whole filter and the order (its copy, then its copies of the later keys): no need to read items.
  const laterCopies = keys.slice(1).map(({ key, descending }) => ({ key: LATER_KEY_COPIES.get(key as PgColumn), descending }));
  const copied = (later: (typeof laterCopies)[number]): later is { key: PgColumn; descending: boolean } => later.key !== undefined;
  const tagsAlone = onTags.every((condition) => condition !== null) && laterCopies.every(copied);
  const branches: TagBranches = tagsAlone
    ? { vocabulary: group.vocabulary, keys: [{ key: copy, descending: first.descending }, ...laterCopies.filter(copied)], mirrored }
    : {
        vocabulary: group.vocabulary,
        keys: [{ key: copy, descending: first.descending }, ...keys.slice(1)],
        mirrored,
        rest: and(collection.visible, ...others.map((node) => compileFilter(collection, node))),
      };
  return parameters(and(branches.vocabulary, branches.mirrored, branches.rest)) <= MAX_BRANCH_PARAMETERS ? branches : undefined;
}

/**
 * The branches repeat most of the filter beside the read's own WHERE, so they are used only while that
 * adds few bind parameters (a shopper's tag listing adds 5 to 10): a filter near the budget (budget.ts)
 * is read plainly rather than refused.
 */
const MAX_BRANCH_PARAMETERS = 64;

function parameters(condition: SQL | undefined): number {
  return condition ? parameterCount(condition) : 0;
}

/**
 * `items.id in (the page's items)`: one LATERAL read per tag of the vocabulary the filter accepts, each
 * walking item_tags in the read's order for its first offset+limit items and their sort values; the
 * page is taken from those (branch-page.ts; an item of several tags once). The read keeps its whole
 * WHERE beside it and its ORDER BY, without the offset (read.ts: rowsParts).
 */
export function tagBranchesCondition(branches: TagBranches, limit: number, offset: number): SQL {
  const source = branches.rest
    ? sql`select ${branchSelection(items.id, branches.keys)} from ${itemTags} join ${items} on ${items.id} = ${itemTags.item_id}
      where ${and(sql`${itemTags.tag} = branch_tag.tag`, branches.mirrored, branches.rest)}`
    : sql`select ${branchSelection(itemTags.item_id, branches.keys)} from ${itemTags}
      where ${and(sql`${itemTags.tag} = branch_tag.tag`, sql`${itemTags.visible}`, branches.mirrored)}`;
  const perTag = sql`${source} order by ${sql.join(orderByOf(branches.keys), sql`, `)} limit ${limit + offset}`;
  const tags = sql`select ${tagVocabulary.tag} as tag from ${tagVocabulary} where ${branches.vocabulary}`;
  const found = sql`select distinct branch.* from (${tags}) as branch_tag cross join lateral (${perTag}) as branch`;
  return sql`${items.id} = any(array(${pageOfBranches(found, branches.keys, limit, offset)}))`;
}
