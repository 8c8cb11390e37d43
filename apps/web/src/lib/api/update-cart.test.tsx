import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { deferred, toastType } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore, type StoreAnswer } from '../../test/store-stub';
import { useSession } from '../session';
import { useCartIds } from './get-cart-wishlist-ids';
import { cartKeys } from './session-keys';
import { useCartItem } from './update-cart';

/** Two products' cart buttons and the cart's ids as every screen sees them. */
function CartPanel() {
  const { logout } = useSession();
  const ids = useCartIds();
  const saree = useCartItem({ id: 7, quantity: 3 });
  const jhumka = useCartItem({ id: 8, quantity: 2 });
  return (
    <>
      <p data-testid="ids">{ids ? ids.join(',') : 'none'}</p>
      <button type="button" onClick={() => void (saree.inCart ? saree.remove() : saree.add())} aria-busy={saree.pending}>
        {saree.inCart ? 'Remove saree' : 'Add saree'}
      </button>
      <button type="button" onClick={() => void jhumka.add()} aria-busy={jhumka.pending}>
        Add jhumka
      </button>
      <button type="button" onClick={logout}>
        Logout
      </button>
    </>
  );
}

const ids = () => screen.getByTestId('ids');

describe('cart mutations (useCartItem)', () => {
  it('puts the product in the cart at once, then takes the list the server answers', async () => {
    const answer = deferred<StoreAnswer>();
    const api = stubStore({ 'PUT /api/cart/add': () => answer.promise });
    const user = userEvent.setup();
    const { queryClient } = renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    // Optimistic: before any answer, the cached ids (badge, every button) have the product.
    await waitFor(() => expect(ids()).toHaveTextContent('3,7'));
    expect(screen.getByRole('button', { name: 'Remove saree' })).toHaveAttribute('aria-busy', 'true');
    // The server's list wins, whatever it holds (here another tab added 5 meanwhile).
    answer.resolve(envelope([3, 5, 7], 1, 'Added to cart'));
    expect(toastType(await screen.findByText('Added to cart'))).toBe('success');
    await waitFor(() => expect(ids()).toHaveTextContent('3,5,7'));
    expect(queryClient.getQueryData(cartKeys.ids())).toEqual([3, 5, 7]);
    // A reload right after the press does not cancel the add (RequestInit keepalive).
    expect(api.callsTo('PUT', '/api/cart/add').map((call) => call.keepalive)).toEqual([true]);
  });

  it("rolls back and shows the server's warning when it refuses, without reloading the ids", async () => {
    const answer = deferred<StoreAnswer>();
    const api = stubStore({ 'PUT /api/cart/add': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    await waitFor(() => expect(ids()).toHaveTextContent('3,7'));
    answer.resolve(envelope(null, 0, 'Product out of stock.'));
    expect(toastType(await screen.findByText('Product out of stock.'))).toBe('warning');
    await waitFor(() => expect(ids()).toHaveTextContent(/^3$/));
    expect(screen.getByRole('button', { name: 'Add saree' })).toHaveAttribute('aria-busy', 'false');
    // The server said no: nothing to learn from asking again.
    expect(api.callsTo('GET', '/api/cart/id/list')).toHaveLength(0);
  });

  it("rolls back on a lost answer, says 'Failed to add to cart', and reloads the ids to learn the outcome", async () => {
    const api = stubStore({
      'PUT /api/cart/add': { status: 502, body: 'Bad gateway' },
      // The add did reach the server before the answer was lost.
      'GET /api/cart/id/list': envelope([3, 7]),
    });
    const user = userEvent.setup();
    renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    expect(toastType(await screen.findByText('Failed to add to cart'))).toBe('error');
    await waitFor(() => expect(api.callsTo('GET', '/api/cart/id/list')).toHaveLength(1));
    await waitFor(() => expect(ids()).toHaveTextContent('3,7'));
  });

  it('undoes only its own change when another product is being added at the same time', async () => {
    const sareeAnswer = deferred<StoreAnswer>();
    const jhumkaAnswer = deferred<StoreAnswer>();
    stubStore({
      'PUT /api/cart/add': (call) => ((call.body as { item_id: number }).item_id === 7 ? sareeAnswer.promise : jhumkaAnswer.promise),
    });
    const user = userEvent.setup();
    renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    await user.click(screen.getByRole('button', { name: 'Add jhumka' }));
    await waitFor(() => expect(ids()).toHaveTextContent('3,7,8'));
    sareeAnswer.resolve(envelope(null, -1, 'Could not add the saree.'));
    expect(toastType(await screen.findByText('Could not add the saree.'))).toBe('error');
    // The saree leaves; the jhumka, still on its way, stays.
    await waitFor(() => expect(ids()).toHaveTextContent(/^3,8$/));
    jhumkaAnswer.resolve(envelope([3, 8]));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    expect(ids()).toHaveTextContent(/^3,8$/);
  });

  it('takes the product out at once and puts it back when the remove fails', async () => {
    const answer = deferred<StoreAnswer>();
    const api = stubStore({ 'POST /api/cart/remove': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3, 7] } });
    await user.click(screen.getByRole('button', { name: 'Remove saree' }));
    await waitFor(() => expect(ids()).toHaveTextContent(/^3$/));
    answer.resolve({ status: 500, body: { code: -1, message: '', data: null } });
    // No message from the server: the call's own text.
    expect(toastType(await screen.findByText('Failed to remove from cart'))).toBe('error');
    await waitFor(() => expect(ids()).toHaveTextContent('3,7'));
    expect(api.callsTo('POST', '/api/cart/remove').map((call) => call.keepalive)).toEqual([true]);
  });

  it('leaves the cache alone when the answer comes after the user logged out', async () => {
    const answer = deferred<StoreAnswer>();
    stubStore({ 'PUT /api/cart/add': () => answer.promise, 'POST /api/auth/logout': envelope(null) });
    const user = userEvent.setup();
    const { queryClient } = renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    await waitFor(() => expect(ids()).toHaveTextContent('3,7'));
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    await waitFor(() => expect(queryClient.getQueryData(cartKeys.ids())).toBeUndefined());
    answer.resolve(envelope([3, 7]));
    expect(await screen.findByText('Added to cart')).toBeInTheDocument();
    // The previous user's cart does not come back for whoever logs in next.
    expect(queryClient.getQueryData(cartKeys.ids())).toBeUndefined();
    expect(ids()).toHaveTextContent('none');
  });

  it("ends the session on -2: 'Please login to continue.', the login screen, and no cart left in the cache", async () => {
    stubStore({ 'PUT /api/cart/add': envelope(null, -2, 'Session expired') });
    const user = userEvent.setup();
    const { router, queryClient } = renderWithStore(<CartPanel />, { session: { ...shopper, cart: [3] } });
    await user.click(screen.getByRole('button', { name: 'Add saree' }));
    expect(toastType(await screen.findByText('Please login to continue.'))).toBe('warning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    await waitFor(() => expect(queryClient.getQueryData(cartKeys.ids())).toBeUndefined());
  });
});
