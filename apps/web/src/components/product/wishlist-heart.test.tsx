import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { toastType } from '../../test/api-stub';
import { deferred } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore, type StoreAnswer } from '../../test/store-stub';
import { WishlistHeart } from './wishlist-heart';

describe('WishlistHeart', () => {
  it('saves and removes, and every heart of the same product follows', async () => {
    const api = stubStore({
      'PUT /api/wishlist/add': envelope([1, 9]),
      'POST /api/wishlist/remove': envelope([1]),
    });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <WishlistHeart itemId={9} />
        <WishlistHeart itemId={9} />
      </>,
      { session: { ...shopper, wishlist: [1] } },
    );
    const [first] = screen.getAllByRole('button', { name: 'Save to wishlist' });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    await user.click(first!);
    expect(toastType(await screen.findByText('Saved to wishlist'))).toBe('success');
    const removes = screen.getAllByRole('button', { name: 'Remove from wishlist' });
    expect(removes).toHaveLength(2);
    expect(removes[1]).toHaveAttribute('aria-pressed', 'true');
    expect(api.callsTo('PUT', '/api/wishlist/add')[0]?.body).toEqual({ item_id: 9 });
    await user.click(removes[1]!);
    expect(toastType(await screen.findByText('Removed from wishlist'))).toBe('success');
    expect(screen.getAllByRole('button', { name: 'Save to wishlist' })).toHaveLength(2);
    expect(api.callsTo('POST', '/api/wishlist/remove')[0]?.body).toEqual({ item_id: 9 });
  });

  it("shows 'Wishlist limit reached.' as a warning and turns the heart back", async () => {
    const answer = deferred<StoreAnswer>();
    stubStore({ 'PUT /api/wishlist/add': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(<WishlistHeart itemId={9} />, { session: shopper });
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    // Optimistic: pressed at once.
    expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toHaveAttribute('aria-pressed', 'true');
    answer.resolve(envelope(null, 0, 'Wishlist limit reached.'));
    expect(toastType(await screen.findByText('Wishlist limit reached.'))).toBe('warning');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save to wishlist' })).toHaveAttribute('aria-pressed', 'false'));
  });

  it('says the limit without a call when 20 products are saved already', async () => {
    const api = stubStore({});
    const user = userEvent.setup();
    const twenty = Array.from({ length: 20 }, (_, n) => n + 100);
    renderWithStore(<WishlistHeart itemId={9} />, { session: { ...shopper, wishlist: twenty } });
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    expect(toastType(await screen.findByText('Wishlist limit reached.'))).toBe('warning');
    expect(api.calls).toHaveLength(0);
  });

  it('falls back to the failure texts when the server cannot be reached', async () => {
    stubStore({ 'POST /api/wishlist/remove': { status: 500, body: 'oops' }, 'PUT /api/wishlist/add': { status: 500, body: 'oops' } });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <WishlistHeart itemId={9} />
        <WishlistHeart itemId={4} />
      </>,
      { session: { ...shopper, wishlist: [9] } },
    );
    await user.click(screen.getByRole('button', { name: 'Remove from wishlist' }));
    expect(toastType(await screen.findByText('Failed to remove from wishlist.'))).toBe('error');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Remove from wishlist' })).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    expect(toastType(await screen.findByText('Failed to save to wishlist.'))).toBe('error');
  });

  it('sends a visitor to the login screen with the wishlist warning', async () => {
    const api = stubStore({});
    const user = userEvent.setup();
    const { router } = renderWithStore(<WishlistHeart itemId={9} />);
    await user.click(screen.getByRole('button', { name: 'Save to wishlist' }));
    expect(toastType(await screen.findByText('Please login to add product to your wishlist.'))).toBe('warning');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(api.calls).toHaveLength(0);
  });
});
