import type { ReactNode } from 'react';
import { act, fireEvent, renderHook, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS } from '@ssd/shared/constants';
import { loadToastList, ToastProvider, ToastStack, toastTypeForFailure, useToast, type EnvelopeLike } from './toast';

function WithStack({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      {children}
      <ToastStack />
    </ToastProvider>
  );
}

/** The latest toast API, re-read after each render. */
let current: () => ReturnType<typeof useToast>;
const api = {
  get toasts() {
    return current().toasts;
  },
  showToast: (...args: Parameters<ReturnType<typeof useToast>['showToast']>) => current().showToast(...args),
  toastFromEnvelope: (...args: Parameters<ReturnType<typeof useToast>['toastFromEnvelope']>) =>
    current().toastFromEnvelope(...args),
};

function renderToasts() {
  const { result } = renderHook(() => useToast(), { wrapper: WithStack });
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

  it('toastFromEnvelope shows a code 0 failure as a warning with the server message', () => {
    let ok = true;
    act(() => {
      ok = api.toastFromEnvelope({ code: 0, message: 'Quantity should be 1 or more.' });
    });
    expect(ok).toBe(false);
    const toast = toastWith('Quantity should be 1 or more.');
    expect(toast).toHaveAttribute('data-type', 'warning');
  });

  it.each<[EnvelopeLike]>([[{ code: -1, message: 'Failed to connect to our server.' }], [{ code: -2, message: 'Please log in to continue.' }]])(
    'toastFromEnvelope shows other failures as errors: %o',
    (envelope) => {
      act(() => {
        api.toastFromEnvelope(envelope);
      });
      expect(toastWith(envelope.message)).toHaveAttribute('data-type', 'error');
    },
  );

  it('toastFromEnvelope is silent on success unless asked to show the server message', () => {
    let ok = false;
    act(() => {
      ok = api.toastFromEnvelope({ code: 1, message: 'Logged in' });
    });
    expect(ok).toBe(true);
    expect(api.toasts).toHaveLength(0);
    act(() => {
      api.toastFromEnvelope({ code: 1, message: 'Welcome back, Asha' }, { showSuccess: true });
    });
    expect(toastWith('Welcome back, Asha')).toHaveAttribute('data-type', 'success');
  });
});

describe('toastTypeForFailure', () => {
  it('maps code 0 to warning and every other failure code to error', () => {
    expect(toastTypeForFailure(0)).toBe('warning');
    expect(toastTypeForFailure(-1)).toBe('error');
    expect(toastTypeForFailure(-2)).toBe('error');
  });
});
