import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { OrderStatus } from '@ssd/shared/status';
import { deferred, toastType } from '../../../test/api-stub';
import { installIntersectionObserver } from '../../../test/content-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { historyOrder, orderId, shopper } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import './my-orders-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;

const card = (id: string) => screen.getByRole('listitem', { name: id });

async function openOrders(handlers: Handlers, session = shopper) {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  const view = renderApp('/orders', { session });
  await screen.findByRole('heading', { level: 1, name: 'My Orders' });
  return { api, user, ...view };
}

describe('My Orders (spec 3 §2)', () => {
  it("is titled 'My Orders' and shows each order's id, date, items and status", async () => {
    const { api } = await openOrders({ 'GET /api/order/list': envelope([historyOrder(1), historyOrder(2, 'failed')]) });
    await waitFor(() => expect(document.title).toBe('My Orders | SSD'));

    const first = await screen.findByRole('listitem', { name: orderId(1) });
    expect(within(first).getByRole('link', { name: orderId(1) })).toHaveAttribute('href', `/orders/details/${orderId(1)}`);
    expect(within(first).getByText("Placed on Tue, 3rd Jan '23")).toBeInTheDocument();
    expect(within(first).getByText('Status: delivered')).toBeInTheDocument();
    expect(within(first).getByText('Saree 1')).toBeInTheDocument();
    expect(within(first).getByText('Jhumki 1')).toBeInTheDocument();
    const thumbnails = first.querySelectorAll('img');
    expect([...thumbnails].map((img) => img.getAttribute('src'))).toEqual(['/content/assets/file-1-1', '/content/assets/file-1-2']);
    // Labels of spec 3 §4: failed reads 'Payment Failed'.
    expect(within(card(orderId(2))).getByText('Status: Payment Failed')).toBeInTheDocument();

    // spec 3 §9: the screen asks for pages of 5 from the start.
    const [call] = api.callsTo('GET', '/api/order/list');
    expect(call?.query.get('limit')).toBe('5');
    expect(call?.query.get('skip')).toBe('0');
  });

  it.each<[OrderStatus, string[]]>([
    ['cancelled', ['Retry Payment']],
    ['failed', ['Reorder', 'Retry Payment']],
    ['expired', ['Reorder', 'Retry Payment']],
    ['confirmed', ['Reorder', 'Support']],
    ['shipped', ['Reorder', 'Support']],
    ['delivered', ['Reorder', 'Support']],
    ['return_requested', ['Reorder', 'Support']],
    ['refund_done', ['Reorder', 'Support']],
  ])('offers the buttons of a %s order: %j', async (status, buttons) => {
    await openOrders({ 'GET /api/order/list': envelope([historyOrder(1, status)]) });
    const order = await screen.findByRole('listitem', { name: orderId(1) });
    expect(within(order).getAllByRole('button').map((button) => button.textContent)).toEqual(buttons);
  });

  it('loads the next 5 when the end of the list comes into view, and stops after a short page', async () => {
    const observer = installIntersectionObserver();
    const pageOf = (from: number, count: number) => Array.from({ length: count }, (_, n) => historyOrder(from + n));
    const { api } = await openOrders({
      'GET /api/order/list': (call) => envelope(call.query.get('skip') === '0' ? pageOf(1, 5) : pageOf(6, 2)),
    });
    await screen.findByRole('listitem', { name: orderId(5) });
    expect(screen.queryByRole('listitem', { name: orderId(6) })).not.toBeInTheDocument();

    act(() => observer.intersectAll());
    expect(await screen.findByRole('listitem', { name: orderId(7) })).toBeInTheDocument();
    const calls = api.callsTo('GET', '/api/order/list');
    expect(calls.map((call) => [call.query.get('limit'), call.query.get('skip')])).toEqual([
      ['5', '0'],
      ['5', '5'],
    ]);

    // The second page was short: nothing more is asked for.
    act(() => observer.intersectAll());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(2);
    expect(within(screen.getByRole('list', { name: 'Your orders' })).getAllByRole('link')).toHaveLength(7);
  });

  it('shows a loading state, then the empty text with Shop Now', async () => {
    const answer = deferred<StoreAnswer>();
    await openOrders({ 'GET /api/order/list': () => answer.promise });
    expect(screen.getByRole('status')).toHaveTextContent('Loading your orders');
    answer.resolve(envelope([]));
    expect(await screen.findByText('You have not placed any orders yet. Start shopping.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
  });

  it('says what went wrong when the list cannot be loaded, and Try Again loads it', async () => {
    let up = false;
    const { user } = await openOrders({
      'GET /api/order/list': () => (up ? envelope([historyOrder(1)]) : { status: 503, body: 'down' }),
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to connect to our server.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('listitem', { name: orderId(1) })).toBeInTheDocument();
  });

  it("answers -2 with 'Please login to continue.' and the login screen (spec 3 §8)", async () => {
    const { router } = await openOrders({ 'GET /api/order/list': { status: 401, body: { code: -2, message: 'Session expired', data: null } } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to continue.'))).toBe('warning');
    expect(router.state.location.state).toEqual({ from: '/orders' });
  });

  it('sends a visitor who is not logged in to login first', async () => {
    stubStore({});
    const { router } = renderApp('/orders');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('Retry Payment opens the checkout with the order to pay again', async () => {
    const { user, router } = await openOrders({ 'GET /api/order/list': envelope([historyOrder(1, 'cancelled')]) });
    await user.click(await within(await screen.findByRole('listitem', { name: orderId(1) })).findByRole('button', { name: 'Retry Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/order'));
    expect(router.state.location.state).toEqual({ retry_order_id: orderId(1) });
  });

  it('Support opens the Order Support dialog of that order', async () => {
    const { user } = await openOrders({
      'GET /api/order/list': envelope([historyOrder(1), historyOrder(2)]),
      'GET /api/order/support/SSD-ORDER00002': envelope([]),
    });
    await user.click(within(await screen.findByRole('listitem', { name: orderId(2) })).getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Support' });
    expect(dialog).toHaveAccessibleDescription(`Order ID: ${orderId(2)}`);
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});

describe('Reorder (spec 3 §4, §8)', () => {
  const delivered = envelope([historyOrder(1)]);

  it('puts the products back, says which went in and which could not, and the cart follows', async () => {
    const { api, user } = await openOrders(
      {
        'GET /api/order/list': delivered,
        'POST /api/cart/reorder': envelope(
          {
            added: [
              { item_id: 11, title: 'Saree 1' },
              { item_id: 12, title: 'Jhumki 1' },
            ],
            skipped: [{ item_id: 13, title: 'Kota Suit', reason: 'out_of_stock' }],
          },
          1,
          'Added to cart',
        ),
        'GET /api/cart/id/list': envelope([4, 11, 12]),
      },
      { ...shopper, cart: [4] },
    );
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    await user.click(within(await screen.findByRole('listitem', { name: orderId(1) })).getByRole('button', { name: 'Reorder' }));

    expect(toastType(await screen.findByText('Added to cart: Saree 1, Jhumki 1.'))).toBe('success');
    expect(toastType(screen.getByText('Could not add: Kota Suit (out of stock).'))).toBe('warning');
    expect(api.callsTo('POST', '/api/cart/reorder').map((call) => call.body)).toEqual([{ id: orderId(1) }]);
    // The cart's ids are read again: the navbar's badge counts the reordered products.
    expect(await screen.findByRole('link', { name: 'Cart, 3 items' })).toBeInTheDocument();
  });

  it("says 'Unable to reorder items.' when nothing could go back in the cart", async () => {
    const { user } = await openOrders({
      'GET /api/order/list': delivered,
      'POST /api/cart/reorder': envelope({ added: [], skipped: [{ item_id: null, title: 'Old Bangle', reason: 'gone' }] }),
      'GET /api/cart/id/list': envelope([]),
    });
    await user.click(within(await screen.findByRole('listitem', { name: orderId(1) })).getByRole('button', { name: 'Reorder' }));
    expect(toastType(await screen.findByText('Unable to reorder items.'))).toBe('warning');
    expect(toastType(screen.getByText('Could not add: Old Bangle (no longer sold).'))).toBe('warning');
  });

  it("shows the server's refusal, or 'Unable to reorder items.' when it gives no reason", async () => {
    let answer: StoreAnswer = { status: 500, body: { code: -1, message: '', data: null } };
    const { user } = await openOrders({
      'GET /api/order/list': delivered,
      'POST /api/cart/reorder': () => answer,
      'GET /api/cart/id/list': envelope([]),
    });
    const reorder = within(await screen.findByRole('listitem', { name: orderId(1) })).getByRole('button', { name: 'Reorder' });
    await user.click(reorder);
    expect(toastType(await screen.findByText('Unable to reorder items.'))).toBe('error');
    answer = { status: 404, body: { code: 0, message: "Sorry, we couldn't find any order matching the provided details.", data: null } };
    await waitFor(() => expect(reorder).toBeEnabled());
    await user.click(reorder);
    expect(toastType(await screen.findByText("Sorry, we couldn't find any order matching the provided details."))).toBe('warning');
  });

  it("answers -2 with 'Please login to reorder.' and the login screen", async () => {
    const { user, router } = await openOrders({
      'GET /api/order/list': delivered,
      'POST /api/cart/reorder': { status: 401, body: { code: -2, message: 'Session expired', data: null } },
    });
    await user.click(within(await screen.findByRole('listitem', { name: orderId(1) })).getByRole('button', { name: 'Reorder' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to reorder.'))).toBe('warning');
    // The page guard's own text is not shown as well.
    expect(screen.queryByText('Please login to continue.')).not.toBeInTheDocument();
  });
});
