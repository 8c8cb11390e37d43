import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PgDialect, type PgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '../db/client';
import { isRelation, publicField, toPublicValue, type CollectionDef, type RelationField } from './collections';
import { checkParameters } from './budget';
import { itemNotFound } from './errors';
import type { ContentQuery } from './query-parse';
import { planRead, type OutputField, type ReadPlan } from './query-sql';
import { estimatedRows, matchesAnything, planSearch, type SearchPlan } from './search';

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

/**
 * The statement that reads one page of rows, refused before it is sent when it has more bind
 * parameters than the budget allows (budget.ts; PostgreSQL's own limit is 65,535). The counts of
 * `meta` read the same condition with fewer parameters, so this check covers them too.
 */
export function rowsQuery(db: Database, plan: ReadPlan, where: SQL | undefined, limit: number, offset: number) {
  const condition = rowsCondition(plan, where, limit, offset);
  checkParameters(statementParameters(condition, plan.orderBy, offset));
  let query = db.select(plan.selection).from(plan.collection.table).where(condition).orderBy(...plan.orderBy).limit(limit).$dynamic();
  if (offset > 0) query = query.offset(offset);
  return query;
}

/** The WHERE of the rows statement: `where`, read per catalog when the plan has branches. */
export function rowsCondition(plan: ReadPlan, where: SQL | undefined, limit: number, offset: number): SQL | undefined {
  return (plan.branches && limit > 0 ? branchedCondition(plan, where, plan.branches, limit + offset) : undefined) ?? where;
}

const dialect = new PgDialect();

/**
 * How many bind parameters the rows statement has: those of its WHERE and ORDER BY (its columns
 * and table have none), then LIMIT and OFFSET. Exactly what the finished statement has (tested:
 * content-budget.test.ts), for a third of the cost of building the whole statement twice.
 */
export function statementParameters(where: SQL | undefined, orderBy: SQL[], offset: number): number {
  const parameterized = sql.join(where ? [where, ...orderBy] : orderBy, sql` `);
  return dialect.sqlToQuery(parameterized).params.length + 1 + (offset > 0 ? 1 : 0);
}

async function selectRows(db: Database, plan: ReadPlan, where: SQL | undefined, limit: number, offset: number): Promise<Row[]> {
  return (await rowsQuery(db, plan, where, limit, offset)) as Row[];
}

/** At most this many rows per branch: deeper pages read the plain query. */
const MAX_BRANCH_ROWS = 1000;

/**
 * `catalog _in (a, b)` sorted by another column: PostgreSQL 15 cannot read the (catalog, price)
 * index in price order for two catalogs at once, so it walks the price index filtering on the
 * catalog, deep when the catalogs are dear (or cheap) ones. Instead: the first offset+limit keys of
 * each catalog, each read in order from its own index range, and the page is taken from those
 * (the page's rows are among them, since every order ends with the primary key). Same rows, same order.
 *
 * The per-catalog reads are one LATERAL subquery run once per catalog value, so the filter is
 * written (and sent) once whatever the number of catalogs: the statement grows with the filter,
 * never with filter × catalogs.
 */
function branchedCondition(plan: ReadPlan, where: SQL | undefined, branches: NonNullable<ReadPlan['branches']>, rows: number): SQL | undefined {
  if (rows > MAX_BRANCH_ROWS) return undefined;
  const table = plan.collection.table;
  const key = plan.selection[plan.collection.primaryKey] as PgColumn;
  const values = sql.join(
    branches.values.map((value) => sql`(${value}::text)`),
    sql`, `,
  );
  const perValue = sql`select ${key} from ${table} where ${and(where, sql`${branches.column} = branch_value.value`)} order by ${sql.join(plan.orderBy, sql`, `)} limit ${rows}`;
  return sql`${key} in (select branch.${sql.identifier(key.name)} from (values ${values}) as branch_value(value) cross join lateral (${perValue}) as branch)`;
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

/** Below this many estimated matches, a search with an explicit sort reads its matches by the full-text index and sorts them. */
const SMALL_MATCH_SET = 10_000;

/** The read plan, with the search (which may look at the data to choose full text or trigrams) planned first. */
async function planOf(db: Database, collection: CollectionDef, query: ContentQuery, probe: boolean | 'missed' = true): Promise<{ plan: ReadPlan; search?: SearchPlan }> {
  const search = query.search ? await planSearch(db, collection, query.search, { probe }) : undefined;
  if (search && query.sort.length > 0 && (search.mode === 'fulltext' || search.mode === 'trigram')) {
    // The sort column's index is walked testing each row for the match: fast when matches are
    // common (found early), slow when they are few. For few, read them through the full-text index.
    search.unindexedSort = (await estimatedRows(db, collection, search.condition)) < SMALL_MATCH_SET;
  }
  return { plan: planRead(collection, query, search), search };
}

/** Runs the reads of one request; in one transaction after the search's setup when it has one. */
async function withSetup<T>(db: Database, setup: SQL | undefined, read: (db: Database) => Promise<T>): Promise<T> {
  if (!setup) return read(db);
  return db.transaction(async (tx) => {
    await tx.execute(setup);
    return read(tx as unknown as Database);
  });
}

/** `GET /items/{collection}` */
export async function listItems(db: Database, collection: CollectionDef, query: ContentQuery): Promise<ListResult> {
  // A search is read as full text first; only when that page is empty is it checked whether the
  // text matches anything at all, and if not, read again with the typo fallback. The mode still
  // depends on the text only (search.ts).
  let { plan, search } = await planOf(db, collection, query, false);
  let rows = await selectRows(db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset);
  if (rows.length === 0 && search?.mode === 'fulltext' && !(await matchesAnything(db, collection, search))) {
    ({ plan, search } = await planOf(db, collection, query, 'missed'));
    rows = await withSetup(db, search?.setup, (db) => selectRows(db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset));
  }
  const data = await shape(db, plan, rows);
  if (!query.meta.totalCount && !query.meta.filterCount) return { data };
  return { data, meta: await countRows(db, plan, query.meta) };
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
  const { plan, search } = await planOf(db, collection, query);
  const setup = search?.setup;
  const value = parseKey(collection, key);
  if (value === null) throw itemNotFound(collection.name, key);
  const keyColumn = plan.selection[collection.primaryKey] as PgColumn;
  const [item] = await withSetup(db, setup, async (db) =>
    shape(db, plan, await selectRows(db, plan, and(plan.visible, plan.condition, eq(keyColumn, value)), 1, 0)),
  );
  if (!item) throw itemNotFound(collection.name, key);
  return item;
}
