import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Address } from '@ssd/shared/addresses';
import type { CreatedOrder, Reservation } from '@ssd/shared/checkout';
import { CHECKOUT_THEME_COLOUR } from '@ssd/shared/constants';
import { deferred, toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import type { TestSession } from '../../../test/session-seed';
import { envelope, shopper, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import type { CheckoutEntryLine } from '../../../lib/checkout-entry';
import type { RazorpayOptions } from '../lib/razorpay';
// Loaded up front so the routes' lazy chunks resolve at once.
import './place-order-screen';
import './verify-payment-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDER_ID = 'SSD-ABCDEFGHJK';
const entry: CheckoutEntryLine[] = [
  { item_id: 1, quantity: 2 },
  { item_id: 2, quantity: 1 },
];

function reservation(expiresInMs = 10 * 60_000): Reservation {
  const now = Date.now();
  return {
    reservation_id: '0b7c5d1e-6a3f-4c2e-9a51-1f2d3c4b5a69',
    items: [
      {
        id: 1,
        title: 'Kanjeevaram Silk Saree',
        thumbnail_image: 'file-1',
        selling_price: 1000,
        original_price: 1500,
        quantity: 2,
        applied_gst_rate: 5,
        gst_amount: 100,
      },
      {
        id: 2,
        title: 'Gold Jhumki',
        thumbnail_image: 'file-2',
        selling_price: 2499.5,
        original_price: 2499.5,
        quantity: 1,
        applied_gst_rate: 3,
        gst_amount: 74.99,
      },
    ],
    total_sp: 4499.5,
    total_cp: 5499.5,
    platform_fee: 9,
    gst_total: 174.99,
    delivery_charge: 0,
    payable_amount: 4683.49,
    reservation_created_at: new Date(now).toISOString(),
    reservation_expiry: new Date(now + expiresInMs).toISOString(),
  };
}

function createdOrder(expiresInMs = 15 * 60_000): CreatedOrder {
  const held = reservation();
  return {
    id: 'order_SandboxProvider1',
    order_id: ORDER_ID,
    amount_due: 468349,
    currency: 'INR',
    notes: { order_id: ORDER_ID },
    expiry_at: new Date(Date.now() + expiresInMs).toISOString(),
    cart_details: held.items.map(({ id, ...line }) => ({ item_id: id, ...line })),
    total_sp: 4499.5,
    delivery_charge: 0,
    platform_fee: 9,
    gst_total: 174.99,
    gst_split: { cgst: 87.49, sgst: 87.5, igst: 0 },
    customer_details: {
      name: 'Asha Rao',
      email: 'asha@example.com',
      contact: '9876543210',
      address: { full_name: 'Asha Rao', line1: '12 MG Road', line2: null, city: 'Bengaluru', state: 'Karnataka', pin_code: '560001' },
    },
    key: 'rzp_test_sandbox',
    checkout_script: '/sandbox/razorpay/checkout.js',
  };
}

const home: Address = {
  id: 31,
  full_name: 'Asha Rao',
  mobile: '9876543210',
  line1: '12 MG Road',
  line2: null,
  city: 'Bengaluru',
  state: 'Karnataka',
  pin_code: '560001',
  is_default: true,
};

type Handler = StoreAnswer | ((call: StoreCall) => StoreAnswer | Promise<StoreAnswer>);

function stubCheckout(handlers: Record<string, Handler> = {}) {
  return stubStore({
    'POST /api/order/reserve': envelope(reservation(), 1, 'Reservation created'),
    'GET /api/user/addresses': envelope({ addresses: [home] }),
    'POST /api/order/create': envelope(createdOrder(), 1, 'Order created'),
    'PATCH /api/order/reserve/status': envelope(null, 1, 'Reservation cancelled'),
    'PATCH /api/order/status': (call) => envelope(null, 1, `Order ${(call.body as { status: string }).status}`),
    ...handlers,
  });
}

/** The app at /place/order entered with `lines` in the router state, as the cart and Buy Now enter it. */
function openCheckout({
  lines = entry,
  strict = false,
  session = shopper,
  key,
}: { lines?: CheckoutEntryLine[] | null; strict?: boolean; session?: TestSession; key?: string } = {}) {
  const view = renderApp({ pathname: '/place/order', state: lines ? { lines } : null, key }, { session, strict });
  return { ...view, user: userEvent.setup() };
}

/** The type of the toast saying `text` (the page may show the same words as a heading too). */
async function toastSaying(text: string): Promise<string | null> {
  return waitFor(() => {
    const toast = screen.getAllByText(text).find((element) => toastType(element) !== null);
    expect(toast).toBeDefined();
    return toastType(toast!);
  });
}

const summary = () => screen.getByRole('region', { name: 'Price details' });
const amount = (term: string) => within(summary()).getByText(term).nextElementSibling?.textContent;
const timer = () => screen.getByRole('timer');
/** Step 1 is shown once the reservation arrived (its countdown runs). */
const reviewShown = () => screen.findByRole('timer');

/** Enters step 2 the way a shopper does: the review, an address chosen, Place order. */
async function toConfirmation(user: ReturnType<typeof userEvent.setup>) {
  await reviewShown();
  const place = screen.getByRole('button', { name: 'Place order' });
  await waitFor(() => expect(place).toBeEnabled());
  await user.click(place);
  await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' });
}

/** A stand-in for the provider's checkout.js constructor, recording what it was opened with. */
class FakeRazorpay {
  static opened: FakeRazorpay[] = [];
  handlers: Record<string, (response: unknown) => void> = {};
  closed = false;
  constructor(readonly options: RazorpayOptions) {}
  on(event: string, handler: (response: unknown) => void) {
    this.handlers[event] = handler;
  }
  open() {
    FakeRazorpay.opened.push(this);
  }
  close() {
    this.closed = true;
  }
}

afterEach(() => {
  FakeRazorpay.opened = [];
  vi.restoreAllMocks();
});

describe('order creation: entering', () => {
  it("says 'No Items in Your Order' with a shop link when entered without lines, and reserves nothing", async () => {
    const api = stubCheckout();
    openCheckout({ lines: null });
    expect(await screen.findByRole('heading', { level: 1, name: 'No Items in Your Order' })).toBeInTheDocument();
    expect(screen.getByText('Your order list is empty')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shop Now' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('list', { name: 'Checkout steps' })).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/reserve')).toHaveLength(0);
  });

  it('sends a visitor to login, which returns to the checkout', async () => {
    stubCheckout();
    const { router } = openCheckout({ session: {} as TestSession });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: '/place/order' });
  });

  it('reserves the lines once, even under StrictMode, and shows step 1 with the countdown, lines and totals', async () => {
    const api = stubCheckout();
    openCheckout({ strict: true });
    await reviewShown();
    expect(screen.getByRole('heading', { level: 1, name: 'Order review' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Place Order | SSD'));
    expect(api.callsTo('POST', '/api/order/reserve')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/order/reserve')[0]?.body).toEqual({ items: entry });

    const steps = screen.getByRole('list', { name: 'Checkout steps' });
    expect(within(steps).getAllByRole('listitem').map((step) => step.textContent)).toEqual(['1Check Order', '2Order Confirmation', '3Payment']);
    expect(within(steps).getByText('Check Order').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(timer()).toHaveTextContent(/^Your reservation expires in (10m 0s|9m 5\ds)$/);

    const saree = screen.getByText('Kanjeevaram Silk Saree').closest('li')!;
    expect(within(saree).getByText('₹2,000.00')).toBeInTheDocument();
    expect(within(saree).getByText('₹3,000.00').tagName).toBe('S');
    expect(within(saree).getByText('(₹1,000.00 × 2)')).toBeInTheDocument();
    expect(within(saree).getByText('Qty: 2 unit(s)')).toBeInTheDocument();
    expect(within(saree).getByText('GST: ₹100.00 (5%)')).toBeInTheDocument();
    const jhumki = screen.getByText('Gold Jhumki').closest('li')!;
    expect(within(jhumki).getByText('₹2,499.50')).toBeInTheDocument();
    expect(jhumki.querySelector('s')).toBeNull();
    expect(within(jhumki).getByText('Qty: 1 unit(s)')).toBeInTheDocument();
    expect(within(jhumki).getByText('GST: ₹74.99 (3%)')).toBeInTheDocument();

    expect(amount('Original price')).toBe('₹5,499.50');
    expect(amount('Savings')).toBe('− ₹1,000.00');
    expect(within(summary()).getByText('Savings').nextElementSibling).toHaveClass('text-green-700');
    expect(amount('Shipping charge')).toBe('Free');
    expect(amount('GST')).toBe('₹174.99');
    expect(amount('Platform fee')).toBe('₹9.00');
    // The server's payable amount, not a sum made here.
    expect(amount('Payable Amount')).toBe('₹4,683.49');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it("shows the server's message when the lines cannot be held, and Try Again reserves again", async () => {
    let short = true;
    stubCheckout({
      'POST /api/order/reserve': () =>
        short ? { status: 409, body: { code: 0, message: "Only 1 unit(s) of 'Gold Jhumki' left.", data: null } } : envelope(reservation()),
    });
    const { user } = openCheckout();
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not hold your items' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("Only 1 unit(s) of 'Gold Jhumki' left.");
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    short = false;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    await reviewShown();
    expect(screen.getByRole('heading', { level: 1, name: 'Order review' })).toBeInTheDocument();
  });
});

describe('order creation: step 1', () => {
  it('keeps Place order disabled until an address is chosen (none yet: the form shows)', async () => {
    stubCheckout({ 'GET /api/user/addresses': envelope({ addresses: [] }) });
    openCheckout();
    await reviewShown();
    expect(await screen.findByText('Add a delivery address to place your order.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Place order' })).toBeDisabled();
  });

  it('Cancel lets the reservation go: Reservation cancelled, with a continue-shopping link', async () => {
    const api = stubCheckout();
    const { user } = openCheckout();
    await reviewShown();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation cancelled' })).toBeInTheDocument();
    expect(await toastSaying('Reservation cancelled')).toBe('success');
    expect(api.callsTo('PATCH', '/api/order/reserve/status')[0]?.body).toEqual({ id: reservation().reservation_id, status: 'cancelled' });
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('list', { name: 'Checkout steps' })).not.toBeInTheDocument();
  });

  it('the reservation countdown ticks every second and, at 0, marks it expired: Reservation expired', async () => {
    const api = stubCheckout({ 'POST /api/order/reserve': envelope(reservation(2_200)) });
    openCheckout();
    await reviewShown();
    expect(timer()).toHaveTextContent(/expires in 0m [23]s$/);
    await waitFor(() => expect(timer()).toHaveTextContent(/expires in 0m 1s$/));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reservation expired' })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('PATCH', '/api/order/reserve/status').map((call) => call.body)).toEqual([
        { id: reservation().reservation_id, status: 'expired' },
      ]),
    );
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  });

  it("Place order creates the order with the chosen address; step 2 shows it with To pay = amount due / 100", async () => {
    const api = stubCheckout();
    const { user } = openCheckout();
    await toConfirmation(user);
    expect(api.callsTo('POST', '/api/order/create')[0]?.body).toEqual({ reservation_id: reservation().reservation_id, address_id: 31 });
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getByText('Order Confirmation').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    expect(timer()).toHaveTextContent(/^Your order expires in (15m 0s|14m 5\ds)$/);
    expect(screen.getByText('Kanjeevaram Silk Saree')).toBeInTheDocument();
    expect(screen.getByText('12 MG Road')).toBeInTheDocument();
    expect(amount('Items price')).toBe('₹4,499.50');
    expect(amount('Delivery charge')).toBe('Free');
    expect(amount('Platform fee')).toBe('₹9.00');
    expect(amount('GST')).toBe('₹174.99CGST ₹87.49 + SGST ₹87.50');
    expect(amount('To pay')).toBe('₹4,683.49');
  });

  it("says why the order could not be placed and stays on step 1", async () => {
    stubCheckout({
      'POST /api/order/create': { status: 422, body: { code: 0, message: 'Please add a delivery address before placing the order.', data: null } },
    });
    const { user } = openCheckout();
    await reviewShown();
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(await toastSaying('Please add a delivery address before placing the order.')).toBe('warning');
    expect(screen.getByRole('heading', { level: 1, name: 'Order review' })).toBeInTheDocument();
  });
});

describe('order creation: step 2 and the payment', () => {
  it('Cancel marks the order cancelled: Order cancelled', async () => {
    const api = stubCheckout();
    const { user } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order cancelled' })).toBeInTheDocument();
    expect(await toastSaying('Order cancelled')).toBe('success');
    expect(api.callsTo('PATCH', '/api/order/status')[0]?.body).toEqual({ id: ORDER_ID, status: 'cancelled' });
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
  });

  it('the order countdown at 0 marks the order expired: toast and notice Order expired', async () => {
    const api = stubCheckout({ 'POST /api/order/create': envelope(createdOrder(1_500)) });
    const { user } = openCheckout();
    await toConfirmation(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Order expired' })).toBeInTheDocument();
    expect(await toastSaying('Order expired')).toBe('warning');
    await waitFor(() => expect(api.callsTo('PATCH', '/api/order/status')[0]?.body).toEqual({ id: ORDER_ID, status: 'expired' }));
  });

  it("Proceed to payment opens the provider's checkout with the order's amount, prefill, notes and gold; the timer pauses", async () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const api = stubCheckout({ 'POST /api/order/create': envelope(createdOrder(1_500)) });
    const { user } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getByText('Payment').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(FakeRazorpay.opened).toHaveLength(1);
    const { options } = FakeRazorpay.opened[0]!;
    expect(options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 468349,
      currency: 'INR',
      order_id: 'order_SandboxProvider1',
      name: 'SSD Store',
      description: `Order ${ORDER_ID}`,
      prefill: { name: 'Asha Rao', email: 'asha@example.com', contact: '9876543210' },
      notes: { order_id: ORDER_ID },
      theme: { color: CHECKOUT_THEME_COLOUR },
    });
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    // Paused: the order's 1.5 s pass without the countdown moving or the order expiring.
    const shown = timer().textContent;
    await act(() => new Promise((resolve) => setTimeout(resolve, 2_500)));
    expect(timer().textContent).toBe(shown);
    expect(api.callsTo('PATCH', '/api/order/status')).toHaveLength(0);
    expect(screen.queryByText('Order expired')).not.toBeInTheDocument();
  });

  it('a successful payment takes the bought products out of the cart and goes to the verification, which confirms', async () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const api = stubCheckout({
      'POST /api/cart/remove': (call) => envelope([1, 2, 9].filter((id) => id !== (call.body as { item_id: number }).item_id)),
      'GET /api/cart/id/list': envelope([9]),
      [`GET /api/verify/order/payment/status/${ORDER_ID}`]: envelope({ status: 'confirmed', payment_status: 'success' }),
    });
    const { user, router, queryClient } = openCheckout({ session: { ...shopper, cart: [1, 2, 9] } });
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    act(() => FakeRazorpay.opened[0]!.options.handler({ razorpay_payment_id: 'pay_1', razorpay_order_id: 'order_SandboxProvider1', razorpay_signature: 's' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify/payment'));
    expect(router.state.location.search).toBe(`?id=${ORDER_ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/cart/remove').map((call) => call.body)).toEqual([{ item_id: 1 }, { item_id: 2 }]));
    await waitFor(() => expect(queryClient.getQueryData(['cart', 'ids'])).toEqual([9]));
    expect(api.callsTo('PATCH', '/api/order/status')).toHaveLength(0);
  });

  it('a failed payment marks the order failed, says Payment failed. and goes to My Orders', async () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const api = stubCheckout();
    const { user, router } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    const checkout = FakeRazorpay.opened[0]!;
    act(() => checkout.handlers['payment.failed']!({ error: { code: 'BAD_REQUEST_ERROR' } }));
    expect(await toastSaying('Payment failed.')).toBe('error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(api.callsTo('PATCH', '/api/order/status').map((call) => call.body)).toEqual([{ id: ORDER_ID, status: 'failed' }]);
    expect(checkout.closed).toBe(true);
    // Closing it reports nothing more.
    act(() => checkout.options.modal.ondismiss());
    expect(api.callsTo('PATCH', '/api/order/status')).toHaveLength(1);
  });

  it('closing the checkout cancels the order with the warning Payment cancelled. and goes to My Orders', async () => {
    vi.stubGlobal('Razorpay', FakeRazorpay);
    const api = stubCheckout();
    const { user, router } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    act(() => FakeRazorpay.opened[0]!.options.modal.ondismiss());
    expect(await toastSaying('Payment cancelled.')).toBe('warning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/orders'));
    expect(api.callsTo('PATCH', '/api/order/status').map((call) => call.body)).toEqual([{ id: ORDER_ID, status: 'cancelled' }]);
  });

  it("says 'Payment SDK not ready. Please refresh.' when the checkout script cannot load, and stays on step 2", async () => {
    stubCheckout();
    const append = document.head.appendChild.bind(document.head);
    vi.spyOn(document.head, 'appendChild').mockImplementation(<T extends Node>(node: T): T => {
      if (node instanceof HTMLScriptElement) {
        queueMicrotask(() => node.dispatchEvent(new Event('error')));
        return node;
      }
      return append(node);
    });
    const { user } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await toastSaying('Payment SDK not ready. Please refresh.')).toBe('error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Proceed to payment' })).toBeEnabled();
  });

  it("says 'Failed to make payment. Please try again later.' when the checkout cannot open", async () => {
    vi.stubGlobal(
      'Razorpay',
      class {
        constructor() {
          throw new Error('Razorpay: the key option is required');
        }
      },
    );
    stubCheckout();
    const { user } = openCheckout();
    await toConfirmation(user);
    await user.click(screen.getByRole('button', { name: 'Proceed to payment' }));
    expect(await toastSaying('Failed to make payment. Please try again later.')).toBe('error');
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeInTheDocument();
  });

  it('a reload of the same entry comes back to the placed order without reserving again', async () => {
    const api = stubCheckout();
    const first = openCheckout();
    await toConfirmation(first.user);
    const entryKey = first.router.state.location.key;
    first.unmount();

    // The same history entry (its key and state) opened again, as a reload does.
    openCheckout({ key: entryKey });
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeInTheDocument();
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/reserve')).toHaveLength(1);
  });

  it('Place order waits for its answer, and a second press places nothing more', async () => {
    const answer = deferred<StoreAnswer>();
    const api = stubCheckout({ 'POST /api/order/create': () => answer.promise });
    const { user } = openCheckout();
    await reviewShown();
    const place = screen.getByRole('button', { name: 'Place order' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);
    expect(place).toBeDisabled();
    await user.click(place);
    answer.resolve(envelope(createdOrder()));
    expect(await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/order/create')).toHaveLength(1);
  });
});

describe('order creation: Retry Payment of an earlier order', () => {
  function openRetry(strict = false) {
    const view = renderApp({ pathname: '/place/order', state: { retry_order_id: ORDER_ID } }, { session: shopper, strict });
    return { ...view, user: userEvent.setup() };
  }

  it('asks for the order once (even under StrictMode), reserves nothing, and opens step 2 with its amounts', async () => {
    const api = stubCheckout({ 'POST /api/order/retry': envelope(createdOrder(), 1, 'Order created') });
    openRetry(true);
    await screen.findByRole('heading', { level: 1, name: 'Order Confirmation' });
    expect(api.callsTo('POST', '/api/order/retry').map((call) => call.body)).toEqual([{ id: ORDER_ID }]);
    expect(api.callsTo('POST', '/api/order/reserve')).toHaveLength(0);
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    expect(amount('To pay')).toBe('₹4,683.49');
    expect(within(screen.getByRole('list', { name: 'Checkout steps' })).getByText('Order Confirmation').closest('li')).toHaveAttribute(
      'aria-current',
      'step',
    );
  });

  it("says why it cannot be paid again ('Retry not possible' and the server's reason)", async () => {
    stubCheckout({ 'POST /api/order/retry': { status: 409, body: { code: 0, message: "'Gold Jhumki' is out of stock.", data: null } } });
    openRetry();
    expect(await screen.findByRole('heading', { level: 1, name: 'Retry not possible' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent("'Gold Jhumki' is out of stock.");
  });

  it("without the server: 'Unable to retry payment. Try from order details.'", async () => {
    stubCheckout(); // no answer for the retry: the server cannot be reached
    openRetry();
    expect(await screen.findByRole('alert')).toHaveTextContent('Unable to retry payment. Try from order details.');
  });
});
