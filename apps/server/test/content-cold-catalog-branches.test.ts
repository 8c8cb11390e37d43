import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsCondition, rowsQuery } from '../src/content/read';
import { seededTestApp, statementsSentDuring } from './helper';

/**
 * `catalog _in` listings with a sort read one branch per catalog (read.ts: branchedCondition): as a
 * UNION ALL with each catalog a value while the filter is small (planned per catalog, decisions/0047),
 * as one LATERAL read when sending the filter once per catalog would be large. Both answer what the
 * plain read answers.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;
const dialect = new PgDialect();

/**
 * The page read by the plan's branches, read plainly, and as the service answers it (on this small
 * table, plainly: read.ts readPlainly; on a large one, by the branches).
 */
async function compare(query: string): Promise<{ branched: number[]; plain: number[]; served: number[]; form: 'union' | 'lateral' | 'none' }> {
  const parsed = parseContentQuery(`fields=id&${query}`);
  const answer = await listItems(t.db, collection, parsed);
  const plan = planRead(collection, parsed);
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const ids = async (rowsPlan: typeof plan) => ((await rowsQuery(t.db, rowsPlan, where, plan.limit, plan.offset)) as Array<{ id: number }>).map((row) => row.id);
  const text = dialect.sqlToQuery(rowsCondition(plan, where, plan.limit, plan.offset) ?? sql`true`).sql;
  const form = text.includes(' union all ') ? 'union' : text.includes('cross join lateral') ? 'lateral' : 'none';
  return { branched: await ids(plan), plain: await ids({ ...plan, branches: undefined }), served: answer.data.map((row) => row.id as number), form };
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
            const { branched, plain, served, form } = await compare(query);
            expect(form, query).toBe('union');
            expect(branched, query).toEqual(plain);
            expect(served, query).toEqual(plain);
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
      const { branched, plain, served, form } = await compare(query);
      expect(form).toBe('lateral');
      expect(branched).toEqual(plain);
      expect(served).toEqual(plain);
      expect(branched).toHaveLength(10);
    }
  });
});

describe('on a small table (the demo store: under 10,000 products)', () => {
  it('a listing or a search is one plain statement: no per-catalog or per-tag branches, no item_search (read.ts readPlainly)', async () => {
    const QUERIES = ['filter[catalog][_in]=Sarees,Lehengas&sort=price', 'filter[tags][_icontains]=silk&sort=-price', 'search=silk%20saree', 'search=silk&sort=-created_on'];
    for (const query of QUERIES) {
      const { result, texts } = await statementsSentDuring(t.db, () => listItems(t.db, collection, parseContentQuery(`fields=id&${query}&limit=10`)));
      expect(result.data.length, query).toBeGreaterThan(0);
      // The planner's estimates (EXPLAIN, remembered) aside, one statement reads the page.
      const reads = texts.filter((text) => !text.startsWith('explain'));
      expect(reads, query).toHaveLength(1);
      expect(reads[0], query).not.toMatch(/union all|cross join lateral|item_tags|item_search/);
    }
  });
});
