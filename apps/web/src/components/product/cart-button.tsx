import { Check, LoaderCircle, ShoppingCart } from 'lucide-react';
import { useNavigate } from 'react-router';
import type { ProductCard } from '@ssd/shared/storefront';
import { useCartItem } from '../../lib/api/update-cart';
import { isLive, SCREENS } from '../../lib/paths';

const ROUND =
  'inline-flex size-10 shrink-0 items-center justify-center rounded-full shadow-sm transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700';

/**
 * The round add-to-cart button of product cards (spec 2 listing card): add (spinner while adding),
 * View Cart when the product is in the cart, login first for visitors, out-of-stock warning.
 *
 * While the cart screen is not live (src/lib/paths.ts), a product in the cart shows a disabled
 * 'In cart' state instead of linking a screen that does not exist yet.
 */
export function CartButton({ item }: { item: ProductCard }) {
  const navigate = useNavigate();
  const { inCart, pending, add } = useCartItem(item);

  // While the add is under way the spinner shows, though the cart's ids already have the product.
  if (inCart && !pending) {
    if (isLive('cart')) {
      return (
        <button
          type="button"
          onClick={() => void navigate(SCREENS.cart.path)}
          aria-label={`View Cart (${item.title} is in your cart)`}
          title="View Cart"
          className={`${ROUND} bg-maroon-700 text-white hover:bg-maroon-800`}
        >
          <ShoppingCart aria-hidden="true" className="size-5" />
          <span className="sr-only">View Cart</span>
        </button>
      );
    }
    return (
      <button
        type="button"
        disabled
        aria-label={`In cart: ${item.title}`}
        title="In cart"
        className={`${ROUND} cursor-default bg-emerald-700 text-white`}
      >
        <Check aria-hidden="true" className="size-5" />
      </button>
    );
  }

  return (
    <button
      type="button"
      onClick={() => void add()}
      disabled={pending}
      aria-busy={pending || undefined}
      aria-label={`Add ${item.title} to cart`}
      title="Add to cart"
      className={`${ROUND} bg-white text-maroon-700 hover:bg-maroon-50 disabled:cursor-wait`}
    >
      {pending ? (
        <LoaderCircle aria-hidden="true" className="size-5 animate-spin" />
      ) : (
        <ShoppingCart aria-hidden="true" className="size-5" />
      )}
    </button>
  );
}
