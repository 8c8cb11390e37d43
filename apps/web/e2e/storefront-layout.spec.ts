import type { Locator, Page } from '@playwright/test';
import { expect, login, scrolledFooter, test } from './fixtures';

/*
 * Layout journeys of issue 12 (items 1, 5 and 9): banner words are text that is never cut, and on a
 * phone nothing fixed covers the © line, a card's price or the product page's buy buttons.
 */

const PHONE = { width: 390, height: 844 };

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  expect(found, 'a laid-out element').not.toBeNull();
  return found!;
}

const inside = (inner: Box, outer: Box) =>
  inner.x >= outer.x - 0.5 &&
  inner.y >= outer.y - 0.5 &&
  inner.x + inner.width <= outer.x + outer.width + 0.5 &&
  inner.y + inner.height <= outer.y + outer.height + 0.5;

const meet = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/**
 * The text wraps inside its own box (no word sticks out sideways) and that box is inside `panel`.
 * (Not its height: a serif's accents may reach past a tight line box without anything being cut.)
 */
async function expectWhole(text: Locator, panel: Locator) {
  await expect(text).toBeVisible();
  const { scrollWidth, clientWidth } = await text.evaluate((node) => ({ scrollWidth: node.scrollWidth, clientWidth: node.clientWidth }));
  expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  expect(inside(await box(text), await box(panel))).toBe(true);
}

/** The element the shopper would touch at the centre of `target` is `target` or inside it. */
async function expectOnTop(page: Page, target: Locator) {
  const { x, y, width, height } = await box(target);
  const handle = await target.elementHandle();
  const onTop = await page.evaluate(
    ([cx, cy, element]) => {
      const hit = document.elementFromPoint(cx, cy);
      return hit !== null && (hit === element || element!.contains(hit));
    },
    [x + width / 2, y + height / 2, handle] as const,
  );
  expect(onTop, 'nothing covers it').toBe(true);
}

for (const width of [800, 1280, 1920]) {
  test(`home banners at ${width} px: the open panel's headline and call to action are whole text over the picture`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/');
    const carousel = page.getByRole('region', { name: 'Featured' });
    await carousel.getByRole('button', { name: 'Pause slideshow' }).click();
    const open = carousel.locator('[data-active="true"]');
    await expect(open).toHaveAttribute('aria-label', '1 of 6: Festive Sale');
    // The panel has finished widening.
    await expect.poll(async () => (await box(open)).width, { timeout: 5000 }).toBeGreaterThan(width < 1000 ? 300 : 550);
    await page.waitForTimeout(700);
    const headline = open.locator('[data-banner-title]');
    await expect(headline).toHaveText('Festive Sale');
    await expectWhole(headline, open);
    await expectWhole(open.getByText('Shop the sale', { exact: true }), open);
    // The first picture is what the page paints largest: fetched first.
    const first = open.locator('img');
    await expect(first).toHaveAttribute('fetchpriority', 'high');
    await expect(first).toHaveAttribute('loading', 'eager');
    await expect(carousel.locator('img').nth(1)).toHaveAttribute('loading', 'lazy');

    // Another panel opened: its words, too, are whole.
    const second = carousel.getByRole('group').nth(1);
    const title = ((await second.getAttribute('aria-label')) ?? '').replace(/^\d+ of \d+: /, '');
    await second.hover();
    await expect(second).toHaveAttribute('data-active', 'true');
    await page.waitForTimeout(700);
    await expect(second.locator('[data-banner-title]')).toHaveText(title);
    await expectWhole(second.locator('[data-banner-title]'), second);
  });
}

test.describe('on a 390 px phone', () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test('the home slider shows the first banner title whole, over its picture', async ({ page }) => {
    await page.goto('/');
    const slide = page.getByRole('region', { name: 'Featured' }).locator('[data-active="true"]');
    await expect(slide).toHaveAttribute('aria-label', /: Festive Sale$/);
    await expectWhole(slide.locator('[data-banner-title]'), slide);
    await expectWhole(slide.getByText('Shop the sale', { exact: true }), slide);
  });

  test("the sale page shows 'Festive Sale', 'Up to 40% off' and a working 'Shop the sale'", async ({ page }) => {
    await page.goto('/sale/festive-sale');
    const banner = page.getByRole('region', { name: 'Festive Sale' });
    const heading = page.getByRole('heading', { level: 1, name: 'Festive Sale' });
    await expectWhole(heading, banner);
    await expectWhole(page.getByText('Up to 40% off', { exact: true }), banner);
    const shop = page.getByRole('button', { name: 'Shop the sale' });
    await expectWhole(shop, banner);
    await expect(heading).toBeInViewport();
    await shop.click();
    await expect(page.getByRole('list', { name: 'Sale items' })).toBeInViewport();
  });

  test('the floating chat button covers no card price anywhere down the sale page', async ({ page }) => {
    await page.goto('/sale/festive-sale');
    const chat = page.getByRole('link', { name: /^Chat with us on / });
    const prices = page.getByRole('list', { name: 'Sale items' }).locator('article p', { hasText: '₹' });
    await expect(prices.first()).toBeVisible();
    const count = await prices.count();
    expect(count).toBeGreaterThan(4);
    const bar = await box(page.getByRole('navigation', { name: 'Quick links' }));
    const height = await page.evaluate(() => document.documentElement.scrollHeight);
    for (let y = 0; y < height; y += 200) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      const button = await box(chat);
      // Above the bottom bar, not over it.
      expect(button.y + button.height).toBeLessThanOrEqual(bar.y);
      for (let i = 0; i < count; i++) {
        const price = await prices.nth(i).boundingBox();
        if (price) expect(meet(button, price), `price ${i} at scroll ${y}`).toBe(false);
      }
    }
  });

  test('the bottom bar covers no part of the footer: its © line can be touched', async ({ page }) => {
    await page.goto('/terms');
    const footer = await scrolledFooter(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = footer.getByText(/^© \d{4} /);
    await expect(copyright).toBeInViewport();
    await expectOnTop(page, copyright);
  });

  test('a page runs into its footer with no empty band; the search page, which has no footer, keeps its last card clear of the bottom bar', async ({ page }) => {
    await page.goto('/fabrics');
    const footer = await scrolledFooter(page);
    const contentEnd = await page.getByRole('main').evaluate((main) => main.lastElementChild!.getBoundingClientRect().bottom);
    expect((await box(footer)).y - contentEnd).toBeLessThanOrEqual(0.5);

    await page.goto('/search');
    const cards = page.getByRole('region', { name: 'Trending Now' }).getByRole('article');
    await expect(cards.first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const last = await box(cards.last());
    const bottomBar = await box(page.getByRole('navigation', { name: 'Quick links' }));
    expect(last.y + last.height).toBeLessThanOrEqual(bottomBar.y + 0.5);
  });

  test('a product page has a sticky buy bar above the bottom bar; Add to cart works from it', async ({ page, request }) => {
    // The greeting login() waits for shows from 640 px: sign in wide, then shop on the phone.
    await page.setViewportSize({ width: 1280, height: 900 });
    await login(page);
    await page.setViewportSize(PHONE);
    const response = await request.get('/content/items/items?fields=id,title&filter[quantity][_gte]=10&filter[shop][_eq]=fabrics&limit=1');
    const [item] = (await response.json()).data as { id: number; title: string }[];
    await page.goto(`/product/${item!.id}/x`);
    await expect(page.getByRole('heading', { level: 1, name: item!.title })).toBeVisible();

    const buyBar = page.getByRole('region', { name: 'Buy this product' });
    const addToCart = buyBar.getByRole('button', { name: 'Add to cart' });
    const buyNow = buyBar.getByRole('button', { name: 'Buy Now' });
    await expect(buyBar).toBeInViewport();
    const bottomBar = await box(page.getByRole('navigation', { name: 'Quick links' }));
    const bar = await box(buyBar);
    expect(bar.y + bar.height).toBeLessThanOrEqual(bottomBar.y + 0.5);
    for (const button of [addToCart, buyNow]) {
      const { width, height } = await box(button);
      expect(width).toBeGreaterThanOrEqual(24);
      expect(height).toBeGreaterThanOrEqual(24);
      await expectOnTop(page, button);
    }
    // Still there half way down the page.
    await page.mouse.wheel(0, 600);
    await expect(buyBar).toBeInViewport();

    await addToCart.click();
    await expect(page.getByText('Added to cart')).toBeVisible();
    await expect(buyBar.getByRole('button', { name: 'Remove from cart' })).toBeVisible();
    // Put back, so other journeys find the cart as it was.
    await buyBar.getByRole('button', { name: 'Remove from cart' }).click();
    await expect(page.getByText('Removed from cart')).toBeVisible();
    await expect(buyBar.getByRole('button', { name: 'Add to cart' })).toBeVisible();

    // At the end of the page the bar stops above the footer: the © line is uncovered.
    const footer = await scrolledFooter(page);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const copyright = footer.getByText(/^© \d{4} /);
    await expectOnTop(page, copyright);
    expect(meet(await box(buyBar), await box(copyright))).toBe(false);
  });
});
