import { DEMO_ADMIN, expect, login, test } from './fixtures';

/*
 * The admin console's content journeys (issue 11): a product added with tags and two images shows in
 * the storefront's listing and search, and a new price shows there at once; a banner is deleted only
 * after confirming.
 */

test('add a product with tags and two images, find it in the storefront, change its price', async ({ page, request, browser }) => {
  // Three saves, two storefront checks and a second browser: 15 s on an idle machine, near 30 under load.
  test.setTimeout(60_000);
  // Images are the store's own assets: the CSP lets the page load images from this origin only.
  const files = await request.get('/content/items/items?fields=thumbnail_image&limit=2&sort=id');
  const [front, pallu] = ((await files.json()).data as { thumbnail_image: string }[]).map((row) => `/content/assets/${row.thumbnail_image}`);
  const title = `Zari Kanjivaram ${Date.now().toString(36)}`;
  await login(page, DEMO_ADMIN);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Admin Panel' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Products' }).click();
  await page.getByRole('link', { name: 'Add Product' }).click();

  const form = page.getByRole('form', { name: 'Add product' });
  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByLabel('Thumbnail image URL').fill(front ?? '');
  await form.getByLabel('Shop').selectOption('fabrics');
  const catalog = form.getByLabel('Catalog');
  await expect(catalog.locator('option')).not.toHaveCount(1);
  // A saree in the Sarees catalog: a fabrics product filed under a jewel catalog would put that catalog
  // in /fabrics' Catalog filter for every later journey (forms-and-filters checks that list).
  await catalog.selectOption({ label: 'Sarees' });
  const catalogTitle = (await catalog.locator('option:checked').textContent()) ?? '';
  await form.getByLabel('Price', { exact: true }).fill('4321.50');
  await form.getByLabel('Quantity').fill('7');
  await form.getByLabel('Description (points separated by >)').fill('Pure silk > Zari border');
  await form.getByRole('button', { name: 'Add Product' }).click();
  await page.getByRole('dialog', { name: 'Add this product?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product added successfully.')).toBeVisible();

  // Tags and images are the update's (spec 3 §3, §7).
  await page.goto('/admin/products/fabrics?limit=100');
  await page.getByRole('button', { name: `Update ${title}` }).or(page.getByRole('link', { name: `Update ${title}` })).click();
  const update = page.getByRole('form', { name: 'Update product' });
  await update.getByLabel('Tags (comma separated)').fill('festive, zari');
  await update
    .getByLabel('Images (URL ~ title, comma separated)')
    .fill(`${front} ~ Front, ${pallu} ~ Pallu`);
  await update.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save changes to this product?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully.')).toBeVisible();
  await expect(page.getByText('festive, zari')).toBeVisible();
  await expect(page.getByText('Pallu')).toBeVisible();

  // The storefront: its catalog listing (newest first) and the search.
  await page.goto(`/catalog/${encodeURIComponent(catalogTitle)}?sorted=newest%20first`);
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: title })).toBeVisible();
  await page.goto('/search');
  await page.getByLabel('Search products').fill(title);
  await page.getByLabel('Search products').press('Enter');
  const found = page.getByRole('main').getByRole('article').filter({ hasText: title });
  await expect(found).toBeVisible();
  await expect(found).toContainText('4,321.50');

  // A new price shows in the storefront at once.
  await page.goto('/admin/products/fabrics?limit=100');
  await page.getByRole('link', { name: `Update ${title}` }).click();
  await page.getByRole('form', { name: 'Update product' }).getByLabel('Price', { exact: true }).fill('3999');
  await page.getByRole('form', { name: 'Update product' }).getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Save changes to this product?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Product updated successfully.')).toBeVisible();
  // The console reads the new price back…
  await expect(page.getByRole('definition').filter({ hasText: /^₹3,999\.00$/ })).toBeVisible();
  // …and so does the storefront, at once: for a shopper, and in this same browser, which read the search
  // answer above and could reuse it for a minute (Cache-Control) but revalidates after the admin's write.
  const shopper = await browser.newPage();
  await shopper.goto('/search');
  await shopper.getByLabel('Search products').fill(title);
  await shopper.getByLabel('Search products').press('Enter');
  await expect(shopper.getByRole('main').getByRole('article').filter({ hasText: title })).toContainText('3,999.00');
  await shopper.close();
  await page.goto('/search');
  await page.getByLabel('Search products').fill(title);
  await page.getByLabel('Search products').press('Enter');
  await expect(page.getByRole('main').getByRole('article').filter({ hasText: title })).toContainText('3,999.00');
});

test('delete a banner after confirming', async ({ page }) => {
  await login(page, DEMO_ADMIN);
  await page.goto('/admin');
  const table = page.getByRole('table', { name: 'Banners' });
  const first = table.getByRole('row').nth(1);
  const title = (await first.getByRole('link').first().textContent()) ?? '';
  await first.getByRole('button', { name: `Delete ${title}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete banner?' });
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(table.getByRole('link', { name: title, exact: true })).toBeVisible();

  await first.getByRole('button', { name: `Delete ${title}` }).click();
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Banner deleted. Refresh to see changes.')).toBeVisible();
  await expect(table.getByRole('link', { name: title, exact: true })).toHaveCount(0);
});

test('upload a banner image: a file that is not an image is refused by its bytes, a PNG is stored and served', async ({ page, request }) => {
  // A 1×1 PNG; and a text file that only claims to be one.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  const title = `Uploaded banner ${Date.now().toString(36)}`;
  await login(page, DEMO_ADMIN);
  await page.goto('/admin/banner/add');
  const form = page.getByRole('form', { name: 'Add banner' });
  const upload = form.getByLabel('Upload banner image');

  await upload.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: Buffer.from('not really a picture') });
  await expect(page.getByText('Only JPEG, PNG or WebP images can be uploaded.')).toBeVisible();
  await expect(form.getByLabel('Banner image URL')).toHaveValue('');

  await upload.setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Image uploaded.')).toBeVisible();
  const url = form.getByLabel('Banner image URL');
  await expect(url).toHaveValue(/^\/content\/assets\/[\w-]+$/);
  const stored = await request.get(await url.inputValue());
  expect(stored.status()).toBe(200);
  expect(stored.headers()['content-type']).toBe('image/png');
  expect(Buffer.from(await stored.body()).equals(png)).toBe(true);

  await form.getByLabel('Title', { exact: true }).fill(title);
  await form.getByRole('button', { name: 'Add Banner' }).click();
  await page.getByRole('dialog', { name: 'Add this banner?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Banner added successfully.')).toBeVisible();
  await page.getByRole('table', { name: 'Banners' }).getByRole('link', { name: title, exact: true }).click();
  const shown = page.getByRole('img', { name: title });
  await expect(shown).toBeVisible();
  await expect.poll(() => shown.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
});
