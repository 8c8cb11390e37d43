import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectFieldProblem, findToast } from '../../../components/ui/field-problem.test-helpers';
import { renderApp } from '../../../test/render-app';
import { fail, ok, stubApi, toastType, warn } from '../../../test/api-stub';

const SIGNUP_API = {
  'POST /api/auth/email_verification/trigger': ok(null, 'OTP sent successfully'),
  'POST /api/auth/verify_otp': ok(null, 'OTP verified'),
  'POST /api/auth/register': ok(null, 'Registered'),
};

const otpInput = () => screen.queryByPlaceholderText('6-digit code');
const timer = () => screen.getByRole('timer', { name: 'Time left' });

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openSignup() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderApp('/auth/signup');
  await screen.findByRole('heading', { level: 1, name: 'Create your account' });
  return { user, ...view };
}

async function sendCode(user: ReturnType<typeof userEvent.setup>, email = 'asha@example.com') {
  await user.type(screen.getByLabelText('Name'), 'Asha');
  await user.type(screen.getByLabelText('Email'), email);
  await user.click(screen.getByRole('button', { name: 'Verify Email' }));
  await screen.findByPlaceholderText('6-digit code');
}

async function verify(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByPlaceholderText('6-digit code'), '123456');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByText('Verified');
}

describe('signup code flow', () => {
  it('sends the code, counts down from 5:00, verifies, then signs up and goes to login', async () => {
    const api = stubApi(SIGNUP_API);
    const { user, router } = await openSignup();
    await waitFor(() => expect(document.title).toBe('Sign Up | SSD'));
    expect(otpInput()).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth/login');
    expect(screen.getByRole('link', { name: 'Back to Home' })).toHaveAttribute('href', '/');

    await sendCode(user);
    expect(api.callsTo('POST', '/api/auth/email_verification/trigger')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(toastType(await findToast('OTP sent successfully'))).toBe('success');
    const otp = otpInput()!;
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(otp).toHaveAttribute('maxlength', '6');
    expect(timer()).toHaveTextContent('5:00');
    expect(screen.queryByRole('button', { name: 'Verify Email' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify OTP' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();
    expect(screen.queryByLabelText('Password')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Continue with Google' })).not.toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(timer()).toHaveTextContent('4:59');

    await user.type(otp, '12a34567');
    expect(otp).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/auth/verify_otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '123456',
      purpose: 'signup',
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');
    expect(otpInput()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Continue with Google' })).toBeInTheDocument();

    await user.type(screen.getByLabelText('Password'), 'secret123');
    await user.type(screen.getByLabelText('Confirm password'), 'secret123');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(toastType(await findToast('Sign up successful. Login to continue'))).toBe('success');
    expect(api.callsTo('POST', '/api/auth/register')[0]?.body).toEqual({
      name: 'Asha',
      email: 'asha@example.com',
      password: 'secret123',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('resets the code stage when the countdown reaches 0:00 unverified', async () => {
    stubApi(SIGNUP_API);
    const { user } = await openSignup();
    await sendCode(user);
    act(() => vi.advanceTimersByTime(299_000));
    expect(timer()).toHaveTextContent(/^0:0[01]$/);
    act(() => vi.advanceTimersByTime(2_000));
    expect(otpInput()).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Verify OTP' })).not.toBeInTheDocument();
  });

  it('resets the whole flow when the e-mail changes', async () => {
    stubApi(SIGNUP_API);
    const { user } = await openSignup();
    await sendCode(user);
    await user.type(otpInput()!, '12');
    await user.type(screen.getByLabelText('Email'), 'x');
    expect(otpInput()).not.toBeInTheDocument();
    expect(screen.queryByRole('timer')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Verify Email' })).toBeInTheDocument();
  });

  it('restarts the countdown on Resend OTP', async () => {
    const api = stubApi(SIGNUP_API);
    const { user } = await openSignup();
    await sendCode(user);
    act(() => vi.advanceTimersByTime(10_000));
    expect(timer()).toHaveTextContent('4:50');
    await user.click(screen.getByRole('button', { name: 'Resend OTP' }));
    await waitFor(() => expect(timer()).toHaveTextContent('5:00'));
    expect(api.callsTo('POST', '/api/auth/email_verification/trigger')).toHaveLength(2);
  });
});

describe('signup validation', () => {
  it("warns 'Please enter email' and 'Please enter OTP' without calling", async () => {
    const api = stubApi(SIGNUP_API);
    const { user } = await openSignup();
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    await expectFieldProblem(screen.getByLabelText('Email'), 'Please enter email');
    expect(api.calls).toHaveLength(0);

    await sendCode(user);
    // Typing in the field takes its message away.
    expect(screen.getByLabelText('Email')).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText('Email')).not.toHaveAccessibleDescription();
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectFieldProblem(screen.getByPlaceholderText('6-digit code'), 'Please enter OTP');
    expect(api.callsTo('POST', '/api/auth/verify_otp')).toHaveLength(0);
  });

  it('warns about the name, a short password and a mismatch before registering', async () => {
    const api = stubApi(SIGNUP_API);
    const { user } = await openSignup();
    await sendCode(user);
    await verify(user);

    await user.clear(screen.getByLabelText('Name'));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await expectFieldProblem(screen.getByLabelText('Name'), 'Please enter your name.');
    await user.type(screen.getByLabelText('Name'), 'Asha');

    await user.type(screen.getByLabelText('Password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await expectFieldProblem(screen.getByLabelText('Password'), 'Password must be at least 8 characters.');
    expect(screen.getByLabelText('Name')).not.toHaveAttribute('aria-invalid');

    await user.type(screen.getByLabelText('Password'), '-long');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    await expectFieldProblem(screen.getByLabelText('Confirm password'), 'The passwords you entered do not match.');
    expect(api.callsTo('POST', '/api/auth/register')).toHaveLength(0);
  });

  it("says 'Failed to send OTP' when the trigger fails without a message, and the server's warning otherwise", async () => {
    let answer = fail('');
    stubApi({ 'POST /api/auth/email_verification/trigger': () => answer });
    const { user } = await openSignup();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(toastType(await findToast('Failed to send OTP'))).toBe('error');
    expect(otpInput()).not.toBeInTheDocument();

    answer = warn('Email already registered');
    await user.click(screen.getByRole('button', { name: 'Verify Email' }));
    expect(toastType(await findToast('Email already registered'))).toBe('warning');
  });

  it('keeps the code stage when the code is wrong, with the server message', async () => {
    stubApi({ ...SIGNUP_API, 'POST /api/auth/verify_otp': warn('Invalid or expired OTP') });
    const { user } = await openSignup();
    await sendCode(user);
    await user.type(otpInput()!, '000000');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    expect(toastType(await findToast('Invalid or expired OTP'))).toBe('warning');
    expect(screen.queryByText('Verified')).not.toBeInTheDocument();
    expect(otpInput()).toBeInTheDocument();
  });
});
