import { useEffect, useState } from 'react';
import { CART_BADGE_BUMP_MS, CART_BADGE_CAP } from '@ssd/shared/constants';

/**
 * The cart count on the navbar's cart icon (spec 1 §2, §9): capped at 99, and bumping for 300 ms
 * whenever the count changes. Not shown for an empty cart.
 */
export function CartBadge({ count }: { count: number }) {
  const [lastCount, setLastCount] = useState(count);
  const [bumpId, setBumpId] = useState(0);
  const [bumping, setBumping] = useState(false);

  // A changed count starts a bump (state adjusted during render, as React recommends over an effect).
  if (count !== lastCount) {
    setLastCount(count);
    setBumpId((id) => id + 1);
    setBumping(true);
  }

  useEffect(() => {
    if (!bumping) return;
    const timer = setTimeout(() => setBumping(false), CART_BADGE_BUMP_MS);
    return () => clearTimeout(timer);
  }, [bumping, bumpId]);

  if (count <= 0) return null;
  return (
    <span
      // A new key restarts the CSS animation when the count changes again mid-bump.
      key={bumpId}
      data-testid="cart-badge"
      aria-hidden="true"
      className={`absolute -top-1.5 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-gold-400 px-1 text-[11px] leading-none font-bold text-maroon-900 ${bumping ? 'animate-bump' : ''}`}
    >
      {Math.min(count, CART_BADGE_CAP)}
    </span>
  );
}
