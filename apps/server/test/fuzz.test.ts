import { subscribe, unsubscribe } from 'node:diagnostics_channel';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, items } from '../src/db/schema';
import { Random } from '../src/seed/random';
import { DEMO_ACCOUNTS, seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, createUserWithToken, nextClientAddress, type TestApp } from './helper';

/**
 * A bounded fuzz of every /api and /content route: a fixed seed, a few thousand generated requests
 * (wrong types, huge numbers, control characters, malformed escapes, deep filters), each as an
 * anonymous visitor, a signed-in shopper or a store admin. Bad input must get a 4xx: the test fails on any 5xx and
 * prints the requests that caused it. The routes are collected from the app itself, so a new route
 * is fuzzed without touching this file.
 */

// Fixed, so a failure reproduces; FUZZ_SEED and FUZZ_REQUESTS explore further by hand.
const SEED = Number(process.env.FUZZ_SEED ?? 20_250_501);
const REQUESTS = Number(process.env.FUZZ_REQUESTS ?? 5000);
/** The longest address a real client gets through Node's default 16 KB header limit. */
const MAX_URL_LENGTH = 14_000;

interface Route {
  method: string;
  url: string;
  /** The field names of the route's body and query string schemas, when it has them. */
  bodyKeys?: string[];
  queryKeys?: string[];
}

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  payload?: string;
  who: 'visitor' | 'shopper' | 'admin';
  remoteAddress: string;
}

interface Failure {
  request: FuzzRequest;
  status: number | 'threw';
  answer: string;
}

const routes: Route[] = [];
let t: TestApp;
let outbox: string;
let itemIds: number[] = [];
let fileIds: string[] = [];

/** The keys of a zod object schema, through optional/nullable wrappers; none for anything else. */
function schemaKeys(schema: unknown): string[] | undefined {
  let current = schema as { shape?: Record<string, unknown>; unwrap?: () => unknown } | undefined;
  for (let i = 0; i < 4 && current && !current.shape && typeof current.unwrap === 'function'; i++) current = current.unwrap() as typeof current;
  return current?.shape ? Object.keys(current.shape) : undefined;
}

/** Every route the app registers, read as it is built (Fastify publishes each new instance on this channel). */
function collectRoutes(message: unknown): void {
  const { fastify } = message as { fastify: FastifyInstance };
  fastify.addHook('onRoute', (route) => {
    const schema = route.schema as { body?: unknown; querystring?: unknown } | undefined;
    for (const method of [route.method].flat()) {
      if (routes.some((r) => r.method === method && r.url === route.url)) continue;
      const bodyKeys = schemaKeys(schema?.body);
      const queryKeys = schemaKeys(schema?.querystring);
      routes.push({ method, url: route.url, ...(bodyKeys ? { bodyKeys } : {}), ...(queryKeys ? { queryKeys } : {}) });
    }
  });
}

beforeAll(async () => {
  outbox = await mkdtemp(join(tmpdir(), 'ssd-fuzz-mail-'));
  subscribe('fastify.initialization', collectRoutes);
  try {
    // A high limit so requests reach the handlers; most requests also come from an address of their own
    // (below), so the per-address limits (logins, codes, content reads) only stop some of them with a 429.
    t = await buildTestApp({ apiRateLimitPerMinute: 1_000_000, mail: { smtpUrl: null, outboxDir: outbox } });
  } finally {
    unsubscribe('fastify.initialization', collectRoutes);
  }
  await seedIfEmpty(t.db);
  itemIds = (await t.db.select({ id: items.id }).from(items)).map((row) => row.id);
  fileIds = (await t.db.select({ id: files.id }).from(files).limit(20)).map((row) => row.id);
}, 120_000);

afterAll(async () => {
  await t?.close();
  if (outbox) await rm(outbox, { recursive: true, force: true });
});

// ---- values ----

const NUMBERISH = [
  '0', '-0', '-1', '1', '2', '1.5', '0.0000001', '1e3', '1e-7', '0x10', '0b11', '0o7', '+1', '01', ' 1', '1 ', '１',
  'NaN', 'Infinity', '-Infinity', 'true', 'null', 'undefined', '',
  '2147483647', '2147483648', '-2147483648', '-2147483649', '4294967296', '9007199254740991', '9007199254740993',
  '99999999999999999999', '1e308', '1e309', '-1e309', '9'.repeat(400),
];
const CONTROL = ['\u0000', '\u0001', '\u0008', '\t', '\n', '\r', '\u000b', '\u001b', '\u001f', '\u007f', '\u0085', '\u009f', '\u2028', '\u2029', '\ud800', '\udfff', '\ufeff', '\u202e', '\uffff'];
const WORDS = [
  'silk', 'saree', 'banarsi saree', 'jhumki', 'kundan', 'साड़ी', 'कुंदन हार', '😀', '👩🏽‍🦱', '<script>alert(1)</script>', '%', '_', '\\', "'", '"',
  "' OR 1=1 --", '%00', '%25', '*', '..', '../../etc/passwd', 'null', 'true', '[]', '{}', '__proto__', 'constructor', 'prototype',
  'items', 'id', 'price', '-price', 'Sarees', 'fabrics', 'jewel', '$1', '?', '&', '=', '#', ':', ';', ',', '.', '/',
];
const FIELDS = [
  'id', 'title', 'shop', 'catalog', 'price', 'market_price', 'quantity', 'tags', 'description', 'size_description', 'rating',
  'created_on', 'updated_on', 'thumbnail_image', 'images', 'images.id', 'images.directus_files_id', 'images.item_id',
  'banner_id', 'banner_image', 'link', 'priority', 'value', 'image', 'price_paise', 'password_hash', 'nope', '*', '*.*', 'a.b.c.d',
  '__proto__', 'constructor', '', ' ', 'id ', 'ID', 'title\u0000', 'price; drop table items',
];
const OPERATORS = ['_eq', '_neq', '_in', '_nin', '_gt', '_gte', '_lt', '_lte', '_contains', '_icontains', '_null', '_nnull'];
const WRONG_OPERATORS = ['_regex', '_between', '_starts_with', '_empty', '$eq', 'eq', '_EQ', '__proto__', 'constructor', '', '_and', '_or'];
const COLLECTIONS = ['items', 'catalogs', 'banners', 'shops', 'files', 'users', 'directus_users', 'directus_files', 'sessions', ''];
const BODY_KEYS = [
  'email', 'password', 'name', 'otp', 'purpose', 'current_password', 'new_password', 'refreshToken', 'code', 'redirect_uri',
  'code_verifier', 'nonce', 'googleToken', 'item_id', 'id', 'quantity', 'role',
];

class Fuzzer {
  readonly rng = new Random(SEED);

  pick<T>(list: readonly T[]): T {
    return this.rng.pick(list);
  }

  chance(p: number): boolean {
    return this.rng.chance(p);
  }

  int(min: number, max: number): number {
    return this.rng.int(min, max);
  }

  /** Text mixing words, unicode and control characters; now and then very long. */
  text(): string {
    const roll = this.rng.float();
    if (roll < 0.25) return this.pick(WORDS);
    if (roll < 0.35) return this.pick(NUMBERISH);
    if (roll < 0.4) return this.pick(['x', 'é', '😀', 'a\u0000']).repeat(this.int(200, 6000));
    const parts: string[] = [];
    for (let i = this.int(1, 5); i > 0; i--) {
      const r = this.rng.float();
      parts.push(r < 0.4 ? this.pick(WORDS) : r < 0.7 ? this.pick(CONTROL) : String.fromCodePoint(this.int(0, 0x2ffff)));
    }
    return parts.join(this.pick(['', ' ', '\u0000']));
  }

  /** A JSON value of any type, often the wrong one. */
  jsonValue(depth = 0): unknown {
    const roll = this.rng.float();
    if (roll < 0.3) return this.text();
    if (roll < 0.5) return this.pick([0, -1, 1, 1.5, 2147483647, 2147483648, -2147483649, Number.MAX_SAFE_INTEGER + 2, 1e20, 1e308, -1e308, 5e-324, -0]);
    if (roll < 0.6) return this.pick([true, false, null]);
    if (roll < 0.7) return this.pick(itemIds.length > 0 ? itemIds : [1]);
    if (depth > 3) return {};
    if (roll < 0.85) return Array.from({ length: this.int(0, 4) }, () => this.jsonValue(depth + 1));
    return Object.fromEntries(Array.from({ length: this.int(0, 3) }, () => [this.pick([...BODY_KEYS, ...FIELDS, ...OPERATORS]), this.jsonValue(depth + 1)]));
  }

  /** A path parameter: a real key now and then, otherwise numbers out of range, odd text, escapes. */
  pathParam(name: string): string {
    const roll = this.rng.float();
    if (roll < 0.25) {
      if (name === 'collection') return this.pick(COLLECTIONS);
      if (name === 'file') return this.pick(fileIds.length > 0 ? fileIds : ['x']);
      return String(this.pick(itemIds.length > 0 ? itemIds : [1]));
    }
    if (roll < 0.55) return enc(this.pick(NUMBERISH));
    // Raw escapes: NUL, a lone byte, a cut-off sequence, an encoded slash, a double escape.
    if (roll < 0.65) return this.pick(['%00', '%ff', '%E0%A4%A', '%', '%2F', '%2e%2e', '%252F', 'a%00b', '%C0%80', '%ED%A0%80']);
    if (roll < 0.7) return 'a'.repeat(this.int(90, 3000));
    return enc(this.text()).slice(0, 4000);
  }

  /** The rest of a wildcard route (`*`): a few random segments. */
  wildcard(): string {
    return Array.from({ length: this.int(0, 4) }, () => this.pathParam('rest')).join('/');
  }

  /** A content filter tree, sometimes with wrong operators, wrong shapes and wrong types. */
  filter(depth: number): unknown {
    if (depth <= 0 || this.chance(0.45)) {
      const field = this.chance(0.85) ? this.pick(FIELDS) : this.text();
      const operator = this.chance(0.85) ? this.pick(OPERATORS) : this.pick(WRONG_OPERATORS);
      if (this.chance(0.05)) return { [field]: this.jsonValue() };
      if (this.chance(0.05)) return { [field]: { [this.pick(FIELDS)]: { _eq: this.jsonValue() } } };
      return { [field]: { [operator]: this.jsonValue() } };
    }
    const logical = this.chance(0.9) ? this.pick(['_and', '_or']) : this.pick(WRONG_OPERATORS);
    if (this.chance(0.08)) return { [logical]: this.jsonValue() };
    return { [logical]: Array.from({ length: this.int(0, 3) }, () => this.filter(depth - 1)) };
  }

  /** `_and` inside `_and` … `levels` deep. */
  deepFilter(levels: number): unknown {
    let node: unknown = { [this.pick(FIELDS)]: { [this.pick(OPERATORS)]: this.jsonValue() } };
    for (let i = 0; i < levels; i++) node = { [this.pick(['_and', '_or'])]: [node] };
    return node;
  }

  /** `filter[a][b][0][c]=v` pairs of a tree, as the bracket form sends it. */
  brackets(prefix: string, value: unknown, out: string[]): void {
    if (value !== null && typeof value === 'object') {
      const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
      if (entries.length === 0) out.push(`${prefix}=`);
      for (const [key, child] of entries) this.brackets(`${prefix}[${enc(key)}]`, child, out);
      return;
    }
    out.push(`${prefix}=${enc(String(value))}`);
  }

  filterParam(out: string[]): void {
    const roll = this.rng.float();
    const tree = roll < 0.15 ? this.deepFilter(this.int(20, 400)) : this.filter(this.int(0, 6));
    if (this.chance(0.5)) {
      out.push(`filter=${enc(JSON.stringify(tree))}`);
    } else if (this.chance(0.85)) {
      this.brackets('filter', tree, out);
    } else {
      out.push(`filter=${enc(this.pick(['{', '{"id":', '[]', '"x"', 'null', '1', '{"__proto__":{"_eq":1}}', '{"constructor":{"prototype":{}}}', '{"id":{"_eq":1}}}', this.text()]))}`);
    }
  }

  scalarParam(key: string): string {
    const value = (() => {
      switch (key) {
        case 'fields':
          return Array.from({ length: this.int(1, 6) }, () => this.pick(FIELDS)).join(',');
        case 'sort':
          return Array.from({ length: this.int(1, 4) }, () => `${this.pick(['', '-', '+', '--'])}${this.pick(FIELDS)}`).join(',');
        case 'meta':
          return this.pick(['filter_count', 'total_count', 'filter_count,total_count', '*', 'nope', '']);
        case 'search':
          return this.text();
        default:
          return this.chance(0.7) ? this.pick(NUMBERISH) : this.text();
      }
    })();
    const shape = this.rng.float();
    if (shape < 0.08) return `${key}[]=${enc(value)}`;
    if (shape < 0.12) return `${key}[${enc(this.pick(WORDS))}]=${enc(value)}`;
    if (shape < 0.16) return `${key}=${enc(value)}&${key}=${enc(this.pick(NUMBERISH))}`;
    if (shape < 0.18) return `${key}=${this.pick(['%', '%00', '%E0%A4%A', '%ff'])}`;
    return `${key}=${enc(value)}`;
  }

  query(routeKeys: readonly string[] = []): string {
    const out: string[] = [];
    for (let i = this.int(1, 5); i > 0; i--) {
      const key =
        routeKeys.length > 0 && this.chance(0.6)
          ? this.pick(routeKeys)
          : this.pick(['id', 'limit', 'offset', 'page', 'fields', 'sort', 'filter', 'filter', 'search', 'meta', 'deep', 'alias', 'aggregate', 'groupBy', '__proto__']);
      if (key === 'filter') this.filterParam(out);
      else out.push(this.scalarParam(key));
    }
    if (this.chance(0.03)) out.push(this.pick(['&&', '=', '==', 'a', '[]=', '%=%', 'filter[', 'filter]=1', 'filter[[id]]=1']));
    return out.join('&');
  }

  /** A plausible value for a body key, so some requests get past the shape checks into the services. */
  plausible(key: string): unknown {
    switch (key) {
      case 'email':
        return this.pick([DEMO_ACCOUNTS[0].email, 'new-shopper@example.com', 'asha@example.com']);
      case 'password':
      case 'current_password':
      case 'new_password':
        return this.pick([DEMO_ACCOUNTS[0].password, 'correct-horse-1', 'wrong-password-1']);
      case 'name':
        return 'Asha Rao';
      case 'otp':
        return '123456';
      case 'purpose':
        return this.pick(['signup', 'reset']);
      case 'redirect_uri':
        return 'http://localhost:3000/auth/login';
      case 'code_verifier':
        return 'v'.repeat(43);
      case 'nonce':
        return 'n'.repeat(16);
      case 'item_id':
      case 'id':
        return this.pick(itemIds.length > 0 ? itemIds : [1]);
      default:
        return 'x'.repeat(this.int(1, 40));
    }
  }

  /** A string with a control character (a NUL half the time: PostgreSQL refuses it) put inside; other values as they are. */
  withControl(value: unknown): unknown {
    if (typeof value !== 'string') return value;
    const at = this.int(0, value.length);
    return `${value.slice(0, at)}${this.chance(0.5) ? '\u0000' : this.pick(CONTROL)}${value.slice(at)}`;
  }

  body(routeKeys: readonly string[] = []): { payload: string; contentType: string | null } {
    const roll = this.rng.float();
    if (roll < 0.05) {
      return this.pick([
        { payload: '{"email": "a@b.c",', contentType: 'application/json' },
        { payload: '', contentType: 'application/json' },
        { payload: 'item_id=1', contentType: 'application/x-www-form-urlencoded' },
        { payload: 'hello', contentType: 'text/plain' },
        { payload: '{"item_id":1}', contentType: 'application/json; charset=latin1' },
        { payload: '{"item_id":1}', contentType: 'application/xml' },
        { payload: '{"item_id":1}', contentType: null },
        { payload: '\u0000', contentType: 'application/json' },
        { payload: '\ufeff{"item_id":1}', contentType: 'application/json' },
        { payload: '{"item_id":1}', contentType: 'application/json; charset=utf-16' },
        { payload: '{"item_id":1}', contentType: 'application/json, text/html' },
      ]);
    }
    if (roll < 0.12) {
      const depth = this.int(50, 5000);
      return this.pick([
        { payload: `${'['.repeat(depth)}${']'.repeat(depth)}`, contentType: 'application/json' },
        { payload: `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`, contentType: 'application/json' },
        { payload: '{"__proto__":{"admin":true},"item_id":1}', contentType: 'application/json' },
        { payload: '{"constructor":{"prototype":{"admin":true}},"item_id":1}', contentType: 'application/json' },
        { payload: `{"item_id":${this.pick(['99999999999999999999', '1e400', '-1e400', '2147483648', '1.0', '-0', '1E1'])}}`, contentType: 'application/json' },
        { payload: JSON.stringify(this.jsonValue()), contentType: 'application/json' },
      ]);
    }
    // The route's own fields most of the time (a plausible value, the same with a control character
    // in it, or anything), and now and then the fields of other calls.
    const body: Record<string, unknown> = {};
    for (const key of new Set([...routeKeys, ...BODY_KEYS])) {
      if (!this.chance(routeKeys.includes(key) ? 0.85 : 0.1)) continue;
      const roll = this.rng.float();
      const plausible = this.plausible(key);
      body[key] = roll < 0.4 ? plausible : roll < 0.6 ? this.withControl(plausible) : this.jsonValue();
    }
    if (this.chance(0.1)) body[this.text()] = this.jsonValue();
    return { payload: JSON.stringify(body), contentType: 'application/json' };
  }
}

/** encodeURIComponent that also sends a lone surrogate, as its (invalid) UTF-8 bytes, instead of throwing. */
function enc(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\s\S]/g, (unit) => {
    const code = unit.charCodeAt(0);
    if (unit.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
    }
    return encodeURIComponent(unit);
  });
}

function describeRequest(request: FuzzRequest): string {
  const payload = request.payload === undefined ? '' : ` body=${JSON.stringify(request.payload.length > 300 ? `${request.payload.slice(0, 300)}…` : request.payload)}`;
  const contentType = request.headers['content-type'] ? ` content-type=${request.headers['content-type']}` : '';
  const url = request.url.length > 400 ? `${request.url.slice(0, 400)}… (${request.url.length} chars)` : request.url;
  return `${request.method} ${url} as ${request.who} from ${request.remoteAddress}${contentType}${payload}`;
}

describe('fuzz: bad input never gets a 5xx', () => {
  it(`${REQUESTS} generated requests over every /api and /content route (seed ${SEED})`, async () => {
    const targets = routes.filter((r) => (r.url.startsWith('/api') || r.url.startsWith('/content')) && r.method !== 'HEAD');
    // The routes this suite knows exist must have been found, or the collection above is broken.
    expect(targets.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/product/rating/:id', 'PUT /api/cart/add', 'PATCH /api/user/me', 'POST /api/auth/register', 'GET /content/items/:collection/:key']),
    );
    // Addresses no route has, so the not-found paths (and the /api/admin guard) are fuzzed too.
    // ('*': a method drawn for each request.)
    targets.push({ method: '*', url: '/api/admin/:x' }, { method: '*', url: '/api/:x/:y' }, { method: '*', url: '/content/:x/:y' });
    // Content reads take the filters, so they get more of the budget.
    const weight = (r: Route) => (r.url.startsWith('/content/items/') ? 6 : 1);
    const plan = targets.flatMap((r) => Array.from({ length: weight(r) }, () => r));

    const fuzz = new Fuzzer();
    const signedIn = { shopper: await createUserWithToken(t), admin: await createUserWithToken(t, { role: 'ssd_admin' }) };
    const failures: Failure[] = [];
    const statuses = new Map<number, number>();
    const started = performance.now();

    for (let n = 0; n < REQUESTS; n++) {
      const route = plan[n % plan.length]!;
      let url = route.url.replace(/:(\w+)/g, (_m, name: string) => fuzz.pathParam(name)).replace(/\*$/, () => fuzz.wildcard());
      if (fuzz.chance(['POST', 'PUT', 'PATCH'].includes(route.method) ? 0.15 : 0.8)) url += `?${fuzz.query(route.queryKeys)}`;
      if (url.length > MAX_URL_LENGTH) url = url.slice(0, MAX_URL_LENGTH).replace(/%[0-9A-Fa-f]?$/, '');

      const roll = fuzz.rng.float();
      const who = roll < 0.45 ? 'shopper' : roll < 0.6 ? 'admin' : 'visitor';
      const headers: Record<string, string> = {};
      if (who !== 'visitor') {
        headers.authorization = `Bearer ${signedIn[who].token}`;
        headers['x-refresh-token'] = signedIn[who].refreshToken;
      } else if (fuzz.chance(0.1)) {
        headers.authorization = fuzz.pick(['Bearer', 'Bearer ', 'Basic abc', `Bearer ${'a'.repeat(5000)}`, 'Bearer a.b.c', 'Bearer eyJhbGciOiJub25lIn0.e30.']);
        if (fuzz.chance(0.5)) headers['x-refresh-token'] = fuzz.pick(['', 'x', 'a'.repeat(600), '%00', 'é']);
      }
      const method = route.method === '*' ? fuzz.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']) : route.method;
      const remoteAddress = fuzz.chance(0.8) ? nextClientAddress() : '127.0.0.1';
      const request: FuzzRequest = { method, url, headers, who, remoteAddress };
      if (['POST', 'PUT', 'PATCH', 'DELETE'].includes(method)) {
        const { payload, contentType } = fuzz.body(route.bodyKeys);
        request.payload = payload;
        if (contentType) headers['content-type'] = contentType;
      }

      try {
        const res = await t.app.inject({
          method: request.method as 'GET',
          url: request.url,
          headers: request.headers,
          payload: request.payload,
          remoteAddress: request.remoteAddress,
        });
        statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
        if (res.statusCode >= 500) failures.push({ request, status: res.statusCode, answer: res.body.slice(0, 200) });
        // The session may have ended (logout, a password change): sign in afresh.
        if (who !== 'visitor' && res.statusCode === 401) signedIn[who] = await createUserWithToken(t, { role: who === 'admin' ? 'ssd_admin' : 'user' });
      } catch (error) {
        failures.push({ request, status: 'threw', answer: String(error) });
      }
    }

    const seconds = ((performance.now() - started) / 1000).toFixed(1);
    const summary = [...statuses.entries()].sort(([a], [b]) => a - b).map(([status, count]) => `${status}×${count}`).join(' ');
    if (process.env.FUZZ_ROUTES) console.info(targets.map((r) => `${r.method} ${r.url} body: ${r.bodyKeys?.join(',') ?? '-'} query: ${r.queryKeys?.join(',') ?? '-'}`).join('\n'));
    console.info(`fuzz: ${REQUESTS} requests over ${targets.length} routes in ${seconds} s (seed ${SEED}): ${summary}`);

    // The server still serves after all of it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    const report = failures.slice(0, 40).map((f) => `${f.status} ← ${describeRequest(f.request)}\n      answered ${f.answer}`);
    if (failures.length > 40) report.push(`… and ${failures.length - 40} more`);
    expect(report).toEqual([]);
  }, 180_000);
});
