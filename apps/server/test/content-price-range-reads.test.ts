import { and, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publicCollection } from '../src/content/collections';
import { listingPriceBand } from '../src/content/estimates';
import { LARGE_TABLE_FORM } from '../src/content/filter-sql';
import { priceRangeReadAs, walksTheOrder } from '../src/content/price-range-reads';
import { parseContentQuery } from '../src/content/query-parse';
import { planRead } from '../src/content/query-sql';
import { listItems, rowsQuery } from '../src/content/read';
import { planSearch } from '../src/content/search';
import { compileRows, runRows } from '../src/content/statements';
import { toQuery } from '../src/content/sql-text';
import type { DatabaseHandle } from '../src/db/client';
import { items } from '../src/db/schema';
import { seedIfEmpty } from '../src/seed/seed';
import { freshDatabase, keptGenericStatements, statementsSentDuring, TEST_DATABASE_URL } from './helper';

/**
 * decisions/0094: a listing by date within a price range is read walking the dates or reading the range and
 * sorting, as a kept sample of prices says, written so that a plan made once (0093) is the chosen one.
 */

const collection = publicCollection('items')!;
const FIELDS = 'fields=id,title,price,created_on&limit=10';
function planOf(address: string) {
  const query = parseContentQuery(address);
  return planRead(collection, query, query.search ? planSearch(collection, query.search) : undefined, LARGE_TABLE_FORM);
}

/** Listings by date within price ranges: both bounds, one, exclusive and fractional ones, several of a side, pages. */
const RANGED = [
  `${FIELDS}&filter[shop][_icontains]=jewel&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-created_on`,
  `${FIELDS}&filter[shop][_icontains]=fabrics&filter[quantity][_gt]=0&filter[price][_lte]=9000&sort=-created_on,-updated_on&offset=10`,
  `${FIELDS}&filter[catalog][_eq]=Earrings&filter[price][_gt]=999.995&sort=-created_on`,
  `${FIELDS}&filter[catalog][_in]=Sarees&filter[price][_lt]=15000.5&filter[price][_gt]=1000&filter[price][_lte]=40000&sort=created_on`,
  `${FIELDS}&filter[price][_gte]=2500&sort=-created_on&offset=20`,
  `${FIELDS}&filter[shop][_icontains]=jewel&filter[price][_gte]=900000&sort=-created_on`,
];

/** The same through catalog branches (decisions/0095): several catalogs, in stock or not, pages. */
const BRANCHED = [
  `${FIELDS}&filter[catalog][_in]=Sarees,Necklaces&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-created_on`,
  `${FIELDS}&filter[catalog][_in]=Earrings,Suits,Lehengas&filter[price][_lt]=9000&sort=-created_on,-updated_on&offset=10`,
  `${FIELDS}&filter[catalog][_in]=Sarees,Bracelets&filter[price][_gt]=1000&sort=created_on&offset=3`,
];

describe('which listings choose how their price range is read (price-range-reads.ts)', () => {
  it('a date order within a price range, with the bounds in whole paise as the filter rounds them', () => {
    expect(planOf(RANGED[0]!).priceRange).toMatchObject({ low: 50_000, high: 2_000_000 });
    expect(planOf(RANGED[1]!).priceRange).toMatchObject({ low: null, high: 900_000 });
    // ₹999.995 is 99,999.5 paise: above it, 100,000 and more
    expect(planOf(RANGED[2]!).priceRange).toMatchObject({ low: 100_000, high: null });
    // below ₹15,000.50 and at most ₹40,000: at most 1,500,049 paise; above ₹1,000: from 100,001
    expect(planOf(RANGED[3]!).priceRange).toMatchObject({ low: 100_001, high: 1_500_049 });
    expect(planOf(RANGED[4]!).priceRange).toMatchObject({ low: 250_000, high: null });
  });

  it('several catalogs: sampled per catalog, with the rest of the filter but without the catalogs', () => {
    const range = planOf(BRANCHED[0]!).priceRange!;
    expect(range).toMatchObject({ low: 50_000, high: 2_000_000 });
    expect(toQuery(range.rest!).sql).toContain('"items"."catalog" in');
    expect(toQuery(range.branched!.rest!).sql).not.toContain('"items"."catalog"');
    expect(toQuery(range.branched!.rest!).sql).toContain('"items"."quantity" >');
    // Only the catalogs and the range: nothing else to sample under.
    expect(planOf(BRANCHED[1]!).priceRange!.branched).toEqual({ rest: undefined });
    // One catalog is no branch: sampled under the whole rest, as before.
    expect(planOf(RANGED[3]!).priceRange!.branched).toBeUndefined();
  });

  it('not one planned alike already, tag branches, searched, or with another kind of condition', () => {
    for (const address of [
      `${FIELDS}&filter[shop][_icontains]=jewel&filter[price][_gte]=500&sort=-price`,
      `${FIELDS}&filter[tags][_icontains]=silk&filter[price][_gte]=500&sort=-created_on`,
      `${FIELDS}&search=silk&filter[price][_gte]=500&sort=-created_on`,
      `${FIELDS}&filter[title][_icontains]=silk&filter[price][_gte]=500&sort=-created_on`,
      `${FIELDS}&filter[quantity][_gt]=3&filter[price][_gte]=500&sort=-created_on`,
      `${FIELDS}&filter[price][_gte]=500&filter[price][_neq]=600&sort=-created_on`,
      `${FIELDS}&filter[price][_gte]=500`,
    ]) {
      expect(planOf(address).priceRange, address).toBeUndefined();
    }
  });

  it('walks the order when matches² ≥ 0.1 × rows needed × rows under the rest of the filter', () => {
    // 43,000 jewels in stock, 827 in ₹200–600: a first page walks; page 21 (210 rows) reads and sorts.
    expect(walksTheOrder(827, 10, 43_000)).toBe(true);
    expect(walksTheOrder(827, 210, 43_000)).toBe(false);
    expect(walksTheOrder(0, 10, 43_000)).toBe(false);
    expect(walksTheOrder(40_000, 500, 51_000)).toBe(true);
  });
});

describe('the price range written either way reads the same rows', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await freshDatabase();
    await seedIfEmpty(database.db);
  });
  afterAll(() => database.close());

  const ids = (rows: Array<Record<string, unknown>>) => rows.map((row) => row.id);

  it('as the range as written, for every bound and page', async () => {
    for (const address of RANGED) {
      const plan = planOf(address);
      const range = plan.priceRange!;
      const written = ids((await rowsQuery(database.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>);
      for (const read of ['walk', 'sort'] as const) {
        const readAs = priceRangeReadAs(range, read, plan.orderBy);
        const condition = and(plan.visible, range.rest, readAs.condition);
        const rows = await runRows(database.db, compileRows(plan.collection.table, plan.selection, condition, readAs.orderBy, plan.limit, plan.offset));
        expect(ids(rows), `${read}: ${address}`).toEqual(written);
      }
    }
    // Through catalog branches, each catalog its own way: the first walking, the others sorting, then the reverse.
    for (const address of BRANCHED) {
      const plan = planOf(address);
      const range = plan.priceRange!;
      const written = ids((await rowsQuery(database.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>);
      expect(written.length, address).toBeGreaterThan(0);
      for (const first of ['walk', 'sort'] as const) {
        const ranges = plan.branches!.values.map((_, at) => priceRangeReadAs(range, (at === 0) === (first === 'walk') ? 'walk' : 'sort', plan.orderBy));
        const ranged = { ...plan, branches: { ...plan.branches!, ranged: { where: and(plan.visible, range.rest), ranges } } };
        const { texts } = await statementsSentDuring(database.db, () => rowsQuery(database.db, ranged, and(plan.visible, plan.condition), plan.limit, plan.offset));
        expect(texts.join(' ')).toContain('union all');
        expect(ids((await rowsQuery(database.db, ranged, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>), `${first}: ${address}`).toEqual(written);
      }
    }
    // Not every range empty: the comparison saw rows.
    const some = planOf(RANGED[4]!);
    expect(((await rowsQuery(database.db, some, and(some.visible, some.condition), 10, 0)) as unknown[]).length).toBe(10);
  });

  /** The plan PostgreSQL makes of `statement` without its values, as the generic-plan connections do (db/generic-plans.ts). */
  async function genericPlan(statement: { sql: string; params: unknown[] }): Promise<string> {
    const literal = (value: unknown) => (typeof value === 'number' ? String(value) : `'${String(value).replace(/'/g, "''")}'`);
    return database.db.transaction(async (tx) => {
      await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
      await tx.execute(sql.raw(`prepare range_read as ${statement.sql}`));
      try {
        const result = (await tx.execute(sql.raw(`explain execute range_read(${statement.params.map(literal).join(', ')})`))) as unknown as { rows: Array<Record<string, string>> };
        return result.rows.map((row) => Object.values(row)[0]).join('\n');
      } finally {
        await tx.execute(sql`deallocate range_read`);
      }
    });
  }

  /** The plan's scans of a newest-first index that test the price range (a walk of the dates); the page's keys may be read by any index. */
  const rangeWalks = (plan: string) => plan.split(/\n(?=\s*->)/).filter((node) => /using items_\w*created/.test(node) && node.includes('price_paise'));

  it('read by sorting, the order is written so that no index gives it: the plan made once sorts the range (decisions/0099)', async () => {
    for (const address of RANGED) {
      const plan = planOf(address);
      const written = priceRangeReadAs(plan.priceRange!, 'sort', plan.orderBy);
      const read = { ...plan, condition: and(plan.priceRange!.rest, written.condition), orderBy: written.orderBy };
      const text = await genericPlan(toQuery(rowsQuery(database.db, read, and(read.visible, read.condition), read.limit, read.offset).getSQL()));
      expect(text, address).toMatch(/Sort Key: \(COALESCE\((items(_\d)?\.)?created_on\)\)( DESC)?/);
      expect(rangeWalks(text), address).toEqual([]);
      // Walking, the order is the plain one, which the date indexes give.
      expect(toQuery(sql.join(priceRangeReadAs(plan.priceRange!, 'walk', plan.orderBy).orderBy, sql`, `)).sql).not.toContain('coalesce');
    }
    // Through catalog branches: each branch read by sorting sorts its own catalog's range.
    const plan = planOf(BRANCHED[0]!);
    const range = plan.priceRange!;
    const ranges = plan.branches!.values.map(() => priceRangeReadAs(range, 'sort', plan.orderBy));
    const ranged = { ...plan, branches: { ...plan.branches!, ranged: { where: and(plan.visible, range.rest), ranges } } };
    const text = await genericPlan(toQuery(rowsQuery(database.db, ranged, and(plan.visible, plan.condition), plan.limit, plan.offset).getSQL()));
    expect(text.match(/Sort Key: \(COALESCE\(items_\d\.created_on\)\) DESC/g), text).toHaveLength(plan.branches!.values.length);
    expect(rangeWalks(text)).toEqual([]);
  });

  it('read by sorting, a catalog\'s range is read from its price index alone, dates included (decisions/0103)', async () => {
    // Past the first page the keys are found first (read.ts: pageKeysCondition): that read needs the key and the dates.
    const plan = planOf(`${RANGED[2]!}&offset=10`);
    const written = priceRangeReadAs(plan.priceRange!, 'sort', plan.orderBy);
    const read = { ...plan, condition: and(plan.priceRange!.rest, written.condition), orderBy: written.orderBy };
    const text = await genericPlan(toQuery(rowsQuery(database.db, read, and(read.visible, read.condition), read.limit, read.offset).getSQL()));
    expect(text).toMatch(/Index Only Scan using items_catalog_price_idx on items/);
  });

  it("the sample of a table small enough is all of it: every visible row under the condition, and its prices' quantiles", async () => {
    const condition = sql`${items.shop} = 'jewel'`;
    const { band, rows } = await listingPriceBand(database.db, collection, condition, 96);
    const prices = (
      (await database.db.execute(sql`select price_paise from items where archived_at is null and shop = 'jewel' order by price_paise`)) as unknown as {
        rows: Array<{ price_paise: number }>;
      }
    ).rows.map((row) => Number(row.price_paise));
    expect(rows).toBe(prices.length);
    expect(band.sampled).toBe(prices.length);
    expect(band.quantiles).toHaveLength(21);
    expect(band.quantiles[0]).toBe(prices[0]);
    expect(band.quantiles[20]).toBe(prices.at(-1));
    expect([...band.quantiles].sort((a, b) => a - b)).toEqual(band.quantiles);
  });

  it('read through a listing of a large table: the same rows, and on PostgreSQL planned once, generically', async () => {
    // The planner's row count of items set to a large table's, which is how a read learns the table's size (estimates.ts: tableSize).
    const large = await freshDatabase();
    try {
      await seedIfEmpty(large.db);
      await large.db.execute(sql`update pg_class set reltuples = 100000 where oid = 'public.items'::regclass`);
      for (const address of [...RANGED, ...BRANCHED]) {
        const plan = planOf(address);
        const written = ids((await rowsQuery(large.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>);
        for (let run = 0; run < 2; run++) {
          expect(ids((await listItems(large.db, collection, parseContentQuery(address))).data), address).toEqual(written);
        }
      }
      // Each catalog sampled once, whatever set it comes in: Sarees and Necklaces are kept from the first listing.
      const samples = async (address: string) =>
        (await statementsSentDuring(large.db, () => listItems(large.db, collection, parseContentQuery(address)))).texts.filter((text) => text.includes('tablesample')).length;
      const inStock = `${FIELDS}&filter[quantity][_gt]=0&filter[price][_gte]=500&filter[price][_lte]=20000&sort=-created_on`;
      expect(await samples(`${inStock}&filter[catalog][_in]=Sarees,Necklaces,Suits`)).toBe(1);
      expect(await samples(`${inStock}&filter[catalog][_in]=Necklaces,Suits,Earrings`)).toBe(1);
      expect(await samples(`${inStock}&filter[catalog][_in]=Earrings,Sarees`)).toBe(0);
      // Left planned per run, the range as written: a filter too large for one branch per catalog (one LATERAL
      // read for them all, content/read.ts: unionFits), and a page deeper than the branches read.
      const rowsStatement = async (address: string) => {
        const { result, texts } = await statementsSentDuring(large.db, () => listItems(large.db, collection, parseContentQuery(address)));
        return { ids: ids(result.data), text: texts.find((text) => text.startsWith('select "items"'))! };
      };
      for (const address of [`${inStock}&filter[catalog][_in]=Sarees,Suits,Lehengas,Necklaces,Earrings,Bracelets`, `${inStock}&filter[catalog][_in]=Sarees,Suits&offset=995`]) {
        const plan = planOf(address);
        const read = await rowsStatement(address);
        expect(read.text, address).not.toContain('+ 0');
        expect(read.text, address).not.toContain('union all');
        expect(read.ids, address).toEqual(ids((await rowsQuery(large.db, plan, and(plan.visible, plan.condition), plan.limit, plan.offset)) as Array<Record<string, unknown>>));
      }
      expect((await rowsStatement(`${inStock}&filter[catalog][_in]=Sarees,Suits,Lehengas,Necklaces,Earrings,Bracelets`)).text).toContain('branch_value');
      if (TEST_DATABASE_URL) {
        const kept = await keptGenericStatements(large.db);
        const byDate = kept.filter((row) => row.statement.includes('"items"."created_on"'));
        expect(byDate.length).toBeGreaterThan(0);
        expect(byDate.every((row) => row.custom_plans === 0)).toBe(true);
        // the listings of several catalogs among them
        expect(byDate.some((row) => row.statement.includes('union all'))).toBe(true);
      }
    } finally {
      await large.close();
    }
  });
});
