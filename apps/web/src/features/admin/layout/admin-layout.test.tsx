import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../../test/render-app';
import { envelope, shopper, stubStore } from '../../../test/store-stub';
import { admin, banner } from '../test-fixtures';
import './admin-layout';
import '../screens/banner-list-screen';

configure({ asyncUtilTimeout: 8000 });
vi.setConfig({ testTimeout: 30_000 });

describe('the admin console layout (spec 3 §2, §6)', () => {
  it('lists Banner, Catalog and Products in a sidebar that collapses to icons', async () => {
    stubStore({ 'GET /api/admin/banner/list': envelope([banner(1)]), 'GET /api/admin/catalog/list': envelope([]) });
    const user = userEvent.setup();
    const { router } = renderApp('/admin', { session: admin });
    const nav = await screen.findByRole('navigation', { name: 'Admin' });
    const links = within(nav).getAllByRole('link');
    // The spec's three first; other admin screens append theirs (sidebar-sections.ts).
    expect(links.slice(0, 3).map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Banner', '/admin'],
      ['Catalog', '/admin/catalog'],
      ['Products', '/admin/products'],
    ]);
    expect(within(nav).getByRole('link', { name: 'Banner' })).toHaveAttribute('aria-current', 'page');

    await user.click(screen.getByRole('button', { name: 'Collapse sidebar' }));
    expect(screen.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(nav).queryByText('Catalog')).not.toBeInTheDocument();
    await user.click(within(nav).getByRole('link', { name: 'Catalog' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/catalog'));
    await waitFor(() => expect(within(nav).getByRole('link', { name: 'Catalog' })).toHaveAttribute('aria-current', 'page'));
  });

  it('sends a visitor to login and a shopper home', async () => {
    const visitor = renderApp('/admin/products');
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth/login'));
    visitor.unmount();
    const user = renderApp('/admin/catalog', { session: shopper });
    await waitFor(() => expect(user.router.state.location.pathname).toBe('/'));
  });
});
