import { filterTooDeep, listTooLong, MAX_FILTER_DEPTH, MAX_FILTER_NODES, MAX_LIST_VALUES, tooManyFilterNodes } from './budget';
import { invalidQuery } from './errors';

/**
 * The raw query string of a content read → a typed query, independent of the collection (fields,
 * operators on fields and values are checked against the collection in query-sql.ts).
 *
 * Accepts the Directus REST forms: `fields=a,b` / `fields[]=a`, `sort=-price,id` / `sort[]=-price`,
 * `filter={"price":{"_gte":1000}}` (JSON) or `filter[price][_gte]=1000` (brackets, including
 * `filter[_or][0][tags][_icontains]=silk`), `search`, `limit`, `offset`, `page`, `meta`.
 * Fastify's own query parser does not nest brackets, so the string is parsed here.
 */

export const FILTER_OPERATORS = [
  '_eq',
  '_neq',
  '_in',
  '_nin',
  '_gt',
  '_gte',
  '_lt',
  '_lte',
  '_contains',
  '_icontains',
  '_null',
  '_nnull',
] as const;
export type FilterOperator = (typeof FILTER_OPERATORS)[number];
const OPERATORS: ReadonlySet<string> = new Set(FILTER_OPERATORS);

export type FilterNode =
  | { type: 'and' | 'or'; children: FilterNode[] }
  /** `field: {operator: value}`; the value is as given (string from brackets, any JSON from JSON). */
  | { type: 'condition'; field: string; operator: FilterOperator; value: unknown }
  /** `field: {sub: {...}}`: a filter through a relation, which this service does not offer. */
  | { type: 'nested'; field: string };

export interface SortKey {
  field: string;
  descending: boolean;
}

export interface ContentQuery {
  /** Requested field paths; null when absent (Directus then reads `*`). */
  fields: string[] | null;
  filter: FilterNode | null;
  search: string | null;
  sort: SortKey[];
  /** Rows to return: `limit`, DEFAULT_LIMIT when absent, never more than MAX_LIMIT (also for limit=-1, "all"). */
  limit: number;
  offset: number;
  /** total_count, filter_count (Directus), and suggestion: "did you mean" for a search (search.ts, ours). */
  meta: { totalCount: boolean; filterCount: boolean; suggestion: boolean };
}

export const DEFAULT_LIMIT = 100;
/**
 * The most rows one read returns, whatever `limit` says (also for limit=-1, "all"): a public,
 * token-less endpoint must bound the work one request can cause. Like Directus' QUERY_LIMIT_MAX,
 * a larger limit is clamped rather than refused.
 */
export const MAX_LIMIT = 1000;

// Sanity bounds on what one query may ask for; each breach is a 400 with the reason. The filter's
// budget (nodes, depth, list values) is in budget.ts.
const MAX_KEY_DEPTH = 12;
const MAX_LIST_ENTRIES = 100;
const MAX_SEARCH_LENGTH = 200;

/** Parameters Directus knows that this service does not implement: refused, not silently ignored. */
const UNSUPPORTED = new Set(['deep', 'alias', 'aggregate', 'groupBy', 'export', 'version']);
const KNOWN = new Set(['fields', 'filter', 'search', 'sort', 'limit', 'offset', 'page', 'meta']);

/** A parameter value tree built from bracket keys; objects have no prototype. */
type Tree = string | Tree[] | { [key: string]: Tree };

function isBranch(node: Tree | undefined): node is { [key: string]: Tree } {
  return typeof node === 'object' && node !== null && !Array.isArray(node);
}

function newBranch(): { [key: string]: Tree } {
  return Object.create(null) as { [key: string]: Tree };
}

/**
 * `filter[_or][0][tags][_icontains]` → ['filter', '_or', '0', 'tags', '_icontains']; null if malformed: a
 * name without brackets, then any number of `[segment]`, none holding a bracket. Read by hand, once through
 * the key, as every parameter of every read is.
 */
function splitKey(key: string): string[] | null {
  const open = key.indexOf('[');
  const base = open === -1 ? key : key.slice(0, open);
  if (base === '' || base.includes(']')) return null;
  const segments = [base];
  for (let at = open; at !== -1 && at < key.length; ) {
    if (key[at] !== '[') return null;
    const close = key.indexOf(']', at + 1);
    if (close === -1) return null;
    const segment = key.slice(at + 1, close);
    if (segment.includes('[')) return null;
    segments.push(segment);
    at = close + 1;
  }
  return segments;
}

function insert(target: { [key: string]: Tree }, path: string[], value: string, display: string, from = 0): void {
  const head = path[from]!;
  const rest = path.length - from - 1;
  const existing = target[head];
  if (rest === 0) {
    if (existing === undefined) target[head] = value;
    else if (typeof existing === 'string') target[head] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
    else throw invalidQuery(`"${display}" conflicts with another parameter of the same name`);
    return;
  }
  if (path[from + 1] === '') {
    // `name[]=value`: append to a list.
    if (rest > 1) throw invalidQuery(`"${display}" is not a supported parameter form`);
    if (existing === undefined) target[head] = [value];
    else if (typeof existing === 'string') target[head] = [existing, value];
    else if (Array.isArray(existing)) existing.push(value);
    else throw invalidQuery(`"${display}" conflicts with another parameter of the same name`);
    return;
  }
  let branch: { [key: string]: Tree };
  if (existing === undefined) {
    branch = newBranch();
    target[head] = branch;
  } else if (isBranch(existing)) {
    branch = existing;
  } else {
    throw invalidQuery(`"${display}" conflicts with another parameter of the same name`);
  }
  insert(branch, path, value, display, from + 1);
}

/** All values of a list parameter: `a,b`, repeated, `name[]=` or `name[0]=` forms, trimmed, blanks dropped. */
function listParameter(name: string, node: Tree | undefined): string[] {
  if (node === undefined) return [];
  const raw: Tree[] = typeof node === 'string' ? [node] : Array.isArray(node) ? node : indexedValues(node, name);
  const out: string[] = [];
  for (const entry of raw) {
    if (typeof entry !== 'string') throw invalidQuery(`"${name}" must be a list of names`);
    for (const part of entry.split(',')) {
      const trimmed = part.trim();
      if (trimmed) out.push(trimmed);
    }
  }
  if (out.length > MAX_LIST_ENTRIES) throw invalidQuery(`"${name}" lists more than ${MAX_LIST_ENTRIES} entries`);
  return out;
}

/** A branch whose keys are all list indexes (`[0]`, `[1]`...) as a list in index order. */
function indexedValues(node: { [key: string]: unknown }, name: string): Tree[] {
  const keys = Object.keys(node);
  if (!keys.every((key) => /^\d{1,4}$/.test(key))) throw invalidQuery(`"${name}" must be a list`);
  return keys.sort((a, b) => Number(a) - Number(b)).map((key) => node[key] as Tree);
}

function singleParameter(name: string, node: Tree | undefined): string | null {
  if (node === undefined) return null;
  if (typeof node !== 'string') throw invalidQuery(`"${name}" must be given once, as a single value`);
  return node;
}

function integerParameter(name: string, node: Tree | undefined, min: number): number | null {
  const text = singleParameter(name, node);
  if (text === null) return null;
  if (!/^-?\d{1,15}$/.test(text.trim())) throw invalidQuery(`"${name}" must be an integer, not "${text.slice(0, 40)}"`);
  const value = Number(text.trim());
  if (value < min) throw invalidQuery(`"${name}" must be at least ${min}`);
  return value;
}

function parseSort(node: Tree | undefined): SortKey[] {
  return listParameter('sort', node).map((entry) => {
    const descending = entry.startsWith('-');
    const field = descending ? entry.slice(1).trim() : entry;
    if (!field) throw invalidQuery(`"${entry}" is not a field to sort on`);
    if (field === '?') throw invalidQuery('Random sort ("?") is not supported');
    return { field, descending };
  });
}

function parseMeta(node: Tree | undefined): ContentQuery['meta'] {
  const meta = { totalCount: false, filterCount: false, suggestion: false };
  for (const entry of listParameter('meta', node)) {
    if (entry === '*') {
      meta.totalCount = true;
      meta.filterCount = true;
    } else if (entry === 'total_count') meta.totalCount = true;
    else if (entry === 'filter_count') meta.filterCount = true;
    else if (entry === 'suggestion') meta.suggestion = true;
    else throw invalidQuery(`"${entry.slice(0, 40)}" is not a meta value (use total_count, filter_count, suggestion or *)`);
  }
  return meta;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The members of `_and`/`_or` (a JSON array or bracket indexes `[0]`, `[1]`). */
function logicalMembers(operator: string, value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (isObject(value)) return indexedValues(value, `filter ${operator}`);
  throw invalidQuery(`"${operator}" needs a list of filters`);
}

interface FilterBudget {
  /** Conditions and `_and`/`_or` groups seen so far (budget.ts: MAX_FILTER_NODES). */
  nodes: number;
}

function countNode(budget: FilterBudget): void {
  budget.nodes += 1;
  if (budget.nodes > MAX_FILTER_NODES) throw tooManyFilterNodes();
}

/**
 * How many values an `_in`/`_nin` operand lists, read as filter-sql's listOperand reads it (a list,
 * bracket indexes, or a comma-separated string); 0 for an operand that is no list (refused there).
 */
function listLength(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return value.split(',').length;
  if (typeof value === 'number') return 1;
  if (isObject(value)) return Object.keys(value).length;
  return 0;
}

function normalizeFilter(value: unknown, depth: number, budget: FilterBudget): FilterNode | null {
  if (depth > MAX_FILTER_DEPTH) throw filterTooDeep();
  if (!isObject(value)) throw invalidQuery('A filter must be an object such as {"price":{"_gte":1000}}');
  const parts: FilterNode[] = [];
  for (const [key, inner] of Object.entries(value)) {
    if (key === '_and' || key === '_or') {
      countNode(budget);
      const children = logicalMembers(key, inner)
        .map((member) => normalizeFilter(member, depth + 1, budget))
        .filter((node): node is FilterNode => node !== null);
      // An empty _and/_or constrains nothing and is dropped (as Directus' query builder does).
      if (children.length > 0) parts.push({ type: key === '_and' ? 'and' : 'or', children });
      continue;
    }
    if (key.startsWith('_')) throw invalidQuery(`"${key.slice(0, 40)}" is not valid here: a filter names a field first`);
    if (!isObject(inner)) {
      throw invalidQuery(`The filter on "${key.slice(0, 40)}" must be an operator object such as {"_eq": value}`);
    }
    for (const [operator, operand] of Object.entries(inner)) {
      if (!operator.startsWith('_')) {
        countNode(budget);
        parts.push({ type: 'nested', field: key });
        continue;
      }
      if (!OPERATORS.has(operator)) {
        throw invalidQuery(`"${operator.slice(0, 40)}" is not a supported filter operator`);
      }
      countNode(budget);
      if (operator === '_in' || operator === '_nin') {
        const values = listLength(operand);
        if (values > MAX_LIST_VALUES) throw listTooLong(`"${key.slice(0, 40)}" ${operator}`, values);
      }
      parts.push({ type: 'condition', field: key, operator: operator as FilterOperator, value: operand });
    }
  }
  if (parts.length === 0) return null;
  if (parts.length === 1) return parts[0] ?? null;
  return { type: 'and', children: parts };
}

function parseFilter(node: Tree | undefined): FilterNode | null {
  if (node === undefined) return null;
  let value: unknown = node;
  if (Array.isArray(node)) throw invalidQuery('"filter" must be given once');
  if (typeof node === 'string') {
    if (node.trim() === '') return null;
    try {
      value = JSON.parse(node);
    } catch {
      throw invalidQuery('"filter" is not valid JSON');
    }
  }
  return normalizeFilter(value, 0, { nodes: 0 });
}

/** Parses the part of a URL after `?` (without the `?`). Throws a 400 ContentError on bad input. */
export function parseContentQuery(queryString: string): ContentQuery {
  const params = newBranch();
  for (const [key, value] of new URLSearchParams(queryString)) {
    const path = splitKey(key);
    const base = path?.[0] ?? key.split('[')[0] ?? key;
    if (UNSUPPORTED.has(base)) throw invalidQuery(`"${base}" is not supported by this service`);
    if (!KNOWN.has(base)) continue; // cache busters and the like
    if (!path) throw invalidQuery(`"${key.slice(0, 60)}" is not a well-formed parameter name`);
    if (path.length > MAX_KEY_DEPTH) throw invalidQuery(`"${key.slice(0, 60)}…" is nested too deeply`);
    insert(params, path, value, key.slice(0, 60));
  }

  const fields = listParameter('fields', params.fields);
  const search = singleParameter('search', params.search);
  if (search !== null && search.length > MAX_SEARCH_LENGTH) {
    throw invalidQuery(`"search" is longer than ${MAX_SEARCH_LENGTH} characters`);
  }
  if (search?.includes('\u0000')) throw invalidQuery('"search" contains a NUL character');

  const limitParam = integerParameter('limit', params.limit, -1);
  const all = limitParam === -1;
  const limit = all ? MAX_LIMIT : Math.min(limitParam ?? DEFAULT_LIMIT, MAX_LIMIT);
  const page = integerParameter('page', params.page, 1);
  let offset = integerParameter('offset', params.offset, 0) ?? 0;
  // Directus: `page` (1-based, in pages of `limit`) wins over `offset`; with limit=-1 there is one page.
  if (page !== null) offset = all ? 0 : (page - 1) * limit;
  if (!Number.isSafeInteger(offset)) throw invalidQuery('"offset" is too large');

  return {
    fields: fields.length > 0 ? fields : null,
    filter: parseFilter(params.filter),
    search: search?.trim() ? search.trim() : null,
    sort: parseSort(params.sort),
    limit,
    offset,
    meta: parseMeta(params.meta),
  };
}
