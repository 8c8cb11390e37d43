import { expect, expectAccessible, test } from './fixtures';

/** The text a /search/{id} address carries (base64url, docs/decisions/0008). */
function searchedText(href: string): string {
  return Buffer.from(href.replace(/^\/search\//, ''), 'base64url').toString('utf8');
}

test('refine a search in the results page box; zero results offer Popular Tags that lead back to products', async ({ page }) => {
  await page.goto('/search');
  await page.getByLabel('Search products').fill('silk');
  await page.getByLabel('Search products').press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for silk' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();

  // The results carry the box with the text searched; it is edited in place.
  const box = page.getByRole('searchbox', { name: 'Search products' });
  await expect(box).toHaveValue('silk');
  await box.fill('qwxzvq');
  await box.press('Enter');
  // Once the results arrive the address gains its canonical query (?for=…&sorted=relevance).
  await expect(page).toHaveURL(/\/search\/cXd4enZx(\?|$)/);
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for qwxzvq' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'No products found for ‘qwxzvq’.' })).toBeVisible();
  await expect(page.getByText('No matching products found. Try adjusting your filters.')).toBeHidden();
  await expect(box).toHaveValue('qwxzvq');

  const trending = page.getByRole('region', { name: 'Trending Now' });
  await expect(trending.getByRole('article').first()).toBeVisible();
  const tags = page.getByRole('region', { name: 'Popular Tags' });
  const tag = tags.getByRole('link').first();
  await expect(tag).toBeVisible();
  await expectAccessible(page);

  const href = (await tag.getAttribute('href')) ?? '';
  const tagText = searchedText(href);
  expect(tagText).not.toBe('');
  await tag.click();
  await expect(page).toHaveURL(new RegExp(`${href}(\\?|$)`));
  await expect(page.getByRole('heading', { level: 1, name: `Showing results for ${tagText}` })).toBeVisible();
  await expect(box).toHaveValue(tagText);
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByRole('heading', { name: /No products found for/ })).toBeHidden();
});

test('a search that finds nothing offers the spelling the store knows, and that search finds products', async ({ page }) => {
  await page.goto(`/search/${Buffer.from('silkk qwxzvq').toString('base64url')}`);
  await expect(page.getByRole('heading', { level: 2, name: 'No products found for ‘silkk qwxzvq’.' })).toBeVisible();
  const offer = page.getByText('Did you mean ‘silk’?', { exact: true });
  await expect(offer).toBeVisible();
  await expectAccessible(page);
  await offer.getByRole('link', { name: '‘silk’' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for silk' })).toBeVisible();
  // The box holds the text now searched, not the one typed before.
  await expect(page.getByLabel('Search products')).toHaveValue('silk');
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toBeHidden();
});

test('a misspelt search that the store corrects says which spelling its results are for', async ({ page }) => {
  await page.goto(`/search/${Buffer.from('silkk').toString('base64url')}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for silkk' })).toBeVisible();
  const notice = page.getByText('Showing results for ‘silk’ instead: nothing matched ‘silkk’.', { exact: true });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/Did you mean/)).toBeHidden();
  await expectAccessible(page);
  await notice.getByRole('link', { name: '‘silk’' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for silk' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
  await expect(page.getByText(/nothing matched/)).toBeHidden();
});
