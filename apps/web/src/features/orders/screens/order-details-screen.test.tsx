import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { orderDetails, orderId, orderItem, shopper } from '../test-fixtures';
// Loaded up front so the route's lazy chunk resolves at once.
import './order-details-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

type Handlers = Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>)>;

const NOT_FOUND: StoreAnswer = {
  status: 404,
  body: { code: 0, message: "Sorry, we couldn't find any order matching the provided details.", data: null },
};

async function openDetails(path: string, handlers: Handlers) {
  const api = stubStore(handlers);
  const user = userEvent.setup();
  const view = renderApp(path, { session: shopper });
  await screen.findByRole('heading', { level: 1, name: 'Order Details' });
  return { api, user, ...view };
}

const orderSection = (id: string) => screen.findByRole('region', { name: `Order ${id}` });
/** The value beside a term of a summary. */
const valueOf = (within_: HTMLElement, term: string) => within(within_).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;

describe('Order details (spec 3 §2)', () => {
  it('shows the placed date, status, items, payment summary, payment and delivery address', async () => {
    const order = orderDetails({
      items: [
        orderItem(),
        orderItem({ item_id: 8, item_title: 'Gold Jhumki', item_selling_price: 2499.5, item_original_price: 2499.5, quantity: 1, item_status: 'packed' }),
      ],
    });
    await openDetails(`/orders/details/${orderId(1)}`, { [`GET /api/order/details/${orderId(1)}`]: envelope(order) });
    await waitFor(() => expect(document.title).toBe('Order Details | SSD'));
    const section = await orderSection(orderId(1));
    expect(within(section).getByText("Placed on Tue, 3rd Jan '23")).toBeInTheDocument();
    expect(within(section).getAllByText('Status:')[0]?.parentElement).toHaveTextContent('Status: delivered');

    const saree = within(section).getByRole('listitem', { name: 'Kanjeevaram Silk Saree' });
    expect(saree).toHaveTextContent('₹2,000.00(₹1,000.00 × 2)');
    expect(within(saree).getByText('₹3,000.00').closest('s')).not.toBeNull();
    expect(saree).toHaveTextContent('Quantity: 2');
    expect(saree).toHaveTextContent("Status: delivered · Tue, 10th Jan '23");
    expect(saree.querySelector('img')).toHaveAttribute('src', '/content/assets/file-7');
    const jhumki = within(section).getByRole('listitem', { name: 'Gold Jhumki' });
    expect(jhumki).toHaveTextContent('Status: packed');
    expect(jhumki.querySelector('s')).toBeNull();

    const price = within(section).getByRole('region', { name: 'Price details' });
    expect(valueOf(price, 'Original price')).toBe('₹3,000.00');
    expect(valueOf(price, 'Savings')).toBe('− ₹1,000.00');
    expect(within(price).queryByText('Coupon discount')).not.toBeInTheDocument();
    expect(valueOf(price, 'Delivery charge')).toBe('Free');
    expect(valueOf(price, 'Platform fee')).toBe('₹10.00');
    expect(valueOf(price, 'GST')).toBe('₹100.00CGST ₹50.00 + SGST ₹50.00');
    expect(valueOf(price, 'Total')).toBe('₹2,110.00');

    const payment = within(section).getByRole('region', { name: 'Payment' });
    expect(valueOf(payment, 'Payment mode')).toBe('Online');
    expect(valueOf(payment, 'Payment status')).toBe('success');
    expect(valueOf(payment, 'Amount paid')).toBe('₹2,110.00');
    expect(valueOf(payment, 'Payment ID')).toBe('pay_123ABC');

    const address = within(section).getByRole('region', { name: 'Delivery address' });
    expect(address).toHaveTextContent('Asha Rao12 MG RoadNear the parkBengaluru, Karnataka 560001Mobile: 9876543210');

    expect(within(section).getByRole('link', { name: 'View invoice' })).toHaveAttribute('href', `/orders/invoice/${orderId(1)}`);
  });

  it('shows no amount paid while the payment is pending, a coupon when one applied, and no invoice before there is one', async () => {
    const order = orderDetails({
      order_status: 'failed',
      payment_mode: 'cod',
      payment_status: 'pending',
      payment_id: null,
      order_amount_paid: 0,
      coupon_discount: 150,
      delivery_charge: 99,
      gst_split: { cgst: 0, sgst: 0, igst: 100 },
      invoice_number: null,
      items: [orderItem({ item_status: 'failed' })],
    });
    await openDetails(`/orders/details/${orderId(1)}`, { [`GET /api/order/details/${orderId(1)}`]: envelope(order) });
    const section = await orderSection(orderId(1));
    const payment = within(section).getByRole('region', { name: 'Payment' });
    expect(valueOf(payment, 'Payment mode')).toBe('Cash on delivery');
    expect(valueOf(payment, 'Payment status')).toBe('pending');
    expect(within(payment).queryByText('Amount paid')).not.toBeInTheDocument();
    expect(within(payment).queryByText('Payment ID')).not.toBeInTheDocument();
    const price = within(section).getByRole('region', { name: 'Price details' });
    expect(valueOf(price, 'Coupon discount')).toBe('− ₹150.00');
    expect(valueOf(price, 'Delivery charge')).toBe('₹99.00');
    expect(valueOf(price, 'GST')).toBe('₹100.00IGST ₹100.00');
    expect(within(section).queryByRole('link', { name: /invoice/i })).not.toBeInTheDocument();
    // A failed order: no Support, and its items cannot be reviewed.
    expect(within(section).queryByRole('button', { name: 'Support' })).not.toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Rate\/Review/ })).not.toBeInTheDocument();
  });

  it('shows the amount paid of a failed payment', async () => {
    const order = orderDetails({ payment_status: 'failed', order_amount_paid: 0, order_status: 'failed' });
    await openDetails(`/orders/details/${orderId(1)}`, { [`GET /api/order/details/${orderId(1)}`]: envelope(order) });
    const payment = within(await orderSection(orderId(1))).getByRole('region', { name: 'Payment' });
    expect(valueOf(payment, 'Payment status')).toBe('failed');
    expect(valueOf(payment, 'Amount paid')).toBe('₹0.00');
  });

  it('shows every order of a path with several ids, each asked for on its own', async () => {
    const { api } = await openDetails(`/orders/details/${orderId(1)}/${orderId(2)}`, {
      [`GET /api/order/details/${orderId(1)}`]: envelope(orderDetails()),
      [`GET /api/order/details/${orderId(2)}`]: envelope(orderDetails({ order_id: orderId(2), order_status: 'shipped' })),
    });
    expect(await orderSection(orderId(1))).toBeInTheDocument();
    expect(await orderSection(orderId(2))).toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/api/order/details/'))).toHaveLength(2);
  });

  it("says 'Sorry, we couldn't find any order matching the provided details.' with Refresh and My Orders", async () => {
    let found = false;
    const { user, api } = await openDetails(`/orders/details/${orderId(3)}`, {
      [`GET /api/order/details/${orderId(3)}`]: () => (found ? envelope(orderDetails({ order_id: orderId(3) })) : NOT_FOUND),
    });
    expect(await screen.findByText("Sorry, we couldn't find any order matching the provided details.")).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    // A refusal is final: not asked again on its own.
    expect(api.callsTo('GET', `/api/order/details/${orderId(3)}`)).toHaveLength(1);
    found = true;
    await user.click(screen.getByRole('button', { name: 'Refresh' }));
    expect(await orderSection(orderId(3))).toBeInTheDocument();
  });

  it('treats an id that is not an order id as not found (the server answers 400)', async () => {
    await openDetails('/orders/details/not-an-order', {
      'GET /api/order/details/not-an-order': { status: 400, body: { code: 0, message: 'Order id is not valid.', data: null } },
    });
    expect(await screen.findByText("Sorry, we couldn't find any order matching the provided details.")).toBeInTheDocument();
  });

  it('says what went wrong on a failure other than not found, and Try Again asks again', async () => {
    let up = false;
    const { user } = await openDetails(`/orders/details/${orderId(1)}`, {
      [`GET /api/order/details/${orderId(1)}`]: () =>
        up ? envelope(orderDetails()) : { status: 500, body: { code: -1, message: 'Something went wrong.', data: null } },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await orderSection(orderId(1))).toBeInTheDocument();
  });

  it("answers -2 with 'Please login to continue.' and the login screen", async () => {
    const { router } = await openDetails(`/orders/details/${orderId(1)}`, {
      [`GET /api/order/details/${orderId(1)}`]: { status: 401, body: { code: -2, message: 'Session expired', data: null } },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to continue.'))).toBe('warning');
  });

  it('opens Order Support for a paid order', async () => {
    const { user } = await openDetails(`/orders/details/${orderId(1)}`, {
      [`GET /api/order/details/${orderId(1)}`]: envelope(orderDetails({ order_status: 'shipped' })),
      [`GET /api/order/support/${orderId(1)}`]: envelope([]),
    });
    await user.click(within(await orderSection(orderId(1))).getByRole('button', { name: 'Support' }));
    const dialog = await screen.findByRole('dialog', { name: 'Order Support' });
    expect(dialog).toHaveAccessibleDescription(`Order ID: ${orderId(1)}`);
  });

  it('offers Rate/Review only on confirmed, packed, shipped or delivered items', async () => {
    const statuses = ['confirmed', 'packed', 'shipped', 'delivered', 'cancelled', 'failed', 'return_requested', 'out_for_delivery'] as const;
    const items = statuses.map((status, n) => orderItem({ item_id: n + 1, item_title: `Item ${status}`, item_status: status }));
    await openDetails(`/orders/details/${orderId(1)}`, { [`GET /api/order/details/${orderId(1)}`]: envelope(orderDetails({ items })) });
    const section = await orderSection(orderId(1));
    const reviewable = within(section)
      .getAllByRole('button', { name: /^Rate\/Review/ })
      .map((button) => button.getAttribute('aria-label'));
    expect(reviewable).toEqual(['Rate/Review Item confirmed', 'Rate/Review Item packed', 'Rate/Review Item shipped', 'Rate/Review Item delivered']);
  });
});
