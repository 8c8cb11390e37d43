import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { toastType } from '../../../test/api-stub';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore } from '../../../test/store-stub';
// Loaded up front so the route's lazy chunk resolves at once.
import './wishlist-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

const card = (id: number, title: string, quantity = 2) => ({
  id,
  title,
  catalog: 'Sarees',
  shop: 'fabrics',
  price: 2499,
  market_price: 2999,
  thumbnail_image: `file-${id}`,
  quantity,
});

const saved = [card(4, 'Temple Necklace'), card(5, 'Kota Doria Saree', 0)];
const session = { ...shopper, wishlist: [4, 5], cart: [] };

describe('wishlist screen', () => {
  it('sends a visitor to the login screen', async () => {
    stubStore({});
    const { router } = renderApp('/wishlist');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it("lists the saved products under 'My Wishlist (2)' and removes one", async () => {
    const api = stubStore({
      'GET /api/wishlist/list': envelope({ wishlist: saved }),
      'POST /api/wishlist/remove': envelope([5]),
    });
    const user = userEvent.setup();
    renderApp('/wishlist', { session });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Wishlist (2)' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Wishlist | SSD'));
    expect(screen.getByText('Temple Necklace')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove Temple Necklace from wishlist' }));
    expect(toastType(await screen.findByText('Removed from wishlist'))).toBe('success');
    expect(api.callsTo('POST', '/api/wishlist/remove')[0]?.body).toEqual({ item_id: 4 });
    expect(await screen.findByRole('heading', { level: 1, name: 'My Wishlist (1)' })).toBeInTheDocument();
    expect(screen.queryByText('Temple Necklace')).not.toBeInTheDocument();
  });

  it("adds to and removes from the cart, and says 'This item is out of stock' for an out-of-stock one", async () => {
    const api = stubStore({
      'GET /api/wishlist/list': envelope({ wishlist: saved }),
      'PUT /api/cart/add': envelope([4]),
      'POST /api/cart/remove': envelope([]),
    });
    const user = userEvent.setup();
    renderApp('/wishlist', { session });
    await user.click(await screen.findByRole('button', { name: 'Add Temple Necklace to cart' }));
    expect(toastType(await screen.findByText('Added to cart'))).toBe('success');
    await user.click(await screen.findByRole('button', { name: 'Remove Temple Necklace from cart' }));
    expect(toastType(await screen.findByText('Removed from cart'))).toBe('success');
    await user.click(screen.getByRole('button', { name: 'Add Kota Doria Saree to cart' }));
    expect(toastType(await screen.findByText('This item is out of stock'))).toBe('warning');
    expect(api.callsTo('PUT', '/api/cart/add')).toHaveLength(1);
  });

  it("says 'Your wishlist is empty'", async () => {
    stubStore({ 'GET /api/wishlist/list': envelope({ wishlist: [] }) });
    renderApp('/wishlist', { session: { ...shopper, wishlist: [] } });
    expect(await screen.findByText('Your wishlist is empty')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'My Wishlist (0)' })).toBeInTheDocument();
  });

  it('shows the load error with Try Again, which loads again', async () => {
    let up = false;
    stubStore({
      'GET /api/wishlist/list': () => (up ? envelope({ wishlist: saved }) : { status: 503, body: 'down' }),
    });
    const user = userEvent.setup();
    renderApp('/wishlist', { session });
    expect(await screen.findByText('Failed to connect to our server.')).toBeInTheDocument();
    up = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await screen.findByText('Temple Necklace')).toBeInTheDocument();
  });

  it('goes to the login screen when the list answers -2', async () => {
    stubStore({ 'GET /api/wishlist/list': envelope(null, -2, 'Session expired') });
    const { router } = renderApp('/wishlist', { session });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(toastType(await screen.findByText('Please login to continue.'))).toBe('warning');
  });
});
