import type { APIRequestContext, Browser, Locator, Page } from '@playwright/test';
import { DEMO_ADMIN, expect, expectAccessible, login, test } from './fixtures';

/*
 * Running the store from /admin (the admin issue, "Beyond the spec") against the real server and its
 * payment sandbox: the demo shopper pays for an order; staff move it to delivered, and the shopper
 * sees it delivered and reviews it; the shopper asks to return it; staff accept, receive and refund
 * it through the sandbox, answer the request in the support queue, and the shopper sees all of it.
 * The journeys place their own paid order, so the seeded history other journeys read stays as seeded.
 */

// A purchase in the sandbox and a dozen confirmed steps: more than the default 30 s on a busy machine.
test.describe.configure({ mode: 'serial', timeout: 90_000 });

/** An in-stock jewel product no other journey buys (the checkout journeys buy fabrics). */
async function jewelInStock(request: APIRequestContext): Promise<{ id: number; title: string }> {
  const response = await request.get('/content/items/items?fields=id,title,quantity&filter[quantity][_gte]=10&filter[shop][_eq]=jewel&sort=-id&limit=1');
  expect(response.ok()).toBe(true);
  const [item] = (await response.json()).data as Array<{ id: number; title: string }>;
  expect(item, 'an in-stock jewel product').toBeTruthy();
  return item!;
}

/** The demo shopper, in a browser of their own, buys the product and pays in the sandbox: the paid order's id. */
async function shopperBuys(browser: Browser, item: { id: number; title: string }): Promise<Page> {
  const shopper = await (await browser.newContext()).newPage();
  await login(shopper);
  await shopper.goto(`/product/${item.id}/x`);
  await expect(shopper.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  const main = shopper.getByRole('main');
  const add = main.getByRole('button', { name: 'Add to cart', exact: true }).first();
  const remove = main.getByRole('button', { name: 'Remove from cart', exact: true }).first();
  await expect(add.or(remove)).toBeVisible();
  if (await add.isVisible()) {
    await add.click();
    // The server's answer, not only the button's optimistic turn: the page load below would cancel the call.
    await expect(shopper.getByText('Added to cart')).toBeVisible();
  }
  await shopper.goto('/cart');
  await shopper.getByRole('button', { name: 'Checkout' }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Order review' })).toBeVisible();
  await expect(shopper.getByRole('radio', { checked: true })).toBeVisible();
  await shopper.getByRole('button', { name: 'Place order' }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeVisible();
  await shopper.getByRole('button', { name: 'Proceed to payment' }).click();
  await shopper.getByRole('dialog', { name: 'SSD Store' }).getByRole('button', { name: 'Success' }).click();
  await expect(shopper.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  return shopper;
}

/** The order id the payment verification screen links to. */
async function paidOrderId(shopper: Page): Promise<string> {
  const href = await shopper.getByRole('link', { name: 'View order details' }).getAttribute('href');
  const orderId = href?.replace('/orders/details/', '') ?? '';
  expect(orderId).toMatch(/^SSD-[A-Z0-9]{10}$/);
  return orderId;
}

/** Staff press an item's step and confirm it in the dialog; the item then shows its new status. */
async function takeStep(page: Page, row: Locator, action: string, newStatus: string) {
  await row.getByRole('button', { name: new RegExp(`^${action}`) }).click();
  const dialog = page.getByRole('dialog', { name: action });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: action, exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole('cell').nth(2)).toContainText(newStatus);
}

let orderId = '';
let shopper: Page;
let itemTitle = '';

test('the admin moves a paid order to delivered; the shopper sees it delivered and reviews it', async ({ page, browser, request }) => {
  const item = await jewelInStock(request);
  itemTitle = item.title;
  shopper = await shopperBuys(browser, item);
  orderId = await paidOrderId(shopper);

  await login(page, DEMO_ADMIN);
  await page.goto('/admin');
  await page.getByRole('navigation', { name: 'Admin' }).getByRole('link', { name: 'Orders' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Orders' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Order id or email' }).fill(orderId);
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/orders\\?q=${orderId}$`));
  await expect(page.getByRole('table').getByRole('row')).toHaveCount(2);
  await expectAccessible(page);
  await page.getByRole('link', { name: orderId }).click();

  await expect(page.getByRole('heading', { level: 1, name: `Order ${orderId}` })).toBeVisible();
  const row = page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: item.title });
  await expect(row).toContainText('confirmed');
  await expectAccessible(page);
  await takeStep(page, row, 'Mark packed', 'packed');
  await takeStep(page, row, 'Mark shipped', 'shipped');
  await takeStep(page, row, 'Mark out for delivery', 'out for delivery');
  await takeStep(page, row, 'Mark delivered', 'delivered');
  // Delivered: staff have no further step; a return is the shopper's to ask for.
  await expect(row.getByRole('button')).toHaveCount(0);

  await shopper.goto(`/orders/details/${orderId}`);
  const order = shopper.getByRole('region', { name: `Order ${orderId}` });
  await expect(order.getByText('Status: delivered').first()).toBeVisible();
  await order.getByRole('button', { name: `Rate/Review ${item.title}` }).click();
  const popup = shopper.getByRole('dialog', { name: 'Order item' });
  await expect(popup.getByText('Status: delivered', { exact: false })).toBeVisible();
  await popup.locator('label').filter({ hasText: '4 stars' }).click();
  await popup.getByRole('button', { name: 'Submit review' }).click();
  await expect(shopper.getByText('Thanks for your review!')).toBeVisible();
});

test('the shopper asks to return it; staff accept, receive and refund it, and answer the request', async ({ page }) => {
  expect(orderId, 'the order of the journey before').not.toBe('');
  const message = `Please take it back (e2e ${Date.now()}).`;
  await shopper.goto(`/orders/details/${orderId}`);
  await shopper.getByRole('region', { name: `Order ${orderId}` }).getByRole('button', { name: 'Support' }).click();
  const support = shopper.getByRole('dialog', { name: 'Order Support' });
  await support.getByRole('combobox', { name: 'Issue type' }).selectOption({ label: 'Return/Exchange' });
  await support.getByRole('textbox', { name: 'Description' }).fill(message);
  await support.getByRole('button', { name: 'Submit' }).click();
  await expect(support.getByRole('status')).toHaveText('Support request created.');

  // Staff find the request in the queue and answer it.
  await login(page, DEMO_ADMIN);
  await page.goto('/admin/support');
  const card = page.getByRole('list', { name: 'Support requests' }).getByRole('listitem').filter({ hasText: message });
  await expect(card).toBeVisible();
  await expect(card.getByRole('heading')).toHaveText(`Return/Exchange: ${orderId}`);
  await expectAccessible(page);
  await card.getByRole('textbox', { name: 'Reply' }).fill('We will collect it tomorrow.');
  await card.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'In progress' });
  await card.getByRole('button', { name: 'Save' }).click();
  const confirm = page.getByRole('dialog', { name: 'Answer support request' });
  await confirm.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(page.getByText('Support request updated.')).toBeVisible();

  // The return: accepted, received, refunded through the sandbox.
  await card.getByRole('link', { name: orderId }).click();
  const row = page.getByRole('table', { name: 'Items' }).getByRole('row').filter({ hasText: itemTitle });
  await expect(row).toContainText('Return requested');
  await takeStep(page, row, 'Accept return request', 'Return request accepted');
  await takeStep(page, row, 'Mark return received', 'Return accepted');
  await page.getByRole('button', { name: 'Refund', exact: true }).click();
  const refund = page.getByRole('dialog', { name: 'Refund' });
  await expect(refund).toContainText(`Refund ${itemTitle} to the shopper through the payment provider?`);
  await refund.getByRole('button', { name: 'Refund', exact: true }).click();
  await expect(page.getByText('Refund done.')).toBeVisible();
  await expect(row).toContainText('Returned and refunded');
  await expect(page.getByRole('button', { name: 'Refund', exact: true })).toHaveCount(0);
  await expect(page.getByText(/^rfnd_\w+: ₹[\d,]+\.\d{2} \(returned items\)/)).toBeVisible();

  // The shopper sees the refund and the reply.
  await shopper.goto(`/orders/details/${orderId}`);
  const order = shopper.getByRole('region', { name: `Order ${orderId}` });
  await expect(order.getByText('Status: Returned and refunded').first()).toBeVisible();
  await order.getByRole('button', { name: 'Support' }).click();
  const request = shopper.getByRole('dialog', { name: 'Order Support' }).getByRole('listitem').filter({ hasText: message });
  await expect(request).toContainText('In progress');
  await expect(request).toContainText('Reply from SSDWe will collect it tomorrow.');

  // The dashboard draws its charts under the CSP, and counts the refunded order.
  await page.goto('/admin/dashboard');
  const byStatus = page.getByRole('region', { name: 'Orders by status' });
  await expect(byStatus.getByRole('img')).toBeVisible();
  await byStatus.getByText('Show as a table').click();
  await expect(byStatus.getByRole('row').filter({ hasText: 'Returned and refunded' })).toBeVisible();
  await expectAccessible(page);
  await shopper.context().close();
});
