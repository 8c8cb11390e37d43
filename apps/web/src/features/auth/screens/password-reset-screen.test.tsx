import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { expectFieldProblem, findToast } from '../../../components/ui/field-problem.test-helpers';
import { renderApp } from '../../../test/render-app';
import { ok, stubApi, toastType } from '../../../test/api-stub';

const RESET_API = {
  'POST /api/auth/email/password_reset/trigger': ok(null, 'OTP sent successfully'),
  'POST /api/auth/verify_otp': ok(null, 'OTP verified'),
  'PATCH /api/auth/update/password': ok(null, 'Password updated successfully'),
};

beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
});
afterEach(() => {
  vi.useRealTimers();
});

async function openReset() {
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  const view = renderApp('/auth/password/reset');
  await screen.findByRole('heading', { level: 1, name: 'SSD Password Reset' });
  return { user, ...view };
}

async function reachVerified(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Email'), 'asha@example.com');
  await user.click(screen.getByRole('button', { name: 'Send OTP' }));
  await user.type(await screen.findByPlaceholderText('6-digit code'), '654321');
  await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
  await screen.findByText('Verified');
}

describe('password reset', () => {
  it('sends, verifies with purpose reset, sets the new password and goes to login', async () => {
    const api = stubApi(RESET_API);
    const { user, router } = await openReset();
    await waitFor(() => expect(document.title).toBe('Reset Password | SSD'));
    expect(screen.queryByLabelText('New password')).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    const otp = await screen.findByPlaceholderText('6-digit code');
    expect(otp).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getByRole('timer')).toHaveTextContent('5:00');
    act(() => vi.advanceTimersByTime(1000));
    expect(screen.getByRole('timer')).toHaveTextContent('4:59');
    expect(screen.getByRole('button', { name: 'Resend OTP' })).toBeInTheDocument();

    await user.type(otp, '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByText('Verified');
    expect(api.callsTo('POST', '/api/auth/verify_otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '654321',
      purpose: 'reset',
    });
    expect(screen.getByLabelText('Email')).toHaveAttribute('readonly');

    await user.type(screen.getByLabelText('New password'), 'brand-new-1');
    await user.type(screen.getByLabelText('Confirm password'), 'brand-new-1');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    expect(toastType(await findToast('Password updated successfully'))).toBe('success');
    expect(api.callsTo('PATCH', '/api/auth/update/password')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'brand-new-1',
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('shows a malformed e-mail under the field before sending a code', async () => {
    const api = stubApi(RESET_API);
    const { user } = await openReset();
    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await expectFieldProblem(screen.getByLabelText('Email'), 'Enter a valid email address.');
    expect(api.calls).toHaveLength(0);
  });

  it("warns 'Please enter OTP', a short password and a mismatch", async () => {
    const api = stubApi(RESET_API);
    const { user } = await openReset();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByPlaceholderText('6-digit code');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await expectFieldProblem(screen.getByPlaceholderText('6-digit code'), 'Please enter OTP');

    await user.type(screen.getByPlaceholderText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify OTP' }));
    await screen.findByText('Verified');
    await user.type(screen.getByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Confirm password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectFieldProblem(screen.getByLabelText('New password'), 'Password must be at least 8 characters.');
    await user.type(screen.getByLabelText('New password'), '-enough');
    await user.click(screen.getByRole('button', { name: 'Reset Password' }));
    await expectFieldProblem(screen.getByLabelText('Confirm password'), 'The passwords you entered do not match.');
    expect(api.callsTo('PATCH', '/api/auth/update/password')).toHaveLength(0);
  });

  it('resets the code stage at 0:00 and when the e-mail changes', async () => {
    stubApi(RESET_API);
    const { user } = await openReset();
    await user.type(screen.getByLabelText('Email'), 'asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByPlaceholderText('6-digit code');
    act(() => vi.advanceTimersByTime(301_000));
    expect(screen.queryByPlaceholderText('6-digit code')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Send OTP' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    await screen.findByPlaceholderText('6-digit code');
    await user.clear(screen.getByLabelText('Email'));
    expect(screen.queryByPlaceholderText('6-digit code')).not.toBeInTheDocument();
  });

  it("has 'Back to Login'", async () => {
    stubApi(RESET_API);
    const { user, router } = await openReset();
    await user.click(screen.getByRole('button', { name: 'Back to Login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth/login'));
  });

  it('keeps the verified e-mail locked', async () => {
    stubApi(RESET_API);
    const { user } = await openReset();
    await reachVerified(user);
    await user.type(screen.getByLabelText('Email'), 'zzz');
    expect(screen.getByLabelText('Email')).toHaveValue('asha@example.com');
    expect(screen.getByText('Verified')).toBeInTheDocument();
  });
});
