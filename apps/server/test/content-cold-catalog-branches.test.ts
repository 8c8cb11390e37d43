import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsCondition, rowsQuery } from '../src/content/read';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './helper';

/**
 * `catalog _in` listings with a sort read one branch per catalog (read.ts: branchedCondition): as a
 * UNION ALL with each catalog a value while the filter is small (planned per catalog, decisions/0047),
 * as one LATERAL read when sending the filter once per catalog would be large. Both answer what the
 * plain read answers.
 */

let t: TestApp;
const collection = publicCollection('items')!;
const dialect = new PgDialect();

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
});
afterAll(() => t?.close());

async function compare(query: string): Promise<{ branched: number[]; plain: number[]; form: 'union' | 'lateral' | 'none' }> {
  const parsed = parseContentQuery(`fields=id&${query}`);
  const answer = await listItems(t.db, collection, parsed);
  const plan = planRead(collection, parsed);
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const plain = (await rowsQuery(t.db, { ...plan, branches: undefined }, where, plan.limit, plan.offset)) as Array<{ id: number }>;
  const text = dialect.sqlToQuery(rowsCondition(plan, where, plan.limit, plan.offset) ?? sql`true`).sql;
  const form = text.includes(' union all ') ? 'union' : text.includes('cross join lateral') ? 'lateral' : 'none';
  return { branched: answer.data.map((row) => row.id as number), plain: plain.map((row) => row.id), form };
}

const CATALOGS = ['Sarees,Lehengas', 'Earrings,Bracelets,Necklaces', 'Suits,Sarees'];
const FILTERS = ['', '&filter[quantity][_gt]=0', '&filter[price][_gte]=2000', '&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=15000'];
const SORTS = ['price', '-price', '-created_on', '-created_on,-updated_on', '-in_stock,-created_on'];
const PAGES = ['limit=10&offset=0', 'limit=10&offset=20'];

describe('catalog branches', () => {
  it('as a UNION ALL per catalog answer what the plain read answers', async () => {
    let nonEmpty = 0;
    let compared = 0;
    for (const catalogs of CATALOGS) {
      for (const filter of FILTERS) {
        for (const sort of SORTS) {
          for (const page of PAGES) {
            const query = `filter[catalog][_in]=${catalogs}${filter}&sort=${sort}&${page}`;
            const { branched, plain, form } = await compare(query);
            expect(form, query).toBe('union');
            expect(branched, query).toEqual(plain);
            compared++;
            if (branched.length > 0) nonEmpty++;
          }
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  });

  it('as one LATERAL read when the filter is large, with the same answers', async () => {
    // 99 ids that no item has: 100 parameters per branch, so three catalogs would send 300.
    const absent = Array.from({ length: 99 }, (_, i) => 1_000_000 + i).join(',');
    for (const sort of ['price', '-created_on']) {
      const query = `filter[catalog][_in]=Sarees,Lehengas,Suits&filter[id][_nin]=${absent}&sort=${sort}&limit=10&offset=10`;
      const { branched, plain, form } = await compare(query);
      expect(form).toBe('lateral');
      expect(branched).toEqual(plain);
      expect(branched).toHaveLength(10);
    }
  });
});
