import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CART_BADGE_BUMP_MS } from '@ssd/shared/constants';
import { CartBadge } from './cart-badge';

const badge = () => screen.getByTestId('cart-badge');

describe('cart badge (spec 1 §2, §9)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows the count, capped at 99', () => {
    const { rerender } = render(<CartBadge count={7} />);
    expect(badge()).toHaveTextContent(/^7$/);
    rerender(<CartBadge count={99} />);
    expect(badge()).toHaveTextContent(/^99$/);
    rerender(<CartBadge count={100} />);
    expect(badge()).toHaveTextContent(/^99$/);
    rerender(<CartBadge count={250} />);
    expect(badge()).toHaveTextContent(/^99$/);
  });

  it('is not shown for an empty cart', () => {
    render(<CartBadge count={0} />);
    expect(screen.queryByTestId('cart-badge')).not.toBeInTheDocument();
  });

  it('does not bump on first render, bumps for 300 ms when the count changes', () => {
    const { rerender } = render(<CartBadge count={2} />);
    expect(badge()).not.toHaveClass('animate-bump');

    rerender(<CartBadge count={3} />);
    expect(badge()).toHaveClass('animate-bump');

    act(() => vi.advanceTimersByTime(CART_BADGE_BUMP_MS - 1));
    expect(badge()).toHaveClass('animate-bump');
    act(() => vi.advanceTimersByTime(1));
    expect(badge()).not.toHaveClass('animate-bump');
    expect(CART_BADGE_BUMP_MS).toBe(300);
  });

  it('restarts the 300 ms when the count changes again mid-bump', () => {
    const { rerender } = render(<CartBadge count={1} />);
    rerender(<CartBadge count={2} />);
    act(() => vi.advanceTimersByTime(200));
    rerender(<CartBadge count={1} />);
    act(() => vi.advanceTimersByTime(200));
    expect(badge()).toHaveClass('animate-bump');
    act(() => vi.advanceTimersByTime(100));
    expect(badge()).not.toHaveClass('animate-bump');
  });

  it('bumps when the count changes even though the capped number shown stays 99', () => {
    const { rerender } = render(<CartBadge count={120} />);
    rerender(<CartBadge count={121} />);
    expect(badge()).toHaveTextContent(/^99$/);
    expect(badge()).toHaveClass('animate-bump');
  });
});
