import { LoaderCircle, ShoppingCart, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import { formatINR } from '@ssd/shared/money';
import type { ProductCard } from '@ssd/shared/storefront';
import { Button } from '../../../components/ui/button';
import { CART_MESSAGES, useCartItem } from '../../../lib/api/update-cart';
import { useWishlistItem } from '../../../lib/api/update-wishlist';
import { productPath } from '../../../lib/product-path';
import { inStock } from '../../../lib/stock';

/** One saved product: remove from the wishlist, add to or remove from the cart. */
export function WishlistItem({ item }: { item: ProductCard }) {
  const wishlist = useWishlistItem(item.id);
  const cart = useCartItem(item, { outOfStockMessage: CART_MESSAGES.itemOutOfStock });
  const available = inStock(item.quantity);
  return (
    <li className="flex gap-4 rounded-xl bg-white p-3 shadow-sm">
      <Link to={productPath(item)} className="shrink-0" aria-label={item.title} tabIndex={-1}>
        <img
          src={assetUrl(item.thumbnail_image) ?? undefined}
          alt=""
          width={96}
          height={120}
          loading="lazy"
          className="h-30 w-24 rounded-lg object-cover"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <Link to={productPath(item)} className="font-medium text-ink hover:underline">
          {item.title}
        </Link>
        <p className="text-sm font-semibold text-ink">{formatINR(item.price)}</p>
        {!available ? <p className="text-sm font-semibold text-red-700">Out of stock</p> : null}
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            variant="secondary"
            onClick={() => void (cart.inCart ? cart.remove() : cart.add())}
            disabled={cart.pending}
            aria-busy={cart.pending || undefined}
            aria-label={cart.inCart ? `Remove ${item.title} from cart` : `Add ${item.title} to cart`}
            className="px-4 py-2"
          >
            {cart.pending ? (
              <LoaderCircle aria-hidden="true" className="size-4 animate-spin" />
            ) : (
              <ShoppingCart aria-hidden="true" className="size-4" />
            )}
            {cart.inCart ? 'Remove from cart' : 'Add to cart'}
          </Button>
          <Button
            variant="ghost"
            onClick={() => void wishlist.toggle()}
            disabled={wishlist.pending}
            aria-label={`Remove ${item.title} from wishlist`}
            className="px-4 py-2"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove
          </Button>
        </div>
      </div>
    </li>
  );
}
