import { Link } from 'react-router';
import { useIsMutating } from '@tanstack/react-query';
import { ShoppingBag } from 'lucide-react';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { cartListKeys, useCart } from '../../../lib/api/get-cart';
import { useCartIds } from '../../../lib/api/get-cart-wishlist-ids';
import { SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CartLine } from '../components/cart-line';
import { CartSummaryBlock } from '../components/cart-summary';
import { CART_TEXTS, summarise } from '../lib/cart-summary';

/** /cart (spec 3 §2 Cart); the route wraps it in RequireLogin, whose listener takes a -2 to login. */
export function CartScreen() {
  useDocumentTitle('Cart');
  const list = useCart();
  const cartIds = useCartIds();
  const changing = useIsMutating({ mutationKey: cartListKeys.quantity() }) > 0;
  // A product removed here (or anywhere) leaves at once: the cached ids are the latest word.
  const rows = (list.data ?? []).filter((row) => cartIds === undefined || cartIds.includes(row.id));

  let body;
  if (list.isPending) {
    body = (
      <div className="flex flex-col gap-4" aria-busy="true">
        <p className="sr-only" role="status">
          Loading your cart
        </p>
        {[0, 1, 2].map((n) => (
          <Skeleton key={n} className="h-36 w-full" />
        ))}
      </div>
    );
  } else if (list.isError) {
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p role="alert" className="text-ink">
          {CART_TEXTS.loadFailed}
        </p>
        <Button onClick={() => void list.refetch()}>Refresh</Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <ShoppingBag aria-hidden="true" className="size-10 text-maroon-300" />
        <p className="text-lg text-ink">{CART_TEXTS.empty}</p>
        <Link to={SCREENS.shop.path} className={buttonClasses('primary')}>
          Continue shopping
        </Link>
      </div>
    );
  } else {
    body = (
      <div className="grid items-start gap-6 md:grid-cols-[1fr_20rem]">
        <ul aria-label="Items in your cart" className="flex flex-col gap-4">
          {rows.map((row) => (
            <CartLine key={row.id} item={row} />
          ))}
        </ul>
        <CartSummaryBlock summary={summarise(rows)} changing={changing} />
      </div>
    );
  }

  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6 px-4 py-6">
      <h1 className="heading-page">Cart</h1>
      {body}
    </div>
  );
}
