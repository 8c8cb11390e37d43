import { expect, expectAccessible, scrolledFooter, test } from './fixtures';

test('a visitor opens the store and finds the navbar, the footer and the demo collections', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Home | SSD');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  const footer = await scrolledFooter(page);
  await expect(footer).toBeVisible();
  for (const heading of ['Reach Us On', 'Customer Care', 'Policies']) {
    await expect(footer.getByRole('heading', { name: heading })).toBeVisible();
  }
  // The collections come from the content service, seeded with the six demo catalogs.
  for (const catalog of ['Sarees', 'Lehengas', 'Necklaces', 'Earrings']) {
    await expect(page.getByText(catalog, { exact: true }).first()).toBeVisible();
  }
  const firstImage = page.locator('main img').first();
  await expect(firstImage).toHaveJSProperty('complete', true);
  expect(await firstImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectAccessible(page);
});

test('a footer policy link opens the policy and Back returns to where the visitor was', async ({ page }) => {
  await page.goto('/');
  await (await scrolledFooter(page)).getByRole('link', { name: 'Return & Refund Guidelines' }).click();
  await expect(page).toHaveURL(/\/returns$/);
  await expect(page).toHaveTitle('Return & Refund Guidelines | SSD');
  await expect(page.getByText(/7 days/).first()).toBeVisible();
  await expect(page.getByText(/1-3 business days/).first()).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page).toHaveTitle('Home | SSD');
});

test('Back on a policy page opened directly goes home', async ({ page }) => {
  await page.goto('/privacy');
  await expect(page.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeVisible();
  await page.getByRole('button', { name: 'Back' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('the contact form explains what is missing and then opens the mail app', async ({ page }) => {
  await page.goto('/contact');
  await expect(page).toHaveTitle('Contact | SSD');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please enter your name and message.' }).first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Name' }).fill('Asha Verma');
  await page.getByRole('textbox', { name: 'Message' }).fill('Is the Kanjeevaram saree available in green?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Provide at least an email or a phone number.' }).first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('asha@');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Enter a valid email address.' }).first()).toBeVisible();

  await page.getByRole('textbox', { name: 'Email' }).fill('asha@example.com');
  // The mailto: URL itself is checked by the component test; here the browser hands it to the mail app.
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByText('Opening your mail app to send your message.')).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: /Please enter|Provide at least|Enter a valid/ })).toHaveCount(0);
  await expectAccessible(page);
});

test('an unknown address shows Not found', async ({ page }) => {
  const response = await page.goto('/no-such-page');
  expect(response?.status()).toBe(200); // the SPA answers; the page itself says Not found
  await expect(page.getByRole('heading', { level: 1, name: 'Not found' })).toBeVisible();
  await expect(page).toHaveTitle('Not found | SSD');
});

test.describe('on a 375 px wide phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true });

  test('the bottom bar shows and the hamburger menu opens, locks scrolling and closes', async ({ page }) => {
    await page.goto('/');
    const bottomBar = page.getByRole('navigation', { name: 'Quick links' });
    await expect(bottomBar).toBeVisible();
    await expect(bottomBar.getByRole('link', { name: 'Home' })).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();

    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Menu' });
    await expect(menu).toBeVisible();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('hidden');

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');

    // Opened again, it closes by itself once the window is 768 px or wider.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(menu).toBeVisible();
    await page.setViewportSize({ width: 800, height: 740 });
    await expect(menu).toBeHidden();
    expect(await page.evaluate(() => document.body.style.overflow)).toBe('');
  });
});

test('a new page load opens at the top, and a reload returns to where the visitor was', async ({ page }) => {
  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 400));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(400);
  // A typed address is a new history entry: it opens at the top, not where /terms was left.
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForTimeout(300);
  expect(await page.evaluate(() => window.scrollY)).toBe(0);

  await page.goto('/terms');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.evaluate(() => window.scrollTo(0, 300));
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(300);
});
