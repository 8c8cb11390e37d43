import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { Outlet, type RouteObject } from 'react-router';
import { renderApp } from '../test/render-app';
import { STOREFRONT_MESSAGES } from '@ssd/shared/storefront-messages';
import { ToastStack } from '../components/ui/toast';
import { deferred, fail, loginData, ok, stubApi, toastType, type StubEnvelope } from '../test/api-stub';
import { cartIdsQueryOptions, useCartIds, wishlistIdsQueryOptions } from './api/get-cart-wishlist-ids';
import { cartKeys, userKeys, wishlistKeys } from './api/session-keys';
import { useWishlistItem } from './api/update-wishlist';
import { useSession } from './session';

/** Watches the cached ids without asking for them: what is there, the session put there. */
function useCachedIds() {
  const cart = useQuery({ ...cartIdsQueryOptions(), enabled: false }).data ?? null;
  const wishlist = useQuery({ ...wishlistIdsQueryOptions(), enabled: false }).data ?? null;
  return { cart, wishlist };
}

function Probe() {
  const session = useSession();
  const lists = useCachedIds();
  if (session.verifying) return <p>verifying</p>;
  return (
    <dl>
      <dt>state</dt>
      <dd data-testid="state">{session.isLoggedIn ? `in:${session.userName}:${session.userRole}:${session.authProvider}` : 'out'}</dd>
      <dt>lists</dt>
      <dd data-testid="lists">{`${JSON.stringify(lists.cart)}|${JSON.stringify(lists.wishlist)}`}</dd>
      <button type="button" onClick={session.logout}>
        Logout
      </button>
    </dl>
  );
}

const probeRoutes: RouteObject[] = [{ path: '/', element: <Probe /> }];

function storeTokens(access = 'old-access', refresh = 'old-refresh') {
  document.cookie = `user_token=${access}; Path=/`;
  window.localStorage.setItem('refresh_token', refresh);
  window.localStorage.setItem('auth_provider', 'local');
}

describe('startup verification', () => {
  it('verifies the stored tokens, stores the rotated ones, logs in and fetches cart and wishlist', async () => {
    storeTokens();
    const api = stubApi({
      'POST /api/auth/verify/token': ok(
        loginData({ access_token: 'new-access', refresh_token: 'new-refresh', role: 'ssd_admin' }),
        'Token verified',
      ),
      'GET /api/list/cart_wishlist': ok({ cart: [5, 6, 7], wishlist: [9] }),
    });
    renderApp('/', { routeTable: probeRoutes });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('in:Asha:ssd_admin:local'));
    const verify = api.callsTo('POST', '/api/auth/verify/token');
    expect(verify).toHaveLength(1);
    expect(verify[0]?.body).toEqual({ refreshToken: 'old-refresh' });
    expect(verify[0]?.headers).toMatchObject({ Authorization: 'Bearer old-access', 'X-Refresh-Token': 'old-refresh' });
    expect(document.cookie).toContain('user_token=new-access');
    expect(window.localStorage.getItem('refresh_token')).toBe('new-refresh');

    await waitFor(() => expect(screen.getByTestId('lists')).toHaveTextContent('[5,6,7]|[9]'));
    // Both lists from one call (spec 1 §4), sent with the rotated tokens.
    expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/list/cart_wishlist')[0]?.headers).toMatchObject({
      Authorization: 'Bearer new-access',
      'X-Refresh-Token': 'new-refresh',
    });
  });

  it('sends the verified tokens with a read that a part drawn with the verified session starts at once (the navbar badge, an admin screen)', async () => {
    // A child's effects run before the provider's: a query enabled in the commit that ends the verification
    // starts before the provider's own effects have run (on an admin page load, CI once sent it without a token).
    storeTokens();
    const api = stubApi({
      'POST /api/auth/verify/token': ok(loginData({ access_token: 'new-access', refresh_token: 'new-refresh' }), 'Token verified'),
      'GET /api/list/cart_wishlist': ok({ cart: [5], wishlist: [9] }),
    });
    function CartBadge() {
      const ids = useCartIds();
      return <p data-testid="badge">{ids ? `cart ${ids.length}` : 'no cart'}</p>;
    }
    renderApp('/', { routeTable: [{ path: '/', element: <CartBadge /> }] });
    await waitFor(() => expect(screen.getByTestId('badge')).toHaveTextContent('cart 1'));
    const reads = api.callsTo('GET', '/api/list/cart_wishlist');
    expect(reads).toHaveLength(1);
    expect(reads[0]?.headers).toMatchObject({ Authorization: 'Bearer new-access', 'X-Refresh-Token': 'new-refresh' });
  });

  it("drops the user's cart, wishlist and profile from the query cache at logout", async () => {
    stubApi({ 'POST /api/auth/logout': ok(null) });
    const user = userEvent.setup();
    const { queryClient } = renderApp('/', {
      routeTable: probeRoutes,
      session: { isLoggedIn: true, userName: 'Asha', userToken: 'a', refreshToken: 'r', cart: [3], wishlist: [4] },
    });
    queryClient.setQueryData([...userKeys.all, 'me', 'asha@example.com'], { name: 'Asha' });
    await waitFor(() => expect(screen.getByTestId('lists')).toHaveTextContent('[3]|[4]'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('out'));
    await waitFor(() => expect(queryClient.getQueryData(cartKeys.ids())).toBeUndefined());
    expect(queryClient.getQueryData(wishlistKeys.ids())).toBeUndefined();
    expect(queryClient.getQueryCache().findAll({ queryKey: userKeys.all })).toHaveLength(0);
  });


  it('stays logged out silently and forgets the tokens when verification fails', async () => {
    storeTokens();
    const api = stubApi({ 'POST /api/auth/verify/token': fail('Session expired', -2) });
    renderApp('/', { routeTable: probeRoutes });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('out'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('Session expired')).not.toBeInTheDocument();
    expect(document.cookie).not.toContain('user_token');
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
    expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(0);
  });

  it('keeps the tokens when the server cannot be reached', async () => {
    storeTokens();
    stubApi({});
    renderApp('/', { routeTable: probeRoutes });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('out'));
    expect(window.localStorage.getItem('refresh_token')).toBe('old-refresh');
  });

  it('makes no call without the user_token cookie', async () => {
    window.localStorage.setItem('refresh_token', 'orphan');
    const api = stubApi({});
    renderApp('/', { routeTable: probeRoutes });
    expect(await screen.findByTestId('state')).toHaveTextContent('out');
    expect(api.calls).toHaveLength(0);
  });

  it('sends one verification per page load, however many ask for it', async () => {
    storeTokens();
    const answer = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => answer.promise,
      'GET /api/list/cart_wishlist': ok({ cart: [], wishlist: [] }),
    });
    renderApp('/', { routeTable: probeRoutes });
    renderApp('/', { routeTable: probeRoutes });
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1));
    answer.resolve(ok(loginData({ refresh_token: 'new-refresh' })));
    await waitFor(() => expect(screen.getAllByTestId('state').map((node) => node.textContent)).toEqual(['in:Asha:user:local', 'in:Asha:user:local']));
    expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1);
  });

  it('retries with the refresh token another tab rotated meanwhile instead of logging out', async () => {
    storeTokens();
    const api = stubApi({
      'POST /api/auth/verify/token': (call) => {
        const sent = (call.body as { refreshToken: string }).refreshToken;
        if (sent === 'old-refresh') {
          // The other tab won the race: it rotated the token before our answer came back.
          document.cookie = 'user_token=tab-access; Path=/';
          window.localStorage.setItem('refresh_token', 'tab-refresh');
          return fail('Refresh token already used', -2);
        }
        return ok(loginData({ access_token: 'final-access', refresh_token: 'final-refresh' }));
      },
      'GET /api/list/cart_wishlist': ok({ cart: [], wishlist: [] }),
    });
    renderApp('/', { routeTable: probeRoutes });
    await waitFor(() => expect(screen.getByTestId('state')).toHaveTextContent('in:Asha'));
    expect(api.callsTo('POST', '/api/auth/verify/token').map((call) => call.body)).toEqual([
      { refreshToken: 'old-refresh' },
      { refreshToken: 'tab-refresh' },
    ]);
    expect(window.localStorage.getItem('refresh_token')).toBe('final-refresh');
  });

  it('makes the login guard wait for the verification instead of redirecting', async () => {
    storeTokens();
    const answer = deferred<StubEnvelope>();
    stubApi({
      'POST /api/auth/verify/token': () => answer.promise,
      'GET /api/list/cart_wishlist': ok({ cart: [], wishlist: [] }),
      'GET /api/user/me': ok({ name: 'Asha', email: 'asha@example.com', auth_provider: 'local' }),
    });
    const { router } = renderApp('/profile');
    expect(await screen.findByRole('status', { name: 'Loading' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    answer.resolve(ok(loginData()));
    expect(await screen.findByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
  });
});

/** A product's wishlist button, as the product page and the cards have it. */
function SaveButton() {
  const { saved, toggle } = useWishlistItem(9);
  return (
    <button type="button" onClick={() => void toggle()}>
      {saved ? 'Remove from wishlist' : 'Save to wishlist'}
    </button>
  );
}
const pressRoutes: RouteObject[] = [
  {
    element: (
      <>
        <Outlet />
        <ToastStack />
      </>
    ),
    children: [
      { path: '/', element: <SaveButton /> },
      { path: '/auth/login', element: <h1>Login screen</h1> },
    ],
  },
];

describe('a press that needs a shopper while the startup verification runs (a page the app drew logged out)', () => {
  it("is held until the stored tokens check out, then done with the verified session's token: not sent to login", async () => {
    storeTokens();
    const answer = deferred<StubEnvelope>();
    const api = stubApi({
      'POST /api/auth/verify/token': () => answer.promise,
      'GET /api/list/cart_wishlist': ok({ cart: [], wishlist: [] }),
      'PUT /api/wishlist/add': ok([9]),
    });
    const user = userEvent.setup();
    const { router } = renderApp('/', { routeTable: pressRoutes });
    await user.click(await screen.findByRole('button', { name: 'Save to wishlist' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByText(STOREFRONT_MESSAGES.loginForWishlist)).not.toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/wishlist/add')).toHaveLength(0);

    answer.resolve(ok(loginData({ access_token: 'new-access', refresh_token: 'new-refresh' })));
    expect(toastType(await screen.findByText(STOREFRONT_MESSAGES.savedToWishlist))).toBe('success');
    const add = api.callsTo('PUT', '/api/wishlist/add');
    expect(add).toHaveLength(1);
    expect(add[0]?.body).toEqual({ item_id: 9 });
    expect(add[0]?.headers).toMatchObject({ Authorization: 'Bearer new-access' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes to login with the wishlist warning once the stored tokens turn out to be over', async () => {
    storeTokens();
    const answer = deferred<StubEnvelope>();
    const api = stubApi({ 'POST /api/auth/verify/token': () => answer.promise });
    const user = userEvent.setup();
    const { router } = renderApp('/', { routeTable: pressRoutes });
    await user.click(await screen.findByRole('button', { name: 'Save to wishlist' }));
    await waitFor(() => expect(api.callsTo('POST', '/api/auth/verify/token')).toHaveLength(1));
    expect(router.state.location.pathname).toBe('/');
    answer.resolve(fail('Session expired', -2));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login screen' })).toBeInTheDocument();
    expect(toastType(screen.getByText(STOREFRONT_MESSAGES.loginForWishlist))).toBe('warning');
  });
});
