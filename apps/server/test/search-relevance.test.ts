import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../src/seed/seed';
import { buildTestApp, type TestApp } from './helper';

/**
 * Search relevance on the demo catalogue (issue 13): 30 searches a shopper types — as the catalogue
 * spells them and misspelt — each with the products they expect at the top. Checked with the
 * storefront's own request (relevance order, no sort), so a faster search that ranks worse fails here.
 */

interface Expectation {
  text: string;
  /** How many of the first results must be among the expected products. */
  top: number;
  /** The products the shopper means, by title. */
  expected: RegExp;
}

const CATALOGUE_SPELLING: Expectation[] = [
  { text: 'banarasi silk saree', top: 3, expected: /Banarasi Silk Saree/ },
  { text: 'kanjeevaram', top: 3, expected: /Kanjeevaram Silk Saree/ },
  { text: 'chikankari', top: 3, expected: /Chikankari Kurta Set/ },
  { text: 'bridal lehenga', top: 3, expected: /Bridal Lehenga/ },
  { text: 'kundan necklace', top: 3, expected: /Kundan Necklace Set/ },
  { text: 'jhumka', top: 3, expected: /Jhumka Earrings/ },
  { text: 'pearl necklace', top: 2, expected: /Pearl Layered Necklace|Pearl White Temple Necklace/ },
  { text: 'organza saree', top: 2, expected: /Organza Saree/ },
  { text: 'patola', top: 3, expected: /Patola Silk Saree/ },
  { text: 'anarkali', top: 3, expected: /Anarkali Suit/ },
  { text: 'sharara', top: 2, expected: /Sharara Suit/ },
  { text: 'tennis bracelet', top: 3, expected: /Tennis Bracelet/ },
  { text: 'kada', top: 3, expected: /Kada$/ },
  { text: 'chandbali', top: 3, expected: /Chandbali Earrings/ },
  { text: 'temple necklace', top: 3, expected: /Temple Necklace/ },
  { text: 'polki choker', top: 2, expected: /Polki Choker/ },
  { text: 'rani haar', top: 2, expected: /Rani Haar/ },
  { text: 'linen saree', top: 2, expected: /Linen Saree/ },
  { text: 'bangle set', top: 3, expected: /Bangle Set/ },
  { text: 'mirror work chaniya choli', top: 3, expected: /Mirror Work Chaniya Choli/ },
];

const MISSPELT: Expectation[] = [
  { text: 'banarsi saree', top: 3, expected: /Banarasi Silk Saree/ },
  { text: 'kanjivaram', top: 3, expected: /Kanjeevaram Silk Saree/ },
  { text: 'lehnga', top: 3, expected: /Lehenga/ },
  { text: 'chikenkari', top: 3, expected: /Chikankari Kurta Set/ },
  { text: 'kundun necklace', top: 3, expected: /Kundan Necklace Set/ },
  { text: 'jhumki', top: 3, expected: /Jhumki$/ },
  { text: 'bandhni saree', top: 2, expected: /Bandhani Saree/ },
  { text: 'paithni', top: 2, expected: /Paithani Silk Saree/ },
  { text: 'chandbaali earrings', top: 3, expected: /Chandbali Earrings/ },
  { text: 'braclet', top: 3, expected: /Bracelet/ },
];

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await seedIfEmpty(t.db);
});
afterAll(() => t?.close());

async function topTitles(text: string, count: number): Promise<string[]> {
  const url = `/content/items/items?fields=id,title&limit=${count}&search=${encodeURIComponent(text)}`;
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: { title: string }[] }).data.map((row) => row.title);
}

describe('search relevance on the demo catalogue', () => {
  it('lists 30 searches', () => {
    expect(CATALOGUE_SPELLING.length + MISSPELT.length).toBe(30);
  });

  for (const [group, cases] of [
    ['as the catalogue spells it', CATALOGUE_SPELLING],
    ['misspelt', MISSPELT],
  ] as const) {
    describe(group, () => {
      it.each(cases)("'$text' puts the expected products on top", async ({ text, top, expected }) => {
        const titles = await topTitles(text, top);
        expect(titles, `'${text}' found: ${titles.join(' | ')}`).toHaveLength(top);
        for (const title of titles) expect(title, `'${text}' found: ${titles.join(' | ')}`).toMatch(expected);
      });
    });
  }
});
