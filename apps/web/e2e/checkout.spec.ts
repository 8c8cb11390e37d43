import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/*
 * The checkout (spec 3 §2, §4) against the real server and its built-in payment sandbox: the cart's
 * Checkout, the order review with the delivery address, the confirmation, the sandbox's checkout.js
 * dialog (Success, Failure, Close) and the payment verification. Buy Now enters the same screen.
 */

interface DemoItem {
  id: number;
  title: string;
}

/** In-stock demo products, a different one per `offset`, with enough units for the journeys. */
async function inStockItems(request: APIRequestContext, count: number, offset: number): Promise<DemoItem[]> {
  const response = await request.get(
    `/content/items/items?fields=id,title,quantity&filter[quantity][_gte]=10&filter[shop][_eq]=fabrics&sort=id&limit=${count}&offset=${offset}`,
  );
  expect(response.ok()).toBe(true);
  const items = (await response.json()).data as DemoItem[];
  expect(items, 'in-stock demo products').toHaveLength(count);
  return items;
}


/** Puts the product in the cart from its page, unless it is there already. */
async function putInCart(page: Page, item: DemoItem) {
  await page.goto(`/product/${item.id}/x`);
  await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
  const main = page.getByRole('main');
  const add = main.getByRole('button', { name: 'Add to cart', exact: true }).first();
  const remove = main.getByRole('button', { name: 'Remove from cart', exact: true }).first();
  await expect(add.or(remove)).toBeVisible();
  if (await add.isVisible()) {
    await add.click();
    // The server's answer, not only the button's optimistic turn: the next page load would cancel the call.
    await expect(page.getByText('Added to cart')).toBeVisible();
    await expect(remove).toBeVisible();
  }
}

/** From the cart's Checkout to the order review with its reservation countdown. */
async function checkOutCart(page: Page, items: DemoItem[]) {
  await page.goto('/cart');
  for (const item of items) await expect(page.getByRole('main').getByText(item.title).first()).toBeVisible();
  await page.getByRole('button', { name: 'Checkout' }).click();
  await expect(page).toHaveURL(/\/place\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order review' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Your reservation expires in \d+m \d+s$/);
}

/** Chooses the default address, or adds one inline when the shopper has none yet. */
async function chooseAddress(page: Page) {
  const prompt = page.getByText('Add a delivery address to place your order.');
  const chosen = page.getByRole('radio', { checked: true });
  await expect(prompt.or(chosen)).toBeVisible();
  if (await prompt.isVisible()) {
    const form = page.getByRole('form', { name: 'New delivery address' });
    await form.getByLabel('Full name').fill('Demo Shopper');
    await form.getByLabel('Mobile number').fill('98765 43210');
    await form.getByLabel('Address line 1').fill('12 MG Road');
    await form.getByLabel('City').fill('Bengaluru');
    await form.getByLabel('State or union territory').selectOption('Karnataka');
    await form.getByLabel('PIN code').fill('560001');
    await form.getByRole('button', { name: 'Save address' }).click();
    await expect(chosen).toBeVisible();
  }
  await expect(page.getByRole('button', { name: 'Place order' })).toBeEnabled();
}

/** Place order → step 2; answers the order id shown. */
async function placeOrder(page: Page): Promise<string> {
  await page.getByRole('button', { name: 'Place order' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText(/^Your order expires in \d+m \d+s$/);
  const orderId = await page.getByText(/^SSD-[A-Z0-9]{10}$/).textContent();
  expect(orderId).toMatch(/^SSD-[A-Z0-9]{10}$/);
  return orderId!;
}

/** Proceed to payment: the sandbox's checkout dialog opens over step 3. */
async function openPayment(page: Page) {
  await page.getByRole('button', { name: 'Proceed to payment' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  const dialog = page.getByRole('dialog', { name: 'SSD Store' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByText('Sandbox: no money moves')).toBeVisible();
  return dialog;
}

/** The order's status as the server knows it, asked with the page's own session. */
async function orderStatus(page: Page, orderId: string): Promise<{ status: string; payment_status: string }> {
  return page.evaluate(async (id) => {
    const cookie = document.cookie.split('; ').find((part) => part.startsWith('user_token='));
    const token = cookie ? decodeURIComponent(cookie.slice('user_token='.length)) : '';
    const response = await fetch(`/api/verify/order/status/${id}`, {
      headers: { Authorization: `Bearer ${token}`, 'X-Refresh-Token': localStorage.getItem('refresh_token') ?? '' },
    });
    return (await response.json()).data;
  }, orderId);
}

test('check out two cart items, pay in the sandbox with Success and see the order confirmed', async ({ page, request }) => {
  const items = await inStockItems(request, 2, 0);
  await login(page);
  for (const item of items) await putInCart(page, item);

  await checkOutCart(page, items);
  await chooseAddress(page);
  for (const item of items) {
    const line = page.getByRole('main').getByRole('listitem').filter({ hasText: item.title });
    await expect(line).toBeVisible();
    await expect(line.getByText('Qty: 1 unit(s)')).toBeVisible();
  }
  await expect(page.getByText('Payable Amount', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const orderId = await placeOrder(page);
  await expect(page.getByText('To pay', { exact: true })).toBeVisible();
  await expectAccessible(page);

  const dialog = await openPayment(page);
  await dialog.getByRole('button', { name: 'Success' }).click();

  await expect(page).toHaveURL(new RegExp(`/verify/payment\\?id=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'View order details' })).toHaveAttribute('href', `/orders/details/${orderId}`);
  expect(await orderStatus(page, orderId)).toEqual({ status: 'confirmed', payment_status: 'success' });
  await expectAccessible(page);

  // The bought products left the cart.
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Cart' })).toBeVisible();
  for (const item of items) await expect(page.getByRole('main').getByText(item.title)).toHaveCount(0);
});

test('a payment that fails in the sandbox marks the order failed and goes to My Orders, where Retry Payment pays it', async ({ page, request }) => {
  const items = await inStockItems(request, 2, 2);
  await login(page);
  for (const item of items) await putInCart(page, item);
  await checkOutCart(page, items);
  await chooseAddress(page);
  const orderId = await placeOrder(page);

  const dialog = await openPayment(page);
  await dialog.getByRole('button', { name: 'Failure' }).click();

  await expect(page.getByText('Payment failed.')).toBeVisible();
  await expect(page).toHaveURL(/\/orders$/);
  await expect(dialog).toBeHidden();
  expect((await orderStatus(page, orderId)).status).toBe('failed');

  // Retry Payment (spec 3 §4): the same order opens at step 2 and is paid in the sandbox.
  const card = page
    .getByRole('list', { name: 'Your orders' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name: orderId, exact: true }) });
  await expect(card.getByText('Status: Payment Failed', { exact: true })).toBeVisible();
  await card.getByRole('button', { name: 'Retry Payment' }).click();
  await expect(page).toHaveURL(/\/place\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeVisible();
  await expect(page.getByText(orderId, { exact: true })).toBeVisible();
  expect(await orderStatus(page, orderId)).toEqual({ status: 'pending', payment_status: 'pending' });
  const retried = await openPayment(page);
  await retried.getByRole('button', { name: 'Success' }).click();
  await expect(page).toHaveURL(new RegExp(`/verify/payment\\?id=${orderId}$`));
  await expect(page.getByRole('heading', { level: 1, name: 'Payment successful' })).toBeVisible();
  expect(await orderStatus(page, orderId)).toEqual({ status: 'confirmed', payment_status: 'success' });
});

test('closing the sandbox checkout cancels the order with a warning and goes to My Orders', async ({ page, request }) => {
  const items = await inStockItems(request, 2, 2);
  await login(page);
  for (const item of items) await putInCart(page, item);
  await checkOutCart(page, items);
  await chooseAddress(page);
  const orderId = await placeOrder(page);

  const dialog = await openPayment(page);
  await dialog.getByRole('button', { name: 'Close' }).click();

  const toast = page.getByRole('status').filter({ hasText: 'Payment cancelled.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'warning');
  await expect(page).toHaveURL(/\/orders$/);
  expect((await orderStatus(page, orderId)).status).toBe('cancelled');
});

test('Buy Now with quantity 2 goes straight to the order review, and Cancel lets the hold go', async ({ page, request }) => {
  const [item] = await inStockItems(request, 1, 4);
  await login(page);
  await page.goto(`/product/${item!.id}/x`);
  await expect(page.getByRole('heading', { level: 1, name: item!.title })).toBeVisible();
  await page.getByRole('button', { name: 'Buy Now' }).click();
  const overlay = page.getByRole('dialog', { name: 'Select quantity' });
  await overlay.getByRole('button', { name: 'Increase quantity' }).click();
  await expect(overlay.getByRole('status', { name: 'Quantity' })).toHaveText('2');
  await overlay.getByRole('button', { name: 'Continue with order' }).click();

  await expect(page).toHaveURL(/\/place\/order$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Order review' })).toBeVisible();
  await expect(page.getByRole('main').getByText(item!.title)).toBeVisible();
  await expect(page.getByText('Qty: 2 unit(s)')).toBeVisible();

  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reservation cancelled' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
});
