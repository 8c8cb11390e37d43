import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { renderApp } from '../../test/render-app';
import { envelope, shopper, stubStore } from '../../test/store-stub';
import { matchMediaController } from '../../test/match-media';
import { useHideFooter } from '../../lib/footer-flag';
import { AppShell } from './app-shell';
import { ANSWERED_BY_APP } from '../../lib/press-replay';

/** Waits for the lazily loaded screen at the path, then returns. */
async function openAt(path: string, session?: typeof shopper) {
  const view = renderApp(path, { session });
  await screen.findByRole('heading', { level: 1 });
  return view;
}

const footer = () => screen.queryByRole('contentinfo');
const floatingButton = () => screen.queryByRole('link', { name: 'Chat with us on WhatsApp' });

describe('presses the app answers', () => {
  it('are marked for the loader of a server-rendered page, which presses the others again (src/start-after-paint.js)', async () => {
    await openAt('/contact');
    const clicks: MouseEvent[] = [];
    const listen = (event: MouseEvent) => clicks.push(event);
    document.addEventListener('click', listen);
    within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }).click();
    // A click outside the app's elements is none of its answering.
    document.body.click();
    document.removeEventListener('click', listen);
    expect(clicks.map((event) => (event as unknown as Record<string, unknown>)[ANSWERED_BY_APP] === true)).toEqual([true, false]);
  });
});

describe('navbar', () => {
  it('shows the logo, the live links and marks the active one', async () => {
    await openAt('/contact');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'SSD Store' })).toHaveAttribute('href', '/');
    const main = within(banner).getByRole('navigation', { name: 'Main' });
    const contact = within(main).getByRole('link', { name: 'Contact' });
    expect(contact).toHaveAttribute('aria-current', 'page');
    expect(within(main).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    expect(within(main).getByRole('link', { name: 'Fabrics' })).toHaveAttribute('href', '/fabrics');
    expect(within(main).getByRole('link', { name: 'Jewels' })).toHaveAttribute('href', '/jewels');
    expect(within(banner).getByRole('button', { name: 'Search' })).toBeInTheDocument();
  });

  it('the search button opens the search screen and, pressed there, closes it again', async () => {
    const user = userEvent.setup();
    const { router } = await openAt('/contact');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/search'));
    const close = await within(screen.getByRole('banner')).findByRole('button', { name: 'Close search' });
    expect(close).toHaveAttribute('aria-pressed', 'true');
    await user.click(close);
    // A memory router leaves the browser history empty, so closing goes home (in a browser: back).
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('links the cart for a signed-in shopper: the icon with its count, the account menu and the bottom bar', async () => {
    matchMediaController.setWidth(390);
    const user = userEvent.setup();
    renderApp('/contact', { session: { ...shopper, cart: [4, 5] } });
    const banner = screen.getByRole('banner');
    const cart = await within(banner).findByRole('link', { name: 'Cart, 2 items' });
    expect(cart).toHaveAttribute('href', '/cart');
    expect(within(cart).getByTestId('cart-badge')).toHaveTextContent(/^2$/);
    const bar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Cart' })).toHaveAttribute('href', '/cart');
    await user.click(await within(banner).findByRole('button', { name: 'Account menu' }));
    expect(await screen.findByRole('menuitem', { name: 'Cart' })).toHaveAttribute('href', '/cart');
  });

  it('does not mark Contact active on another page', async () => {
    await openAt('/terms');
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Contact' })).not.toHaveAttribute('aria-current');
  });

  it('shows no greeting, cart, wishlist or profile button when logged out', async () => {
    await openAt('/');
    const banner = screen.getByRole('banner');
    expect(within(banner).queryByText(/^Hello,/)).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: /Cart/ })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('link', { name: 'Wishlist' })).not.toBeInTheDocument();
    expect(within(banner).queryByRole('button', { name: 'Account menu' })).not.toBeInTheDocument();
  });

  it.each(['/auth/login', '/auth/signup', '/auth/password/reset'])('is hidden on the auth path %s', async (path) => {
    await openAt(path);
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Quick links' })).not.toBeInTheDocument();
  });

  it('stays on a path that merely contains the letters (a catalog named authentic-silk)', async () => {
    await openAt('/catalog/authentic-silk');
    expect(screen.getByRole('banner')).toBeInTheDocument();
  });
});

describe('footer', () => {
  it('has the four blocks the spec allows today and a copyright line', async () => {
    await openAt('/');
    const info = screen.getByRole('contentinfo');
    expect(within(info).getByRole('heading', { name: 'Reach Us On' })).toBeInTheDocument();
    expect(within(info).getByRole('heading', { name: 'Customer Care' })).toBeInTheDocument();
    expect(within(info).getByRole('heading', { name: 'Policies' })).toBeInTheDocument();
    // 'Check out this' links Fabrics to /fabrics and Jewel to /jewel (which opens the jewel store).
    expect(within(info).getByRole('heading', { name: 'Check out this' })).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'Fabrics' })).toHaveAttribute('href', '/fabrics');
    expect(within(info).getByRole('link', { name: 'Jewel' })).toHaveAttribute('href', '/jewel');
    expect(within(info).getByText(`© ${new Date().getFullYear()} SSD Store`)).toBeInTheDocument();
    // Customer Care has Support Chat (its chat: footer.test.tsx); the call entry is omitted by the spec.
    expect(within(info).getByRole('button', { name: 'Support Chat' })).toBeInTheDocument();
    expect(within(info).queryByRole('link', { name: /^tel:|Call/ })).not.toBeInTheDocument();
  });

  it('links the four policies', async () => {
    await openAt('/');
    const info = screen.getByRole('contentinfo');
    expect(within(info).getByRole('link', { name: 'Terms & Conditions' })).toHaveAttribute('href', '/terms');
    expect(within(info).getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
    expect(within(info).getByRole('link', { name: 'Shipping Policy' })).toHaveAttribute('href', '/shipping');
    expect(within(info).getByRole('link', { name: 'Return & Refund Guidelines' })).toHaveAttribute('href', '/returns');
  });

  it('shows two social links, the third being hidden, and the messaging icon', async () => {
    await openAt('/');
    const info = screen.getByRole('contentinfo');
    expect(within(info).getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'Facebook' })).toBeInTheDocument();
    expect(within(info).queryByRole('link', { name: 'YouTube' })).not.toBeInTheDocument();
    expect(within(info).getByRole('link', { name: 'WhatsApp' })).toBeInTheDocument();
  });

  it.each(['/place/order', '/orders/details/41', '/product/7/U2lsaw'])(
    "hides the 'Reach Us On' messaging icon on %s but keeps the footer",
    async (path) => {
      // Signed in: the checkout and the orders are behind the login.
      await openAt(path, shopper);
      const info = screen.getByRole('contentinfo');
      expect(within(info).queryByRole('link', { name: 'WhatsApp' })).not.toBeInTheDocument();
      expect(within(info).getByRole('link', { name: 'Instagram' })).toBeInTheDocument();
    },
  );

  it.each(['/admin', '/admin/catalog', '/admin/products/fabrics', '/search', '/search/c2FyZWU', '/auth/login', '/auth/signup'])(
    'is hidden on %s',
    async (path) => {
      await openAt(path);
      expect(footer()).not.toBeInTheDocument();
    },
  );

  it.each(['/', '/contact', '/terms', '/fabrics', '/no-such-page'])('is shown on %s', async (path) => {
    await openAt(path);
    expect(footer()).toBeInTheDocument();
  });

  it('is shown on /cart (a login-only screen) for a signed-in shopper', async () => {
    stubStore({ 'GET /api/cart/list': envelope([]) });
    renderApp('/cart', { session: shopper });
    await screen.findByRole('heading', { level: 1, name: 'Cart' });
    expect(footer()).toBeInTheDocument();
  });

  it('is hidden while a screen sets the hide-footer flag, and comes back when it unmounts', async () => {
    function FullScreenStep() {
      useHideFooter();
      return <h1>Payment</h1>;
    }
    const table: RouteObject[] = [
      {
        element: <AppShell />,
        children: [
          { path: '/', element: <h1>Start</h1> },
          { path: '/pay', element: <FullScreenStep /> },
        ],
      },
    ];
    const { router } = renderApp('/', { routeTable: table });
    await screen.findByRole('heading', { name: 'Start' });
    expect(footer()).toBeInTheDocument();

    await router.navigate('/pay');
    await screen.findByRole('heading', { name: 'Payment' });
    await waitFor(() => expect(footer()).not.toBeInTheDocument());

    await router.navigate('/');
    await screen.findByRole('heading', { name: 'Start' });
    await waitFor(() => expect(footer()).toBeInTheDocument());
  });
});

describe('floating messaging button', () => {
  it.each(['/catalog/Sarees', '/search/c2FyZWU', '/fabrics', '/jewels', '/product/7/U2lsaw'])(
    'is hidden on %s',
    async (path) => {
      await openAt(path);
      expect(floatingButton()).not.toBeInTheDocument();
    },
  );

  it.each(['/', '/contact', '/search', '/shop', '/cart', '/orders', '/terms', '/no-such-page'])(
    'is shown on %s',
    async (path) => {
      await openAt(path);
      expect(floatingButton()).toHaveAttribute('href', expect.stringMatching(/^https:\/\/wa\.me\//));
    },
  );
});

describe('mobile bottom bar', () => {
  it('links Home and Shop, and sends a logged-out visitor from the account items to login', async () => {
    // The bar shows below 768 px, where its code loads.
    matchMediaController.setWidth(390);
    await openAt('/contact');
    const bar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/');
    expect(within(bar).getByRole('link', { name: 'Shop' })).toHaveAttribute('href', '/shop');
    for (const name of ['Wishlist', 'Cart', 'Orders', 'Profile']) {
      expect(within(bar).getByRole('link', { name })).toHaveAttribute('href', '/auth/login');
    }
  });
});
