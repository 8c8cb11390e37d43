import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { ContentItem } from '@ssd/shared/content';
import type { Review } from '@ssd/shared/storefront';
import { toastType } from '../../../test/api-stub';
import { matchMediaController } from '../../../test/match-media';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore, type StoreAnswer, type StoreCall } from '../../../test/store-stub';
import { productPath } from '../../../lib/product-path';
// Loaded up front so the route's lazy chunk resolves at once.
import './product-screen';

const saree: ContentItem = {
  id: 7,
  title: 'Banarasi Silk Saree',
  shop: 'fabrics',
  catalog: 'Sarees',
  price: 4999,
  market_price: 6999,
  thumbnail_image: 'file-thumb',
  quantity: 3,
  tags: ['silk', 'trending'],
  description: 'Pure silk > Zari border<script>alert("x")</script> > Handwoven',
  size_description: '5.5 m saree with 0.8 m blouse piece',
  images: [
    { id: 1, directus_files_id: 'file-a' },
    { id: 2, directus_files_id: 'file-b' },
  ],
  rating: null,
  created_on: '2025-01-01T00:00:00.000Z',
  updated_on: '2025-01-02T00:00:00.000Z',
};

const card = (id: number, title: string, quantity = 2) => ({
  id,
  title,
  catalog: 'Sarees',
  shop: 'fabrics',
  price: 1999,
  market_price: null,
  thumbnail_image: `file-${id}`,
  quantity,
});

const review = (n: number): Review => ({
  user_name: `Reviewer ${n}`,
  rating: 4,
  review: `Review text ${n}`,
  created_at: '2025-03-01T10:00:00.000Z',
});

function stubProduct(
  item: ContentItem | null = saree,
  overrides: Record<string, StoreAnswer | ((call: StoreCall) => StoreAnswer)> = {},
) {
  return stubStore({
    [`GET /content/items/items/${item?.id ?? 7}`]: item
      ? { body: { data: item } }
      : { status: 404, body: { errors: [{ message: 'Not found', extensions: { code: 'RECORD_NOT_FOUND' } }] } },
    [`GET /api/product/rating/${item?.id ?? 7}`]: envelope({ avg_rating: 4.25, total: 12 }),
    [`GET /api/product/reviews/${item?.id ?? 7}`]: envelope([]),
    'GET /api/product/suggested': envelope([card(7, 'The item itself'), card(8, 'Kanjivaram Saree', 0), card(9, 'Chanderi Saree')]),
    ...overrides,
  });
}

const path = productPath(saree);

// The whole shell renders here; give a busy machine time.
configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

/** The skeleton shows the URL's title as the heading already: wait for the loaded page. */
const loaded = () => screen.findByRole('link', { name: 'Visit the Sarees store' }, { timeout: 5000 });

describe('product page', () => {
  it('shows the product: catalog link, title, rating, price with % OFF, description as text, size', async () => {
    const api = stubProduct();
    renderApp(path, { session: shopper });
    await loaded();
    expect(screen.getByRole('heading', { level: 1, name: 'Banarasi Silk Saree' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Banarasi Silk Saree | SSD'));
    expect(api.callsTo('GET', '/content/items/items/7')[0]?.query.get('fields')).toBe('*,images.id,images.directus_files_id');
    expect(screen.getByRole('link', { name: 'Visit the Sarees store' })).toHaveAttribute('href', '/catalog/Sarees');
    expect(await screen.findByRole('img', { name: 'Rated 4.3 out of 5 from 12 reviews' })).toBeInTheDocument();
    expect(screen.getByText('₹4,999.00')).toBeInTheDocument();
    expect(screen.getByText('₹6,999.00').closest('s')).not.toBeNull();
    expect(screen.getByText('29% OFF')).toBeInTheDocument();
    const description = screen.getByTestId('product-description');
    expect(within(description).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Pure silk',
      'Zari border',
      'Handwoven',
    ]);
    expect(document.querySelector('script')).toBeNull();
    expect(screen.getByText('5.5 m saree with 0.8 m blouse piece')).toBeInTheDocument();
    const images = within(screen.getByRole('region', { name: 'Product images' })).getAllByRole('img');
    expect(images[0]).toHaveAttribute('loading', 'eager');
    expect(images[0]).toHaveAttribute('width');
    expect(images[0]).toHaveAttribute('height');
  });

  it('renders a <script> typed into the description as text, never as HTML', async () => {
    stubProduct({ ...saree, description: '&lt;script&gt;alert(1)&lt;/script&gt; Lovely' });
    renderApp(path, { session: shopper });
    expect(await screen.findByText('<script>alert(1)</script> Lovely')).toBeInTheDocument();
    expect(document.querySelector('script')).toBeNull();
  });

  it('hides % OFF without a discount and the rating badge without reviews or rating', async () => {
    stubProduct(
      { ...saree, market_price: 4999 },
      { 'GET /api/product/rating/7': envelope({ avg_rating: null, total: 0 }) },
    );
    renderApp(path, { session: shopper });
    await loaded();
    await waitFor(() => expect(screen.getAllByText('₹4,999.00')).toHaveLength(2));
    expect(screen.queryByText(/% OFF/)).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it("says 'No reviews yet.' and suggests others, never the item itself, with an out-of-stock tag", async () => {
    stubProduct();
    renderApp(path, { session: shopper });
    expect(await screen.findByText('No reviews yet.')).toBeInTheDocument();
    const suggestions = await screen.findByRole('region', { name: 'You May Like' });
    expect(within(suggestions).getByText('Kanjivaram Saree')).toBeInTheDocument();
    expect(within(suggestions).getByText('Chanderi Saree')).toBeInTheDocument();
    expect(within(suggestions).queryByText('The item itself')).not.toBeInTheDocument();
    expect(within(suggestions).getAllByText('Out of stock')).toHaveLength(1);
    expect(within(suggestions).getAllByRole('button', { name: 'Save to wishlist' })).toHaveLength(2);
  });

  it('pages the reviews 5 at a time with Load more while the last page was full', async () => {
    const api = stubProduct(saree, {
      'GET /api/product/reviews/7': (call) => {
        const offset = Number(call.query.get('offset'));
        const count = offset === 0 ? 5 : 2;
        return envelope(Array.from({ length: count }, (_, n) => review(offset + n + 1)));
      },
    });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    expect(await screen.findByText('Review text 5')).toBeInTheDocument();
    expect(screen.getByText('Reviewer 1')).toBeInTheDocument();
    expect(screen.getAllByRole('img', { name: '4 out of 5 stars' })).toHaveLength(5);
    await user.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Review text 7')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Load more' })).not.toBeInTheDocument();
    const calls = api.callsTo('GET', '/api/product/reviews/7');
    expect(calls.map((call) => [call.query.get('limit'), call.query.get('offset')])).toEqual([
      ['5', '0'],
      ['5', '5'],
    ]);
  });

  it("replaces Buy Now with 'Out of stock' when the quantity is 0", async () => {
    stubProduct({ ...saree, quantity: 0 });
    renderApp(path, { session: shopper });
    await loaded();
    expect(screen.queryByRole('button', { name: 'Buy Now' })).not.toBeInTheDocument();
    expect(screen.getAllByText('Out of stock').length).toBeGreaterThan(0);
  });

  it('Buy Now: starts at 1, minus stops at 1, plus stops at the stock with Not available, low stock in red', async () => {
    stubProduct();
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    // Buy Now opens the dialog once the session is known (a promise: decisions/0062).
    const dialog = await screen.findByRole('dialog', { name: 'Select quantity' });
    expect(document.body.style.overflow).toBe('hidden');
    const quantity = within(dialog).getByRole('status', { name: 'Quantity' });
    expect(quantity).toHaveTextContent('1');
    expect(within(dialog).getByText('Only 3 units left')).toHaveClass('text-red-700');
    const minus = within(dialog).getByRole('button', { name: 'Decrease quantity' });
    const plus = within(dialog).getByRole('button', { name: 'Increase quantity' });
    await user.click(minus);
    expect(quantity).toHaveTextContent('1');
    await user.click(plus);
    await user.click(plus);
    expect(quantity).toHaveTextContent('3');
    expect(within(dialog).queryByText('Not available')).not.toBeInTheDocument();
    await user.click(plus);
    expect(quantity).toHaveTextContent('3');
    expect(within(dialog).getByText('Not available')).toBeInTheDocument();
    await user.click(minus);
    expect(quantity).toHaveTextContent('2');
    expect(within(dialog).getByRole('button', { name: 'Continue with order' })).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it("Buy Now's 'Continue with order' opens the checkout with the product and the quantity chosen", async () => {
    stubProduct();
    const user = userEvent.setup();
    const { router } = renderApp(path, { session: shopper });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    // Buy Now opens the dialog once the session is known (a promise: decisions/0062).
    const dialog = await screen.findByRole('dialog', { name: 'Select quantity' });
    await user.click(within(dialog).getByRole('button', { name: 'Increase quantity' }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue with order' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/place/order'));
    expect(router.state.location.state).toEqual({ lines: [{ item_id: 7, quantity: 2 }] });
    expect(screen.queryByRole('dialog', { name: 'Select quantity' })).not.toBeInTheDocument();
    expect(document.body.style.overflow).toBe('');
  });

  it('shows the stock in the normal colour above 10 units', async () => {
    stubProduct({ ...saree, quantity: 11 });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    await user.click(await screen.findByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByText('Only 11 units left')).not.toHaveClass('text-red-700');
  });

  it('toggles the cart: Add to cart, then Remove from cart with Removed from cart', async () => {
    const api = stubProduct(saree, {
      'PUT /api/cart/add': envelope([7]),
      'POST /api/cart/remove': envelope([]),
    });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    await user.click(await screen.findByRole('button', { name: 'Add to cart' }));
    expect(toastType(await screen.findByText('Added to cart'))).toBe('success');
    await user.click(await screen.findByRole('button', { name: 'Remove from cart' }));
    expect(toastType(await screen.findByText('Removed from cart'))).toBe('success');
    expect(api.callsTo('POST', '/api/cart/remove')[0]?.body).toEqual({ item_id: 7 });
    expect(await screen.findByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
  });

  it('on a phone, Add to cart and Buy Now are in the sticky buy bar (the one set of them), and work from there', async () => {
    matchMediaController.setWidth(390);
    stubProduct(saree, { 'PUT /api/cart/add': envelope([7]) });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    await loaded();
    const bar = screen.getByRole('region', { name: 'Buy this product' });
    expect(bar.className).toMatch(/\bsticky\b/);
    // The page's last block, so it sticks all the way down and stops above the footer.
    expect(bar.parentElement!.lastElementChild).toBe(bar);
    expect(within(bar).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Add to cart' })).toHaveLength(1);
    expect(screen.getAllByRole('button', { name: 'Buy Now' })).toHaveLength(1);
    await user.click(within(bar).getByRole('button', { name: 'Add to cart' }));
    expect(toastType(await screen.findByText('Added to cart'))).toBe('success');
    expect(await within(bar).findByRole('button', { name: 'Remove from cart' })).toBeInTheDocument();
    await user.click(within(bar).getByRole('button', { name: 'Buy Now' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Continue with order');
  });

  it('from 768 px the buy buttons sit beside the wishlist button, with no buy bar', async () => {
    matchMediaController.setWidth(768);
    stubProduct();
    renderApp(path, { session: shopper });
    await loaded();
    expect(screen.queryByRole('region', { name: 'Buy this product' })).not.toBeInTheDocument();
    const row = screen.getByRole('button', { name: 'Save to wishlist' }).parentElement!;
    expect(within(row).getByRole('button', { name: 'Add to cart' })).toBeInTheDocument();
    expect(within(row).getByRole('button', { name: 'Buy Now' })).toBeInTheDocument();
  });

  it.each([
    ['Add to cart', 'Please login to add product to your cart.'],
    ['Save to wishlist', 'Please login to add product to your wishlist.'],
    ['Buy Now', 'Please login to continue.'],
  ])('sends a visitor pressing %s to the login screen', async (button, message) => {
    stubProduct();
    const user = userEvent.setup();
    const { router } = renderApp(path);
    await loaded();
    const main = screen.getByRole('main');
    await user.click(within(main).getAllByRole('button', { name: button })[0]!);
    expect(toastType(await screen.findByText(message))).toBe('warning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('shows the failure with Try Again when the product cannot be read, and retries', async () => {
    let found = false;
    stubStore({
      'GET /content/items/items/7': () =>
        found ? { body: { data: saree } } : { status: 503, body: { errors: [{ message: 'x', extensions: { code: 'SERVICE_UNAVAILABLE' } }] } },
      'GET /api/product/rating/7': envelope({ avg_rating: null, total: 0 }),
      'GET /api/product/reviews/7': envelope([]),
      'GET /api/product/suggested': envelope([]),
    });
    const user = userEvent.setup();
    renderApp(path, { session: shopper });
    await screen.findByRole('button', { name: 'Try Again' }, { timeout: 5000 });
    await waitFor(() =>
      expect(screen.getAllByText('Failed to get product details').some((element) => toastType(element) === 'error')).toBe(true),
    );
    // While loading, the title came from the URL.
    expect(document.title).toBe('Banarasi Silk Saree | SSD');
    found = true;
    await user.click(screen.getByRole('button', { name: 'Try Again' }));
    expect(await loaded()).toBeInTheDocument();
  });

  it('says Product not found, with a way to the shop and no Try Again, for an id that is not a positive whole number, without a call', async () => {
    const api = stubStore({});
    renderApp('/product/abc/eA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(api.calls.filter((call) => call.path.startsWith('/content/items/items'))).toHaveLength(0);
  });

  it('says Product not found for an id the store does not have (404), asked once, with no failure toast', async () => {
    const api = stubStore({
      'GET /content/items/items/404404': { status: 404, body: { errors: [{ message: 'x', extensions: { code: 'RECORD_NOT_FOUND' } }] } },
      'GET /api/product/rating/404404': envelope({ avg_rating: null, total: 0 }),
    });
    renderApp('/product/404404/eA');
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue shopping' })).toHaveAttribute('href', '/shop');
    expect(screen.queryByRole('button', { name: 'Try Again' })).not.toBeInTheDocument();
    expect(screen.queryByText('Failed to get product details')).not.toBeInTheDocument();
    expect(document.title).toBe('Product not found | SSD');
    expect(api.callsTo('GET', '/content/items/items/404404')).toHaveLength(1);
  });
});
