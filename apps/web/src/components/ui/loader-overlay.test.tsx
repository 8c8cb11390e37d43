import type { ReactNode } from 'react';
import { act, renderHook, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoaderOverlay, LoaderProvider, useLoader } from './loader-overlay';

function WithOverlay({ children }: { children: ReactNode }) {
  return (
    <LoaderProvider>
      {children}
      <LoaderOverlay />
    </LoaderProvider>
  );
}

function renderLoader() {
  const { result } = renderHook(() => useLoader(), { wrapper: WithOverlay });
  // The functions are stable across renders, so the first ones stay valid.
  return result.current;
}

const overlay = () => screen.queryByRole('status', { name: 'Loading' });

describe('global loader overlay', () => {
  it('stays until every nested show has been hidden', () => {
    const api = renderLoader();
    expect(overlay()).not.toBeInTheDocument();
    act(() => api.showLoader());
    act(() => api.showLoader());
    expect(overlay()).toBeInTheDocument();
    expect(overlay()).toHaveAttribute('aria-live', 'polite');
    act(() => api.hideLoader());
    expect(overlay()).toBeInTheDocument();
    act(() => api.hideLoader());
    expect(overlay()).not.toBeInTheDocument();
  });

  it('ignores a hide without a show', () => {
    const api = renderLoader();
    act(() => api.hideLoader());
    act(() => api.showLoader());
    expect(overlay()).toBeInTheDocument();
  });

  it('withLoader shows the overlay while the work runs, even when it fails', async () => {
    const api = renderLoader();
    let fail: (reason: Error) => void = () => {};
    const work = new Promise<never>((_, reject) => {
      fail = reject;
    });
    let running: Promise<unknown> = Promise.resolve();
    act(() => {
      running = api.withLoader(work).catch(() => 'failed');
    });
    expect(overlay()).toBeInTheDocument();
    await act(async () => {
      fail(new Error('boom'));
      await running;
    });
    expect(overlay()).not.toBeInTheDocument();
  });
});
