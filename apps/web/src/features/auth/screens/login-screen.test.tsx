import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { expectFieldProblem, findToast } from '../../../components/ui/field-problem.test-helpers';
import { renderApp } from '../../../test/render-app';
import { deferred, fail, loginData, ok, stubApi, toastType, warn, type StubEnvelope } from '../../../test/api-stub';
import { GOOGLE_STATE_KEY } from '../google';

const CART_WISHLIST = { 'GET /api/list/cart_wishlist': ok({ cart: [1, 2], wishlist: [3] }) };

async function openLogin(path: string | string[] = '/auth/login') {
  const user = userEvent.setup();
  const view = renderApp(path);
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' });
  return { user, ...view };
}

async function fillAndSubmit(user: ReturnType<typeof userEvent.setup>, email = 'asha@example.com', password = 'secret123') {
  if (email) await user.type(screen.getByLabelText('Email'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('login screen', () => {
  it('shows the title, subtitle, fields and links, titled Login | SSD', async () => {
    await openLogin();
    expect(screen.getByText('Sign in to continue your shopping')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('type', 'email');
    expect(screen.getByLabelText('Email')).toBeRequired();
    expect(screen.getByLabelText('Password')).toBeRequired();
    expect(screen.getByRole('link', { name: 'Forgot password?' })).toHaveAttribute('href', '/auth/password/reset');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/auth/signup');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: /saree/ })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Login | SSD'));
  });

  it("runs the label Login → 'Logging In...' → 'Login Successful', stores the session and goes home", async () => {
    const answer = deferred<StubEnvelope>();
    const api = stubApi({ 'POST /api/auth/login': () => answer.promise, ...CART_WISHLIST });
    const { user, router } = await openLogin();
    await fillAndSubmit(user, ' Asha@Example.com ');

    expect(await screen.findByRole('button', { name: 'Logging In...' })).toBeDisabled();
    expect(api.callsTo('POST', '/api/auth/login')[0]?.body).toEqual({ email: 'asha@example.com', password: 'secret123' });

    answer.resolve(ok(loginData(), 'Login successful'));
    expect(await screen.findByRole('button', { name: 'Login Successful' })).toBeInTheDocument();
    const toast = await screen.findByText('Login successful');
    expect(toastType(toast)).toBe('success');
    expect(document.cookie).toContain('user_token=access-1');
    expect(window.localStorage.getItem('refresh_token')).toBe('refresh-1');
    expect(window.localStorage.getItem('auth_provider')).toBe('local');

    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByText('Hello, Asha')).toBeInTheDocument();
    await waitFor(() => expect(api.callsTo('GET', '/api/list/cart_wishlist')).toHaveLength(1));
    expect(api.callsTo('GET', '/api/list/cart_wishlist')[0]?.headers).toMatchObject({
      Authorization: 'Bearer access-1',
      'X-Refresh-Token': 'refresh-1',
    });
  });

  it('goes back one entry after success when the app has one', async () => {
    stubApi({ 'POST /api/auth/login': ok(loginData(), 'Login successful'), ...CART_WISHLIST });
    window.history.replaceState({ idx: 1 }, '');
    const { user, router } = await openLogin(['/contact', '/auth/login']);
    await fillAndSubmit(user);
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });

  it.each([
    [warn('Invalid email or password'), 'warning'],
    [fail('Something went wrong'), 'error'],
  ])('shows a failure %o as a %s toast and offers Login again', async (envelope, type) => {
    stubApi({ 'POST /api/auth/login': envelope });
    const { user, router } = await openLogin();
    await fillAndSubmit(user);
    const toast = await screen.findByText(envelope.message);
    expect(toastType(toast)).toBe(type);
    expect(screen.getByRole('button', { name: 'Login' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(document.cookie).not.toContain('user_token');
  });

  it('asks for the e-mail and the password before calling', async () => {
    const api = stubApi({});
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await expectFieldProblem(screen.getByLabelText('Email'), 'Please enter email');
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    await expectFieldProblem(screen.getByLabelText('Password'), 'Please enter your password.');
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(api.calls).toHaveLength(0);
  });

  it.each(['/auth/login', '/auth/signup', '/auth/password/reset'])(
    'sends an already logged-in user away from %s, home when there is no history',
    async (path) => {
      const { router } = renderApp(path, { session: { isLoggedIn: true, userName: 'Asha', cart: [], wishlist: [] } });
      await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    },
  );

  it('sends an already logged-in user back one entry when there is one', async () => {
    window.history.replaceState({ idx: 1 }, '');
    const { router } = renderApp(['/contact', '/auth/signup'], {
      session: { isLoggedIn: true, userName: 'Asha', cart: [], wishlist: [] },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/contact'));
  });
});

describe('Continue with Google', () => {
  it("says 'Google Sign-In is not configured' when the server has no Google client", async () => {
    stubApi({
      'GET /api/auth/google/config': ok({ configured: false, client_id: null, authorization_endpoint: null }),
    });
    const { user } = await openLogin();
    await user.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect(await screen.findByText('Google Sign-In is not configured')).toBeInTheDocument();
    expect(window.sessionStorage.getItem(GOOGLE_STATE_KEY)).toBeNull();
  });

  it("rejects a return whose state does not match with 'Google authentication failed' and cleans the address", async () => {
    const api = stubApi({});
    window.sessionStorage.setItem(
      GOOGLE_STATE_KEY,
      JSON.stringify({ state: 'expected-state', nonce: 'n'.repeat(32), code_verifier: 'v'.repeat(64), context: 'login' }),
    );
    const { router } = renderApp('/auth/login?code=abc&state=forged-state');
    const toast = await screen.findByText('Google authentication failed');
    expect(toastType(toast)).toBe('error');
    expect(api.callsTo('POST', '/api/auth/google/callback')).toHaveLength(0);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(window.sessionStorage.getItem(GOOGLE_STATE_KEY)).toBeNull();
  });

  it('posts the code with its verifier and nonce on a matching return, logs in and goes home', async () => {
    const api = stubApi({
      'POST /api/auth/google/callback': ok(loginData({ auth_provider: 'google', name: 'Ravi' }), 'Login successful'),
      ...CART_WISHLIST,
    });
    window.sessionStorage.setItem(
      GOOGLE_STATE_KEY,
      JSON.stringify({ state: 'st-1', nonce: 'n'.repeat(32), code_verifier: 'v'.repeat(64), context: 'login' }),
    );
    const { router } = renderApp('/auth/login?code=abc&state=st-1&scope=openid');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST', '/api/auth/google/callback')[0]?.body).toEqual({
      code: 'abc',
      redirect_uri: `${window.location.origin}/auth/login`,
      code_verifier: 'v'.repeat(64),
      nonce: 'n'.repeat(32),
    });
    expect(within(await screen.findByRole('banner')).getByText('Hello, Ravi')).toBeInTheDocument();
    expect(window.localStorage.getItem('auth_provider')).toBe('google');
  });

  it('returns a failed sign-up through Google to the signup screen with the server message', async () => {
    stubApi({ 'POST /api/auth/google/callback': fail('Google account e-mail is not verified') });
    window.sessionStorage.setItem(
      GOOGLE_STATE_KEY,
      JSON.stringify({ state: 'st-2', nonce: 'n'.repeat(32), code_verifier: 'v'.repeat(64), context: 'signup' }),
    );
    const { router } = renderApp('/auth/login?code=abc&state=st-2');
    expect(toastType(await findToast('Google account e-mail is not verified'))).toBe('error');
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/signup'));
    expect(router.state.location.search).toBe('');
  });
});
