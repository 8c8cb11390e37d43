import type { Page } from '@playwright/test';
import { expect, login, test } from './fixtures';

/**
 * The first Intl object a page makes loads the browser's ICU data: 60–150 ms of main thread on a slow
 * host, a long task on every first load (docs/decisions/0057). Prices, counts and dates are written by
 * our own helpers instead; these journeys fail if any page a shopper opens makes one again.
 */

const INTL_CONSTRUCTORS = ['NumberFormat', 'DateTimeFormat', 'Collator', 'PluralRules', 'RelativeTimeFormat', 'ListFormat', 'Segmenter', 'DisplayNames', 'Locale'];

/** Counts every Intl object the page's scripts make, from before the first script runs. */
async function countIntlObjects(page: Page): Promise<void> {
  await page.addInitScript((names: string[]) => {
    const made: string[] = [];
    (window as unknown as { __intlMade: string[] }).__intlMade = made;
    const intl = Intl as unknown as Record<string, unknown>;
    for (const name of names) {
      const original = intl[name];
      if (typeof original !== 'function') continue;
      intl[name] = new Proxy(original, {
        construct(target, args, newTarget) {
          made.push(name);
          return Reflect.construct(target as new (...a: unknown[]) => object, args, newTarget);
        },
        apply(target, self, args) {
          made.push(name);
          return Reflect.apply(target as (...a: unknown[]) => unknown, self, args);
        },
      });
    }
    // toLocaleString and friends make one inside the engine.
    for (const [owner, method] of [
      [Number.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleString'],
      [Date.prototype, 'toLocaleDateString'],
      [Date.prototype, 'toLocaleTimeString'],
      [String.prototype, 'localeCompare'],
    ] as const) {
      const original = (owner as unknown as Record<string, (...a: unknown[]) => unknown>)[method]!;
      (owner as unknown as Record<string, unknown>)[method] = function (this: unknown, ...args: unknown[]) {
        made.push(method);
        return original.apply(this, args);
      };
    }
  }, INTL_CONSTRUCTORS);
}

async function intlMade(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __intlMade: string[] }).__intlMade);
}

test('the storefront pages make no Intl object on their first load, prices and counts included', async ({ page, request }) => {
  await countIntlObjects(page);
  const response = await request.get('/content/items/items?fields=id,title&filter[quantity][_gt]=0&sort=-created_on&limit=1');
  const [item] = ((await response.json()) as { data: { id: number; title: string }[] }).data;

  await page.goto('/fabrics');
  await expect(page.getByText(/^\d[\d,]* products$/)).toBeVisible();
  await expect(page.getByText(/₹[\d,]+\.\d\d/).first()).toBeVisible();
  await page.locator('html[data-screen-ready]').waitFor({ state: 'attached' });
  expect(await intlMade(page)).toEqual([]);

  await page.goto(`/product/${item!.id}/x`);
  await expect(page.getByRole('heading', { level: 1, name: item!.title })).toBeVisible();
  await page.locator('html[data-screen-ready]').waitFor({ state: 'attached' });
  expect(await intlMade(page)).toEqual([]);
});

/** zod marks the page when its core is evaluated (globalThis.__zod_globalConfig). */
const zodLoaded = (page: Page) => page.evaluate(() => '__zod_globalConfig' in globalThis);

test('a product page builds no zod contract on its first load, only when it first checks an answer', async ({ page, request }) => {
  const response = await request.get('/content/items/items?fields=id,title&filter[quantity][_gt]=0&sort=-created_on&limit=1');
  const [item] = ((await response.json()) as { data: { id: number; title: string }[] }).data;

  // The server's HTML came with the page's answers, checked by the server (docs/decisions/0058).
  await page.goto(`/product/${item!.id}/x`);
  await expect(page.getByRole('heading', { level: 1, name: item!.title })).toBeVisible();
  await page.locator('html[data-screen-ready]').waitFor({ state: 'attached' });
  const suggestions = page.getByRole('region', { name: 'You May Like' }).getByRole('link');
  await expect(suggestions.first()).toBeVisible();
  expect(await zodLoaded(page)).toBe(false);

  // Another product, opened in the app, is read by the browser: its answer is checked, so zod loads.
  await suggestions.first().click();
  await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(item!.title);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => zodLoaded(page)).toBe(true);
});

test("a shopper's orders and an order's details make no Intl object either, dates included", async ({ page }) => {
  await login(page);
  await countIntlObjects(page);
  await page.goto('/orders');
  const placed = page.getByText(/^Placed on \w{3}, \d{1,2}(st|nd|rd|th) \w{3} '\d\d$/).first();
  await expect(placed).toBeVisible();
  expect(await intlMade(page)).toEqual([]);

  await page.getByRole('list', { name: 'Your orders' }).getByRole('link', { name: /^SSD-[A-Z0-9]{10}$/ }).first().click();
  await expect(page).toHaveURL(/\/orders\/details\//);
  await expect(page.getByText(/₹[\d,]+\.\d\d/).first()).toBeVisible();
  await page.reload();
  await expect(page.getByText(/₹[\d,]+\.\d\d/).first()).toBeVisible();
  expect(await intlMade(page)).toEqual([]);
});
