import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/*
 * After the purchase (spec 3 §2, §4) against the real server and the demo shopper's seeded history
 * (delivered, shipped, payment-failed and cancelled orders): review a delivered item and find the
 * rating on the product page, raise a support request, reorder into the cart. Other journeys may have
 * placed newer orders first, so the seeded ones are looked for down the infinite list.
 */


async function openMyOrders(page: Page) {
  await page.goto('/orders');
  await expect(page.getByRole('heading', { level: 1, name: 'My Orders' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Your orders' })).toBeVisible();
}

/** The first order card of My Orders with this status, scrolling down the infinite list (pages of 5) until one shows. */
async function orderCardWithStatus(page: Page, label: string): Promise<Locator> {
  const card = page
    .getByRole('list', { name: 'Your orders' })
    .getByRole('listitem')
    .filter({ has: page.getByText(`Status: ${label}`, { exact: true }) })
    .first();
  for (let pages = 0; pages < 20 && !(await card.isVisible()); pages += 1) {
    await page.getByTestId('orders-end').scrollIntoViewIfNeeded();
    await page.waitForTimeout(300);
  }
  await expect(card).toBeVisible();
  return card;
}

/** The order id a card links to. */
async function orderIdOf(card: Locator): Promise<string> {
  const id = await card.getByRole('link', { name: /^SSD-[A-Z0-9]{10}$/ }).textContent();
  expect(id).toMatch(/^SSD-[A-Z0-9]{10}$/);
  return id!;
}

test('review an item of a delivered order and see the rating on the product page', async ({ page }) => {
  await login(page);
  await openMyOrders(page);
  await expectAccessible(page);
  const delivered = await orderCardWithStatus(page, 'delivered');
  const orderId = await orderIdOf(delivered);
  await expect(delivered.getByText(/^Placed on \w{3}, \d{1,2}(st|nd|rd|th) \w{3} '\d{2}$/)).toBeVisible();
  await expect(delivered.getByRole('button', { name: 'Reorder' })).toBeVisible();
  await expect(delivered.getByRole('button', { name: 'Support' })).toBeVisible();

  await delivered.getByRole('link', { name: orderId }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/details/${orderId}$`));
  const order = page.getByRole('region', { name: `Order ${orderId}` });
  await expect(order).toBeVisible();
  await expect(order.getByRole('region', { name: 'Price details' })).toBeVisible();
  await expect(order.getByRole('region', { name: 'Payment' }).getByText('Online')).toBeVisible();
  await expect(order.getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/orders/invoice/${orderId}`);
  await expectAccessible(page);

  const rate = order.getByRole('button', { name: /^Rate\/Review / }).first();
  const title = (await rate.getAttribute('aria-label'))!.replace(/^Rate\/Review /, '');
  await rate.click();
  let popup = page.getByRole('dialog', { name: 'Order item' });
  await expect(popup).toBeVisible();
  await expect(popup.getByText(`Order ID: ${orderId}`)).toBeVisible();
  await expect(popup.getByText('Status: delivered', { exact: false })).toBeVisible();
  await expect(popup.getByRole('group', { name: 'Your rating' })).toBeVisible();
  await expectAccessible(page);

  // Without a rating nothing is sent.
  await popup.getByRole('button', { name: 'Submit review' }).click();
  await expect(popup.getByRole('alert')).toHaveText('Please select a rating between 1 and 5.');

  const text = `Drapes beautifully, e2e ${Date.now()}`;
  // The radios are drawn as stars: a shopper clicks the fifth star.
  await popup.locator('label').filter({ hasText: '5 stars' }).click();
  await expect(popup.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await popup.getByRole('textbox', { name: 'Review (optional)' }).fill(`  ${text}  `);
  await popup.getByRole('button', { name: 'Submit review' }).click();
  await expect(page.getByText('Thanks for your review!')).toBeVisible();
  await expect(popup).toBeHidden();

  // Opened again, the popup shows the saved review; its title leads to the product page.
  await order.getByRole('button', { name: title, exact: true }).click();
  popup = page.getByRole('dialog', { name: 'Order item' });
  await expect(popup.getByRole('radio', { name: '5 stars' })).toBeChecked();
  await expect(popup.getByRole('textbox', { name: 'Review (optional)' })).toHaveValue(text);
  await popup.getByRole('link', { name: title }).click();

  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Rated \d\.\d out of 5 from \d+ reviews?$/ })).toBeVisible();
  const reviews = page.getByRole('region', { name: 'Reviews' });
  const mine = reviews.getByRole('listitem').filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByText('Demo Shopper')).toBeVisible();
  await expect(mine.getByRole('img', { name: '5 out of 5 stars' })).toBeVisible();
});

test('raise a support request for a shipped order and see it under Previous requests', async ({ page }) => {
  await login(page);
  await openMyOrders(page);
  const shipped = await orderCardWithStatus(page, 'shipped');
  const orderId = await orderIdOf(shipped);
  await shipped.getByRole('button', { name: 'Support' }).click();

  const dialog = page.getByRole('dialog', { name: 'Order Support' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText(`Order ID: ${orderId}`)).toBeVisible();
  await expect(dialog.getByRole('combobox', { name: 'Issue type' })).toHaveValue('delivery');
  await expect(dialog.getByText('No previous requests for this order.')).toBeVisible();
  await expectAccessible(page);

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Please describe your issue.');

  const message = `The parcel has not moved for two days (e2e ${Date.now()}).`;
  await dialog.getByRole('combobox', { name: 'Issue type' }).selectOption({ label: 'Delivery' });
  await dialog.getByRole('textbox', { name: 'Description' }).fill(`   ${message}   `);
  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByRole('status')).toHaveText('Support request created.');

  // One request per order: the form gives way to the request, which is listed with its status.
  await expect(dialog.getByText('Status: Open')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Submit' })).toHaveCount(0);
  const previous = dialog.getByRole('region', { name: 'Previous requests' });
  const request = previous.getByRole('listitem').filter({ hasText: message });
  await expect(request).toBeVisible();
  await expect(request.getByText('Delivery')).toBeVisible();
  await expect(request.getByText('Open')).toBeVisible();
  await dialog.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(dialog).toBeHidden();

  // From the order's details, the same dialog shows the request.
  await page.goto(`/orders/details/${orderId}`);
  await page.getByRole('region', { name: `Order ${orderId}` }).getByRole('button', { name: 'Support' }).click();
  await expect(page.getByRole('dialog', { name: 'Order Support' }).getByRole('listitem').filter({ hasText: message })).toBeVisible();
});

test('reorder a past order and find its items in the cart', async ({ page }) => {
  await login(page);
  await openMyOrders(page);
  const failed = await orderCardWithStatus(page, 'Payment Failed');
  await expect(failed.getByRole('button', { name: 'Retry Payment' })).toBeVisible();
  const orderId = await orderIdOf(failed);
  const titles = await failed.getByRole('list', { name: `Items of ${orderId}` }).getByRole('listitem').allTextContents();
  expect(titles.length).toBeGreaterThan(0);

  await failed.getByRole('button', { name: 'Reorder' }).click();
  await expect(page.getByText(`Added to cart: ${titles.join(', ')}.`)).toBeVisible();
  // The navbar's cart follows without a reload.
  await expect(page.getByRole('link', { name: /^Cart, \d+ items?$/ })).toBeVisible();

  await page.getByRole('link', { name: /^Cart, \d+ items?$/ }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  const cart = page.getByRole('list', { name: 'Items in your cart' });
  for (const title of titles) await expect(cart.getByRole('listitem', { name: title })).toBeVisible();
});
