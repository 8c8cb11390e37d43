import { and, sql } from 'drizzle-orm';
import pg from 'pg';
import postgres from 'postgres';
import { describe, expect, it, vi } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { LARGE_TABLE_FORM } from '../src/content/filter-sql';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, MAX_PIPELINED_ROWS, rowsQuery } from '../src/content/read';
import { planSearch } from '../src/content/search';
import { genericPlansOf, MAX_NAMED_SHAPES, useGenericPlans } from '../src/db/generic-plans';
import { keptGenericStatements, seededTestApp, TEST_DATABASE_URL } from './helper';

/**
 * decisions/0093: a listing whose plan no value changes is planned once per shape and kept (generic plans on
 * PostgreSQL, on the pipelined connection of the short reads since 0100); every other read is planned for its
 * values, as before.
 */

const collection = publicCollection('items')!;
const LISTING = 'fields=id,title,catalog,shop,price,market_price,thumbnail_image,quantity&limit=10';

/** Whether the address's rows statement is planned alike for any values, on a table as large as the bench's. */
function plannedAlike(address: string): boolean {
  const query = parseContentQuery(address);
  return planRead(collection, query, query.search ? planSearch(collection, query.search) : undefined, LARGE_TABLE_FORM).plannedAlike;
}

describe('which listings are planned alike for any values (plan-shapes.ts)', () => {
  it('the storefront listings walked in the order their ranges bound: shop, catalogs and tags, in stock or not, any page', () => {
    for (const address of [
      `${LISTING}&filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-price`,
      `${LISTING}&filter[shop][_icontains]=fabrics&filter[price][_lte]=9000&sort=price&offset=470`,
      `${LISTING}&filter[shop][_icontains]=jewel&sort=-created_on,-updated_on&offset=30`,
      `${LISTING}&filter[catalog][_in]=Sarees,Lehengas&filter[price][_gte]=1000&sort=price&offset=90`,
      `${LISTING}&filter[catalog][_eq]=Earrings&filter[quantity][_gt]=0&sort=-created_on`,
      `${LISTING}&filter[_or][0][tags][_icontains]=silk&filter[_or][1][tags][_icontains]=zari&filter[quantity][_gt]=0&sort=-created_on`,
      `${LISTING}&filter[tags][_icontains]=kundan&sort=price&offset=20`,
    ]) {
      expect(plannedAlike(address), address).toBe(true);
    }
  });

  it('not a range on a column the order does not walk, a search, a text pattern, other operators, or no sort', () => {
    for (const address of [
      // by date within a price range: walk the dates and test the prices, or read the prices and sort
      `${LISTING}&filter[shop][_icontains]=jewel&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-created_on`,
      `${LISTING}&filter[catalog][_in]=Sarees,Suits&filter[price][_lte]=500&sort=-created_on,-updated_on`,
      `${LISTING}&filter[quantity][_gt]=5&sort=price`,
      `${LISTING}&search=banarasi silk&sort=price`,
      `${LISTING}&search=pearl`,
      `${LISTING}&filter[title][_icontains]=silk&sort=price`,
      `${LISTING}&filter[shop][_icontains]=e&sort=price`,
      `${LISTING}&filter[catalog][_neq]=Sarees&sort=price`,
      `${LISTING}&filter[catalog][_nin]=Sarees&sort=price`,
      `${LISTING}&filter[_or][0][catalog][_eq]=Sarees&filter[_or][1][price][_lt]=500&sort=price`,
      `${LISTING}&filter[catalog][_eq]=Sarees`,
      // tags sorted by a column item_tags does not copy: no tag branches to read them
      `${LISTING}&filter[tags][_icontains]=silk&sort=title`,
      // two tag groups: the branches read one of them
      `${LISTING}&filter[tags][_icontains]=silk&filter[_or][0][tags][_icontains]=zari&filter[_or][1][tags][_icontains]=kundan&sort=price`,
    ]) {
      expect(plannedAlike(address), address).toBe(false);
    }
  });
});

describe('kept statements (db/generic-plans.ts)', () => {
  it('the first MAX_NAMED_SHAPES texts are kept, the same answer every time; later ones are sent unprepared', async () => {
    const main = new pg.Pool({ connectionString: 'postgres://nobody@127.0.0.1:1/none' });
    const client = postgres('postgres://nobody@127.0.0.1:1/none', { max: 1 });
    try {
      const plans = useGenericPlans(main, client);
      expect(genericPlansOf(main)).toBe(plans);
      expect(genericPlansOf(new pg.Pool())).toBeUndefined();
      for (let i = 0; i < MAX_NAMED_SHAPES; i++) expect(plans.keeps(`select ${i}`)).toBe(true);
      expect(plans.keeps('select 0')).toBe(true);
      expect(plans.keeps(`select ${MAX_NAMED_SHAPES}`)).toBe(false);
      expect(plans.keeps(`select ${MAX_NAMED_SHAPES}`)).toBe(false);
      expect(plans.keeps(`select ${MAX_NAMED_SHAPES - 1}`)).toBe(true);
    } finally {
      await Promise.all([client.end(), main.end()]);
    }
  });
});

describe.runIf(TEST_DATABASE_URL)('on PostgreSQL, listings planned alike run as kept statements planned generically (decisions/0093, 0100)', () => {
  const t = seededTestApp();

  /** The rows as drizzle's query builder reads them, planned for their values. */
  async function plannedForValues(address: string) {
    const query = parseContentQuery(address);
    const plan = planRead(collection, query);
    return ((await rowsQuery(t.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<{ id: number }>).map((row) => row.id);
  }

  it('same rows as planned for their values; kept once per shape, planned generically only; other reads not kept', async () => {
    const alike = [
      `${LISTING}&filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-price`,
      `${LISTING}&filter[shop][_icontains]=jewel&filter[quantity][_gt]=0&filter[price][_gte]=1500&filter[price][_lte]=4000&sort=-price`,
    ];
    const byDate = `${LISTING}&filter[shop][_icontains]=jewel&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-created_on`;
    const found = await Promise.all(alike.map(plannedForValues));
    expect(found[0]).not.toEqual(found[1]);
    for (let run = 0; run < 3; run++) {
      for (const [i, address] of alike.entries()) {
        expect((await listItems(t.db, collection, parseContentQuery(address))).data.map((row) => row.id), `${address} run ${run}`).toEqual(found[i]);
      }
      expect((await listItems(t.db, collection, parseContentQuery(byDate))).data.map((row) => row.id)).toEqual(await plannedForValues(byDate));
    }
    const kept = await keptGenericStatements(t.db);
    const listing = kept.filter((row) => row.statement.includes('"items"."price_paise" desc'));
    expect(listing.length).toBeGreaterThan(0);
    expect(new Set(listing.map((row) => row.statement)).size).toBe(1);
    expect(listing.reduce((sum, row) => sum + row.generic_plans, 0)).toBe(6);
    expect(listing.every((row) => row.custom_plans === 0)).toBe(true);
    expect(kept.some((row) => row.statement.includes('"items"."created_on" desc'))).toBe(false);
  });
  it('a page deeper than MAX_PIPELINED_ROWS is sent on the pool, planned for its values: its walk would hold up the short reads queued behind it', async () => {
    const pool = (t.db as unknown as { $client: pg.Pool }).$client;
    const pipelined = vi.spyOn(genericPlansOf(pool)!.client as unknown as { unsafe: (...args: unknown[]) => unknown }, 'unsafe');
    const pooled = vi.spyOn(pool as unknown as { query: (...args: unknown[]) => unknown }, 'query');
    const page = (offset: number) => `${LISTING}&filter[shop][_icontains]=jewel&sort=-price&offset=${offset}`;
    try {
      expect(plannedAlike(page(MAX_PIPELINED_ROWS))).toBe(true);
      await listItems(t.db, collection, parseContentQuery(page(MAX_PIPELINED_ROWS - 10)));
      expect([pipelined.mock.calls.length, pooled.mock.calls.length]).toEqual([1, 0]);
      await listItems(t.db, collection, parseContentQuery(page(MAX_PIPELINED_ROWS - 9)));
      expect([pipelined.mock.calls.length, pooled.mock.calls.length]).toEqual([1, 1]);
    } finally {
      pipelined.mockRestore();
      pooled.mockRestore();
    }
  });
  it('a kept statement whose table changed under it is prepared again and answers (postgres.js retries RevalidateCachedQuery)', async () => {
    const address = `${LISTING}&filter[shop][_icontains]=jewel&sort=price`;
    const read = async () => (await listItems(t.db, collection, parseContentQuery(address))).data;
    const before = await read();
    expect(before.length).toBeGreaterThan(0);
    // The kept plan's result type changes: PostgreSQL refuses it ("cached plan must not change result type").
    await t.db.execute(sql`alter table items alter column thumbnail_image type varchar(400)`);
    try {
      expect(await read()).toEqual(before);
    } finally {
      await t.db.execute(sql`alter table items alter column thumbnail_image type text`);
    }
  });
});
