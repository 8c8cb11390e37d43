import { Heart } from 'lucide-react';
import { useWishlistItem } from '../../lib/api/update-wishlist';

/**
 * The wishlist heart of product cards and suggestions (spec 2): a toggle button. Visitors get the
 * login warning and the login screen; the cached wishlist ids move every heart at once.
 */
export function WishlistHeart({ itemId, className = '' }: { itemId: number; className?: string }) {
  const { saved, pending, toggle } = useWishlistItem(itemId);
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      aria-pressed={saved}
      aria-busy={pending || undefined}
      aria-label={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      title={saved ? 'Remove from wishlist' : 'Save to wishlist'}
      className={`inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-white/90 text-maroon-700 shadow-sm transition-colors hover:bg-maroon-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 ${className}`}
    >
      <Heart aria-hidden="true" className={`size-5 ${saved ? 'fill-current' : ''}`} />
    </button>
  );
}
