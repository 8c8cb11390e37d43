import { SQL, sql as drizzleSql, StringChunk, type SQLChunk, type SQLWrapper } from 'drizzle-orm';

/**
 * drizzle's `sql` template, `sql.join` and the few operators the content service composes its per-request
 * statements with (`and`, `or`, `not`, `isNull`, `isNotNull`, `asc`, `desc`), making the same SQL objects
 * (drizzle compiles and composes them as its own: content-sql-template.test.ts) without the scan drizzle's
 * SQL constructor does of every piece: it asks each whether it is a table (`is()`, which walks the piece's
 * class chain when the answer is no) to list the statement's tables for its query cache, which the store does
 * not use. That scan was a fifth of the content service's JavaScript per cold request (`bench/content-js-cost.ts`
 * profiled, docs/benchmarks.md, 2026-11-30). Other code keeps drizzle's own.
 */
class PlainSql<T = unknown> extends SQL<T> {
  constructor(chunks: SQLChunk[]) {
    super(NO_CHUNKS);
    (this as { queryChunks: SQLChunk[] }).queryChunks = chunks;
  }
}

/** What the constructor scans: nothing (each instance then takes its own pieces). */
const NO_CHUNKS: SQLChunk[] = [];

/** As drizzle's `sql` template: text pieces and the values or SQL between them, in order. */
function template<T = unknown>(strings: TemplateStringsArray, ...params: unknown[]): SQL<T> {
  const chunks: SQLChunk[] = [];
  if (params.length > 0 || (strings.length > 0 && strings[0] !== '')) chunks.push(new StringChunk(strings[0]!));
  for (let i = 0; i < params.length; i++) chunks.push(params[i] as SQLChunk, new StringChunk(strings[i + 1]!));
  return new PlainSql<T>(chunks);
}

/** As drizzle's `sql.join`: the pieces with `separator` between them. */
function join(chunks: SQLChunk[], separator?: SQLChunk): SQL {
  const joined: SQLChunk[] = [];
  chunks.forEach((chunk, i) => {
    if (i > 0 && separator !== undefined) joined.push(separator);
    joined.push(chunk);
  });
  return new PlainSql(joined);
}

export const sql = Object.assign(template, { join, raw: drizzleSql.raw, identifier: drizzleSql.identifier });

/** As drizzle's `and`: the conditions given (undefined ones left out) joined by `and`, in parentheses when several. */
export function and(...given: Array<SQLWrapper | undefined>): SQL | undefined {
  return joinedConditions(given, ' and ');
}

/** As drizzle's `or`. */
export function or(...given: Array<SQLWrapper | undefined>): SQL | undefined {
  return joinedConditions(given, ' or ');
}

function joinedConditions(given: Array<SQLWrapper | undefined>, separator: string): SQL | undefined {
  const conditions = given.filter((condition): condition is SQLWrapper => condition !== undefined);
  if (conditions.length === 0) return undefined;
  if (conditions.length === 1) return new PlainSql(conditions);
  return new PlainSql([new StringChunk('('), join(conditions, new StringChunk(separator)), new StringChunk(')')]);
}

export const not = (condition: SQLChunk): SQL => template`not ${condition}`;
export const isNull = (value: SQLChunk): SQL => template`${value} is null`;
export const isNotNull = (value: SQLChunk): SQL => template`${value} is not null`;
export const asc = (column: SQLChunk): SQL => template`${column} asc`;
export const desc = (column: SQLChunk): SQL => template`${column} desc`;
