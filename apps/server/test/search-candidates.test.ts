import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { catalogs, items, shops } from '../src/db/schema';
import { RELEVANCE_CANDIDATES } from '../src/content/read';
import { buildTestApp, type TestApp } from './helper';

/**
 * Relevance is computed for a bounded candidate set (read.ts: RELEVANCE_CANDIDATES, issue 13): the
 * newest matches, ranked; the matches beyond them follow, ranked among themselves. Every page of one
 * search must still list each match exactly once, in one order, whichever statement reads the page.
 */

let t: TestApp;
const COUNT = RELEVANCE_CANDIDATES + 50;
const day = (n: number) => new Date(Date.UTC(2024, 0, 1) + n * 86_400_000);
/** Every tenth product has the word in its title (ranked higher); the others only in the description. */
const inTitle = (n: number) => n % 10 === 0;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.insert(shops).values({ value: 'fabrics', title: 'Fabrics' });
  await t.db.insert(catalogs).values({ title: 'Sarees', image: 'img' });
  await t.db.insert(items).values(
    Array.from({ length: COUNT }, (_, i) => {
      const n = i + 1;
      return {
        title: inTitle(n) ? `Tussar Saree ${n}` : `Plain Saree ${n}`,
        catalog: 'Sarees',
        shop: 'fabrics',
        tags: ['cotton'],
        description: inTitle(n) ? 'Handwoven' : 'Woven with a tussar border',
        price_paise: 100_000 + n,
        thumbnail_image: 'thumb',
        quantity: 5,
        created_on: day(n),
        updated_on: day(n),
      };
    }),
  );
});
afterAll(() => t?.close());

async function page(offset: number, limit: number): Promise<{ numbers: number[]; count: number }> {
  const url = `/content/items/items?fields=title&search=tussar&limit=${limit}&offset=${offset}&meta=filter_count`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { data: { title: string }[]; meta: { filter_count: number } };
  return { numbers: body.data.map((row) => Number(row.title.split(' ').pop())), count: body.meta.filter_count };
}

describe('ranked search over a bounded candidate set', () => {
  it('ranks the newest matches first, then the older ones, each listed once across pages', async () => {
    const seen: number[] = [];
    for (let offset = 0; offset < COUNT; offset += 25) {
      const { numbers, count } = await page(offset, 25);
      expect(count).toBe(COUNT);
      seen.push(...numbers);
    }
    expect(seen).toHaveLength(COUNT);
    expect(new Set(seen).size).toBe(COUNT);

    const newest = Array.from({ length: RELEVANCE_CANDIDATES }, (_, i) => COUNT - i);
    const older = Array.from({ length: COUNT - RELEVANCE_CANDIDATES }, (_, i) => COUNT - RELEVANCE_CANDIDATES - i);
    const byRank = (numbers: number[]) => [...numbers.filter(inTitle), ...numbers.filter((n) => !inTitle(n))];
    // Among the candidates: title matches first (newest first among equals), then description matches.
    expect(seen.slice(0, RELEVANCE_CANDIDATES)).toEqual(byRank(newest));
    // Beyond them: the older matches, ranked the same way (title matches 50, 40, … first).
    expect(seen.slice(RELEVANCE_CANDIDATES)).toEqual(byRank(older));
  });

  it('a page across the boundary agrees with the pages on either side', async () => {
    const across = await page(RELEVANCE_CANDIDATES - 5, 10);
    const before = await page(RELEVANCE_CANDIDATES - 5, 5);
    const after = await page(RELEVANCE_CANDIDATES, 5);
    expect(across.numbers).toEqual([...before.numbers, ...after.numbers]);
  });

  it('an explicit sort still orders every match', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/content/items/items?fields=title&search=tussar&sort=-price&limit=3' });
    expect(res.json().data.map((row: { title: string }) => row.title)).toEqual([`Tussar Saree ${COUNT}`, `Plain Saree ${COUNT - 1}`, `Plain Saree ${COUNT - 2}`]);
  });
});
