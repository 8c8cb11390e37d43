import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectFieldProblem, findToast } from '../../../components/ui/field-problem.test-helpers';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, toastType } from '../../../test/api-stub';
import type { TestSession } from '../../../test/session-seed';

const asha: TestSession = {
  isLoggedIn: true,
  userName: 'Asha',
  userEmail: 'asha@example.com',
  userRole: 'user',
  authProvider: 'local',
  userToken: 'access-1',
  refreshToken: 'refresh-1',
  cart: [],
  wishlist: [],
};

const me = (authProvider: 'local' | 'google' = 'local') =>
  ok({ name: 'Asha', email: 'asha@example.com', auth_provider: authProvider });

async function openProfile(session: TestSession = asha, extra: Parameters<typeof stubApi>[0] = {}) {
  const api = stubApi({
    'GET /api/user/me': me(session.authProvider === 'google' ? 'google' : 'local'),
    'GET /api/user/addresses': ok({ addresses: [] }),
    ...extra,
  });
  const user = userEvent.setup();
  const view = renderApp('/profile', { session });
  await screen.findByRole('heading', { level: 1, name: 'My Profile' });
  await waitFor(() => expect(api.callsTo('GET', '/api/user/me')).toHaveLength(1));
  return { api, user, ...view };
}

describe('profile', () => {
  it('sends a logged-out visitor to /auth/login', async () => {
    const { router } = renderApp('/profile');
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
    expect(router.state.location.pathname).toBe('/auth/login');
  });

  it('shows the account details with the e-mail read-only, and links to My Orders', async () => {
    await openProfile();
    await waitFor(() => expect(document.title).toBe('My Profile | SSD'));
    expect(screen.getByLabelText('Name')).toHaveValue('Asha');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'My Orders' })).toHaveAttribute('href', '/orders');
  });

  it("saves the name with the server's 'Profile updated' and the greeting follows", async () => {
    const { api, user } = await openProfile(asha, { 'PATCH /api/user/me': ok({ name: 'Asha Rao' }, 'Profile updated') });
    const name = screen.getByLabelText('Name');
    await user.clear(name);
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await expectFieldProblem(name, 'Please enter your name.');
    await user.type(name, 'Asha Rao');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastType(await findToast('Profile updated'))).toBe('success');
    expect(api.callsTo('PATCH', '/api/user/me')[0]?.body).toEqual({ name: 'Asha Rao' });
    expect(within(screen.getByRole('banner')).getByText('Hello, Asha Rao')).toBeInTheDocument();
  });

  it('hides the password form for a Google account', async () => {
    await openProfile({ ...asha, authProvider: 'google' });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue('Asha'));
    expect(screen.queryByRole('form', { name: 'Change password' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Current password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Update' })).not.toBeInTheDocument();
  });

  it('validates and changes the password of a local account', async () => {
    const { api, user } = await openProfile(asha, {
      'PATCH /api/auth/change/password': ok(null, 'Password changed successfully'),
    });
    const form = await screen.findByRole('form', { name: 'Change password' });
    expect(within(form).getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '/auth/password/reset');
    const update = within(form).getByRole('button', { name: 'Update' });

    await user.click(update);
    await expectFieldProblem(screen.getByLabelText('Current password'), 'Please fill all password fields.');
    await user.type(screen.getByLabelText('Current password'), 'old-secret');
    await user.click(update);
    await expectFieldProblem(screen.getByLabelText('New password'), 'Please fill all password fields.');
    expect(screen.getByLabelText('Current password')).not.toHaveAttribute('aria-invalid');
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-2');
    await user.click(update);
    await expectFieldProblem(screen.getByLabelText('Confirm new password'), 'New password and confirm do not match.');
    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm new password'), 'short');
    await user.click(update);
    await expectFieldProblem(screen.getByLabelText('New password'), 'Password must be at least 8 characters.');
    expect(api.callsTo('PATCH', '/api/auth/change/password')).toHaveLength(0);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Confirm new password'));
    await user.type(screen.getByLabelText('New password'), 'new-secret-1');
    await user.type(screen.getByLabelText('Confirm new password'), 'new-secret-1');
    await user.click(update);
    expect(toastType(await findToast('Password changed successfully'))).toBe('success');
    expect(api.callsTo('PATCH', '/api/auth/change/password')[0]?.body).toEqual({
      current_password: 'old-secret',
      new_password: 'new-secret-1',
    });
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it('logs out: tells the server, clears cookie and storage, says so and goes home', async () => {
    document.cookie = 'user_token=access-1; Path=/';
    window.localStorage.setItem('refresh_token', 'refresh-1');
    window.localStorage.setItem('recent_searches', JSON.stringify(['saree']));
    window.sessionStorage.setItem('anything', 'x');
    const { api, user, router } = await openProfile(asha, { 'POST /api/auth/logout': fail('server down') });
    await user.click(screen.getByRole('button', { name: 'Logout' }));
    expect(toastType(await findToast('Successfully logged out'))).toBe('success');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    const logout = api.callsTo('POST', '/api/auth/logout');
    expect(logout).toHaveLength(1);
    expect(logout[0]?.body).toEqual({ refreshToken: 'refresh-1' });
    expect(logout[0]?.headers).toMatchObject({ Authorization: 'Bearer access-1' });
    expect(document.cookie).not.toContain('user_token');
    expect(window.localStorage.length).toBe(0);
    expect(window.sessionStorage.length).toBe(0);
    expect(screen.queryByText(/^Hello,/)).not.toBeInTheDocument();
  });

  it("answers a -2 with 'Please login to continue.' and the login screen", async () => {
    const { user, router } = await openProfile(asha, { 'PATCH /api/user/me': fail('Session expired', -2) });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(toastType(await findToast('Please login to continue.'))).toBe('warning');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument();
  });
});
