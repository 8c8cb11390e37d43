import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { matchMediaController } from '../../test/match-media';
import type { TestSession } from '../../test/session-seed';

/** The logged-in rules of spec 1 §2: greeting, icons, dropdown, Admin Panel, bottom bar. */
const shopper: TestSession = {
  isLoggedIn: true,
  userName: 'Asha',
  userRole: 'user',
  cart: [11, 12, 13],
  wishlist: [4],
};

async function openHome(session?: TestSession) {
  const user = userEvent.setup();
  const view = renderApp('/', { session });
  await screen.findByRole('heading', { level: 1, name: 'SSD Store' });
  return { user, ...view };
}

describe('navbar with every screen live', () => {
  it('links Shop, Fabrics, Jewels and Contact, and shows the search button', async () => {
    await openHome();
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Shop',
      'Fabrics',
      'Jewels',
      'Contact',
    ]);
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('sends a logged-out visitor from the profile button to /auth/login', async () => {
    await openHome();
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Login' })).toHaveAttribute(
      'href',
      '/auth/login',
    );
  });

  it("greets a logged-in user and shows wishlist and cart with the cart count", async () => {
    await openHome(shopper);
    const banner = screen.getByRole('banner');
    // The signed-in links are a chunk of their own, loaded for a signed-in user only.
    expect(await within(banner).findByText('Hello, Asha')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    const cart = within(banner).getByRole('link', { name: 'Cart, 3 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByTestId('cart-badge')).toHaveTextContent('3');
  });

  it('caps the badge at 99 for a large cart', async () => {
    await openHome({ ...shopper, cart: Array.from({ length: 140 }, (_, i) => i + 1) });
    expect(await screen.findByTestId('cart-badge')).toHaveTextContent(/^99$/);
  });

  it('opens the profile dropdown without Admin Panel for a shopper', async () => {
    const { user } = await openHome(shopper);
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    const items = within(menu).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Profile', 'Wishlist', 'Cart', 'Orders', 'Logout']);
  });

  it('adds Admin Panel, leading to /admin, for ssd_admin', async () => {
    const { user } = await openHome({ ...shopper, userRole: 'ssd_admin' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByRole('menuitem', { name: 'Admin Panel' })).toHaveAttribute('href', '/admin');
  });

  it('logs out from the dropdown: says so, forgets the user and goes home', async () => {
    window.localStorage.setItem('refresh_token', 'r1');
    const { user, router } = await openHome(shopper);
    await router.navigate('/contact');
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByText('Successfully logged out')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText('Hello, Asha')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem('refresh_token')).toBeNull();
  });

  it('bottom bar: logged out, Wishlist/Cart/Orders/Profile lead to /auth/login; logged in, to their screens', async () => {
    // The bar shows below 768 px.
    matchMediaController.setWidth(390);
    const { unmount } = await openHome();
    let bar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    for (const name of ['Wishlist', 'Cart', 'Orders', 'Profile']) {
      expect(within(bar).getByRole('link', { name })).toHaveAttribute('href', '/auth/login');
    }
    unmount();

    await openHome(shopper);
    bar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(within(bar).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    expect(within(bar).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    expect(within(bar).getByRole('link', { name: 'Profile' })).toHaveAttribute('href', '/profile');
  });

  it("shows the footer's 'Check out this' block linking Fabrics to /fabrics and Jewel to /jewel", async () => {
    await openHome();
    const info = screen.getByRole('contentinfo');
    expect(within(info).getByRole('heading', { name: 'Check out this' })).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'Fabrics' })).toHaveAttribute('href', '/fabrics');
    expect(within(info).getByRole('link', { name: 'Jewel' })).toHaveAttribute('href', '/jewel');
  });
});
