import { type SQL } from 'drizzle-orm';
import { asc, desc, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { isRelation, publicField, sortKey, type CollectionDef, type ScalarField } from './collections';
import { forbiddenField, invalidQuery } from './errors';
import type { ContentQuery } from './query-parse';

/** One key of a read's order: the column (or computed expression) and its direction. */
export interface SortKey {
  key: SQL | PgColumn;
  descending: boolean;
}

/**
 * `sort` keys → the read's order, always ending with the primary key so pages are stable.
 * `unindexed`: each column written as coalesce(column), which orders exactly as the column but matches
 * no index (ReadPlan.sortProbe).
 */
export function sortKeys(collection: CollectionDef, keys: ContentQuery['sort'], unindexed = false): SortKey[] {
  const sorted: SortKey[] = [];
  const seen = new Set<string>();
  for (const { field: name, descending } of keys) {
    const computed = sortKey(collection, name);
    const field = computed ? null : publicField(collection.fields, name);
    if (!computed && !field) throw forbiddenField(collection.name, name);
    if (field && isRelation(field)) throw invalidQuery(`Sorting on the related field "${name}" is not supported`);
    if (seen.has(name)) continue;
    seen.add(name);
    const column = computed ?? (field as ScalarField).column;
    sorted.push({ key: unindexed ? sql`coalesce(${column})` : column, descending });
  }
  if (!seen.has(collection.primaryKey)) sorted.push({ key: scalarColumn(collection, collection.primaryKey), descending: false });
  return sorted;
}

export const orderByOf = (keys: SortKey[]): SQL[] => keys.map(({ key, descending }) => (descending ? desc(key) : asc(key)));


/** A scalar field's column; a schema error (not a client's) when the field is a relation. */
export function scalarColumn(collection: CollectionDef, name: string): PgColumn {
  const field = publicField(collection.fields, name);
  if (!field || isRelation(field)) throw new Error(`${collection.name}.${name} is not a scalar field`);
  return field.column;
}
