import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsQuery } from '../src/content/read';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './helper';

/**
 * Two cold listings whose cost grew with the catalogue walk an index whose last key is the price, so
 * that a price range is tested on each index entry instead of on each row the walk reaches
 * (decisions/0068): a shop's in-stock items newest first, and a tag's items newest first (one branch
 * of a tag listing, decisions/0047). On the demo catalogue the planner would rather read the table,
 * so sequential and bitmap scans and sorts are turned off for the EXPLAIN: what is tested is that the statement
 * the service sends can be served by the index with the price as an index condition.
 */

let t: TestApp;
const collection = publicCollection('items')!;

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
});
afterAll(() => t?.close());

/** The plan of the rows statement `query` is read by (with its branches, as on a large table). */
async function planText(query: string): Promise<string> {
  const plan = planRead(collection, parseContentQuery(`fields=id,title&${query}`));
  const where = sql`${plan.visible} and ${plan.condition ?? sql`true`}`;
  const statement = rowsQuery(t.db, plan, where, plan.limit, plan.offset).getSQL();
  return t.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    await tx.execute(sql`set local enable_bitmapscan = off`);
    await tx.execute(sql`set local enable_sort = off`);
    const result = (await tx.execute(sql`explain ${statement}`)) as unknown as { rows: Array<Record<string, string>> };
    return result.rows.map((row) => Object.values(row)[0]).join('\n');
  });
}

describe('cold listings read an index that holds the price range', () => {
  it("a shop's in-stock items newest first, within a price range", async () => {
    const text = await planText('filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=15000&filter[price][_lte]=40000&sort=-created_on&limit=10&offset=20');
    expect(text).toMatch(/Index Scan Backward using items_shop_in_stock_created_idx/);
    expect(text).toMatch(/Index Cond: .*price_paise >= .*price_paise <= /);
  });

  it("a tag's items newest first, within a price range (one branch of a tag listing)", async () => {
    const text = await planText('filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=kundan&filter[price][_gte]=1000&sort=-created_on&limit=10&offset=0');
    expect(text).toMatch(/Index Only Scan Backward using item_tags_created_price_idx/);
    expect(text).toMatch(/Index Cond: \(\(tag = tag_vocabulary\.tag\) AND \(price_paise >= /);
  });
});
