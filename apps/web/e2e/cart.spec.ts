import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { expect, expectAccessible, test } from './fixtures';

interface Item {
  id: number;
  title: string;
  price: number;
  market_price: number | null;
}

const inr = (rupees: number) => new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(rupees);

/** Two products with stock to spare (so one more unit is always there), from the demo catalogue. */
async function twoItems(request: APIRequestContext): Promise<[Item, Item]> {
  const response = await request.get(
    '/content/items/items?fields=id,title,price,market_price&filter[quantity][_gte]=10&filter[shop][_eq]=jewel&sort=-price&limit=2',
  );
  expect(response.ok()).toBe(true);
  const items = (await response.json()).data as Item[];
  expect(items, 'two jewels with stock').toHaveLength(2);
  return [items[0]!, items[1]!];
}

/** The amount beside a term of the cart's summary. */
function amount(summary: Locator, term: string): Locator {
  return summary.locator('dt', { hasText: term }).locator('xpath=following-sibling::dd[1]');
}

/** Takes whatever an earlier journey left in the cart out of it, on the cart screen. */
async function emptyCart(page: Page) {
  await expect(page.getByText('Your cart is empty').or(page.getByRole('list', { name: 'Items in your cart' }))).toBeVisible();
  const removes = page.getByRole('button', { name: /^Remove .+ from cart$/ });
  for (let left = await removes.count(); left > 0; left--) {
    // Each removal answered, not only drawn: the page loads that follow would cancel a call on its way.
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/cart/remove');
    await removes.first().click();
    await answered;
    await expect(removes).toHaveCount(left - 1);
  }
  await expect(page.getByText('Your cart is empty')).toBeVisible();
}

test('the demo shopper fills the cart from the storefront, changes a quantity, removes an item and keeps an address', async ({ page, request }) => {
  const [first, second] = await twoItems(request);

  // /cart is for signed-in shoppers: a visitor logs in and comes back to it.
  await page.goto('/cart');
  await expect(page).toHaveURL(/\/auth\/login$/);
  await page.getByLabel('Email', { exact: true }).fill('shopper@example.com');
  await page.getByLabel('Password', { exact: true }).fill('shopper1234');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Hello, Demo Shopper')).toBeVisible();
  await expect(page).toHaveURL(/\/cart$/);
  await expect(page).toHaveTitle('Cart | SSD');
  await emptyCart(page);
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('link', { name: 'Cart, 0 items' })).toBeVisible();

  for (const [index, item] of [first, second].entries()) {
    await page.goto(`/product/${item.id}/x`);
    await expect(page.getByRole('heading', { level: 1, name: item.title })).toBeVisible();
    await page.getByRole('button', { name: 'Add to cart', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Remove from cart', exact: true })).toBeVisible();
    // The server's answer, not only the optimistic turn: the next page load would cancel the call.
    await expect(page.getByText('Added to cart')).toBeVisible();
    // The navbar's badge follows the cart.
    await expect(banner.getByRole('link', { name: `Cart, ${index + 1} ${index === 0 ? 'item' : 'items'}` })).toBeVisible();
  }
  await expect(banner.getByTestId('cart-badge')).toHaveText('2');

  await banner.getByRole('link', { name: 'Cart, 2 items' }).click();
  await expect(page).toHaveURL(/\/cart$/);
  const lines = page.getByRole('list', { name: 'Items in your cart' }).getByRole('listitem');
  await expect(lines).toHaveCount(2);
  const firstLine = page.getByRole('listitem', { name: first.title });
  await expect(firstLine.getByRole('link', { name: first.title })).toHaveAttribute('href', new RegExp(`^/product/${first.id}/`));
  await expect(firstLine.getByTestId('cart-quantity')).toHaveText('Quantity: 1');

  await firstLine.getByRole('button', { name: `Increase quantity of ${first.title}` }).click();
  await expect(page.getByText('quantity updated to 2 unit(s)')).toBeVisible();
  await expect(firstLine.getByTestId('cart-quantity')).toHaveText('Quantity: 2');

  const summary = page.getByRole('region', { name: 'Price details' });
  const original = (item: Item) => (item.market_price !== null && item.market_price > item.price ? item.market_price : item.price);
  await expect(amount(summary, 'Payable amount')).toHaveText(inr(2 * first.price + second.price));
  await expect(amount(summary, 'Original price')).toHaveText(inr(2 * original(first) + original(second)));
  await expect(summary.getByText(/Shipping charge, platform fee and GST are not included/)).toBeVisible();
  await expect(summary.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  await expectAccessible(page);

  await firstLine.getByRole('button', { name: `Decrease quantity of ${first.title}` }).click();
  await expect(page.getByText('quantity updated to 1 unit(s)')).toBeVisible();
  await expect(firstLine.getByTestId('cart-quantity')).toHaveText('Quantity: 1');
  await expect(amount(summary, 'Payable amount')).toHaveText(inr(first.price + second.price));

  await page.getByRole('button', { name: `Remove ${second.title} from cart` }).click();
  await expect(page.getByText('Removed from cart').first()).toBeVisible();
  await expect(lines).toHaveCount(1);
  await expect(amount(summary, 'Payable amount')).toHaveText(inr(first.price));
  await expect(banner.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();

  // The address book on the profile.
  await page.goto('/profile');
  const book = page.getByRole('region', { name: 'Addresses' });
  await expect(book.getByRole('button', { name: 'Add address' })).toBeVisible();
  await book.getByRole('button', { name: 'Add address' }).click();
  const form = book.getByRole('form', { name: 'New address' });
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(form.getByText('Enter a 10-digit mobile number.')).toBeVisible();
  await form.getByLabel('Full name').fill('Cart Journey Home');
  await form.getByLabel('Mobile number').fill('+91 98765 43210');
  await form.getByLabel('Address line 1').fill('12, MG Road');
  await form.getByLabel('City').fill('Bengaluru');
  await form.getByLabel('State or union territory').selectOption('Karnataka');
  await form.getByLabel('PIN code').fill('560 001');
  await form.getByRole('button', { name: 'Save address' }).click();
  await expect(page.getByText('Address added')).toBeVisible();
  const saved = book.getByRole('listitem', { name: /^Cart Journey Home/ });
  await expect(saved).toContainText('Bengaluru, Karnataka 560001');
  await expect(saved).toContainText('Mobile: 98765 43210');
  await expectAccessible(page);

  // Leave the shopper's address book and cart as other journeys expect them: deleting asks first.
  await saved.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this address?' });
  await expect(dialog).toContainText('12, MG Road');
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Address deleted')).toBeVisible();
  await expect(saved).toHaveCount(0);

  await page.goto('/cart');
  await emptyCart(page);
});
