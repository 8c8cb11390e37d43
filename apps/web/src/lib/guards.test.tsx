import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { RouteObject } from 'react-router';
import { renderApp } from '../test/render-app';
import { RequireAdmin, RequireLogin } from './guards';

const table: RouteObject[] = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/auth/login', element: <h1>Login</h1> },
  { path: '/cart', element: <RequireLogin><h1>Cart</h1></RequireLogin> },
  { path: '/admin', element: <RequireAdmin><h1>Admin</h1></RequireAdmin> },
];

describe('route guards', () => {
  it('RequireLogin sends a visitor to /auth/login and lets a logged-in user in', async () => {
    const first = renderApp('/cart', { routeTable: table });
    await screen.findByRole('heading', { name: 'Login' });
    expect(first.router.state.location.pathname).toBe('/auth/login');
    expect(first.router.state.location.state).toEqual({ from: '/cart' });
    first.unmount();
    renderApp('/cart', { routeTable: table, session: { isLoggedIn: true, userName: 'Asha' } });
    expect(await screen.findByRole('heading', { name: 'Cart' })).toBeInTheDocument();
  });

  it('RequireAdmin: visitor to login, shopper back or home, ssd_admin in', async () => {
    const visitor = renderApp('/admin', { routeTable: table });
    await waitFor(() => expect(visitor.router.state.location.pathname).toBe('/auth/login'));
    visitor.unmount();
    const shopper = renderApp('/admin', { routeTable: table, session: { isLoggedIn: true, userRole: 'user' } });
    await waitFor(() => expect(shopper.router.state.location.pathname).toBe('/'));
    shopper.unmount();
    renderApp('/admin', { routeTable: table, session: { isLoggedIn: true, userRole: 'ssd_admin' } });
    expect(await screen.findByRole('heading', { name: 'Admin' })).toBeInTheDocument();
  });
});
