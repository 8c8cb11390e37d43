import { type SQL } from 'drizzle-orm';
import { sql } from './sql-template';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { PGlite, types as pgliteTypes } from '@electric-sql/pglite';
import { LRUCache } from 'lru-cache';
import pg from 'pg';
import type postgres from 'postgres';
import type { Database } from '../db/client';
import { checkParameters } from './budget';
import { toQuery } from './sql-text';
import { genericPlansOf } from '../db/generic-plans';
import { RemotePGlite } from '../db/pglite-remote';

/**
 * The rows statement of a content read, compiled and run without drizzle's query builder (issue 13,
 * decisions/0054). Per request the plan's WHERE and ORDER BY are turned into SQL text once (values as
 * bind parameters, so the text depends on the query's shape only: which fields, filters, sort, access
 * path), the SELECT list and FROM are compiled once per collection and field set, and the text is sent
 * straight to the client: on PGlite it is a statement kept per text, i.e. per shape
 * (db/pglite-statements.ts: parsed once); on PostgreSQL it is sent unnamed, so that every run is
 * planned for its values (a kept, generically planned statement was measured slower), unless its shape is
 * planned alike for any values (plan-shapes.ts), which is kept and planned once, on the pipelined connection
 * of the short reads (decisions/0093, 0100). Rows are decoded by the selected columns as drizzle decodes them. A handle without a plain client under it (a
 * transaction) runs the same statement through drizzle's builder (read.ts: rowsQuery).
 */

type Row = Record<string, unknown>;

export interface CompiledRows {
  text: string;
  params: unknown[];
  /** The selected columns, in the order of the SELECT list (rows are read as arrays). */
  columns: Array<[name: string, column: PgColumn]>;
  /** The statement also answers a check (compileRows' `check`) when its page is empty: each row is [page row?, …columns, check or null]. */
  checked?: boolean;
  /**
   * Planned alike whatever its values (plan-shapes.ts), and a page of bounded work (read.ts: selectPage): on
   * PostgreSQL run on the pipelined connection that plans it once, generically (db/generic-plans.ts).
   */
  plannedAlike?: boolean;
}

interface Frame {
  /** `select <fields> from <table>` */
  text: string;
  /** The same with a first column that is always true ("page row"): marks the page's rows beside a check's row. */
  marked: string;
  columns: CompiledRows['columns'];
}

/** SELECT list and FROM per table and field set: a storefront asks for a handful of field sets. */
const frames = new LRUCache<string, Frame>({ max: 256 });
// Tables are the schema's few module-level objects.
const tableIds = new Map<PgTable, number>();

function frameOf(table: PgTable, selection: Record<string, PgColumn>) {
  let id = tableIds.get(table);
  if (id === undefined) tableIds.set(table, (id = tableIds.size + 1));
  const names = Object.keys(selection);
  const key = `${id}\u0000${names.join('\u0000')}`;
  let frame = frames.get(key);
  if (!frame) {
    const columns = names.map((name): [string, PgColumn] => [name, selection[name]!]);
    const list = sql.join(
      columns.map(([, column]) => sql`${column}`),
      sql`, `,
    );
    frame = { text: toQuery(sql`select ${list} from ${table}`).sql, marked: toQuery(sql`select true as "page row", ${list} from ${table}`).sql, columns };
    frames.set(key, frame);
  }
  return frame;
}

/**
 * `select <fields> from <table> where … order by … limit … offset …`, refused before it is sent when
 * it has more bind parameters than the budget allows (budget.ts). `check`: a condition on the same table
 * whose "does any row meet it" the statement answers too when the page is empty (runPage), so a search
 * asks in one statement what took a second one after an empty page.
 */
export function compileRows(
  table: PgTable,
  selection: Record<string, PgColumn>,
  where: SQL | undefined,
  orderBy: SQL[],
  limit: number,
  offset: number,
  check?: SQL,
): CompiledRows {
  const frame = frameOf(table, selection);
  const tail = sql`${where ? sql` where ${where}` : sql``} order by ${sql.join(orderBy, sql`, `)} limit ${limit}${offset > 0 ? sql` offset ${offset}` : sql``}`;
  if (check) {
    // One row always: the page's rows, or one of nulls when it has none, beside the check's answer. The
    // check is an InitPlan, run only when first read: for the empty page alone (on the demo store a
    // page with rows cost 192–209 µs so, 223–242 µs with the check always run, 171–186 µs without).
    const compiled = toQuery(
      sql`select page.*, case when page."page row" is null then exists(select 1 from ${table} where ${check}) end from (select) as one left join lateral (${sql.raw(frame.marked)}${tail}) as page on true`,
    );
    checkParameters(compiled.params.length);
    return { text: compiled.sql, params: compiled.params, columns: frame.columns, checked: true };
  }
  const compiled = toQuery(tail);
  checkParameters(compiled.params.length);
  return { text: frame.text + compiled.sql, params: compiled.params, columns: frame.columns };
}

/** Timestamps, dates and intervals as text, as drizzle reads them (its columns decode them). */
const rawText = (value: string) => value;
const RAW_PG_TYPES = new Set([1114, 1184, 1082, 1186, 1231, 1115, 1185, 1187, 1182]);
const pgTypes = {
  getTypeParser: (oid: number, format?: 'text' | 'binary') =>
    RAW_PG_TYPES.has(oid) ? rawText : (pg.types.getTypeParser as (oid: number, format?: 'text' | 'binary') => unknown)(oid, format),
};
const pgliteParsers = Object.fromEntries(
  [pgliteTypes.TIMESTAMP, pgliteTypes.TIMESTAMPTZ, pgliteTypes.INTERVAL, pgliteTypes.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, rawText]),
);

function decode(columns: CompiledRows['columns'], rows: unknown[][]): Row[] {
  return rows.map((values) => {
    const row: Row = {};
    for (let i = 0; i < columns.length; i++) {
      const [name, column] = columns[i]!;
      const value = values[i];
      row[name] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
    }
    return row;
  });
}

/**
 * Whether this handle's statements are planned without their values: PGlite keeps every statement text
 * parsed and runs it as a named statement (db/pglite-statements.ts), which PostgreSQL plans generically
 * after five runs. The app's pool sends the content service's statements unnamed, planned for their values.
 */
export function plansGenerically(db: Database): boolean {
  return isEmbedded((db as { $client?: unknown }).$client);
}

/** PGlite, on this thread or in its worker (db/pglite-remote.ts, decisions/0101). */
function isEmbedded(client: unknown): client is PGlite | RemotePGlite {
  return client instanceof PGlite || client instanceof RemotePGlite;
}

/** Whether compiled statements can run on this handle (the app's own pool or PGlite, not a transaction). */
export function runsCompiled(db: Database): boolean {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof pg.Pool || isEmbedded(client);
}

/**
 * A failure comes out as drizzle's would (DrizzleQueryError with the statement, its parameters and the
 * driver's error as cause), so that it is logged by statement and SQLSTATE without its SQL or values
 * (lib/log-serializers.ts), like every other statement's.
 */
export async function runRows(db: Database, compiled: CompiledRows): Promise<Row[]> {
  return (await runPage(db, compiled)).rows;
}

/** The page's rows, and when it is empty the answer of the statement's check (compileRows' `check`; else undefined). */
export async function runPage(db: Database, compiled: CompiledRows): Promise<{ rows: Row[]; check?: boolean }> {
  const arrays = await runArrays(db, compiled);
  if (!compiled.checked) return { rows: decode(compiled.columns, arrays) };
  const pageRows = arrays.filter((values) => values[0] !== null).map((values) => values.slice(1));
  if (pageRows.length > 0) return { rows: decode(compiled.columns, pageRows) };
  return { rows: [], check: arrays[0]?.at(-1) === true };
}

/** The statement's rows as arrays of driver values, in the order of its SELECT list (failures as runRows says). */
async function runArrays(db: Database, compiled: CompiledRows): Promise<unknown[][]> {
  try {
    return await arraysOnClient(db, compiled);
  } catch (error) {
    throw new DrizzleQueryError(compiled.text, compiled.params, error instanceof Error ? error : undefined);
  }
}

async function arraysOnClient(db: Database, compiled: CompiledRows): Promise<unknown[][]> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) {
    // A shape planned alike for any values runs on the pipelined connection that plans it once (decisions/0100).
    // Any other is sent unnamed on the pool, planned for its values: a generic plan of it walked the wrong
    // index for other values (shop listings 3–4× slower on 100,000 products, decisions/0054).
    const generic = compiled.plannedAlike ? genericPlansOf(client) : undefined;
    if (generic) {
      const rows = await generic.client.unsafe(compiled.text, compiled.params as postgres.ParameterOrJSON<never>[], { prepare: generic.keeps(compiled.text) }).values();
      return rows as unknown as unknown[][];
    }
    const result = await client.query({ text: compiled.text, values: compiled.params, rowMode: 'array' as const, types: pgTypes as pg.CustomTypesConfig });
    return result.rows as unknown[][];
  }
  if (isEmbedded(client)) {
    return (await client.query<unknown[]>(compiled.text, compiled.params, { rowMode: 'array', parsers: pgliteParsers })).rows;
  }
  throw new Error('runRows: the handle has no plain client (see runsCompiled)');
}
