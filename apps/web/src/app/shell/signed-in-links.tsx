import { Link } from 'react-router';
import { Heart, ShoppingBag } from 'lucide-react';
import { useCartIds } from '../../lib/api/get-cart-wishlist-ids';
import { SCREENS } from '../../lib/paths';
import { useSession } from '../../lib/session';
import { CartBadge } from './cart-badge';
import { ICON_LINK } from './icon-link';

/** The navbar's greeting, wishlist and cart links (spec 1 §2), for a signed-in user only. */
export function SignedInLinks() {
  const session = useSession();
  const cartCount = useCartIds()?.length ?? 0;
  return (
    <>
      <span className="mr-1 hidden text-sm font-medium text-muted sm:inline">Hello, {session.userName}</span>
      {SCREENS.wishlist.live ? (
        <Link to={SCREENS.wishlist.path} aria-label="Wishlist" className={ICON_LINK}>
          <Heart aria-hidden="true" className="size-5" />
        </Link>
      ) : null}
      {SCREENS.cart.live ? (
        <Link
          to={SCREENS.cart.path}
          aria-label={`Cart, ${cartCount} ${cartCount === 1 ? 'item' : 'items'}`}
          className={ICON_LINK}
        >
          <ShoppingBag aria-hidden="true" className="size-5" />
          <CartBadge count={cartCount} />
        </Link>
      ) : null}
    </>
  );
}
