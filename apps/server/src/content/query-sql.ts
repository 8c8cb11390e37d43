import { LRUCache } from 'lru-cache';
import type { SQL } from 'drizzle-orm';
import { and } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  isRelation,
  publicField,
  type CollectionDef,
  type RelationField,
  type ScalarField,
} from './collections';
import { forbiddenField, invalidQuery } from './errors';
import { compileConjuncts, LARGE_TABLE_FORM, type CompiledFilter, type FilterForm } from './filter-sql';
import type { ContentQuery } from './query-parse';
import type { SearchPlan } from './search';
import { planTagBranches, type TagBranches } from './tag-branches';
import { plannedAlikeForAnyValues } from './plan-shapes';
import { priceRangeRead, type PriceRangeRead, type RangeReadAs } from './price-range-reads';
import { orderByOf, scalarColumn, sortKeys, type SortKey } from './sort-keys';

/** A typed query checked against its collection → the pieces of one SQL read. */

export type OutputField =
  | { name: string; type: 'scalar'; field: ScalarField }
  /** subfields null: list the related primary keys only (Directus' answer to `fields=images`). */
  | { name: string; type: 'relation'; relation: RelationField; subfields: string[] | null };

export interface ReadPlan {
  collection: CollectionDef;
  /** The fields of each answer row, in the collection's order. */
  output: OutputField[];
  /** Main-row columns to select: the requested scalars plus the primary key (needed to attach relations). */
  selection: Record<string, PgColumn>;
  /** The rows the public may see, e.g. active banners. */
  visible: SQL | undefined;
  /** filter AND search, on top of `visible`. */
  condition: SQL | undefined;
  orderBy: SQL[];
  /**
   * A `sort` over a filter that an inverted index serves (search words, tags): `probe` is that part
   * of the filter, and `unindexedOrderBy` the same order written so no index matches it. Few rows
   * matching the probe are read through the inverted index and sorted (read.ts); many are found soon
   * enough walking the sort column's index, which `orderBy` lets the planner do.
   */
  sortProbe?: { probe: SQL; unindexedOrderBy: SQL[] };
  /**
   * Relevance order over a bounded candidate set (search.ts: SearchPlan.candidates), when no `sort` is
   * given. The candidates are the newest matches: taken walking the newest-first index when matches
   * are many, or read through the inverted index and sorted when few (`probe`, `unindexed`: as sortProbe).
   */
  relevance?: { newest: PgColumn; probe: SQL; unindexed?: boolean };
  /**
   * Read as one index-ordered branch per value of `column` (read.ts), for `catalog _in` with a sort. `ranged`:
   * a listing by date within a price range, each branch with its own WHERE (read.ts: readPriceRangeByCatalog).
   */
  branches?: { column: PgColumn; values: string[]; keys: SortKey[]; ranged?: RangedBranches };
  /** Read as one index-ordered branch per tag of a tags filter (tag-branches.ts), for tags sorted by price or newest. */
  tagBranches?: TagBranches;
  /** Planned for a small table (FilterForm): read as one plain statement (read.ts: choosePath). */
  smallTable: boolean;
  /**
   * Whether its rows statement is planned alike whatever its values (plan-shapes.ts): then it is planned
   * once per shape and kept, on PostgreSQL (db/generic-plans.ts, decisions/0093).
   */
  plannedAlike: boolean;
  /**
   * A large table's listing by date within a price range (price-range-reads.ts): read.ts chooses how the
   * range is read and writes `condition` for it, which is then planned alike too (decisions/0094).
   */
  priceRange?: PriceRangeRead;
  limit: number;
  offset: number;
}

/**
 * The WHERE of each catalog branch of a listing by date within a price range: `where` (the visible rows and
 * the filter without its price range) with the branch's catalog and `ranges[i]`, the price range and order
 * written for how that catalog's branch reads it (price-range-reads.ts: priceRangeReadAs), in the order of the values.
 */
export interface RangedBranches {
  where: SQL | undefined;
  ranges: RangeReadAs[];
}

/** At most this many rows per catalog or tag branch (read.ts): deeper pages read the plain query. */
export const MAX_BRANCH_ROWS = 1000;

interface RelationRequest {
  subfields: Set<string>;
}

/**
 * Output fields resolved per collection and `fields` list: a storefront asks for a handful of lists, and
 * resolving one anew cost about 2% of a cold listing's server CPU (perf, docs/benchmarks.md, 2026-11-30).
 * The lists are shared: read only.
 */
const resolvedFields = new LRUCache<string, OutputField[]>({ max: 256 });

/** `fields` paths → output fields. `*` is every public field (relations as key lists), `*.*` expands them too. */
export function resolveFields(collection: CollectionDef, paths: string[] | null): OutputField[] {
  const key = `${collection.name}\u0000${paths === null ? '' : `\u0000${paths.join('\u0000')}`}`;
  let output = resolvedFields.get(key);
  if (!output) resolvedFields.set(key, (output = resolveFieldsAnew(collection, paths)));
  return output;
}

function resolveFieldsAnew(collection: CollectionDef, paths: string[] | null): OutputField[] {
  const scalars = new Set<string>();
  const relations = new Map<string, RelationRequest>();
  const wantRelation = (name: string, relation: RelationField, subfield: string | null) => {
    const request = relations.get(name) ?? { subfields: new Set<string>() };
    relations.set(name, request);
    if (subfield === '*') for (const sub of Object.keys(relation.fields)) request.subfields.add(sub);
    else if (subfield !== null) request.subfields.add(subfield);
  };

  for (const path of paths ?? ['*']) {
    const parts = path.split('.');
    if (parts.some((part) => part.trim() === '')) throw invalidQuery(`"${path.slice(0, 60)}" is not a field path`);
    const [head = '', sub, ...deeper] = parts;
    if (head === '*') {
      if (sub !== undefined && (sub !== '*' || deeper.length > 0)) {
        throw invalidQuery(`"${path.slice(0, 60)}" is not a supported wildcard (use * or *.*)`);
      }
      for (const [name, field] of Object.entries(collection.fields)) {
        if (isRelation(field)) wantRelation(name, field, sub === '*' ? '*' : null);
        else scalars.add(name);
      }
      continue;
    }
    const field = publicField(collection.fields, head);
    if (!field) throw forbiddenField(collection.name, head);
    if (!isRelation(field)) {
      if (sub !== undefined) throw forbiddenField(collection.name, path);
      scalars.add(head);
      continue;
    }
    if (sub === undefined) {
      wantRelation(head, field, null);
      continue;
    }
    if (deeper.length > 0 || (sub !== '*' && !publicField(field.fields, sub))) throw forbiddenField(collection.name, path);
    wantRelation(head, field, sub);
  }

  const output: OutputField[] = [];
  for (const [name, field] of Object.entries(collection.fields)) {
    if (isRelation(field)) {
      const request = relations.get(name);
      if (!request) continue;
      const subfields = Object.keys(field.fields).filter((sub) => request.subfields.has(sub));
      output.push({ name, type: 'relation', relation: field, subfields: subfields.length ? subfields : null });
    } else if (scalars.has(name)) {
      output.push({ name, type: 'scalar', field });
    }
  }
  return output;
}

/** `sort` keys → ORDER BY (sortKeys). Without keys, a search's relevance order comes first. */
export function resolveSort(collection: CollectionDef, keys: ContentQuery['sort'], relevance: SQL[] = [], unindexed = false): SQL[] {
  const orderBy = orderByOf(sortKeys(collection, keys, unindexed));
  return keys.length === 0 ? [...relevance, ...orderBy] : orderBy;
}

/**
 * A top-level `catalog _in` of 2 to 8 text values in an AND filter: the values, to read one branch
 * per catalog (read.ts: branchedCondition). Only lists given as text or an array of strings, read
 * as filter-sql's listOperand reads them.
 */
function catalogBranches(collection: CollectionDef, filter: ContentQuery['filter']): { column: PgColumn; values: string[] } | undefined {
  if (!filter) return undefined;
  const field = publicField(collection.fields, 'catalog');
  if (!collection.fullText || !field || isRelation(field) || field.kind !== 'text') return undefined;
  const conditions = filter.type === 'and' ? filter.children : [filter];
  const found = conditions.filter((node) => node.type === 'condition' && node.field === 'catalog' && node.operator === '_in');
  if (found.length !== 1) return undefined;
  const node = found[0] as { value: unknown };
  let values: unknown[] | null = null;
  if (typeof node.value === 'string') values = node.value.split(',');
  else if (Array.isArray(node.value)) values = node.value;
  if (!values || !values.every((value): value is string => typeof value === 'string' && !value.includes('\u0000'))) return undefined;
  const distinct = [...new Set(values)];
  return distinct.length >= 2 && distinct.length <= 8 ? { column: field.column, values: distinct } : undefined;
}

/**
 * The top-level conditions of an AND filter that only an inverted index serves: a tags condition,
 * or an `_or` group of tags conditions (the storefront's tag chips).
 */
function invertedIndexConditions(collection: CollectionDef, filter: ContentQuery['filter'], compiled: CompiledFilter | undefined): SQL[] {
  if (!filter || !compiled) return [];
  const isTags = (node: NonNullable<ContentQuery['filter']>): boolean => {
    if (node.type === 'condition') {
      const field = publicField(collection.fields, node.field);
      return !!field && !isRelation(field) && field.kind === 'tags';
    }
    return node.type === 'or' && node.children.length > 0 && node.children.every(isTags);
  };
  const conjuncts = filter.type === 'and' ? filter.children : [filter];
  return conjuncts.filter(isTags).map((node) => compiled.conjuncts.get(node)!);
}

/** One way to branch a sorted read: per catalog of a `catalog _in`, else per tag of a tags filter. */
function branchesOf(collection: CollectionDef, query: ContentQuery, search: SearchPlan | undefined): Pick<ReadPlan, 'branches' | 'tagBranches'> {
  if (search || query.sort.length === 0) return {};
  const branches = catalogBranches(collection, query.filter);
  if (branches) return { branches: { ...branches, keys: sortKeys(collection, query.sort) } };
  const tagBranches = planTagBranches(collection, query, sortKeys(collection, query.sort));
  return tagBranches ? { tagBranches } : {};
}

/**
 * The pieces of one read, without asking the database: `search` is the query's search as it will run
 * (search.ts: planSearch, or its typo fallback); `form`, the size of the table (estimates.ts: tableSize).
 */
export function planRead(collection: CollectionDef, query: ContentQuery, search?: SearchPlan, form: FilterForm = LARGE_TABLE_FORM): ReadPlan {
  if (query.search && !search) throw new Error('planRead: plan the search first (planSearch)');
  const output = resolveFields(collection, query.fields);
  const compiled = query.filter ? compileConjuncts(collection, query.filter, form) : undefined;
  const filter = compiled?.whole;
  const orderBy = resolveSort(collection, query.sort, search?.order);
  const ranked = search?.mode === 'fulltext' || search?.mode === 'trigram' ? search.condition : undefined;
  const probe = collection.fullText ? and(ranked, ...invertedIndexConditions(collection, query.filter, compiled)) : undefined;
  const sortProbe: ReadPlan['sortProbe'] =
    query.sort.length > 0 && probe ? { probe, unindexedOrderBy: resolveSort(collection, query.sort, search?.order, true) } : undefined;

  const selection: Record<string, PgColumn> = {};
  for (const entry of output) if (entry.type === 'scalar') selection[entry.name] = entry.field.column;
  selection[collection.primaryKey] = scalarColumn(collection, collection.primaryKey);

  // A small table is read by one plain statement (read.ts: readPlainly): no branches to plan.
  const branches = form.smallTable ? {} : branchesOf(collection, query, search);
  const readsTagBranches = !!branches.tagBranches && query.limit > 0 && query.limit + query.offset <= MAX_BRANCH_ROWS;
  const plannedAlike = plannedAlikeForAnyValues(collection, query, readsTagBranches);
  // Tag branches keep their plan per run: each set of tags would need its own sample. Catalog branches are
  // sampled per catalog (read.ts: readPriceRangeByCatalog).
  const priceRange =
    plannedAlike || form.smallTable || branches.tagBranches || !compiled
      ? undefined
      : priceRangeRead(collection, query, compiled.conjuncts, branches.branches ? 'catalog' : undefined);
  return {
    collection,
    output,
    selection,
    visible: collection.visible,
    condition: and(filter, search?.condition),
    orderBy,
    ...(sortProbe ? { sortProbe } : {}),
    ...(search?.candidates && probe && query.sort.length === 0 ? { relevance: { newest: search.candidates.newest, probe } } : {}),
    ...branches,
    smallTable: form.smallTable,
    plannedAlike,
    ...(priceRange ? { priceRange } : {}),
    limit: query.limit,
    offset: query.offset,
  };
}
