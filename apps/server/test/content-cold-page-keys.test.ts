import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsCondition, rowsQuery } from '../src/content/read';
import { seededTestApp } from './helper';

/**
 * A plain read of a large table past its first page finds the page's keys first, selecting only the
 * key, and then reads those rows (read.ts: pageKeysCondition, decisions/0084): the rows the page skips
 * are read from a listing index alone, which carries what the filter and the order read (schema.ts).
 * Planned as on a large table (planRead's default form); the demo catalogue has rows enough to page.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;
const dialect = new PgDialect();

function plannedRead(query: string) {
  const plan = planRead(collection, parseContentQuery(query));
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  return { plan, where };
}

/** The page as the service reads it (keys first) and as one plain statement reads it (what a small table does). */
async function bothWays(query: string) {
  const { plan, where } = plannedRead(query);
  const keysFirst = (await rowsQuery(t.db, plan, where, plan.limit, plan.offset)) as Array<Record<string, unknown>>;
  const plain = (await rowsQuery(t.db, { ...plan, smallTable: true }, where, plan.limit, plan.offset)) as Array<Record<string, unknown>>;
  const text = dialect.sqlToQuery(rowsCondition(plan, where, plan.limit, plan.offset) ?? sql`true`).sql;
  return { keysFirst, plain, text };
}

const FIELDS = 'fields=id,title,price,quantity,created_on';
const FILTERS = ['', '&filter[shop][_icontains]=jewel', '&filter[shop][_icontains]=fabrics&filter[quantity][_gt]=0', '&filter[price][_gte]=1000&filter[price][_lte]=30000', '&filter[catalog][_eq]=Sarees'];
const SORTS = ['price', '-price', '-created_on', '-created_on,-updated_on', '-in_stock,-created_on'];
const PAGES = ['limit=10&offset=10', 'limit=7&offset=23', 'limit=10&offset=60'];

describe('a plain read past its first page', () => {
  it('finds its keys first and answers what one plain statement answers, row for row', async () => {
    let compared = 0;
    let nonEmpty = 0;
    for (const filter of FILTERS) {
      for (const sort of SORTS) {
        for (const page of PAGES) {
          const query = `${FIELDS}${filter}&sort=${sort}&${page}`;
          const { keysFirst, plain, text } = await bothWays(query);
          expect(text, query).toMatch(/^"items"\."id" = any\(array\(select "items"\."id" from "items" where .* limit \$\d+ offset \$\d+\)\)$/);
          expect(keysFirst, query).toEqual(plain);
          compared++;
          if (plain.length > 0) nonEmpty++;
        }
      }
    }
    expect(nonEmpty).toBeGreaterThan(compared / 2);
  });

  it('the first page, and any page of a small table, is one plain statement', async () => {
    const { plan, where } = plannedRead(`${FIELDS}&filter[shop][_icontains]=jewel&sort=-price&limit=10&offset=0`);
    expect(rowsCondition(plan, where, plan.limit, plan.offset)).toBe(where);
    const deep = plannedRead(`${FIELDS}&filter[shop][_icontains]=jewel&sort=-price&limit=10&offset=40`);
    expect(rowsCondition({ ...deep.plan, smallTable: true }, deep.where, 10, 40)).toBe(deep.where);
  });
});

/** The plan of the rows statement, with sequential and bitmap scans off (on the demo catalogue the planner would rather read the table). */
async function planText(query: string): Promise<string> {
  const { plan, where } = plannedRead(query);
  const statement = rowsQuery(t.db, plan, where, plan.limit, plan.offset).getSQL();
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    const result = (await tx.execute(sql`explain ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('the keys of a deep page are read from a listing index alone', () => {
  // Each storefront order and filter with the index that serves it; an index that lost a carried column
  // (the stock, the archive mark, updated_on, the key) would need the table for every skipped row.
  const CASES: Array<[query: string, index: string]> = [
    ['filter[shop][_icontains]=jewel&sort=-price', 'items_shop_price_idx'],
    ['filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&sort=price', 'items_shop_price_idx'],
    ['filter[shop][_icontains]=jewel&sort=-created_on,-updated_on', 'items_shop_created_price_idx'],
    ['filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&sort=-created_on,-updated_on', 'items_shop_in_stock_created_price_idx'],
    ['filter[catalog][_eq]=Sarees&filter[price][_lte]=30000&sort=-created_on', 'items_catalog_(in_stock_)?created_price_idx'],
    ['filter[catalog][_eq]=Sarees&sort=price', 'items_catalog_price_idx'],
    ['sort=-price', 'items_price_idx'],
    ['filter[quantity][_gt]=0&sort=-created_on,-updated_on', 'items_(in_stock_)?created_idx'],
  ];
  for (const [query, index] of CASES) {
    it(`${query}: ${index}`, async () => {
      const text = await planText(`fields=id,title&${query}&limit=10&offset=40`);
      expect(text).toMatch(new RegExp(`InitPlan[\\s\\S]*Index Only Scan (Backward )?using ${index} on items`));
    });
  }
});
