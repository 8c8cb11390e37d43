import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { matchMediaController } from '../../test/match-media';
import { renderApp } from '../../test/render-app';
import { shopper } from '../../test/store-stub';

/*
 * The shell's Orders entries (spec 1 §2) with the real screen flags of src/lib/paths.ts: My Orders is
 * built, so the profile dropdown, the mobile menu and the bottom bar lead to /orders.
 */

async function openHome(width = 1280, session = shopper) {
  matchMediaController.setWidth(width);
  const user = userEvent.setup();
  const view = renderApp('/', { session });
  await screen.findByRole('heading', { level: 1, name: 'SSD Store' });
  return { user, ...view };
}

describe('Orders in the shell', () => {
  it('is in the profile dropdown, after Cart', async () => {
    const { user } = await openHome();
    await user.click(await screen.findByRole('button', { name: 'Account menu' }));
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Wishlist', 'Cart', 'Orders', 'Logout']);
    expect(within(menu).getByRole('menuitem', { name: 'Orders' })).toHaveAttribute('href', '/orders');
  });

  it('is in the mobile menu and the bottom bar; logged out, the bar sends it to login', async () => {
    const { user, unmount } = await openHome(390);
    await user.click(await screen.findByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Menu' });
    expect(within(menu).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    const bar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(bar).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/orders');
    unmount();

    await openHome(390, { isLoggedIn: false });
    const loggedOutBar = await screen.findByRole('navigation', { name: 'Quick links' });
    expect(within(loggedOutBar).getByRole('link', { name: 'Orders' })).toHaveAttribute('href', '/auth/login');
  });
});
