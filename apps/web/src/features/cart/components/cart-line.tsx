import { useId } from 'react';
import { Link } from 'react-router';
import { LoaderCircle, Minus, Plus, Trash2 } from 'lucide-react';
import { assetUrl } from '@ssd/shared/assets';
import type { CartItem } from '@ssd/shared/cart';
import { Price } from '../../../components/product/price';
import { Button } from '../../../components/ui/button';
import { useCartItem } from '../../../lib/api/update-cart';
import { useCartQuantity } from '../../../lib/api/update-cart-quantity';
import { productPath } from '../../../lib/product-path';
import { stockNote } from '../lib/cart-summary';

const STEP =
  'inline-flex size-9 items-center justify-center rounded-full border border-maroon-700 text-maroon-700 hover:bg-maroon-50 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * One cart row (spec 3 §2): thumbnail and title linking to the product, price with the market
 * price struck when higher, the stock note, the quantity with − and + (both disabled while a change
 * of this row is under way), and Remove ('Removed from cart', through the cart's id list).
 */
export function CartLine({ item }: { item: CartItem }) {
  const titleId = useId();
  const quantity = useCartQuantity(item);
  const cart = useCartItem({ id: item.id, quantity: item.item_quantity });
  const note = stockNote(item.item_quantity);
  const path = productPath(item);

  return (
    <li aria-labelledby={titleId} className="flex gap-4 rounded-xl bg-white p-3 shadow-sm">
      <Link to={path} className="shrink-0" tabIndex={-1} aria-hidden="true">
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
        <Link id={titleId} to={path} className="font-medium text-ink hover:underline">
          {item.title}
        </Link>
        <Price price={item.price} marketPrice={item.market_price} />
        {note ? <p className="text-sm font-semibold text-red-700">{note}</p> : null}
        <div className="mt-auto flex flex-wrap items-center justify-between gap-3">
          <div className="flex items-center gap-3" aria-busy={quantity.pending || undefined}>
            <button
              type="button"
              onClick={quantity.decrement}
              disabled={quantity.pending}
              aria-label={`Decrease quantity of ${item.title}`}
              className={STEP}
            >
              <Minus aria-hidden="true" className="size-4" />
            </button>
            <span className="min-w-8 text-center text-lg font-semibold" data-testid="cart-quantity">
              <span className="sr-only">Quantity: </span>
              {item.cart_quantity}
            </span>
            <button
              type="button"
              onClick={quantity.increment}
              disabled={quantity.pending}
              aria-label={`Increase quantity of ${item.title}`}
              className={STEP}
            >
              <Plus aria-hidden="true" className="size-4" />
            </button>
            {quantity.pending ? <LoaderCircle aria-hidden="true" className="size-4 animate-spin text-muted" /> : null}
          </div>
          <Button
            variant="ghost"
            onClick={() => void cart.remove()}
            disabled={cart.pending}
            aria-label={`Remove ${item.title} from cart`}
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
