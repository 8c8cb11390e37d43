import { Link } from 'react-router';
import { assetUrl } from '@ssd/shared/assets';
import { formatINR } from '@ssd/shared/money';
import { WishlistHeart } from '../../../components/product/wishlist-heart';
import { Skeleton } from '../../../components/ui/skeleton';
import { productPath } from '../../../lib/product-path';
import { inStock } from '../../../lib/stock';
import { useSuggested } from '../api/get-suggested';

/** 'You May Like' (spec 2 Product detail): cards with a wishlist heart and an out-of-stock tag. */
export function Suggestions({ productId }: { productId: number }) {
  const suggested = useSuggested(productId);
  if (suggested.isError) return null;
  const cards = (suggested.data ?? []).filter((card) => card.id !== productId);
  if (!suggested.isPending && cards.length === 0) return null;
  return (
    <section aria-labelledby="suggested-heading" className="flex flex-col gap-4">
      <h2 id="suggested-heading" className="heading-section">
        You May Like
      </h2>
      {suggested.isPending ? (
        <div className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5" aria-hidden="true">
          {Array.from({ length: 5 }, (_, n) => (
            <Skeleton key={n} className="aspect-[4/5]" />
          ))}
        </div>
      ) : (
        <ul className="grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-5">
          {cards.map((card) => (
            <li key={card.id} className="relative flex flex-col gap-2 rounded-xl bg-white p-2 shadow-sm">
              <Link to={productPath(card)} className="flex flex-col gap-2">
                <img
                  src={assetUrl(card.thumbnail_image) ?? undefined}
                  alt=""
                  width={400}
                  height={500}
                  loading="lazy"
                  className="aspect-[4/5] w-full rounded-lg object-cover"
                />
                <span className="line-clamp-2 text-sm font-medium text-ink">{card.title}</span>
                <span className="text-sm font-semibold text-ink">{formatINR(card.price)}</span>
              </Link>
              {!inStock(card.quantity) ? (
                <span className="absolute top-3 left-3 rounded bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
                  Out of stock
                </span>
              ) : null}
              <div className="absolute top-3 right-3">
                <WishlistHeart itemId={card.id} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
