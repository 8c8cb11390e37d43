import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred, fail, loginData, ok, stubApi, type StubEnvelope } from '../test/api-stub';
import { renderApp } from '../test/render-app';
import { clearStoredTokens, silkCartLine, storeTokens } from '../test/stored-tokens';
import { cartListKeys } from '../lib/api/get-cart';
import { cartKeys, wishlistKeys } from '../lib/api/session-keys';
import type { ServerState } from '../lib/server-reads';
import { orderKeys } from '../features/orders/api/keys';
import { historyOrder, orderId } from '../features/orders/test-fixtures';
// Loaded up front so the routes' and the navbar's lazy chunks resolve at once: on a loaded machine the
// first import of one can outlast a wait (the greeting is in the navbar's signed-in links).
import '../features/cart/screens/cart-screen';
import '../features/orders/screens/my-orders-screen';
import './shell/signed-in-links';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/*
 * A cart or My Orders the server rendered signed in (docs/decisions/0055): the app starts logged in as
 * the shopper the page was drawn for, the login guard shows the screen while the startup verification
 * runs (spec 1 §4: it still runs) instead of the global loader, and a failed verification ends the
 * session and leads to login with nothing of the shopper's left in the cache.
 */

afterEach(() => {
  clearStoredTokens();
});

const silk = silkCartLine;

const SESSION = { name: 'Asha', email: 'asha@example.com', role: 'user', auth_provider: 'local' } as const;

/** What the server's /cart carries after #root. */
const cartPage: ServerState = {
  viewport: 'desktop',
  session: SESSION,
  reads: [
    { key: cartKeys.ids(), data: [1] },
    { key: wishlistKeys.ids(), data: [] },
    { key: cartListKeys.list(), data: [silk] },
  ],
};

describe('a page the server rendered signed in', () => {
  it('/cart: shows the screen while the verification runs, which it still makes, and reads nothing again', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => verification.promise,
      'GET /api/cart/list': ok([silk]),
      'GET /api/list/cart_wishlist': ok({ cart: [1], wishlist: [] }),
    });
    renderApp('/cart', { serverState: cartPage });

    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Cart' })).toBeInTheDocument();
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Cart, 1 item' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1));

    verification.resolve(ok(loginData({ name: 'Asha', access_token: 'new-access', refresh_token: 'new-refresh' }), 'Token verified'));
    await waitFor(() => expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh'));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.getByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
    // The cart and the ids came with the page: this visit's reads.
    expect(api.callsTo('GET', '/api/cart/list')).toHaveLength(0);
    expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(0);
  });

  it('/cart: a failed verification ends the session, leads to login and leaves nothing of the shopper in the cache', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    stubApi({ 'POST /api/auth/verify/token': () => verification.promise });
    const { router, queryClient } = renderApp('/cart', { serverState: cartPage });
    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();

    verification.resolve(fail('Session expired', -2));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: '/cart' });
    expect(screen.queryByText('Kanjeevaram Silk Saree')).not.toBeInTheDocument();
    expect(screen.queryByText('Hello, Asha')).not.toBeInTheDocument();
    for (const key of [cartListKeys.list(), cartKeys.ids(), wishlistKeys.ids()]) expect(queryClient.getQueryState(key)).toBeUndefined();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });

  it('/cart: a logout while the verification runs stays a logout when the verification answers', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({ 'POST /api/auth/verify/token': () => verification.promise, 'POST /api/auth/logout': ok(null, 'Successfully logged out') });
    const user = userEvent.setup();
    const { router } = renderApp('/cart', { serverState: cartPage });
    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    verification.resolve(ok(loginData({ name: 'Asha', access_token: 'new-access', refresh_token: 'new-refresh' }), 'Token verified'));
    await new Promise((done) => setTimeout(done, 50));
    expect(screen.queryByText('Hello, Asha')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toBeInTheDocument();
  });

  it('/cart: without a refresh token in this browser, the verification fails at once and leads to login', async () => {
    document.cookie = 'user_token=old-access; Path=/';
    const api = stubApi({});
    const { router } = renderApp('/cart', { serverState: cartPage });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(0);
    expect(document.cookie).not.toContain('user_token');
  });

  it('/orders: shows the orders while the verification runs, without reading their first page again', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => verification.promise,
      'GET /api/order/list': ok([historyOrder(1)]),
    });
    renderApp('/orders', {
      serverState: {
        viewport: 'desktop',
        session: SESSION,
        reads: [
          { key: cartKeys.ids(), data: [] },
          { key: orderKeys.list(), data: { pages: [[historyOrder(1)]], pageParams: [0] } },
        ],
      },
    });
    expect(await screen.findByRole('link', { name: orderId(1) })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Orders' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Loading' })).not.toBeInTheDocument();
    verification.resolve(ok(loginData({ name: 'Asha' }), 'Token verified'));
    await new Promise((done) => setTimeout(done, 50));
    expect(api.callsTo('GET', '/api/order/list')).toHaveLength(0);
  });

  it('another protected screen of a page drawn for a visitor still waits for the verification', async () => {
    storeTokens();
    const verification = deferred<StubEnvelope>();
    stubApi({ 'POST /api/auth/verify/token': () => verification.promise, 'GET /api/cart/list': ok([silk]) });
    renderApp('/cart', { serverState: { viewport: 'desktop', reads: [] } });
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: 'Cart' })).not.toBeInTheDocument();
    verification.resolve(ok(loginData({ name: 'Asha' }), 'Token verified'));
    expect(await screen.findByRole('listitem', { name: 'Kanjeevaram Silk Saree' })).toBeInTheDocument();
  });
});
