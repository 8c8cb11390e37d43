import { DEMO_ADMIN, expect, expectAccessible, login, test } from './fixtures';

/*
 * Search synonyms from the admin console (docs/decisions/0044, 0050): a group added there makes a
 * storefront search for one of its words find the products of another; deleting it undoes that.
 */

const searchFor = (text: string) => `/search/${Buffer.from(text).toString('base64url')}`;

test('a synonym group added in the admin makes a search for one word find the products of another', async ({ page }) => {
  // 'jadau' is in no product: as typed it finds nothing.
  await page.goto(searchFor('jadau'));
  await expect(page.getByRole('heading', { level: 2, name: 'No products found for ‘jadau’.' })).toBeVisible();

  await login(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Search synonyms' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Search synonyms' })).toBeVisible();
  // The groups every store starts with (migration 0022).
  await expect(page.getByRole('cell', { name: 'jhumka', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('link', { name: 'Add Group' }).click();
  const form = page.getByRole('form', { name: 'Add synonym group' });
  await form.getByLabel('Words').fill('jadau, polki, jhumki');
  await form.getByRole('button', { name: 'Add Group' }).click();
  await page.getByRole('dialog', { name: 'Add this synonym group?' }).getByRole('button', { name: 'Save' }).click();
  // A word of another group is refused, and said under the field.
  await expect(form.getByLabel('Words')).toHaveAccessibleDescription('‘jhumki’ is already in the group of ‘jhumka’');
  await form.getByLabel('Words').fill('jadau, polki');
  await form.getByRole('button', { name: 'Add Group' }).click();
  await page.getByRole('dialog', { name: 'Add this synonym group?' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Synonyms saved')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/search-synonyms$/);
  const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: 'jadau', exact: true }) });
  await expect(row.getByRole('cell', { name: 'jadau, polki' })).toBeVisible();

  await page.goto(searchFor('jadau'));
  await expect(page.getByRole('heading', { level: 1, name: 'Showing results for jadau' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('article').first()).toHaveAccessibleName(/Polki/);
  await expect(page.getByText(/No products found/)).toBeHidden();
  // Found through the group, not by correcting a typo: no 'instead' line.
  await expect(page.getByText(/nothing matched/)).toBeHidden();

  await page.goto('/admin/search-synonyms');
  await row.getByRole('button', { name: 'Delete jadau' }).click();
  await page.getByRole('dialog', { name: 'Delete synonym group?' }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Synonym group deleted')).toBeVisible();
  await expect(page.getByRole('cell', { name: 'jadau', exact: true })).toBeHidden();

  await page.goto(searchFor('jadau'));
  await expect(page.getByRole('heading', { level: 2, name: 'No products found for ‘jadau’.' })).toBeVisible();
});
