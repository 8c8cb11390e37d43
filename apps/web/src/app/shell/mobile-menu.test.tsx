import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../../test/render-app';
import { matchMediaController } from '../../test/match-media';

async function openMenu(path = '/') {
  matchMediaController.setWidth(390);
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1 });
  // The hamburger loads on narrow screens only: it may come just after the screen.
  await user.click(await screen.findByRole('button', { name: 'Open menu' }));
  // The menu's links are a chunk of their own, loaded with the first opening.
  await screen.findByRole('navigation', { name: 'Menu' });
  return { user, ...view };
}

const menu = () => document.getElementById('mobile-menu');

describe('mobile hamburger menu (spec 1 §2, §9)', () => {
  it('opens a full-screen menu and locks body scrolling', async () => {
    await openMenu();
    const button = screen.getByRole('button', { name: 'Close menu' });
    expect(button).toHaveAttribute('aria-expanded', 'true');
    expect(button).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(menu()).toBeVisible();
    expect(document.body.style.overflow).toBe('hidden');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    expect(within(nav).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'Contact' })).toBeInTheDocument();
  });

  it('closes and restores scrolling when pressed again', async () => {
    const { user } = await openMenu();
    await user.click(screen.getByRole('button', { name: 'Close menu' }));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes by itself when the window becomes 768 px wide or more', async () => {
    await openMenu();
    act(() => matchMediaController.setWidth(767));
    expect(screen.getByRole('button', { name: 'Close menu' })).toBeInTheDocument();
    expect(document.body.style.overflow).toBe('hidden');

    act(() => matchMediaController.setWidth(768));
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(menu()).not.toBeVisible();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes on Escape and returns focus to the button', async () => {
    const { user } = await openMenu();
    await user.keyboard('{Escape}');
    const button = screen.getByRole('button', { name: 'Open menu' });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    expect(button).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it('closes when a link navigates', async () => {
    const { user, router } = await openMenu('/');
    const nav = screen.getByRole('navigation', { name: 'Menu' });
    await user.click(within(nav).getByRole('link', { name: 'Contact' }));
    await screen.findByRole('heading', { level: 1, name: 'Contact us' });
    expect(router.state.location.pathname).toBe('/contact');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
    expect(document.body.style.overflow).toBe('');
  });
});
