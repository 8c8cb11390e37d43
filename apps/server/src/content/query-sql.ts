import { and, asc, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  isRelation,
  publicField,
  type CollectionDef,
  type RelationField,
  type ScalarField,
} from './collections';
import { forbiddenField, invalidQuery } from './errors';
import { compileFilter } from './filter-sql';
import type { ContentQuery } from './query-parse';
import type { SearchPlan } from './search';

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
  limit: number;
  offset: number;
}

interface RelationRequest {
  subfields: Set<string>;
}

function scalarColumn(collection: CollectionDef, name: string): PgColumn {
  const field = publicField(collection.fields, name);
  if (!field || isRelation(field)) throw new Error(`${collection.name}.${name} is not a scalar field`);
  return field.column;
}

/** `fields` paths → output fields. `*` is every public field (relations as key lists), `*.*` expands them too. */
export function resolveFields(collection: CollectionDef, paths: string[] | null): OutputField[] {
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

/**
 * `sort` keys → ORDER BY, always ending with the primary key so pages are stable. Without keys, a
 * search's relevance order comes first.
 */
export function resolveSort(collection: CollectionDef, keys: ContentQuery['sort'], relevance: SQL[] = []): SQL[] {
  const orderBy: SQL[] = keys.length === 0 ? [...relevance] : [];
  const seen = new Set<string>();
  for (const { field: name, descending } of keys) {
    const field = publicField(collection.fields, name);
    if (!field) throw forbiddenField(collection.name, name);
    if (isRelation(field)) throw invalidQuery(`Sorting on the related field "${name}" is not supported`);
    if (seen.has(name)) continue;
    seen.add(name);
    orderBy.push(descending ? desc(field.column) : asc(field.column));
  }
  if (!seen.has(collection.primaryKey)) orderBy.push(asc(scalarColumn(collection, collection.primaryKey)));
  return orderBy;
}

/** The pieces of one read; `search` is the query's search, planned first (search.ts: planSearch). */
export function planRead(collection: CollectionDef, query: ContentQuery, search?: SearchPlan): ReadPlan {
  if (query.search && !search) throw new Error('planRead: plan the search first (planSearch)');
  const output = resolveFields(collection, query.fields);
  const filter = query.filter ? compileFilter(collection, query.filter) : undefined;
  const orderBy = resolveSort(collection, query.sort, search?.order);

  const selection: Record<string, PgColumn> = {};
  for (const entry of output) if (entry.type === 'scalar') selection[entry.name] = entry.field.column;
  selection[collection.primaryKey] = scalarColumn(collection, collection.primaryKey);

  return {
    collection,
    output,
    selection,
    visible: collection.visible,
    condition: and(filter, search?.condition),
    orderBy,
    limit: query.limit,
    offset: query.offset,
  };
}
