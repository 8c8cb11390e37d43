import { Heart } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { useWishlistIds } from '../../../lib/api/get-cart-wishlist-ids';
import { isLive, SCREENS } from '../../../lib/paths';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { useWishlist } from '../api/get-wishlist';
import { WishlistItem } from '../components/wishlist-item';

export const WISHLIST_EMPTY_MESSAGE = 'Your wishlist is empty';

/** /wishlist (spec 2 Wishlist screen); the route wraps it in RequireLogin. */
export function WishlistScreen() {
  useDocumentTitle('Wishlist');
  const list = useWishlist();
  const savedIds = useWishlistIds();
  // A product removed here leaves at once: the cached ids are the latest word.
  const items = (list.data ?? []).filter((item) => savedIds === undefined || savedIds.includes(item.id));
  const shopLive = isLive('shop');

  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6 px-4 py-6">
      <h1 className="heading-page">
        My Wishlist{list.isSuccess ? ` (${items.length})` : ''}
      </h1>
      {list.isPending ? (
        <div className="flex flex-col gap-4" aria-busy="true">
          <p className="sr-only" role="status">
            Loading your wishlist
          </p>
          {[0, 1, 2].map((n) => (
            <Skeleton key={n} className="h-36 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <p className="text-ink">{list.error.message || 'Failed to connect to our server.'}</p>
          <Button onClick={() => void list.refetch()}>Try Again</Button>
        </div>
      ) : items.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-12 text-center">
          <Heart aria-hidden="true" className="size-10 text-maroon-300" />
          <p className="text-lg text-ink">{WISHLIST_EMPTY_MESSAGE}</p>
          {shopLive ? (
            <Link to={SCREENS.shop.path} className={buttonClasses('primary')}>
              Continue shopping
            </Link>
          ) : null}
        </div>
      ) : (
        <ul className="flex flex-col gap-4">
          {items.map((item) => (
            <WishlistItem key={item.id} item={item} />
          ))}
        </ul>
      )}
    </div>
  );
}
