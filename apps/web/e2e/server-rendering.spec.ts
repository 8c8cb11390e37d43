import type { APIRequestContext } from '@playwright/test';
import { encodeBase64Url } from '@ssd/shared/base64';
import { SERVER_STATE_ELEMENT_ID } from '@ssd/shared/constants';
import { formatINR } from '@ssd/shared/money';
import { searchPath } from '@ssd/shared/search-path';
import { expect, login, test } from './fixtures';

/**
 * A first visit's storefront page comes rendered by the server with its first reads' answers
 * (docs/decisions/0051), so its content and largest image paint before the app's code has run
 * (issue 12, Lighthouse); the app then takes that HTML over. Every journey of this suite also fails
 * on a page error, which is how React reports HTML it could not take over (a hydration mismatch).
 */

interface Item {
  id: number;
  title: string;
  price: number;
}

async function newestInStock(request: APIRequestContext): Promise<Item> {
  const response = await request.get('/content/items/items?fields=id,title,price&filter[quantity][_gt]=0&sort=-created_on&limit=1');
  const body = (await response.json()) as { data: Item[] };
  return body.data[0]!;
}

/** The markup of #root in a page's HTML as the server sent it. */
function rootMarkup(html: string): string {
  const start = html.indexOf('<div id="root">');
  const end = html.indexOf(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">`);
  return start >= 0 && end > start ? html.slice(start, end) : '';
}

test('a product page arrives with its title, price and first image in the HTML, and the read they came from', async ({ request }) => {
  const item = await newestInStock(request);
  const response = await request.get(`/product/${item.id}/${encodeBase64Url(item.title)}`);
  expect(response.headers()['vary']).toMatch(/Cookie/);
  const html = await response.text();
  const root = rootMarkup(html);
  expect(root).toMatch(new RegExp(`<h1[^>]*>${item.title}</h1>`));
  expect(root).toContain(formatINR(item.price));
  expect(root).toMatch(/<img [^>]*alt="[^"]*"[^>]*>/);
  // The read the screen makes, answered once: the browser does not ask for it again.
  expect(html).toContain(`"key":["product",${item.id},"detail"]`);
  expect(html).not.toContain('<link rel="preload" as="fetch"');
});

test('a listing shows its products with the app not yet running (scripts off)', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/fabrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Fabrics' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  const picture = page.getByRole('article').first().locator('img');
  await expect(picture).toHaveAttribute('src', /^\/content\/assets\//);
  await expect.poll(() => picture.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await context.close();
});

test('a search made before the app runs still finds (scripts off): the form goes to /search?q=…, the server on to the results', async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto('/search');
  await page.getByLabel('Search products').fill(' silk ');
  await page.getByLabel('Search products').press('Enter');
  await expect(page).toHaveURL(new RegExp(`${searchPath('silk')}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for silk' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await context.close();
});

test('the app takes a rendered listing over and answers at once, without reading its first page again', async ({ page }) => {
  const itemReads: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/content/items/items') itemReads.push(request.url());
  });
  await page.goto('/fabrics');
  await page.waitForLoadState('networkidle');
  // The page's products came in its HTML (lib/server-reads.ts): the app asks the store for none of them.
  expect(itemReads).toEqual([]);
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
});

for (const [name, path] of [
  ['a listing', '/fabrics'],
  ['search results', searchPath('silk')],
] as const) {
  test(`${name} opened without its query starts at the address its screen writes: the app rewrites nothing once it owns the page`, async ({ page }) => {
    // Every change of address, and whether React owned #root by then (the app had taken the page over).
    await page.addInitScript(() => {
      const changes: Array<{ url: string; appOwnsPage: boolean }> = [];
      Object.assign(window, { addressChanges: changes });
      const replace = history.replaceState.bind(history);
      history.replaceState = (state: unknown, unused: string, url?: string | URL | null) => {
        if (url !== undefined && url !== null) {
          const root = document.getElementById('root');
          changes.push({ url: String(url), appOwnsPage: !!root && Object.keys(root).some((key) => key.startsWith('__reactContainer')) });
        }
        replace(state, unused, url);
      };
    });
    await page.goto(path);
    await expect(page.locator('html[data-screen-ready]')).toHaveCount(1);
    await page.waitForLoadState('networkidle');
    // The whole state is in the address (spec 2 §3), written before the app started.
    const address = new URL(page.url());
    expect(address.pathname).toBe(path);
    expect(address.searchParams.get('sorted')).not.toBeNull();
    const changes = (await page.evaluate(() => (window as unknown as { addressChanges: Array<{ url: string; appOwnsPage: boolean }> }).addressChanges)).map(
      (change) => ({ url: new URL(change.url, address).href, appOwnsPage: change.appOwnsPage }),
    );
    expect(changes).toEqual([{ url: address.href, appOwnsPage: false }]);
  });
}

test('a button pressed before the app has taken the page over is pressed once it has (decisions/0053)', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  // The app's entry is held back, as a slow connection would hold it, until the shopper has pressed Filters.
  let releaseEntry = () => {};
  const entryHeld = new Promise<void>((release) => (releaseEntry = release));
  await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
    await entryHeld;
    await route.continue();
  });
  await page.goto('/fabrics', { waitUntil: 'domcontentloaded' });
  await page.getByRole('button', { name: 'Filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
  expect(await page.locator('html[data-screen-ready]').count()).toBe(0);
  releaseEntry();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toBeVisible();
  await page.getByRole('dialog', { name: 'Filters' }).getByRole('button', { name: 'Close filters' }).click();
  await expect(page.getByRole('dialog', { name: 'Filters' })).toHaveCount(0);
  expect(errors).toEqual([]);
  await context.close();
});

const PHONE_UA =
  'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';

test('home is drawn for the screen the browser says it has: a phone opens on its first banner, a desktop on the accordion', async ({ browser, request }) => {
  const phoneHtml = await (await request.get('/', { headers: { 'user-agent': PHONE_UA } })).text();
  expect(rootMarkup(phoneHtml)).toMatch(/aria-roledescription="carousel"[^>]*aria-busy="true"[\s\S]*?<img [^>]*fetchpriority="high"/i);
  const desktopHtml = await (await request.get('/')).text();
  expect(rootMarkup(desktopHtml)).toMatch(/role="group" aria-roledescription="slide" aria-label="1 of \d+: [^"]+" data-active="true"/);

  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, userAgent: PHONE_UA, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Pause slideshow' })).toBeVisible();
  await expect(page.getByRole('group', { name: /^1 of \d+: / })).toBeVisible();
  expect(errors).toEqual([]);
  await phone.close();
});

test("a returning shopper's recent searches show on a rendered search page once the app runs", async ({ page }) => {
  await page.goto('/terms');
  await page.evaluate(() => localStorage.setItem('search_history', JSON.stringify(['kundan', 'banarasi'])));
  await page.goto('/search');
  await expect(page.getByRole('link', { name: 'kundan', exact: true })).toBeVisible();
});

test('a signed-in shopper gets the app shell: their pages are drawn in their browser', async ({ page }) => {
  await login(page);
  const html = await (await page.request.get('/fabrics')).text();
  expect(html).toContain('<div id="root"></div>');
  expect(html).not.toContain(SERVER_STATE_ELEMENT_ID);
  await page.goto('/fabrics');
  await expect(page.getByRole('heading', { level: 1, name: 'Fabrics' })).toBeVisible();
});
