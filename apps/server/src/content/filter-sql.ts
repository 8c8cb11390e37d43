import { type SQL } from 'drizzle-orm';
import { and, isNotNull, isNull, not, or, sql } from './sql-template';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { SHOPS } from '@ssd/shared/constants';
import { items, tagVocabulary } from '../db/schema';
import { isRelation, publicField, type CollectionDef } from './collections';
import { listTooLong, MAX_LIST_VALUES } from './budget';
import { forbiddenField, invalidQuery } from './errors';
import type { FilterNode, FilterOperator } from './query-parse';

/**
 * A parsed filter → a drizzle SQL condition. Values always travel as parameters; columns come from
 * the allow-list. Comparisons are written on the bare column (money is converted to paise on the
 * value side) so the indexes on price_paise, created_on, catalog and tags (GIN) can be used.
 */

/** The bounds of PostgreSQL's integer (int4), which integer and money columns are. */
export const INT4_MIN = -2147483648;
export const INT4_MAX = 2147483647;

const TRUE = sql`true`;
const FALSE = sql`false`;

type Condition = { field: string; operator: FilterOperator; value: unknown };

/**
 * How a filter is written for the size of its table (estimates.ts: SMALL_TABLE). On a small table every
 * read tests its rows one by one, and `tags _contains` written on the joined tags folded each row's
 * tags again for every pattern (the embedded demo, PGlite, 96 products: 1.0 ms of a three-tag
 * listing's statement). There it is written as an overlap with the tags of tag_vocabulary that
 * contain the text: the patterns are tested once per tag of the vocabulary, each row by an array
 * overlap (0.3 ms; docs/benchmarks.md, 2026-11-29). A large table keeps the joined ILIKE, which its
 * trigram index serves and the planner estimates; an overlap with a subquery's tags it can only guess.
 */
export interface FilterForm {
  smallTable: boolean;
}

export const LARGE_TABLE_FORM: FilterForm = { smallTable: false };

/** A filter compiled once, whole and by its top-level conjuncts (an AND filter's children, else the filter itself). */
export interface CompiledFilter {
  whole: SQL;
  conjuncts: Map<FilterNode, SQL>;
}

/** compileFilter, keeping each top-level conjunct's SQL for the reads that take some of them apart (query-sql.ts, price-range-reads.ts). */
export function compileConjuncts(collection: CollectionDef, filter: FilterNode, form: FilterForm): CompiledFilter {
  const nodes = filter.type === 'and' ? filter.children : [filter];
  const conjuncts = new Map(nodes.map((node) => [node, compileFilter(collection, node, form)] as const));
  // As compileFilter writes an AND filter: its children's SQL joined by and().
  const whole = filter.type === 'and' ? (and(...conjuncts.values()) ?? TRUE) : conjuncts.get(filter)!;
  return { whole, conjuncts };
}

export function compileFilter(collection: CollectionDef, node: FilterNode, form: FilterForm = LARGE_TABLE_FORM): SQL {
  switch (node.type) {
    case 'and':
      return and(...node.children.map((child) => compileFilter(collection, child, form))) ?? TRUE;
    case 'or':
      return or(...node.children.map((child) => compileFilter(collection, child, form))) ?? TRUE;
    case 'nested':
      scalarFieldOrThrow(collection, node.field);
      throw invalidQuery(`"${node.field}" has no related fields to filter on`);
    case 'condition':
      return compileCondition(collection, node, form);
  }
}

function scalarFieldOrThrow(collection: CollectionDef, name: string) {
  const field = publicField(collection.fields, name);
  if (!field) throw forbiddenField(collection.name, name);
  if (isRelation(field)) throw invalidQuery(`Filtering on the related field "${name}" is not supported`);
  return field;
}

function compileCondition(collection: CollectionDef, condition: Condition, form: FilterForm): SQL {
  const field = scalarFieldOrThrow(collection, condition.field);
  const { operator } = condition;
  const column = field.column;
  if (operator === '_null' || operator === '_nnull') {
    const wantNull = booleanOperand(condition) === (operator === '_null');
    return wantNull ? isNull(column) : isNotNull(column);
  }
  if ((operator === '_eq' || operator === '_neq') && isNullValue(condition.value)) {
    return operator === '_eq' ? isNull(column) : isNotNull(column);
  }
  switch (field.kind) {
    case 'integer':
    case 'money':
      return integerCondition(column, field.kind, condition);
    case 'decimal':
      return plainCondition(column, condition, (value) => String(numberValue(value, condition)));
    case 'timestamp':
      return plainCondition(column, condition, (value) => timestampValue(value, condition));
    case 'text':
      if (column === items.shop) {
        const shop = exactShop(condition);
        if (shop !== null) return sql`${column} = ${shop}`;
      }
      return textCondition(column, condition);
    case 'tags':
      return tagsCondition(column, condition, form);
  }
}

// ---------------------------------------------------------------------------------------------
// Values

/** Directus reads the strings "null"/"NULL" as null in filters (the bracket form has no other way). */
function isNullValue(value: unknown): boolean {
  return value === null || value === 'null' || value === 'NULL';
}

function describe(condition: Condition): string {
  return `"${condition.field}" ${condition.operator}`;
}

function booleanOperand(condition: Condition): boolean {
  const { value } = condition;
  if (value === true || value === 'true' || value === '1' || value === 1 || value === '') return true;
  if (value === false || value === 'false' || value === '0' || value === 0) return false;
  throw invalidQuery(`${describe(condition)} takes true or false`);
}

const NUMBER_TEXT = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;

function numberValue(value: unknown, condition: Condition): number {
  let number = Number.NaN;
  if (typeof value === 'number') number = value;
  else if (typeof value === 'string' && NUMBER_TEXT.test(value.trim())) number = Number(value.trim());
  if (!Number.isFinite(number)) {
    throw invalidQuery(`${describe(condition)} needs a number, not ${JSON.stringify(value)?.slice(0, 40)}`);
  }
  return number;
}

function textValue(value: unknown, condition: Condition): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value !== 'string') throw invalidQuery(`${describe(condition)} needs a text value`);
  if (value.includes('\u0000')) throw invalidQuery(`${describe(condition)}: the value contains a NUL character`);
  return value;
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/i;

/** An ISO 8601 date or date-time → a normalized UTC instant; a time without offset is read as UTC. */
function timestampValue(value: unknown, condition: Condition): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const match = ISO_DATE.exec(text);
  if (match) {
    const [, year, month, day, hour, minute, , zone] = match;
    const withZone = hour !== undefined && zone === undefined ? `${text.replace(' ', 'T')}Z` : text.replace(' ', 'T');
    const instant = new Date(withZone);
    const y = Number(year);
    // Date rolls 2024-02-31 over to March; a date that does not round-trip does not exist.
    const calendar = new Date(Date.UTC(y, Number(month) - 1, Number(day)));
    const real =
      calendar.getUTCFullYear() === y &&
      calendar.getUTCMonth() === Number(month) - 1 &&
      calendar.getUTCDate() === Number(day) &&
      Number(hour ?? 0) < 24 &&
      Number(minute ?? 0) < 60;
    if (real && y >= 1 && !Number.isNaN(instant.getTime())) return instant.toISOString();
  }
  throw invalidQuery(`${describe(condition)} needs an ISO 8601 date such as 2024-05-01 or 2024-05-01T10:00:00Z`);
}

/** `_in`/`_nin` operands: a list, bracket indexes, or a comma-separated string. */
function listOperand(condition: Condition): unknown[] {
  const { value } = condition;
  let list: unknown[];
  if (Array.isArray(value)) list = value;
  else if (typeof value === 'string') list = value.split(',');
  else if (typeof value === 'number') list = [value];
  else if (typeof value === 'object' && value !== null && Object.keys(value).every((key) => /^\d{1,4}$/.test(key))) {
    const record = value as Record<string, unknown>;
    list = Object.keys(record)
      .sort((a, b) => Number(a) - Number(b))
      .map((key) => record[key]);
  } else {
    throw invalidQuery(`${describe(condition)} needs a list (an array or a comma-separated string)`);
  }
  // Checked while parsing already (query-parse.ts); kept here for filters built any other way.
  if (list.length > MAX_LIST_VALUES) throw listTooLong(describe(condition), list.length);
  for (const entry of list) {
    if (typeof entry === 'object' && entry !== null) throw invalidQuery(`${describe(condition)} needs a list of plain values`);
  }
  return list;
}

function singleOperand(condition: Condition): unknown {
  if (typeof condition.value === 'object' && condition.value !== null) {
    throw invalidQuery(`${describe(condition)} needs a single value, not a list or an object`);
  }
  return condition.value;
}

// ---------------------------------------------------------------------------------------------
// Conditions by kind

/**
 * `column in ($1, $2)` / `not in`, with the values as plain parameters (drizzle's inArray would
 * pass them through the column's encoder, which expects Dates for timestamps).
 */
function inList(column: PgColumn, values: Array<string | number>, negate: boolean): SQL {
  const list = sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );
  return negate ? sql`${column} not in (${list})` : sql`${column} in (${list})`;
}

function onlyOperators(condition: Condition, kind: string, allowed: FilterOperator[]): void {
  if (!allowed.includes(condition.operator)) {
    throw invalidQuery(`${condition.operator} cannot be used on "${condition.field}" (${kind})`);
  }
}

const COMPARISONS: FilterOperator[] = ['_eq', '_neq', '_in', '_nin', '_gt', '_gte', '_lt', '_lte'];

/**
 * Integer columns (and money in paise) compared with a number that may be fractional or beyond the
 * int4 range: the bound is rounded the way that keeps the meaning exact (price > 10.005 rupees is
 * paise > 1000), and a bound no int4 can meet becomes a constant, so PostgreSQL never sees an
 * out-of-range parameter and the column stays bare for its index.
 */
function integerCondition(column: PgColumn, kind: 'integer' | 'money', condition: Condition): SQL {
  onlyOperators(condition, kind === 'money' ? 'an amount in rupees' : 'a number', COMPARISONS);
  const toTarget = (value: unknown): number => columnNumber(kind, value, condition);
  const exactInts = (values: unknown[]) =>
    values.map(toTarget).filter((n) => Number.isInteger(n) && n >= INT4_MIN && n <= INT4_MAX);
  const { operator } = condition;
  if (operator === '_in' || operator === '_nin') {
    const list = exactInts(listOperand(condition));
    if (operator === '_in') return list.length ? inList(column, list, false) : FALSE;
    return list.length ? inList(column, list, true) : isNotNull(column);
  }
  const target = toTarget(singleOperand(condition));
  const anyValue = isNotNull(column);
  switch (operator) {
    case '_eq':
      return Number.isInteger(target) && target >= INT4_MIN && target <= INT4_MAX ? sql`${column} = ${target}` : FALSE;
    case '_neq':
      return Number.isInteger(target) && target >= INT4_MIN && target <= INT4_MAX ? sql`${column} <> ${target}` : anyValue;
    case '_gt': {
      const bound = Math.floor(target);
      return bound >= INT4_MAX ? FALSE : bound < INT4_MIN ? anyValue : sql`${column} > ${bound}`;
    }
    case '_gte': {
      const bound = Math.ceil(target);
      return bound > INT4_MAX ? FALSE : bound <= INT4_MIN ? anyValue : sql`${column} >= ${bound}`;
    }
    case '_lt': {
      const bound = Math.ceil(target);
      return bound <= INT4_MIN ? FALSE : bound > INT4_MAX ? anyValue : sql`${column} < ${bound}`;
    }
    case '_lte': {
      const bound = Math.floor(target);
      return bound < INT4_MIN ? FALSE : bound >= INT4_MAX ? anyValue : sql`${column} <= ${bound}`;
    }
    default:
      throw invalidQuery(`${operator} cannot be used on "${condition.field}"`);
  }
}

/** A filter's number as the column holds it: rupees → paise for money, with float noise snapped (0.29 × 100). */
function columnNumber(kind: 'integer' | 'money', value: unknown, condition: Condition): number {
  const number = numberValue(value, condition);
  if (kind === 'integer') return number;
  const paise = number * 100;
  const whole = Math.round(paise);
  return Math.abs(paise - whole) < 1e-6 ? whole : paise;
}

/**
 * The whole numbers an integer or money column may hold under one range condition (`_gt _gte _lt _lte`),
 * rounded as integerCondition rounds its bound: `{ low }` or `{ high }`, inclusive; null for another operator.
 */
export function inclusiveBound(kind: 'integer' | 'money', condition: Condition): { low: number } | { high: number } | null {
  const target = () => columnNumber(kind, singleOperand(condition), condition);
  switch (condition.operator) {
    case '_gt':
      return { low: Math.floor(target()) + 1 };
    case '_gte':
      return { low: Math.ceil(target()) };
    case '_lt':
      return { high: Math.ceil(target()) - 1 };
    case '_lte':
      return { high: Math.floor(target()) };
    default:
      return null;
  }
}

/** Decimal and timestamp columns: comparisons with a converted parameter. */
function plainCondition(column: PgColumn, condition: Condition, convert: (value: unknown) => string): SQL {
  onlyOperators(condition, 'a number or date', COMPARISONS);
  const { operator } = condition;
  if (operator === '_in' || operator === '_nin') {
    const list = listOperand(condition).map(convert);
    if (operator === '_in') return list.length ? inList(column, list, false) : FALSE;
    return list.length ? inList(column, list, true) : isNotNull(column);
  }
  const value = convert(singleOperand(condition));
  return comparison(column, operator, value);
}

function comparison(column: PgColumn, operator: FilterOperator, value: string): SQL {
  switch (operator) {
    case '_eq':
      return sql`${column} = ${value}`;
    case '_neq':
      return sql`${column} <> ${value}`;
    case '_gt':
      return sql`${column} > ${value}`;
    case '_gte':
      return sql`${column} >= ${value}`;
    case '_lt':
      return sql`${column} < ${value}`;
    case '_lte':
      return sql`${column} <= ${value}`;
    default:
      throw new Error(`comparison() called with ${operator}`);
  }
}

/**
 * A top-level condition of an items filter written on a table that mirrors some of items' columns
 * (item_search, item_tags, item_terms): `copies` maps an items column to its copy, `inStock` is the copy
 * of `quantity > 0`, which stands for `quantity _gt 0`. Null when the condition reads anything else.
 */
export function onMirror(collection: CollectionDef, node: FilterNode, copies: ReadonlyMap<PgColumn, PgColumn>, inStock: PgColumn): SQL | null {
  if (node.type !== 'condition') return null;
  const field = publicField(collection.fields, node.field);
  if (!field || isRelation(field)) return null;
  if (field.column === items.quantity) return node.operator === '_gt' && (node.value === 0 || node.value === '0') ? sql`${inStock}` : null;
  const copy = copies.get(field.column);
  if (!copy) return null;
  return compileFilter({ ...collection, fields: { [node.field]: { ...field, column: copy } } }, node);
}

/**
 * items.shop `_icontains`/`_contains` whose value is one shop's value, which no other shop's value
 * contains: the same rows as `shop = value`, which the (shop, price) and (shop, created_on) indexes
 * serve (the storefront sends `filter[shop][_icontains]=jewel`). Exact because items.shop references
 * shops.value, whose rows are SHOPS (seed.ts inserts them; nothing else writes shops). Otherwise null.
 */
export function exactShop(condition: Condition): string | null {
  const { operator, value } = condition;
  if ((operator !== '_icontains' && operator !== '_contains') || typeof value !== 'string') return null;
  const fold = (text: string) => (operator === '_icontains' ? text.toLowerCase() : text);
  const wanted = fold(value);
  const containing = SHOPS.filter((shop) => fold(shop.value).includes(wanted));
  return containing.length === 1 && fold(containing[0]!.value) === wanted ? containing[0]!.value : null;
}

/** `%text%` for LIKE, with the pattern characters of the text taken literally. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** `target` contains `text`: LIKE, or ILIKE when case is ignored, on the literal text. */
function contains(target: SQL | PgColumn, text: string, caseInsensitive: boolean): SQL {
  const pattern = containsPattern(text);
  return caseInsensitive ? sql`${target} ilike ${pattern}` : sql`${target} like ${pattern}`;
}

function textCondition(column: PgColumn, condition: Condition): SQL {
  const { operator } = condition;
  if (operator === '_contains' || operator === '_icontains') {
    return contains(column, textValue(singleOperand(condition), condition), operator === '_icontains');
  }
  if (operator === '_in' || operator === '_nin') {
    const list = listOperand(condition).map((value) => textValue(value, condition));
    if (operator === '_in') return list.length ? inList(column, list, false) : FALSE;
    return list.length ? inList(column, list, true) : isNotNull(column);
  }
  return comparison(column, operator, textValue(singleOperand(condition), condition));
}

/** `ARRAY[$1, $2]::text[]` */
export function textArray(values: string[]): SQL {
  return sql`array[${sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  )}]::text[]`;
}

/** The separator `ssd_tags_joined()` puts around each tag (migration 0006_tags_trigram.sql). */
const TAG_SEPARATOR = '\u001f';

/**
 * Some tag contains `text` (LIKE or ILIKE). For text without the separator this is the same as a
 * LIKE on the joined tags, which the trigram index items_tags_trgm_idx serves; otherwise (and for
 * empty text, where "some tag" also needs a tag) it looks at each tag.
 */
export function someTagContains(column: PgColumn, text: string, caseInsensitive: boolean): SQL {
  if (text !== '' && !text.includes(TAG_SEPARATOR)) return contains(sql`ssd_tags_joined(${column})`, text, caseInsensitive);
  return sql`exists (select 1 from unnest(${column}) as content_tag(tag) where ${contains(sql`content_tag.tag`, text, caseInsensitive)})`;
}

/**
 * items.tags has a tag of tag_vocabulary that contains `text` (FilterForm: small tables). The same rows
 * as someTagContains: tag_vocabulary holds every tag any item has had (kept by the trigger of item_tags,
 * in the item's own transaction), so each tag of an item is one of its rows.
 */
function someVocabularyTag(text: string, caseInsensitive: boolean): SQL {
  const tags = sql`select ${tagVocabulary.tag} from ${tagVocabulary} where ${contains(tagVocabulary.tag, text, caseInsensitive)}`;
  return sql`${items.tags} && array(${tags})`;
}

/**
 * Tags (text[]): `_eq` has that exact tag, `_in` has any of them (both via the GIN index),
 * `_contains`/`_icontains` some tag contains the text; `_neq`/`_nin` are their negations.
 */
function tagsCondition(column: PgColumn, condition: Condition, form: FilterForm): SQL {
  onlyOperators(condition, 'a list of tags', ['_eq', '_neq', '_in', '_nin', '_contains', '_icontains']);
  const { operator } = condition;
  switch (operator) {
    case '_contains':
    case '_icontains': {
      const text = textValue(singleOperand(condition), condition);
      const caseInsensitive = operator === '_icontains';
      return form.smallTable && column === items.tags ? someVocabularyTag(text, caseInsensitive) : someTagContains(column, text, caseInsensitive);
    }
    case '_eq':
    case '_neq': {
      const has = sql`${column} @> ${textArray([textValue(singleOperand(condition), condition)])}`;
      return operator === '_eq' ? has : not(has);
    }
    default: {
      const list = listOperand(condition).map((value) => textValue(value, condition));
      if (list.length === 0) return operator === '_in' ? FALSE : TRUE;
      const overlaps = sql`${column} && ${textArray(list)}`;
      return operator === '_in' ? overlaps : not(overlaps);
    }
  }
}

/**
 * Which tags of a vocabulary (`tag`, one tag per row) a tags condition accepts: an item meets the
 * condition exactly when one of its tags is such a tag. Written with the same operator and operand as
 * tagsCondition (the same LIKE/ILIKE pattern on one tag, the same exact tags), so both sides agree on
 * case and pattern characters. Null for conditions no single tag decides (`_neq`, `_nin`, null tests).
 */
export function tagChoice(collection: CollectionDef, tag: SQL, condition: Condition): SQL | null {
  const field = publicField(collection.fields, condition.field);
  if (!field || isRelation(field) || field.kind !== 'tags') return null;
  const { operator } = condition;
  switch (operator) {
    case '_contains':
    case '_icontains':
      return contains(tag, textValue(singleOperand(condition), condition), operator === '_icontains');
    case '_eq':
      return isNullValue(condition.value) ? null : sql`${tag} = ${textValue(singleOperand(condition), condition)}`;
    case '_in': {
      const list = listOperand(condition).map((value) => textValue(value, condition));
      return list.length === 0 ? FALSE : sql`${tag} in (${sql.join(
        list.map((value) => sql`${value}`),
        sql`, `,
      )})`;
    }
    default:
      return null;
  }
}
