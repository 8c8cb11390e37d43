import { items } from '../db/schema';
import { isRelation, publicField, type CollectionDef } from './collections';
import { exactShop } from './filter-sql';
import type { ContentQuery, FilterNode } from './query-parse';

/**
 * Whether the rows statement of a read of items is planned alike whatever its values, so that it can be
 * planned once, generically, and kept (db/generic-plans.ts, decisions/0093). A generic plan is made without
 * the values: a range is assumed to keep a third of the rows, or 0.5% when bounded on both sides. That
 * guess only chooses the plan when a range bounds a column the order does not walk (a listing by date within
 * a price range: walk the dates and test the prices, or read the prices and sort), and there a wrong guess
 * cost 10–50 times the custom plan (docs/benchmarks.md, 2026-11-30). So, with a sort, every top-level
 * condition of the filter must be one whose plan no value changes:
 * - `_eq` and `_in` on a column of items: one index range per value;
 * - a range on the first sort key: the walk in that order starts at the bound;
 * - in stock (`quantity _gt 0`), as the storefront asks: nearly every row, whatever the plan;
 * - the shop by name (`filter-sql.ts: exactShop`): an equality;
 * - one tags condition, or `_or` group of them, read through the tag branches (tag-branches.ts).
 * Anything else — a search, a text pattern, another range, `_neq`, `_nin`, nulls, a relation — is planned
 * for its values, each run, as before.
 */
export function plannedAlikeForAnyValues(collection: CollectionDef, query: ContentQuery, readsTagBranches: boolean): boolean {
  if (collection.table !== items || query.search || query.sort.length === 0) return false;
  const sorted = query.sort[0]!.field;
  const conjuncts = !query.filter ? [] : query.filter.type === 'and' ? query.filter.children : [query.filter];
  const tagGroups = conjuncts.filter((node) => namesTagsOnly(collection, node));
  if (tagGroups.length > (readsTagBranches ? 1 : 0)) return false;
  return conjuncts.every((node) => tagGroups.includes(node) || conditionPlannedAlike(collection, node, sorted));
}

/** A tags condition, or an `_or` of them (the storefront's tag chips). */
function namesTagsOnly(collection: CollectionDef, node: FilterNode): boolean {
  if (node.type === 'or') return node.children.length > 0 && node.children.every((child) => namesTagsOnly(collection, child));
  if (node.type !== 'condition') return false;
  const field = publicField(collection.fields, node.field);
  return !!field && !isRelation(field) && field.kind === 'tags';
}

/** A top-level condition (not tags) whose plan no value changes, under a sort whose first key is `sortedField`. */
export function conditionPlannedAlike(collection: CollectionDef, node: FilterNode, sortedField: string): boolean {
  if (node.type !== 'condition') return false;
  const field = publicField(collection.fields, node.field);
  if (!field || isRelation(field) || field.kind === 'tags') return false;
  switch (node.operator) {
    case '_eq':
    case '_in':
      return true;
    case '_gt':
      return node.field === sortedField || (field.column === items.quantity && (node.value === 0 || node.value === '0'));
    case '_gte':
    case '_lt':
    case '_lte':
      return node.field === sortedField;
    case '_icontains':
    case '_contains':
      return field.column === items.shop && exactShop(node) !== null;
    default:
      return false;
  }
}
