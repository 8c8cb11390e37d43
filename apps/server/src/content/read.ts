import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { isRelation, publicField, toPublicValue, type CollectionDef, type RelationField } from './collections';
import { itemNotFound } from './errors';
import type { ContentQuery } from './query-parse';
import { planRead, type OutputField, type ReadPlan } from './query-sql';
import { planSearch } from './search';

/**
 * The reads of the content service. Per request: one SQL query for the rows (WHERE, ORDER BY,
 * LIMIT/OFFSET in SQL), at most one for the related rows of all of them (images), and one count
 * query only when `meta` asks for it. Never one query per row.
 */

type Row = Record<string, unknown>;

export interface ListMeta {
  total_count?: number;
  filter_count?: number;
}

export interface ListResult {
  data: Row[];
  meta?: ListMeta;
}

const INT4_MAX = 2147483647;

async function selectRows(db: Database, plan: ReadPlan, where: SQL | undefined, limit: number, offset: number): Promise<Row[]> {
  let query = db.select(plan.selection).from(plan.collection.table).where(where).orderBy(...plan.orderBy).limit(limit).$dynamic();
  if (offset > 0) query = query.offset(offset);
  return (await query) as Row[];
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

/** `GET /items/{collection}` */
/** The read plan, with the search (which may look at the data to choose full text or trigrams) planned first. */
async function planOf(db: Database, collection: CollectionDef, query: ContentQuery): Promise<{ plan: ReadPlan; setup?: SQL }> {
  const search = query.search ? await planSearch(db, collection, query.search) : undefined;
  return { plan: planRead(collection, query, search), setup: search?.setup };
}

/** Runs the reads of one request; in one transaction after the search's setup when it has one. */
async function withSetup<T>(db: Database, setup: SQL | undefined, read: (db: Database) => Promise<T>): Promise<T> {
  if (!setup) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(setup);
    return read(tx as unknown as Database);
  });
}

export async function listItems(db: Database, collection: CollectionDef, query: ContentQuery): Promise<ListResult> {
  const { plan, setup } = await planOf(db, collection, query);
  return withSetup(db, setup, async (db) => {
    const rows = await selectRows(db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset);
    const data = await shape(db, plan, rows);
    if (!query.meta.totalCount && !query.meta.filterCount) return { data };
    return { data, meta: await countRows(db, plan, query.meta) };
  });
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
export async function readItem(db: Database, collection: CollectionDef, key: string, query: ContentQuery): Promise<Row> {
  const { plan, setup } = await planOf(db, collection, query);
  const value = parseKey(collection, key);
  if (value === null) throw itemNotFound(collection.name, key);
  const keyColumn = plan.selection[collection.primaryKey] as PgColumn;
  const [item] = await withSetup(db, setup, async (db) =>
    shape(db, plan, await selectRows(db, plan, and(plan.visible, plan.condition, eq(keyColumn, value)), 1, 0)),
  );
  if (!item) throw itemNotFound(collection.name, key);
  return item;
}
