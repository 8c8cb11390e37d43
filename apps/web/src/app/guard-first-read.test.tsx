import { configure, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fail, loginData, ok, stubApi, type StubEnvelope } from '../test/api-stub';
import { renderApp } from '../test/render-app';
import { clearStoredTokens, silkCartLine, storeTokens } from '../test/stored-tokens';
import { cartListKeys } from '../lib/api/get-cart';
import { GUARD_READ_COUNTS_FOR_MS } from '../lib/first-read';
import { orderKeys } from '../features/orders/api/keys';
import { historyOrder, orderId } from '../features/orders/test-fixtures';
// Loaded up front so the routes' lazy chunks resolve at once.
import '../features/cart/screens/cart-screen';
import '../features/orders/screens/my-orders-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/*
 * The login guard's first read (./first-read.ts, ./guards.tsx) on the real routes: /cart and /orders
 * read their first data with the stored access token while the startup verification runs, show nothing
 * before it succeeded, and leave nothing behind when it, or the read, fails.
 */

afterEach(() => {
  vi.useRealTimers();
  clearStoredTokens();
});

const silk = silkCartLine;

const verified = () => ok(loginData({ access_token: 'new-access', refresh_token: 'new-refresh' }), 'Token verified');

describe('the login guard reads a screen’s first data while the startup verification runs', () => {
  it('/cart: one read, with the stored access token only, shown once the verification succeeded', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => verification.promise,
      'GET /api/cart/list': ok([silk]),
      'GET /api/list/cart_wishlist': ok({ cart: [1], wishlist: [] }),
    });
    renderApp('/cart');

    await waitFor(() => expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1));
    const [read] = api.callsTo('GET', '/api/cart/list');
    expect(read?.headers.Authorization).toBe('Bearer old-access');
    // The verification rotates the refresh token: the read does not send it.
    expect(read?.headers).not.toHaveProperty('X-Refresh-Token');
    expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1);
    // Nothing of the screen before the verification answered (spec 1 §4).
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByRole('heading', { level: 1, name: 'Cart' })).not.toBeInTheDocument();
    expect(screen.queryByText('Kanjeevaram Silk Saree')).not.toBeInTheDocument();

    verification.resolve(verified());
    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    // The guard's read is this visit's read: the screen does not ask again.
    await new Promise((done) => setTimeout(done, 50));
    expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1);
  });

  it('/cart: a visit after GUARD_READ_COUNTS_FOR_MS reads afresh', async () => {
    storeTokens();
    const api = stubApi({
      'POST /api/auth/verify/token': verified(),
      'GET /api/cart/list': ok([silk]),
      'GET /api/list/cart_wishlist': ok({ cart: [1], wishlist: [] }),
    });
    const { router } = renderApp('/cart');
    await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' });
    expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1);

    await router.navigate('/terms');
    await waitFor(() => expect(screen.queryByRole('heading', { level: 1, name: 'Cart' })).not.toBeInTheDocument());
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() + GUARD_READ_COUNTS_FOR_MS);
    await router.navigate('/cart');
    await waitFor(() => expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(2));
    expect(api.callsTo('GET', '/api/cart/list')[1]?.headers).toMatchObject({ Authorization: 'Bearer new-access', 'X-Refresh-Token': 'new-refresh' });
  });

  it('/cart: a failed verification leaves nothing of the read in the cache and leads to login', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => verification.promise,
      'GET /api/cart/list': ok([silk]),
    });
    const { router, queryClient } = renderApp('/cart');
    await waitFor(() => expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(1));
    await waitFor(() => expect(queryClient.getQueryData(cartListKeys.list())).toEqual([silk]));

    verification.resolve(fail('Session expired', -2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(queryClient.getQueryState(cartListKeys.list())).toBeUndefined();
    expect(screen.queryByText('Kanjeevaram Silk Saree')).not.toBeInTheDocument();
  });

  it('/cart: a read refused with -2 shows nothing, sends nobody to login, and the screen reads again', async () => {
    storeTokens();
    let cartReads = 0;
    const api = stubApi({
      'POST /api/auth/verify/token': verified(),
      'GET /api/cart/list': () => (++cartReads === 1 ? fail('Session expired', -2) : ok([silk])),
      'GET /api/list/cart_wishlist': ok({ cart: [1], wishlist: [] }),
    });
    const { router } = renderApp('/cart');

    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/cart');
    expect(screen.queryByText('Please login to continue.')).not.toBeInTheDocument();
    // The refused read was dropped, so the screen read the cart itself once it was shown.
    const reads = api.callsTo('GET', '/api/cart/list');
    expect(reads).toHaveLength(2);
    expect(reads[0]?.headers.Authorization).toBe('Bearer old-access');
  });

  it('/orders: the first page (limit 5, skip 0) is read once, before the verification answered', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => verification.promise,
      'GET /api/order/list': ok([historyOrder(1)]),
      'GET /api/list/cart_wishlist': ok({ cart: [], wishlist: [] }),
    });
    const { queryClient } = renderApp('/orders');

    await waitFor(() => expect(api.callsTo('GET', '/api/order/list')).toHaveLength(1));
    const [read] = api.callsTo('GET', '/api/order/list');
    expect(read?.headers.Authorization).toBe('Bearer old-access');
    expect(read?.headers).not.toHaveProperty('X-Refresh-Token');
    await waitFor(() => expect(queryClient.getQueryState(orderKeys.list())?.status).toBe('success'));
    expect(screen.queryByRole('heading', { level: 1, name: 'My Orders' })).not.toBeInTheDocument();

    verification.resolve(verified());
    expect(await screen.findByRole('listitem', { name: orderId(1) })).toBeInTheDocument();
    await new Promise((done) => setTimeout(done, 50));
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(1);
  });

  it('makes no early read without a stored access token', async () => {
    window.localStorage.setItem('refresh_token', 'orphan');
    const api = stubApi({});
    const { router } = renderApp('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.calls).toHaveLength(0);
  });
});
