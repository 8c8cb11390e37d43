import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_LIMIT } from '../src/content/query-parse';
import { buildTestApp, type TestApp } from './helper';

/** The row cap of one read, on a collection with more rows than the cap. */

let t: TestApp;
const ROWS = 1005;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql`insert into catalogs (title, image, priority) select 'Catalog ' || g, 'img-' || g, g from generate_series(1, ${ROWS}) as g`);
});
afterAll(() => t.close());

async function read(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/content/items/catalogs?fields=priority&sort=priority&${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Array<{ priority: number }>; meta?: Record<string, number> };
}

describe('limits', () => {
  it('the cap is 1000 rows', () => {
    expect(MAX_LIMIT).toBe(1000);
  });

  it('default limit is 100', async () => {
    const { data } = await read('');
    expect(data).toHaveLength(100);
    expect(data[99]?.priority).toBe(100);
  });

  it('limit=-1 ("all") and a limit above the cap both stop at the cap', async () => {
    for (const limit of ['-1', '5000']) {
      const { data, meta } = await read(`limit=${limit}&meta=total_count`);
      expect(data).toHaveLength(MAX_LIMIT);
      expect(data[0]?.priority).toBe(1);
      expect(data[MAX_LIMIT - 1]?.priority).toBe(MAX_LIMIT);
      expect(meta).toEqual({ total_count: ROWS });
    }
  });

  it('paging reaches the rows beyond the cap', async () => {
    const { data } = await read('limit=100&page=11');
    expect(data.map((row) => row.priority)).toEqual([1001, 1002, 1003, 1004, 1005]);
    const byOffset = await read('limit=1000&offset=1000');
    expect(byOffset.data.map((row) => row.priority)).toEqual([1001, 1002, 1003, 1004, 1005]);
  });

  it('with limit=-1 there is one page', async () => {
    const { data } = await read('limit=-1&page=2');
    expect(data[0]?.priority).toBe(1);
  });
});
