import { and, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsParts, type RowsPlan } from '../src/content/read';
import { resolveSearch } from '../src/content/search';
import { planSearchTable } from '../src/content/search-table';
import { plainQuery, toQuery } from '../src/content/sql-text';
import { seededTestApp } from './helper';

/**
 * The content service writes its per-request statements itself (sql-text.ts) instead of through
 * drizzle's dialect: the text and the parameters must be exactly drizzle's, for every shape of read the
 * service makes — plain, per catalog, per tag, and a search's item_search and postings reads.
 */

const t = seededTestApp();
const dialect = new PgDialect();

const ITEM_QUERIES = [
  'fields=id,title,price&sort=-price&limit=10',
  'fields=id,title,catalog,shop,price,market_price,thumbnail_image,quantity&filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=9000&sort=-created_on,-updated_on&limit=10&offset=40',
  'fields=id,title&filter[catalog][_in]=Sarees,Lehengas,Necklaces&filter[quantity][_gt]=0&filter[price][_lt]=20000&sort=price&limit=10&offset=20',
  'fields=id&filter[_or][0][tags][_icontains]=bridal&filter[_or][1][tags][_icontains]=silk&filter[quantity][_gt]=0&sort=-price&limit=10&offset=30',
  "fields=id&filter[title][_contains]=it's&filter[created_on][_gte]=2024-01-01T00:00:00Z&filter[id][_nin]=1,2,3&sort=title&limit=5",
  'fields=id&filter[_and][0][price][_neq]=900&filter[_and][1][thumbnail_image][_nnull]=true&filter[_and][2][market_price][_null]=false&limit=3',
  'fields=*&filter[tags][_eq]=kundan&sort=-created_on&limit=10',
  'fields=id,title&search=silk saree&limit=10',
  'fields=id,title&search=gold-plated kundan&sort=price&filter[quantity][_gt]=0&limit=10&offset=10',
  'fields=id&search=jhumki&sort=-created_on&filter[price][_gte]=100&limit=10',
  'fields=id&search=banarsi saree&limit=10&offset=250',
  'fields=id&search=ea&limit=10',
];

/** The statements of one read: its rows statement by each way it can be read, and its estimate's condition. */
async function statementsOf(query: string): Promise<SQL[]> {
  const collection = publicCollection('items')!;
  const parsed = parseContentQuery(query);
  const search = parsed.search ? await resolveSearch(t.db, collection, parsed.search) : undefined;
  const plan = planRead(collection, parsed, search);
  const planned = planSearchTable(collection, parsed, search);
  const plans: RowsPlan[] = [plan];
  if (planned) {
    plans.push({ ...plan, searchTable: { ...planned, postings: undefined, unindexed: false } }, { ...plan, searchTable: { ...planned, postings: undefined, unindexed: true } });
    if (planned.postings) {
      const counts = planned.postings.groups.map(() => 1);
      for (const walk of planned.postings.groups.keys()) plans.push({ ...plan, searchTable: { ...planned, postings: { ...planned.postings, counts, walk }, unindexed: false } });
    }
  }
  const where = and(plan.visible, plan.condition);
  const statements = plans.map((rowsPlan) => {
    const parts = rowsParts(rowsPlan, where, plan.limit, plan.offset);
    return sql`select ${sql.join(Object.values(plan.selection), sql`, `)} from ${collection.table}${parts.condition ? sql` where ${parts.condition}` : sql``} order by ${sql.join(parts.orderBy, sql`, `)} limit ${plan.limit}${parts.offset > 0 ? sql` offset ${parts.offset}` : sql``}`;
  });
  return [...statements, where ?? sql`true`];
}

describe('the content service writes its statements as drizzle would', () => {
  it('for every kind of read of items, without leaving any piece to drizzle', async () => {
    let compared = 0;
    for (const query of ITEM_QUERIES) {
      for (const statement of await statementsOf(query)) {
        const expected = dialect.sqlToQuery(statement);
        const written = plainQuery(statement);
        expect(written, query).toBeDefined();
        expect(written!.sql, query).toBe(expected.sql);
        expect(written!.params, query).toEqual(expected.params);
        compared += 1;
      }
    }
    expect(compared).toBeGreaterThan(ITEM_QUERIES.length * 2);
  });

  it('for the other collections', async () => {
    for (const [name, query] of [
      ['catalogs', 'fields=*&sort=title&search=saree'],
      ['banners', 'fields=*&sort=-banner_id'],
      ['shops', 'fields=value,title&filter[title][_icontains]=jewel'],
    ] as const) {
      const collection = publicCollection(name)!;
      const parsed = parseContentQuery(query);
      const search = parsed.search ? await resolveSearch(t.db, collection, parsed.search) : undefined;
      const plan = planRead(collection, parsed, search);
      const statement = sql`select * from ${collection.table} where ${and(plan.visible, plan.condition) ?? sql`true`} order by ${sql.join(plan.orderBy, sql`, `)}`;
      expect(plainQuery(statement), name).toEqual({ sql: dialect.sqlToQuery(statement).sql, params: dialect.sqlToQuery(statement).params });
    }
  });

  it('and leaves to drizzle what it does not write itself', () => {
    const inlined = sql`select ${'x'}`.inlineParams();
    expect(plainQuery(inlined)).toBeUndefined();
    expect(toQuery(inlined).sql).toBe("select 'x'");
  });
});
