import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/**
 * Issue 12, item 8 (decision 0040): the self-hosted typeface pair, one heading colour on every screen,
 * 'Jewels' on the jewel listing, prices on one line and no internal tag among the Popular Tags.
 */

/** maroon-800 of apps/web/src/index.css, the colour of every page title. */
const HEADING_COLOUR = 'rgb(85, 16, 26)';

const firstFamily = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((element) => getComputedStyle(element).fontFamily.split(',')[0]!.replace(/["']/g, '').trim());

test('the body face and the heading face are our own files, loaded from the store, and the body face is preloaded', async ({ page }) => {
  const fonts: string[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'font') fonts.push(new URL(response.url()).pathname);
  });
  await page.goto('/fabrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Fabrics' })).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  expect(await firstFamily(page, 'body')).toBe('DM Sans');
  expect(await firstFamily(page, 'h1')).toBe('Playfair Display');
  const loadedFamilies = () =>
    page.evaluate(() => [...new Set([...document.fonts].filter((face) => face.status === 'loaded').map((face) => face.family.replace(/["']/g, '')))].sort());
  await expect.poll(loadedFamilies).toEqual([
    'DM Sans',
    'Playfair Display',
  ]);
  expect(fonts.every((path) => path.startsWith('/assets/') && path.endsWith('.woff2'))).toBe(true);
  const preload = page.locator('head link[rel="preload"][as="font"]');
  await expect(preload).toHaveCount(1);
  expect(await preload.getAttribute('href')).toMatch(/^\/assets\/dm-sans-latin-400-normal-[\w-]+\.woff2$/);
});

test('every page title has the same colour and face, signed in or not', async ({ page }) => {
  const titles: Array<[string, string]> = [
    ['/fabrics', 'Fabrics'],
    ['/jewels', 'Jewels'],
    ['/shop', 'Choose a store'],
    ['/terms', 'Terms & Conditions'],
    ['/wishlist', 'Wishlist'],
    ['/cart', 'Cart'],
    ['/orders', 'My Orders'],
    ['/profile', 'My Profile'],
    ['/contact', 'Contact us'],
    ['/product/10/V2luZSBNeXNvcmUgQ3JlcGUgU2lsayBTYXJlZQ', 'Wine Mysore Crepe Silk Saree'],
  ];
  await login(page);
  for (const [path, name] of titles) {
    await page.goto(path);
    const heading = page.getByRole('heading', { level: 1, name, exact: false }).first();
    await expect(heading, path).toBeVisible();
    // Retrying assertions: a screen may still swap its heading for a fresh one (a part it loads once the
    // startup verification has signed the shopper in), and a detached heading has no computed style.
    await expect(heading, path).toHaveCSS('color', HEADING_COLOUR);
    await expect(heading, path).toHaveCSS('font-family', /^"?Playfair Display"?,/);
  }
});

test("the navbar's Jewels opens a listing headed Jewels, titled 'Jewel | SSD' (spec 2 §2)", async ({ page }) => {
  await page.goto('/');
  await page.getByRole('navigation').getByRole('link', { name: 'Jewels', exact: true }).first().click();
  await expect(page).toHaveURL(/\/jewels/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Jewels');
  await expect(page).toHaveTitle('Jewel | SSD');
});

test('on a phone, every price on a listing sits on one line and the cards of a row are of one height', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/fabrics');
  const cards = page.locator('article').filter({ has: page.locator('s, p') });
  await expect(cards.first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
  const measures = await page.locator('article').evaluateAll((articles) =>
    articles.map((article) => {
      const price = [...article.querySelectorAll('p')].find((p) => p.textContent?.includes('₹'))!;
      const box = article.getBoundingClientRect();
      return { top: Math.round(box.top), height: Math.round(box.height), priceHeight: price.getBoundingClientRect().height, line: parseFloat(getComputedStyle(price).lineHeight) };
    }),
  );
  expect(measures.length).toBeGreaterThanOrEqual(2);
  for (const measure of measures) expect(measure.priceHeight).toBeLessThan(measure.line * 1.5);
  const heightsByRow = new Map<number, Set<number>>();
  for (const { top, height } of measures) heightsByRow.set(top, (heightsByRow.get(top) ?? new Set()).add(height));
  for (const heights of heightsByRow.values()) expect(heights.size).toBe(1);
});

test("Popular Tags never offer 'trending', 'new' or a sale's tag", async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Popular Tags' });
  // The section, code and data, loads when the bottom of home comes near: scrolled down as a shopper does.
  await expect(async () => {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await expect(section.getByRole('link').first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const tags = await section.getByRole('listitem').evaluateAll((items) => items.map((item) => item.querySelector('a')!.firstChild!.textContent!.trim()));
  expect(tags.length).toBeGreaterThan(0);
  expect(tags).not.toContain('trending');
  expect(tags).not.toContain('new');
  expect(tags).not.toContain('festive-sale');
  expect(tags).toContain('silk');
});
