import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { shopper } from '../../test/store-stub';

/*
 * The profile button loads Radix's menu only when the shopper first uses it (./account-dropdown.tsx):
 * until then it is a plain button, whose first click, or Enter, shows the menu open.
 */

async function profileButton() {
  renderApp('/terms', { session: shopper });
  const banner = screen.getByRole('banner');
  return within(banner).findByRole('button', { name: 'Account menu' });
}

describe('the account dropdown', () => {
  it('is a plain button until reached: no menu code, nothing open', async () => {
    const button = await profileButton();
    // Radix's trigger marks its state; the plain button has none.
    expect(button).not.toHaveAttribute('data-state');
    expect(button).toHaveAttribute('aria-haspopup', 'menu');
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('opens on the first click, once its code has arrived', async () => {
    const user = userEvent.setup();
    await user.click(await profileButton());
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem').map((item) => item.textContent)).toEqual(['Profile', 'Wishlist', 'Cart', 'Orders', 'Logout']);
  });

  it('opens from the keyboard with the focus in the menu, and gives it back to its button on Escape', async () => {
    const user = userEvent.setup();
    const plain = await profileButton();
    plain.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    await waitFor(() => expect(menu.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    const banner = screen.getByRole('banner');
    expect(document.activeElement).toBe(within(banner).getByRole('button', { name: 'Account menu' }));
  });
});
