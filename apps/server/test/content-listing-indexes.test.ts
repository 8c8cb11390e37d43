import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { rowsQuery } from '../src/content/read';
import { seededTestApp } from './helper';

/**
 * Listings newest first within a price range walk an index whose last key is the price, so that the
 * range is tested on each index entry instead of on each row the walk reaches (decisions/0068): a
 * shop's items, in stock or not, a catalog's (one branch of a `catalog _in` listing, decisions/0047),
 * and a tag's (one branch of a tag listing). On the demo catalogue the planner would rather read the table,
 * so sequential and bitmap scans and sorts are turned off for the EXPLAIN: what is tested is that the statement
 * the service sends can be served by the index with the price as an index condition. Past the first page
 * the rows the page skips are read from the index alone (decisions/0084): a plain read finds its page's
 * keys first, and a branch reads only keys and sort values.
 */

const t = seededTestApp();
const collection = publicCollection('items')!;

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

describe('cold listings newest first within a price range test the price on the index entry, from the index alone past the first page', () => {
  const PRICE = 'filter[price][_gte]=1500&filter[price][_lte]=40000';
  const CASES: Array<[what: string, query: string, index: string]> = [
    ["a shop's items", `filter[shop][_icontains]=jewel&${PRICE}`, 'items_shop_created_price_idx'],
    ["a shop's in-stock items", `filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&${PRICE}`, 'items_shop_in_stock_created_price_idx'],
    ['two catalogs (a branch each)', `filter[catalog][_in]=Sarees,Necklaces&${PRICE}`, 'items_catalog_created_price_idx'],
    // Either of a catalog's newest-first indexes serves (on a small table PostgreSQL may test the stock on the row).
    ['two catalogs, in stock', `filter[catalog][_in]=Sarees,Necklaces&filter[quantity][_gt]=0&${PRICE}`, 'items_catalog_(in_stock_)?created_price_idx'],
  ];
  for (const [what, query, index] of CASES) {
    it(`${what}: ${index}`, async () => {
      const text = await planText(`${query}&sort=-created_on&limit=10&offset=20`);
      expect(text).toMatch(new RegExp(`Index Only Scan Backward using ${index}`));
      expect(text).toMatch(/Index Cond: .*price_paise >= .*price_paise <= /);
    });
  }

  it("a tag's items (one branch of a tag listing): item_tags_created_price_idx, from the index alone", async () => {
    const text = await planText('filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=kundan&filter[price][_gte]=1000&sort=-created_on&limit=10&offset=0');
    expect(text).toMatch(/Index Only Scan Backward using item_tags_created_price_idx/);
    expect(text).toMatch(/Index Cond: \(\(tag = tag_vocabulary\.tag\) AND \(price_paise >= /);
  });

  it("a tag's in-stock items in the storefront's newest order (created_on, then updated_on): from item_tags' index alone (decisions/0085)", async () => {
    const text = await planText('filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=kundan&filter[quantity][_gt]=0&sort=-created_on,-updated_on&limit=10&offset=20');
    expect(text).toMatch(/Index Only Scan Backward using item_tags_created_price_idx/);
    expect(text).not.toMatch(/Index Scan using items_pkey on items items_1/);
  });
});
