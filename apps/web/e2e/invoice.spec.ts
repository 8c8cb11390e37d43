import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, expectAccessible, login, test } from './fixtures';

/*
 * The GST tax invoice of the demo shopper's delivered order (seeded history, docs/decisions/0028):
 * opened from the order details, printed with nothing but the invoice on the page, downloaded as a PDF.
 */


/** The id of the demo shopper's seeded delivered order, asked of the API as the signed-in page. */
async function deliveredOrderId(page: Page): Promise<string> {
  const id = await page.evaluate(async () => {
    const token = /(?:^|; )user_token=([^;]+)/.exec(document.cookie)?.[1] ?? '';
    const answer = await fetch('/api/order/list?limit=50', { headers: { Authorization: `Bearer ${decodeURIComponent(token)}` } });
    const { data } = (await answer.json()) as { data: Array<{ order_id: string; order_status: string }> };
    return data.find((order) => order.order_status === 'delivered')?.order_id ?? null;
  });
  expect(id).toMatch(/^SSD-[A-Z0-9]{10}$/);
  return id!;
}

test('the invoice of a delivered order: from its details, printed alone, downloaded as a PDF', async ({ page }) => {
  await login(page);
  const orderId = await deliveredOrderId(page);
  await page.goto(`/orders/details/${orderId}`);
  await page.getByRole('link', { name: 'View invoice' }).click();
  await expect(page).toHaveURL(new RegExp(`/orders/invoice/${orderId}$`));

  const invoice = page.getByRole('article', { name: 'Tax Invoice' });
  await expect(invoice).toBeVisible();
  await expect(invoice).toContainText(/SSD\/\d{2}-\d{2}\/\d{6}/);
  await expect(invoice).toContainText('GSTIN: 29');
  await expect(invoice).toContainText('Place of supply: Karnataka (29)');
  await expect(invoice.getByRole('columnheader', { name: 'CGST' })).toBeVisible();
  await expect(invoice).toContainText(/Amount in words: Rupees [A-Z][A-Za-z -]+ Only/);
  await expect(page).toHaveTitle(/^Invoice SSD\/\d{2}-\d{2}\/\d{6} \| SSD$/);
  await expectAccessible(page);

  // Printed, the page holds the invoice and nothing of the shell or the screen's buttons.
  await page.emulateMedia({ media: 'print' });
  await expect(invoice).toBeVisible();
  await expect(page.getByRole('banner')).toBeHidden();
  await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden();
  await page.emulateMedia({ media: 'screen' });

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^Invoice-SSD-\d{2}-\d{2}-\d{6}\.pdf$/);
  const pdf = await readFile((await download.path())!);
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
});
