import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { deferred, toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore, type StoreAnswer } from '../../../test/store-stub';
// Loaded up front so the route's lazy chunk resolves at once.
import './cart-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const row = (id: number, overrides: Record<string, unknown> = {}) => ({
  id,
  title: `Item ${id}`,
  thumbnail_image: `file-${id}`,
  price: 1000,
  market_price: null,
  cart_quantity: 1,
  item_quantity: 20,
  ...overrides,
});

const silk = row(1, { title: 'Kanjeevaram Silk Saree', price: 1000, market_price: 1500, cart_quantity: 2, item_quantity: 20 });
const jhumki = row(2, { title: 'Gold Jhumki', price: 2499.5, market_price: 2000, cart_quantity: 1, item_quantity: 3 });
const kota = row(3, { title: 'Kota Doria Suit', price: 500, market_price: 800, cart_quantity: 1, item_quantity: 0 });
const rows = [silk, jhumki, kota];
const session = { ...shopper, cart: [1, 2, 3] };

const line = (title: string) => screen.getByRole('listitem', { name: title });
const quantityOf = (title: string) => within(line(title)).getByTestId('cart-quantity');
const summary = () => screen.getByRole('region', { name: 'Price details' });
/** The value beside a term of the summary. */
const amount = (term: string) => within(summary()).getByText(term).nextElementSibling?.textContent;

async function openCart(handlers: Record<string, StoreAnswer | (() => StoreAnswer | Promise<StoreAnswer>)> = {}) {
  const api = stubStore({ 'GET /api/cart/list': envelope(rows), ...handlers });
  const user = userEvent.setup();
  const view = renderApp('/cart', { session });
  await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' });
  return { api, user, ...view };
}

describe('cart screen (spec 3 §2)', () => {
  it("is titled 'Cart | SSD' and shows each item with its link, prices and stock note", async () => {
    await openCart();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Cart | SSD'));

    const saree = line('Kanjeevaram Silk Saree');
    // spec 3 §2: the title param is base64url of the title (decision 0008).
    expect(within(saree).getByRole('link', { name: 'Kanjeevaram Silk Saree' })).toHaveAttribute(
      'href',
      '/product/1/S2FuamVldmFyYW0gU2lsayBTYXJlZQ',
    );
    expect(within(saree).getByText('₹1,000.00')).toBeInTheDocument();
    expect(within(saree).getByText('₹1,500.00').closest('s')).not.toBeNull();
    expect(within(saree).queryByText(/left|Out of stock/)).not.toBeInTheDocument();
    expect(quantityOf('Kanjeevaram Silk Saree')).toHaveTextContent('Quantity: 2');

    // A market price below the price is not struck through.
    const earrings = line('Gold Jhumki');
    expect(within(earrings).queryByText('₹2,000.00')).not.toBeInTheDocument();
    expect(within(earrings).getByText('Only 3 item(s) left')).toBeInTheDocument();
    expect(within(line('Kota Doria Suit')).getByText('Out of stock')).toBeInTheDocument();
  });

  it('sums what can be bought: original price, savings and payable amount, fees excluded', async () => {
    await openCart();
    // 2 × 1,500 + 2,499.50 (its market price is lower); the out-of-stock suit is left out.
    expect(amount('Original price')).toBe('₹5,499.50');
    expect(amount('Savings')).toBe('− ₹1,000.00');
    expect(amount('Payable amount')).toBe('₹4,499.50');
    expect(within(summary()).getByText(/Shipping charge, platform fee and GST are not included/)).toBeInTheDocument();
    expect(within(summary()).getByText(/out of stock are left out/)).toBeInTheDocument();
    expect(within(summary()).getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  });

  it("disables the item's buttons while its change is pending, then shows the answer with its toast", async () => {
    const answer = deferred<StoreAnswer>();
    const { api, user } = await openCart({ 'PATCH /api/cart/update/quantity': () => answer.promise });
    const increase = screen.getByRole('button', { name: 'Increase quantity of Kanjeevaram Silk Saree' });
    const decrease = screen.getByRole('button', { name: 'Decrease quantity of Kanjeevaram Silk Saree' });
    await user.click(increase);

    await waitFor(() => expect(increase).toBeDisabled());
    expect(decrease).toBeDisabled();
    // Another item's buttons stay usable; Checkout waits for the change.
    expect(screen.getByRole('button', { name: 'Increase quantity of Gold Jhumki' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    await user.click(increase);
    expect(api.callsTo('PATCH', '/api/cart/update/quantity')).toHaveLength(1);
    expect(api.callsTo('PATCH', '/api/cart/update/quantity')[0]?.body).toEqual({ item_id: 1, type: 'inc' });

    answer.resolve(envelope({ ...silk, cart_quantity: 3, item_quantity: 20 }, 1, 'quantity updated to 3 unit(s)'));
    expect(toastType(await screen.findByText('quantity updated to 3 unit(s)'))).toBe('success');
    await waitFor(() => expect(increase).toBeEnabled());
    expect(decrease).toBeEnabled();
    expect(quantityOf('Kanjeevaram Silk Saree')).toHaveTextContent('Quantity: 3');
    expect(amount('Payable amount')).toBe('₹5,499.50');
    expect(amount('Savings')).toBe('− ₹1,500.00');
  });

  it('decrements with one request and toasts the new quantity', async () => {
    const { api, user } = await openCart({
      'PATCH /api/cart/update/quantity': envelope({ ...silk, cart_quantity: 1 }, 1, 'quantity updated to 1 unit(s)'),
    });
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Kanjeevaram Silk Saree' }));
    expect(toastType(await screen.findByText('quantity updated to 1 unit(s)'))).toBe('success');
    expect(api.callsTo('PATCH', '/api/cart/update/quantity').map((call) => call.body)).toEqual([{ item_id: 1, type: 'dec' }]);
    expect(quantityOf('Kanjeevaram Silk Saree')).toHaveTextContent('Quantity: 1');
  });

  it("warns 'Quantity should be 1 or more.' at 1 without a request", async () => {
    const { api, user } = await openCart();
    await user.click(screen.getByRole('button', { name: 'Decrease quantity of Gold Jhumki' }));
    expect(toastType(await screen.findByText('Quantity should be 1 or more.'))).toBe('warning');
    expect(api.callsTo('PATCH', '/api/cart/update/quantity')).toHaveLength(0);
  });

  it("shows the server's refusal as a warning and reads the cart again", async () => {
    const { api, user } = await openCart({
      'PATCH /api/cart/update/quantity': envelope(null, 0, 'The requested quantity exceeds our stock.'),
    });
    expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Gold Jhumki' }));
    expect(toastType(await screen.findByText('The requested quantity exceeds our stock.'))).toBe('warning');
    await waitFor(() => expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(2));
    expect(quantityOf('Gold Jhumki')).toHaveTextContent('Quantity: 1');
  });

  it("says 'Sorry, could not update …' for a failure without a message, and the network message without an answer", async () => {
    let answer: StoreAnswer = envelope(null, -1, '');
    const { user } = await openCart({ 'PATCH /api/cart/update/quantity': () => answer });
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Gold Jhumki' }));
    expect(toastType(await screen.findByText("Sorry, could not update 'Gold Jhumki' quantity."))).toBe('error');
    answer = { status: 502, body: 'Bad gateway' };
    await user.click(screen.getByRole('button', { name: 'Increase quantity of Gold Jhumki' }));
    expect(toastType(await screen.findByText('Failed to connect to our server.'))).toBe('error');
  });

  it("removes an item with 'Removed from cart'", async () => {
    const { api, user } = await openCart({ 'POST /api/cart/remove': envelope([2, 3], 1, 'Removed from cart') });
    await user.click(screen.getByRole('button', { name: 'Remove Kanjeevaram Silk Saree from cart' }));
    expect(toastType(await screen.findByText('Removed from cart'))).toBe('success');
    expect(api.callsTo('POST', '/api/cart/remove')[0]?.body).toEqual({ item_id: 1 });
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).not.toBeInTheDocument());
    expect(amount('Payable amount')).toBe('₹2,499.50');
  });

  it('checks out the lines that can be bought, with their quantities, in the router state', async () => {
    const { user, router } = await openCart();
    await user.click(screen.getByRole('button', { name: 'Checkout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/order'));
    expect(router.state.location.state).toEqual({
      lines: [
        { item_id: 1, quantity: 2 },
        { item_id: 2, quantity: 1 },
      ],
    });
  });

  it('disables Checkout when nothing in the cart can be bought', async () => {
    stubStore({ 'GET /api/cart/list': envelope([kota]) });
    renderApp('/cart', { session });
    await screen.findByRole('listitem', { name: 'Kota Doria Suit' });
    expect(screen.getByRole('button', { name: 'Checkout' })).toBeDisabled();
    expect(amount('Payable amount')).toBe('₹0.00');
  });

  it('shows a loading state, then the empty cart with a shop link', async () => {
    const answer = deferred<StoreAnswer>();
    stubStore({ 'GET /api/cart/list': () => answer.promise });
    renderApp('/cart', { session: { ...shopper, cart: [] } });
    expect(await screen.findByRole('status')).toHaveTextContent('Loading your cart');
    answer.resolve(envelope([]));
    expect(await screen.findByText('Your cart is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Checkout' })).not.toBeInTheDocument();
  });

  it('suggests refreshing when the cart cannot be loaded, and Refresh loads it', async () => {
    let up = false;
    stubStore({ 'GET /api/cart/list': () => (up ? envelope(rows) : { status: 503, body: 'down' }) });
    const user = userEvent.setup();
    renderApp('/cart', { session });
    expect(await screen.findByText('We could not load your cart. Please refresh the page.')).toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await screen.findByRole('listitem', { name: 'Gold Jhumki' })).toBeInTheDocument();
  });

  it('goes to the login screen when the cart answers -2', async () => {
    stubStore({ 'GET /api/cart/list': envelope(null, -2, 'Session expired') });
    const { router } = renderApp('/cart', { session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to continue.'))).toBe('warning');
  });
});
