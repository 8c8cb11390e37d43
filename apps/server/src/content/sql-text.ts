import { Column, Name, Param, Placeholder, SQL, StringChunk, Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';

/**
 * drizzle's SQL objects turned into PostgreSQL text and bind parameters, as PgDialect.sqlToQuery turns
 * them, for the content service's per-request statements (issue 13). drizzle asks of every piece, in
 * turn, whether it is each of a dozen kinds (`is()`, which walks the class chain when the answer is no)
 * and types every parameter by its column; on a cold search that was a fifth of the server's CPU
 * (docs/benchmarks.md, 2026-11-29). This walks the few kinds the content service writes — text, nested
 * SQL, columns, tables, names, parameters, lists — by `instanceof`, and hands anything else to drizzle
 * whole, so the text is always what drizzle would write (content-sql-text.test.ts compares the two).
 */

export interface Query {
  sql: string;
  params: unknown[];
}

const dialect = new PgDialect();
/** drizzle's keys of a table's name, schema and alias mark (drizzle-orm/table.js, table.utils.js). */
const TABLE_NAME = Symbol.for('drizzle:Name');
const TABLE_SCHEMA = Symbol.for('drizzle:Schema');
const IS_ALIAS = Symbol.for('drizzle:IsAlias');

/** A piece this module leaves to drizzle. */
class NotPlain extends Error {}

export function toQuery(statement: SQL): Query {
  const plain = plainQuery(statement);
  if (plain) return plain;
  const compiled = dialect.sqlToQuery(statement);
  return { sql: compiled.sql, params: compiled.params };
}

/** The statement's text and parameters written here, or undefined when it has a piece left to drizzle. */
export function plainQuery(statement: SQL): Query | undefined {
  const query: Query = { sql: '', params: [] };
  try {
    append(statement, query);
    return query;
  } catch (error) {
    if (error instanceof NotPlain) return undefined;
    throw error;
  }
}

/** How many bind parameters `statement` has (its text is not needed). */
export function parameterCount(statement: SQL): number {
  return toQuery(statement).params.length;
}

/** Values drizzle binds as they are (its last case: anything that is no SQL piece). */
const PLAIN_VALUE_TYPES = new Set(['string', 'number', 'boolean', 'bigint']);

const escapeName = (name: string) => `"${name.replace(/"/g, '""')}"`;

function tableName(table: Table): string {
  const keys = table as unknown as Record<symbol, unknown>;
  const name = escapeName(keys[TABLE_NAME] as string);
  const schema = keys[TABLE_SCHEMA] as string | undefined;
  return schema === undefined || keys[IS_ALIAS] ? name : `${escapeName(schema)}.${name}`;
}

/**
 * A column as written, `"table"."column"`, kept for the schema's own columns: they are few and module-level,
 * and each statement names dozens. An alias's columns are made anew on each use (drizzle's proxies), so
 * they are written each time rather than kept.
 */
const columnTexts = new WeakMap<Column, string>();

function columnText(column: Column): string {
  let text = columnTexts.get(column);
  if (text !== undefined) return text;
  text = `${tableName(column.table)}.${escapeName(column.name)}`;
  if (!(column.table as unknown as Record<symbol, unknown>)[IS_ALIAS]) columnTexts.set(column, text);
  return text;
}

function append(chunk: unknown, query: Query): void {
  if (chunk instanceof StringChunk) {
    // A template's piece is one string; drizzle's join of several is the rare case.
    query.sql += chunk.value.length === 1 ? chunk.value[0] : chunk.value.join('');
  } else if (chunk instanceof SQL) {
    // Inlined values (drizzle's `inlineParams()`) are not written by the content service.
    if ((chunk as unknown as { shouldInlineParams: boolean }).shouldInlineParams) throw new NotPlain();
    for (const inner of chunk.queryChunks) append(inner, query);
  } else if (chunk instanceof Column) {
    if (chunk.keyAsName) throw new NotPlain();
    query.sql += columnText(chunk);
  } else if (chunk instanceof Param) {
    if (chunk.value instanceof Placeholder) throw new NotPlain();
    const value = chunk.value === null ? null : chunk.encoder.mapToDriverValue(chunk.value);
    if (value instanceof SQL) append(value, query);
    else addParam(value, query);
  } else if (chunk === undefined) {
    // drizzle writes nothing for an absent piece
  } else if (chunk === null || PLAIN_VALUE_TYPES.has(typeof chunk) || chunk instanceof Date) {
    addParam(chunk, query);
  } else if (Array.isArray(chunk)) {
    query.sql += '(';
    chunk.forEach((item, i) => {
      if (i > 0) query.sql += ', ';
      append(item, query);
    });
    query.sql += ')';
  } else if (chunk instanceof Name) {
    query.sql += escapeName(chunk.value);
  } else if (chunk instanceof Table) {
    query.sql += tableName(chunk);
  } else {
    throw new NotPlain();
  }
}

function addParam(value: unknown, query: Query): void {
  query.params.push(value);
  query.sql += `$${query.params.length}`;
}
