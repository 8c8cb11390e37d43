import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ProductCard } from '@ssd/shared/storefront';
import { toastType } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore } from '../../test/store-stub';
import { useCartIds } from '../../lib/api/get-cart-wishlist-ids';
import { CartButton } from './cart-button';

const saree: ProductCard = {
  id: 7,
  title: 'Banarasi Silk Saree',
  catalog: 'Sarees',
  shop: 'fabrics',
  price: 4999,
  market_price: 6999,
  thumbnail_image: 'file-7',
  quantity: 3,
};

function CartCount() {
  const cart = useCartIds();
  return <p data-testid="cart-count">{cart?.length ?? 'none'}</p>;
}

describe('CartButton', () => {
  it('adds to the cart with a spinner meanwhile, then says Added to cart and shows the in-cart state', async () => {
    let release!: () => void;
    const api = stubStore({
      'PUT /api/cart/add': () =>
        new Promise((done) => {
          release = () => done(envelope([3, 7], 1, 'Added'));
        }),
    });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <CartButton item={saree} />
        <CartCount />
      </>,
      { session: { ...shopper, cart: [3] } },
    );
    await user.click(screen.getByRole('button', { name: 'Add Banarasi Silk Saree to cart' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Add Banarasi Silk Saree to cart' })).toBeDisabled());
    release();
    expect(toastType(await screen.findByText('Added to cart'))).toBe('success');
    expect(api.callsTo('PUT', '/api/cart/add')[0]?.body).toEqual({ item_id: 7 });
    expect(screen.getByTestId('cart-count')).toHaveTextContent('2');
    expect(screen.getByRole('button', { name: 'View Cart (Banarasi Silk Saree is in your cart)' })).toBeEnabled();
  });

  it('goes to /cart with View Cart', async () => {
    const user = userEvent.setup();
    const { router } = renderWithStore(<CartButton item={saree} />, { session: { ...shopper, cart: [7] } });
    await user.click(screen.getByRole('button', { name: /View Cart/ }));
    expect(router.state.location.pathname).toBe('/cart');
  });

  it('shows a labelled, disabled in-cart state instead of a dead link while the cart screen is not live', async () => {
    const paths = await import('../../lib/paths');
    const spy = vi.spyOn(paths, 'isLive').mockImplementation((key) => key !== 'cart' && paths.SCREENS[key].live);
    renderWithStore(<CartButton item={saree} />, { session: { ...shopper, cart: [7] } });
    expect(screen.getByRole('button', { name: 'In cart: Banarasi Silk Saree' })).toBeDisabled();
    spy.mockRestore();
  });

  it('sends a visitor to the login screen with the cart warning', async () => {
    const api = stubStore({});
    const user = userEvent.setup();
    const { router } = renderWithStore(<CartButton item={saree} />);
    await user.click(screen.getByRole('button', { name: 'Add Banarasi Silk Saree to cart' }));
    expect(toastType(await screen.findByText('Please login to add product to your cart.'))).toBe('warning');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.calls).toHaveLength(0);
  });

  it.each([0, -2])('warns Product out of stock for quantity %i without calling the server', async (quantity) => {
    const api = stubStore({});
    const user = userEvent.setup();
    renderWithStore(<CartButton item={{ ...saree, quantity }} />, { session: shopper });
    await user.click(screen.getByRole('button', { name: 'Add Banarasi Silk Saree to cart' }));
    expect(toastType(await screen.findByText('Product out of stock'))).toBe('warning');
    expect(api.calls).toHaveLength(0);
  });

  it("shows the server's warning, and the fallback text when the server cannot be reached", async () => {
    let answer = envelope(null, 0, 'Only 3 left in stock.');
    stubStore({ 'PUT /api/cart/add': () => answer });
    const user = userEvent.setup();
    renderWithStore(<CartButton item={saree} />, { session: shopper });
    const button = screen.getByRole('button', { name: 'Add Banarasi Silk Saree to cart' });
    await user.click(button);
    expect(toastType(await screen.findByText('Only 3 left in stock.'))).toBe('warning');
    answer = { status: 502, body: 'Bad gateway' };
    await user.click(button);
    expect(toastType(await screen.findByText('Failed to add to cart'))).toBe('error');
  });
});
