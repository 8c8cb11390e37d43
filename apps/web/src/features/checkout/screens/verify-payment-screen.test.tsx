import { act, configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore, type StoreAnswer } from '../../../test/store-stub';
import { STATUS_POLL_DELAYS_MS, nextPollDelay, pollingDone } from '../api/get-order-status';
// Loaded up front so the route's lazy chunk resolves at once.
import './verify-payment-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const ORDER_ID = 'SSD-ABCDEFGHJK';
const path = `/verify/payment?id=${ORDER_ID}`;
const VERIFY = `GET /api/verify/order/payment/status/${ORDER_ID}`;
const STATUS = `GET /api/verify/order/status/${ORDER_ID}`;
const status = (order: string, payment = 'pending') => envelope({ status: order, payment_status: payment });

afterEach(() => {
  vi.useRealTimers();
});

describe('payment verification: polling rules', () => {
  it('waits 1, 2, 4, 8, 16 and 29 seconds between reads, a minute in all, and stops once the order left pending', () => {
    expect(STATUS_POLL_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBe(60_000);
    expect([1, 2, 3, 4, 5, 6].map((reads) => nextPollDelay(reads, { status: 'pending', payment_status: 'pending' }))).toEqual([
      1_000, 2_000, 4_000, 8_000, 16_000, 29_000,
    ]);
    expect(nextPollDelay(7, { status: 'pending', payment_status: 'pending' })).toBe(false);
    expect(nextPollDelay(2, { status: 'confirmed', payment_status: 'success' })).toBe(false);
    expect(pollingDone(6)).toBe(false);
    expect(pollingDone(7)).toBe(true);
  });
});

describe('payment verification screen', () => {
  it('sends a visitor to login, which returns here with the order id', async () => {
    stubStore({});
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: path });
  });

  it('says there is no order to verify without an id', async () => {
    const api = stubStore({});
    renderApp('/verify/payment', { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'No order to verify' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(api.calls).toHaveLength(0);
  });

  it('asks the server to verify with the provider and shows the confirmed order with a link to its details', async () => {
    const api = stubStore({ [VERIFY]: status('confirmed', 'success') });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verifying your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Payment Verification | SSD'));
    expect(screen.getByText(ORDER_ID)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View order details' })).toHaveAttribute('href', `/orders/details/${ORDER_ID}`);
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(api.callsTo('GET', `/api/verify/order/payment/status/${ORDER_ID}`)).toHaveLength(1);
    expect(api.callsTo('GET', `/api/verify/order/status/${ORDER_ID}`)).toHaveLength(0);
  });

  it.each([
    ['failed', 'Payment failed'],
    ['cancelled', 'Order cancelled'],
    ['expired', 'Order expired'],
  ])('an order %s was not paid: %s, with Retry Payment into the checkout and My Orders', async (orderStatus, heading) => {
    stubStore({ [VERIFY]: status(orderStatus, 'failed') });
    const { router } = renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent(`The payment for order ${ORDER_ID} did not go through. You can pay for it again.`);
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    expect(screen.queryByRole('link', { name: 'View order details' })).not.toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Retry Payment' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/order'));
    expect(router.state.location.state).toEqual({ retry_order_id: ORDER_ID });
  });

  it('still pending: reads the status again until the webhook has confirmed it', async () => {
    let reads = 0;
    const api = stubStore({
      [VERIFY]: status('pending'),
      [STATUS]: () => (++reads >= 2 ? status('confirmed', 'success') : status('pending')),
    });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/verify/order/status/${ORDER_ID}`)).toHaveLength(2);
  });

  it('still pending after a minute: says the payment is being confirmed, links My Orders, and can check again', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let confirmed = false;
    const api = stubStore({
      [VERIFY]: (): StoreAnswer => (confirmed ? status('confirmed', 'success') : status('pending')),
      [STATUS]: status('pending'),
    });
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirming your payment' })).toBeInTheDocument();
    for (const delay of STATUS_POLL_DELAYS_MS) {
      await act(() => vi.advanceTimersByTimeAsync(delay));
    }
    expect(await screen.findByRole('heading', { level: 1, name: 'Your payment is being confirmed' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/verify/order/status/${ORDER_ID}`)).toHaveLength(STATUS_POLL_DELAYS_MS.length + 1);
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
    // Nothing more is asked once the minute is over.
    await act(() => vi.advanceTimersByTimeAsync(120_000));
    expect(api.callsTo('GET', `/api/verify/order/status/${ORDER_ID}`)).toHaveLength(STATUS_POLL_DELAYS_MS.length + 1);

    confirmed = true;
    await user.click(screen.getByRole('button', { name: 'Check again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
    expect(api.callsTo('GET', `/api/verify/order/payment/status/${ORDER_ID}`)).toHaveLength(2);
  });

  it('shows why the verification failed, with Try Again', async () => {
    let up = false;
    stubStore({ [VERIFY]: (): StoreAnswer => (up ? status('confirmed', 'success') : { status: 502, body: 'Bad gateway' }) });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    expect(await screen.findByRole('heading', { level: 1, name: 'We could not verify your payment' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to connect to our server.');
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Payment successful' })).toBeInTheDocument();
  });
});
