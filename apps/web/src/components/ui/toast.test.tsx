import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@ssd/shared/constants';
import { ApiError, networkError } from '../../lib/api-error';
import { loadToastList, ToastProvider, ToastStack, useToast } from './toast';
import { stackPlacement } from './toast-list';
import { useFailureToast } from './use-failure-toast';

function WithStack({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      {children}
      <ToastStack />
    </ToastProvider>
  );
}

/** The toast API and the failure toast (./use-failure-toast.ts). */
function useToasts() {
  return { ...useToast(), toastFromError: useFailureToast() };
}

/** The latest toast API, re-read after each render. */
let current: () => ReturnType<typeof useToasts>;
const api = {
  get toasts() {
    return current().toasts;
  },
  showToast: (...args: Parameters<ReturnType<typeof useToast>['showToast']>) => current().showToast(...args),
  toastFromError: (...args: Parameters<ReturnType<typeof useToasts>['toastFromError']>) => current().toastFromError(...args),
};

function renderToasts() {
  const { result } = renderHook(() => useToasts(), { wrapper: WithStack });
  current = () => result.current;
}

const toastWith = (text: string) =>
  [...screen.queryAllByRole('status'), ...screen.queryAllByRole('alert')].find((node) =>
    node.textContent.includes(text),
  );

describe('toast view', () => {
  it('comes with the first toast', async () => {
    renderToasts();
    act(() => api.showToast('Added to cart', 'success'));
    expect(await screen.findByRole('status')).toHaveTextContent('Added to cart');
  });
});

describe('toasts (spec 1 §2, §8, §9)', () => {
  // The view loads with the first toast; loaded beforehand, the fake-timer steps below stay synchronous.
  beforeAll(async () => {
    await loadToastList();
  });
  beforeEach(() => {
    vi.useFakeTimers();
    renderToasts();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('each toast disappears 4000 ms after it appeared', () => {
    expect(TOAST_DURATION_MS).toBe(4000);
    act(() => api.showToast('Added to cart', 'success'));
    act(() => vi.advanceTimersByTime(1000));
    act(() => api.showToast('Removed from cart', 'success'));

    act(() => vi.advanceTimersByTime(2999));
    expect(toastWith('Added to cart')).toBeDefined();
    act(() => vi.advanceTimersByTime(1));
    expect(toastWith('Added to cart')).toBeUndefined();
    expect(toastWith('Removed from cart')).toBeDefined();
    act(() => vi.advanceTimersByTime(1000));
    expect(toastWith('Removed from cart')).toBeUndefined();
  });

  it('can be dismissed before it times out', () => {
    act(() => api.showToast('Profile updated', 'success'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(toastWith('Profile updated')).toBeUndefined();
  });

  it('keeps the message, type and time of each toast', () => {
    vi.setSystemTime(new Date('2025-01-03T10:00:00Z'));
    act(() => api.showToast('Product out of stock', 'warning'));
    expect(api.toasts).toEqual([
      expect.objectContaining({
        message: 'Product out of stock',
        type: 'warning',
        timestamp: new Date('2025-01-03T10:00:00Z').getTime(),
      }),
    ]);
  });

  it('announces errors as alerts and the rest as status', () => {
    act(() => {
      api.showToast('Could not save', 'error');
      api.showToast('Saved', 'success');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Could not save');
    expect(screen.getByRole('status')).toHaveTextContent('Saved');
  });

  it('toastFromError shows a code 0 failure as a warning with the server message', () => {
    act(() => api.toastFromError(new ApiError(0, 'Quantity should be 1 or more.', 409)));
    expect(toastWith('Quantity should be 1 or more.')).toHaveAttribute('data-type', 'warning');
  });

  it.each([new ApiError(-1, 'Something broke on our side.', 500), new ApiError(-2, 'Please log in to continue.', 401)])(
    'toastFromError shows other failures as errors: %o',
    (error) => {
      act(() => api.toastFromError(error));
      expect(toastWith(error.message)).toHaveAttribute('data-type', 'error');
    },
  );

  it("says 'Failed to connect to our server.' without an answer, unless the caller has its own text", () => {
    act(() => api.toastFromError(networkError(0)));
    expect(toastWith('Failed to connect to our server.')).toHaveAttribute('data-type', 'error');
    act(() => api.toastFromError(networkError(502), { offline: 'Failed to add to cart' }));
    expect(toastWith('Failed to add to cart')).toHaveAttribute('data-type', 'error');
  });

  it('uses the fallback for an empty server message and for an error that is not an ApiError', () => {
    act(() => api.toastFromError(new ApiError(0, '', 409), { fallback: 'Failed to send OTP' }));
    expect(toastWith('Failed to send OTP')).toHaveAttribute('data-type', 'warning');
    act(() => api.toastFromError(new TypeError('x is undefined'), { fallback: 'Login failed' }));
    expect(toastWith('Login failed')).toHaveAttribute('data-type', 'error');
    expect(toastWith('x is undefined')).toBeUndefined();
  });
});

describe('where the stack sits (docs/decisions/0042)', () => {
  const box = (top: number, left = 0, right = 390) => ({ top, bottom: top + 44, left, right });

  it('is at the top unless the control that raised a toast lies under it', () => {
    expect(stackPlacement([undefined], 390)).toBe('top');
    // A Sign Up button low on a phone screen: the top is clear of it.
    expect(stackPlacement([box(620)], 390)).toBe('top');
    // A button near the top (a card's cart button scrolled up): the stack goes to the bottom.
    expect(stackPlacement([box(100)], 390)).toBe('bottom');
    // Each toast makes the stack reach further down.
    expect(stackPlacement([box(200)], 390)).toBe('top');
    expect(stackPlacement([undefined, undefined, box(200)], 390)).toBe('bottom');
    // From md the stack is only at the right: a control at the top left is not under it.
    expect(stackPlacement([box(100, 24, 300)], 1280)).toBe('top');
    expect(stackPlacement([box(100, 1000, 1200)], 1280)).toBe('bottom');
  });

  it('measures the focused control when the toast appears', async () => {
    await loadToastList();
    renderToasts();
    const button = document.createElement('button');
    document.body.append(button);
    // jsdom's window is 1024 px wide: the stack is at the right, over this full-width button.
    vi.spyOn(button, 'getBoundingClientRect').mockReturnValue({ ...box(90, 0, 1024), x: 0, y: 90, width: 1024, height: 44, toJSON: () => ({}) });
    button.focus();
    act(() => api.showToast('Please enter email', 'warning'));
    expect(api.toasts[0]?.raisedBy).toBe(button);
    expect(screen.getByTestId('toast-stack')).toHaveAttribute('data-placement', 'bottom');
    button.remove();
  });
});
