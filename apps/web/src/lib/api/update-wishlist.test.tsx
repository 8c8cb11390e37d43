import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useQuery } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { deferred, toastType } from '../../test/api-stub';
import { envelope, renderWithStore, shopper, stubStore, type StoreAnswer } from '../../test/store-stub';
import { useCartIds, useWishlistIds } from './get-cart-wishlist-ids';
import { wishlistKeys } from './session-keys';
import { useWishlistItem } from './update-wishlist';

function Heart({ id }: { id: number }) {
  const { saved, pending, toggle } = useWishlistItem(id);
  return (
    <button type="button" aria-pressed={saved} aria-busy={pending} onClick={() => void toggle()}>
      Heart {id}
    </button>
  );
}

/** Stands in for the wishlist screen's list (fresh for ever unless invalidated); counts its loads. */
function SavedList() {
  const list = useQuery({ queryKey: wishlistKeys.list(), queryFn: () => Promise.resolve((loads += 1)), staleTime: Infinity });
  return <p data-testid="list">{`loaded ${list.data ?? 0}`}</p>;
}
let loads = 0;

function Ids() {
  const wishlist = useWishlistIds();
  const cart = useCartIds();
  return <p data-testid="ids">{`${wishlist?.join(',') ?? 'none'}|${cart?.join(',') ?? 'none'}`}</p>;
}

describe('wishlist mutations (useWishlistItem)', () => {
  it('turns every heart of the product at once, keeps the server list, and reloads the saved list', async () => {
    loads = 0;
    const answer = deferred<StoreAnswer>();
    const api = stubStore({ 'PUT /api/wishlist/add': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <Heart id={9} />
        <Heart id={9} />
        <SavedList />
        <Ids />
      </>,
      { session: { ...shopper, wishlist: [1], cart: [2] } },
    );
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('loaded 1'));
    const [first, second] = screen.getAllByRole('button', { name: 'Heart 9' });
    await user.click(first!);
    await waitFor(() => expect(second).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('ids')).toHaveTextContent('1,9|2');
    answer.resolve(envelope([1, 9]));
    expect(toastType(await screen.findByText('Saved to wishlist'))).toBe('success');
    await waitFor(() => expect(screen.getByTestId('list')).toHaveTextContent('loaded 2'));
    // The ids came with the answer; the cart was not touched.
    expect(screen.getByTestId('ids')).toHaveTextContent('1,9|2');
    expect(api.callsTo('GET', '/api/wishlist/id/list')).toHaveLength(0);
    // A reload right after the press does not cancel the save (RequestInit keepalive).
    expect(api.callsTo('PUT', '/api/wishlist/add').map((call) => call.keepalive)).toEqual([true]);
  });

  it('turns the heart back when the remove is refused', async () => {
    const answer = deferred<StoreAnswer>();
    stubStore({ 'POST /api/wishlist/remove': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <Heart id={9} />
        <Ids />
      </>,
      { session: { ...shopper, wishlist: [9] } },
    );
    await user.click(screen.getByRole('button', { name: 'Heart 9' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Heart 9' })).toHaveAttribute('aria-pressed', 'false'));
    answer.resolve(envelope(null, -1, 'Try again later.'));
    expect(toastType(await screen.findByText('Try again later.'))).toBe('error');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Heart 9' })).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('ids')).toHaveTextContent('9|');
  });

  it('ignores a second press while the first is on its way', async () => {
    const answer = deferred<StoreAnswer>();
    const api = stubStore({ 'PUT /api/wishlist/add': () => answer.promise });
    const user = userEvent.setup();
    renderWithStore(
      <>
        <Heart id={9} />
        <Heart id={9} />
      </>,
      { session: { ...shopper, wishlist: [] } },
    );
    const [first, second] = screen.getAllByRole('button', { name: 'Heart 9' });
    await user.click(first!);
    await user.click(second!);
    answer.resolve(envelope([9]));
    expect(await screen.findByText('Saved to wishlist')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/wishlist/add')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/wishlist/remove')).toHaveLength(0);
  });
});

describe('cart and wishlist ids (the query cache)', () => {
  it('load both lists with one call after login, then each list on its own', async () => {
    const api = stubStore({
      'GET /api/list/cart_wishlist': envelope({ cart: [2], wishlist: [1] }),
      'GET /api/wishlist/id/list': envelope([1, 4]),
    });
    const { queryClient } = renderWithStore(<Ids />, { session: { ...shopper, cart: undefined, wishlist: undefined } });
    expect(await screen.findByText('1|2')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(1);
    await queryClient.invalidateQueries({ queryKey: wishlistKeys.ids() });
    expect(await screen.findByText('1,4|2')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(1);
    expect(api.callsTo('GET', '/api/cart/id/list')).toHaveLength(0);
  });
});
