import { and } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE,
  MAX_BIND_PARAMETERS,
  MAX_FILTER_DEPTH,
  MAX_FILTER_NODES,
  MAX_LIST_VALUES,
} from '../src/content/budget';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsParts, rowsQuery, statementParameters } from '../src/content/read';
import { planSearch } from '../src/content/search';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, nextClientAddress, type TestApp } from './helper';

/**
 * The query budget of the public content service (content/budget.ts): every limit answers a 400 in
 * the content dialect that names it, before the database is asked; anything within the budget is
 * cheap; and anonymous reads are rate limited per client address.
 */

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
});
afterAll(() => t.close());

const CATALOGS = ['Sarees', 'Suits', 'Lehengas', 'Necklaces', 'Earrings', 'Bracelets'];
const json = (filter: unknown) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

async function get(query: string) {
  const started = performance.now();
  const res = await t.app.inject({ method: 'GET', url: `/content/items/items?${query}`, remoteAddress: nextClientAddress() });
  return { res, ms: performance.now() - started };
}

function refusal(res: { statusCode: number; body: string; json(): unknown }): string {
  expect(res.statusCode, res.body.slice(0, 300)).toBe(400);
  const body = res.json() as { errors: Array<{ message: string; extensions: { code: string } }> };
  expect(body.errors).toHaveLength(1);
  expect(body.errors[0]!.extensions.code).toBe('INVALID_QUERY');
  return body.errors[0]!.message;
}

/** The request of the issue: `_nin` lists of 500 empty values (one comma each), catalog _in and a sort. */
function hostileQuery(lists: number, values: number): string {
  const parts = range(lists, 0).map((i) => `filter[_and][${i}][title][_nin]=${','.repeat(values - 1)}`);
  parts.push(`filter[_and][${lists}][catalog][_in]=${[...CATALOGS, 'Anklets', 'Rings'].join(',')}`);
  parts.push('sort=-price');
  return parts.join('&');
}

describe('the hostile query of the issue', () => {
  it('28 _nin lists of 500 values with catalog _in and a sort: a 400 naming the limit, at once', async () => {
    const query = hostileQuery(28, 500);
    expect(query.length).toBeGreaterThan(14_000);
    for (let i = 0; i < 3; i += 1) {
      const { res, ms } = await get(query);
      expect(refusal(res)).toBe(`Invalid query. An _in or _nin list may have at most ${MAX_LIST_VALUES} values ("title" _nin has 500).`);
      expect(ms).toBeLessThan(300);
    }
  });

  it('the same with lists of 100 values: a 400 naming the bind parameter limit', async () => {
    const { res } = await get(hostileQuery(28, 100));
    expect(refusal(res)).toMatch(new RegExp(`^Invalid query\\. A query may use at most ${MAX_BIND_PARAMETERS} values \\(bind parameters\\); this one needs \\d+\\.$`));
  });

  it('just inside every limit, with catalog _in and a sort: 200, quickly, with the same rows as without the merge', async () => {
    // 9 lists of 100 values + 8 catalogs + paging: under MAX_BIND_PARAMETERS only when the filter is written once.
    const query = `fields=id,price&limit=10&${hostileQuery(9, MAX_LIST_VALUES)}`;
    const { res, ms } = await get(query);
    expect(res.statusCode, res.body).toBe(200);
    expect(ms).toBeLessThan(2000);
    const rows = (res.json() as { data: Array<{ id: number; price: number }> }).data;
    expect(rows).toHaveLength(10);
    // The same listing read without the per-catalog merge (catalog as _or of _eq is not merged).
    const plain = await get(
      `fields=id,price&limit=10&sort=-price&${json({ _or: [...CATALOGS, 'Anklets', 'Rings'].map((catalog) => ({ catalog: { _eq: catalog } })) })}`,
    );
    expect(plain.res.statusCode, plain.res.body).toBe(200);
    expect(rows).toEqual((plain.res.json() as { data: unknown[] }).data);
  });

  it('a query at every limit at once answers 200 within a second', async () => {
    // MAX_FILTER_NODES nodes, the deepest one MAX_FILTER_DEPTH levels down, lists of MAX_LIST_VALUES values.
    let deep: unknown = { quantity: { _gte: 0 } };
    for (let level = 0; level < MAX_FILTER_DEPTH - 1; level += 1) deep = { _and: [deep] };
    const lists = range(9).map((i) => ({ id: { _nin: range(MAX_LIST_VALUES, 100_000 * i) } }));
    const used = 1 + (MAX_FILTER_DEPTH - 1) + 1 + lists.length + 1; // root _and, nesting, deepest condition, lists, catalog
    const fillers = range(MAX_FILTER_NODES - used).map((i) => ({ price: { _gte: i - 1000 } }));
    const filter = { _and: [deep, ...lists, { catalog: { _in: CATALOGS } }, ...fillers] };
    const { res, ms } = await get(`fields=id&sort=price&limit=20&${json(filter)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { data: unknown[] }).data).toHaveLength(20);
    expect(ms).toBeLessThan(1000);
  });
});

describe('each limit passes at its number and refuses one past it', () => {
  it(`filter nodes: ${MAX_FILTER_NODES} (conditions and _and/_or groups)`, async () => {
    const conditions = (n: number) => ({ _or: range(n).map((i) => ({ quantity: { _eq: i } })) });
    expect((await get(json(conditions(MAX_FILTER_NODES - 1)))).res.statusCode).toBe(200);
    expect(refusal((await get(json(conditions(MAX_FILTER_NODES)))).res)).toBe(
      `Invalid query. A filter may have at most ${MAX_FILTER_NODES} conditions (each _and or _or counts as one).`,
    );
    // The bracket form counts the same way.
    const brackets = (n: number) => range(n, 0).map((i) => `filter[_or][${i}][quantity][_eq]=${i}`).join('&');
    expect((await get(brackets(MAX_FILTER_NODES - 1))).res.statusCode).toBe(200);
    expect(refusal((await get(brackets(MAX_FILTER_NODES))).res)).toMatch(/at most 50 conditions/);
  });

  it(`values in one _in or _nin: ${MAX_LIST_VALUES}, in every list form`, async () => {
    for (const operator of ['_in', '_nin']) {
      expect((await get(json({ id: { [operator]: range(MAX_LIST_VALUES) } }))).res.statusCode).toBe(200);
      expect((await get(`filter[id][${operator}]=${range(MAX_LIST_VALUES).join(',')}`)).res.statusCode).toBe(200);
      const message = `Invalid query. An _in or _nin list may have at most ${MAX_LIST_VALUES} values ("id" ${operator} has ${MAX_LIST_VALUES + 1}).`;
      expect(refusal((await get(json({ id: { [operator]: range(MAX_LIST_VALUES + 1) } }))).res)).toBe(message);
      expect(refusal((await get(`filter[id][${operator}]=${range(MAX_LIST_VALUES + 1).join(',')}`)).res)).toBe(message);
      const indexed = range(MAX_LIST_VALUES + 1, 0).map((i) => `filter[id][${operator}][${i}]=${i + 1}`).join('&');
      expect(refusal((await get(indexed)).res)).toBe(message);
    }
  });

  it(`nesting depth: ${MAX_FILTER_DEPTH}`, async () => {
    const nested = (levels: number) => {
      let filter: unknown = { price: { _gt: 0 } };
      for (let level = 0; level < levels; level += 1) filter = { _and: [filter] };
      return filter;
    };
    expect((await get(json(nested(MAX_FILTER_DEPTH)))).res.statusCode).toBe(200);
    expect(refusal((await get(json(nested(MAX_FILTER_DEPTH + 1)))).res)).toBe(
      `Invalid query. A filter may be nested at most ${MAX_FILTER_DEPTH} levels deep.`,
    );
  });

  it(`bind parameters of the finished statement: ${MAX_BIND_PARAMETERS}`, async () => {
    // One parameter per value, plus the statement's LIMIT; no sort, so no per-catalog merge.
    const filterOf = (values: number) => {
      const lists: unknown[] = [];
      for (let from = 1; from <= values; from += MAX_LIST_VALUES) {
        lists.push({ id: { _in: range(Math.min(MAX_LIST_VALUES, values - from + 1), from) } });
      }
      return { _or: lists };
    };
    const atLimit = await get(`fields=id&limit=5&${json(filterOf(MAX_BIND_PARAMETERS - 1))}`);
    expect(atLimit.res.statusCode, atLimit.res.body).toBe(200);
    const past = await get(`fields=id&limit=5&${json(filterOf(MAX_BIND_PARAMETERS))}`);
    expect(refusal(past.res)).toBe(
      `Invalid query. A query may use at most ${MAX_BIND_PARAMETERS} values (bind parameters); this one needs ${MAX_BIND_PARAMETERS + 1}.`,
    );
  });
});

describe('the bind parameters counted are those of the statement sent', () => {
  it('for plain, merged (catalog _in + sort), searched and paged reads', async () => {
    const items = publicCollection('items')!;
    const queries = [
      'fields=id,title,price&filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=500&sort=-price&limit=10',
      'fields=id&filter[catalog][_in]=Sarees,Suits,Lehengas&filter[quantity][_gt]=0&sort=price&limit=10&offset=30',
      `fields=id&sort=-created_on&${json({ _and: [{ catalog: { _in: CATALOGS } }, { _or: [{ tags: { _icontains: 'silk' } }, { tags: { _in: ['zari', 'bridal'] } }] }] })}`,
      'fields=*&search=banarasi silk&filter[price][_lte]=20000',
      'fields=id&search=jhumki&sort=price&offset=5',
      // Tag branches take the page themselves: the statement has their limit and offset, not its own offset.
      'fields=id&filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=zari&filter[quantity][_gt]=0&sort=-price&limit=10&offset=40',
      'fields=id,title',
    ];
    for (const query of queries) {
      const parsed = parseContentQuery(query);
      const search = parsed.search ? planSearch(items, parsed.search) : undefined;
      const plan = planRead(items, parsed, search);
      const where = and(plan.visible, plan.condition);
      const sent = rowsQuery(t.db, plan, where, plan.limit, plan.offset).toSQL();
      const parts = rowsParts(plan, where, plan.limit, plan.offset);
      expect(statementParameters(parts.condition, parts.ordered, parts.offset), query).toBe(sent.params.length);
    }
  });

  it('a merged catalog listing writes its filter once, whatever the number of catalogs', () => {
    const items = publicCollection('items')!;
    const sent = (catalogs: string[]) => {
      const filter = { _and: [{ title: { _nin: range(40).map(String) } }, { catalog: { _in: catalogs } }] };
      const plan = planRead(items, parseContentQuery(`fields=id&sort=-price&limit=10&${json(filter)}`));
      expect(plan.branches?.values).toEqual(catalogs);
      return rowsQuery(t.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset).toSQL();
    };
    const two = sent(CATALOGS.slice(0, 2));
    const six = sent(CATALOGS);
    // 40 title values, the catalogs in the filter and once more as the branch values, three LIMITs
    // (the branch's, the page's among the branches and the statement's).
    expect(two.params).toHaveLength(40 + 2 + 2 + 3);
    expect(six.params).toHaveLength(40 + 6 + 6 + 3);
    expect(six.sql.match(/not in/g)).toHaveLength(1);
  });
});

describe('rate limit of anonymous reads', () => {
  it('is generous for shoppers by default', () => {
    expect(DEFAULT_CONTENT_RATE_LIMIT_PER_MINUTE).toBeGreaterThanOrEqual(300);
  });

  it('answers 429 in the content dialect past the configured number, per client address', async () => {
    const limited = await buildTestApp({ contentRateLimitPerMinute: 5 });
    try {
      const shopper = '203.0.113.7';
      const read = (url: string, remoteAddress = shopper) => limited.app.inject({ method: 'GET', url, remoteAddress });
      // Cache hits count too: the same listing five times (the first read fills the answer cache).
      for (let i = 0; i < 5; i += 1) {
        const res = await read('/content/items/catalogs?fields=title');
        expect(res.statusCode, res.body).toBe(200);
      }
      const refused = await read('/content/items/items/1');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({
        errors: [{ message: expect.stringMatching(/^Too many requests\. Please try again in \d+ seconds\.$/), extensions: { code: 'REQUESTS_EXCEEDED' } }],
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.headers['access-control-allow-origin']).toBe('*');
      expect(refused.headers['cache-control']).toBe('no-store');
      // Another shopper is not affected, and neither are images nor the API.
      expect((await read('/content/items/catalogs?fields=title', '203.0.113.8')).statusCode).toBe(200);
      expect((await read('/content/assets/00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
      expect((await read('/api/health')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
