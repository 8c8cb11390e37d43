import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { publicCollection } from '../src/content/collections';
import { estimatedRows, priceBand, shareInRange } from '../src/content/estimates';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './helper';

/** The planner's estimates that choose an access path are asked once per condition, then remembered. */

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t?.close());

/** The test database, counting the statements sent through `execute`. */
function counting(db: Database) {
  const sent = { count: 0 };
  const proxy = new Proxy(db, {
    get(target, property, receiver) {
      if (property === 'execute') {
        return (...args: Parameters<Database['execute']>) => {
          sent.count++;
          return target.execute(...args);
        };
      }
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { db: proxy, sent };
}

describe('estimatedRows', () => {
  it('asks the planner once per condition and values, and answers a number', async () => {
    const items = publicCollection('items')!;
    const { db, sent } = counting(t.db);
    const silk = await estimatedRows(db, items, sql`${items.fullText!.document} @@ to_tsquery('simple', ${'silk'})`);
    expect(typeof silk).toBe('number');
    expect(await estimatedRows(db, items, sql`${items.fullText!.document} @@ to_tsquery('simple', ${'silk'})`)).toBe(silk);
    expect(sent.count).toBe(1);
    await estimatedRows(db, items, sql`${items.fullText!.document} @@ to_tsquery('simple', ${'zari'})`);
    expect(sent.count).toBe(2);
  });
});

describe('priceBand', () => {
  it("spreads a search's visible matches over price quantiles (all of them when few), asked once per search", async () => {
    await seedIfEmpty(t.db);
    const { db, sent } = counting(t.db);
    const query = sql`to_tsquery('pg_catalog.simple'::regconfig, ${"'silk':*"})`;
    const band = await priceBand(db, query, "'silk':*");
    const expected = (
      (await t.db.execute(
        sql`select count(*)::int as n, min(price_paise) as low, max(price_paise) as high from items where archived_at is null and search_vector @@ ${query}`,
      )) as unknown as { rows: Array<{ n: number; low: number; high: number }> }
    ).rows[0]!;
    expect(band.sampled).toBeGreaterThan(0);
    expect(band.sampled).toBe(Number(expected.n));
    expect(band.quantiles).toHaveLength(21);
    expect(band.quantiles[0]).toBe(Number(expected.low));
    expect(band.quantiles[20]).toBe(Number(expected.high));
    expect([...band.quantiles].sort((a, b) => a - b)).toEqual(band.quantiles);
    await priceBand(db, query, "'silk':*");
    expect(sent.count).toBe(1);
  });

  it('shareInRange: the share of matches within a price range', () => {
    const band = { sampled: 100, quantiles: Array.from({ length: 21 }, (_, i) => 1000 + i * 100) }; // 1,000 … 3,000 paise
    expect(shareInRange(band, Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY)).toBe(1);
    expect(shareInRange(band, 5000, 9000)).toBe(0);
    expect(shareInRange(band, 0, 999)).toBe(0);
    expect(shareInRange(band, 1000, 2000)).toBeCloseTo(0.5);
    expect(shareInRange({ sampled: 0, quantiles: [] }, 0, 10)).toBe(0);
    // Every match at one price: in the range or not at all.
    const flat = { sampled: 10, quantiles: Array.from({ length: 21 }, () => 500) };
    expect(shareInRange(flat, 400, 600)).toBe(1);
    expect(shareInRange(flat, 600, 700)).toBe(0);
  });
});
