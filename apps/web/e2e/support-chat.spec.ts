import type { Locator, Page } from '@playwright/test';
import { expect, expectAccessible, login, scrolledFooter, test } from './fixtures';

/*
 * The support chatbot (spec 1 §2, §4, §8) against the real server: the footer's Support Chat, the demo
 * shopper's seeded orders, the order status call and the support request it raises.
 */


async function openSupportChat(page: Page): Promise<Locator> {
  await (await scrolledFooter(page)).getByRole('button', { name: 'Support Chat' }).click();
  const chat = page.getByRole('dialog', { name: 'Support Chat' });
  await expect(chat).toBeVisible();
  return chat;
}

test("the demo shopper asks the chat to track an order and is told its status", async ({ page }) => {
  await login(page);
  await page.goto('/terms');
  const chat = await openSupportChat(page);
  await expect(chat.getByRole('button', { name: 'Track my order status' })).toBeFocused();
  await chat.getByRole('button', { name: 'Track my order status' }).click();

  // The seeded past orders: confirmed-type ones only, at most six.
  const orders = chat.getByRole('list', { name: 'Your orders' }).getByRole('button');
  await expect(orders.first()).toBeVisible();
  expect(await orders.count()).toBeLessThanOrEqual(6);
  const first = orders.first();
  const orderId = (await first.locator('span').first().textContent()) ?? '';
  expect(orderId).toMatch(/^SSD-[A-Z0-9]{10}$/);
  await expect(first).toContainText(/^SSD-[A-Z0-9]{10}(confirmed|packed|shipped|out for delivery|delivered) · Placed on /);
  await expect(chat.getByRole('link', { name: 'View all orders' })).toHaveAttribute('href', '/orders');
  await first.click();

  const log = chat.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText(new RegExp(`^Order ${orderId} is currently (Confirmed|Packed|Shipped|Out for delivery|Delivered)\\.$`))).toBeVisible();
  // Then a delivery request is raised for it (one per order: a request raised before is said to exist).
  await expect(
    log.getByText(/^(Support request created\. Your ticket ID is \d+\.|Looks like you already have an open request for this order\.)$/),
  ).toBeVisible();
  await expect(chat.getByRole('button', { name: 'Different issue' })).toBeFocused();
  await expectAccessible(page);

  await page.keyboard.press('Escape');
  await expect(chat).toBeHidden();
  await expect(page.getByRole('contentinfo').getByRole('button', { name: 'Support Chat' })).toBeFocused();
});

test('a floating 380×560 window on a wide screen, full screen at 640 px; header ≥ 96 px, reply bar ≥ 64 px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/terms');
  let chat = await openSupportChat(page);
  const floating = (await chat.boundingBox())!;
  expect([floating.width, floating.height]).toEqual([380, 560]);
  expect(floating.x + floating.width).toBeLessThanOrEqual(1280);
  const header = (await chat.getByRole('heading', { name: 'Support Chat' }).locator('xpath=../..').boundingBox())!;
  expect(header.height).toBeGreaterThanOrEqual(96);
  expect((await chat.getByRole('group', { name: 'Replies' }).boundingBox())!.height).toBeGreaterThanOrEqual(64);
  await expect(chat).not.toHaveAttribute('aria-modal');
  await chat.getByRole('button', { name: 'Close chat' }).click();

  await page.setViewportSize({ width: 640, height: 800 });
  chat = await openSupportChat(page);
  expect(await chat.boundingBox()).toEqual({ x: 0, y: 0, width: 640, height: 800 });
  await expect(chat).toHaveAttribute('aria-modal', 'true');
});

test('a visitor is asked to log in, and Log in opens the login screen with the warning', async ({ page }) => {
  await page.goto('/terms');
  const chat = await openSupportChat(page);
  await expect(chat.getByRole('log')).toHaveText('Support: Please log in to chat with support.');
  await expect(chat.getByRole('button', { name: 'Close chat' })).toBeVisible();
  await chat.getByRole('button', { name: 'Log in' }).click();
  await expect(page).toHaveURL(/\/auth\/login$/);
  const toast = page.getByRole('status').filter({ hasText: 'Please log in to chat with support.' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('data-type', 'warning');
});
