import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app';

describe('route table', () => {
  it("shows 'Not found' for a path that is not in the table", async () => {
    renderApp('/no/such/page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Not found' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Not found | SSD'));
  });

  it.each([
    '/admin',
    '/admin/banner/add',
    '/admin/catalog',
    '/admin/catalog/update',
    '/admin/products',
    '/admin/products/fabrics',
    '/admin/product/detail',
  ])('sends a visitor from the admin console at %s to login (spec 3 §6)', async (path) => {
    const { router } = renderApp(path);
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it.each([
    ['/shop', 'Choose a store'],
    ['/fabrics', 'Fabrics'],
    ['/jewels', 'Jewels'],
    ['/jewel', 'Jewels'],
    ['/catalog/Sarees', 'Sarees'],
    ['/search', 'Search'],
    ['/search/c2FyZWU', 'Showing results for saree'],
    ['/sale/diwali', 'diwali'],
  ])('renders the storefront screen at %s', async (path, heading) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
  });

  it('opens a product page without login (decision 0012) and sends a visitor from /wishlist to login', async () => {
    const product = renderApp('/product/abc/U2lsayBTYXJlZQ');
    // No login asked: the product screen itself answers (this id is no product: Product not found).
    expect(await screen.findByRole('heading', { level: 1, name: 'Product not found' })).toBeInTheDocument();
    expect(product.router.state.location.pathname).toBe('/product/abc/U2lsayBTYXJlZQ');
    product.unmount();
    const wishlist = renderApp('/wishlist');
    await waitFor(() => expect(wishlist.router.state.location.pathname).toBe('/auth/login'));
  });

  it('sends a visitor from /cart to login, which returns to the cart', async () => {
    const { router } = renderApp('/cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(router.state.location.state).toEqual({ from: '/cart' });
  });

  it.each(['/place/order', '/verify/payment?id=SSD-ABCDEFGHJK', '/orders', '/orders/details/SSD-ABCDEFGHJK/SSD-ABCDEFGHJL'])(
    'sends a visitor from %s to login, which returns there',
    async (path) => {
      const { router } = renderApp(path);
      await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
      expect(router.state.location.state).toEqual({ from: path });
    },
  );

  it("titles home 'Home | SSD'", async () => {
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'SSD Store' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Home | SSD'));
  });

  it.each([
    ['/contact', 'Contact us', 'Contact | SSD'],
    ['/terms', 'Terms & Conditions', 'Terms & Conditions | SSD'],
    ['/privacy', 'Privacy Policy', 'Privacy Policy | SSD'],
    ['/shipping', 'Shipping Policy', 'Shipping Policy | SSD'],
    ['/returns', 'Return & Refund Guidelines', 'Return & Refund Guidelines | SSD'],
    // The heading says Jewels like the navbar link (spec 1 §2); the title is spec 2's 'Jewel | SSD'.
    ['/jewels', 'Jewels', 'Jewel | SSD'],
  ])('%s shows its screen titled %s', async (path, heading, title) => {
    renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe(title));
  });
});
