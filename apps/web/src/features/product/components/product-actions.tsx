import { Heart, LoaderCircle, ShoppingCart } from 'lucide-react';
import type { ProductCard } from '@ssd/shared/storefront';
import { Button } from '../../../components/ui/button';
import { useCartItem } from '../../../lib/api/update-cart';
import { useWishlistItem } from '../../../lib/api/update-wishlist';

/** The product page's cart button: add, or remove when the product is in the cart (spec 2 §4). */
export function CartToggle({ item, className = '' }: { item: ProductCard; className?: string }) {
  const { inCart, pending, add, remove } = useCartItem(item);
  return (
    <Button
      variant="secondary"
      onClick={() => void (inCart ? remove() : add())}
      disabled={pending}
      aria-busy={pending || undefined}
      className={className}
    >
      {pending ? (
        <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
      ) : (
        <ShoppingCart aria-hidden="true" className="size-4" />
      )}
      {inCart ? 'Remove from cart' : 'Add to cart'}
    </Button>
  );
}

/** The product page's labelled wishlist toggle. */
export function WishlistToggle({ itemId }: { itemId: number }) {
  const { saved, pending, toggle } = useWishlistItem(itemId);
  return (
    <Button variant="secondary" onClick={() => void toggle()} aria-pressed={saved} aria-busy={pending || undefined}>
      <Heart aria-hidden="true" className={`size-4 ${saved ? 'fill-current' : ''}`} />
      {saved ? 'Remove from wishlist' : 'Save to wishlist'}
    </Button>
  );
}
