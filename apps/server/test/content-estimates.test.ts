import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/db/client';
import { publicCollection } from '../src/content/collections';
import { estimatedRows } from '../src/content/estimates';
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
