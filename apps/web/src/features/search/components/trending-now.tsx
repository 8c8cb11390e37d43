import { useState } from 'react';
import { Star } from 'lucide-react';
import type { ProductCard } from '@ssd/shared/storefront';
import { NETWORK_MESSAGES } from '@ssd/shared/api';
import { ProductGrid, ProductGridSkeleton } from '../../../components/product/product-grid';
import { Button } from '../../../components/ui/button';
import { useRating } from '../../../lib/api/get-rating';
import { useTrending } from '../../../lib/api/get-trending';

/** The average-rating badge of a hovered card: one decimal, fetched on first hover. */
function RatingBadge({ id }: { id: number }) {
  const rating = useRating(id);
  if (!rating.data || rating.data.avg_rating === null) return null;
  const average = rating.data.avg_rating.toFixed(1);
  return (
    <span
      className="absolute bottom-2 left-2 inline-flex items-center gap-1 rounded-full bg-white/95 px-2 py-0.5 text-xs font-semibold text-ink shadow"
      aria-label={`Rated ${average} out of 5 from ${rating.data.total} review${rating.data.total === 1 ? '' : 's'}`}
    >
      <Star aria-hidden="true" className="size-3.5 fill-gold-500 text-gold-500" />
      {average}
    </span>
  );
}

/** Trending Now (spec 2 search landing): grid with add-to-cart and a rating badge fetched on hover. */
export function TrendingNow() {
  const trending = useTrending();
  const [hovered, setHovered] = useState<ReadonlySet<number>>(() => new Set());
  const onHover = (item: ProductCard) =>
    setHovered((current) => (current.has(item.id) ? current : new Set(current).add(item.id)));

  return (
    <section aria-labelledby="trending-now-heading" className="py-6">
      <h2 id="trending-now-heading" className="heading-section">
        Trending Now
      </h2>
      <div className="mt-4">
        {trending.isPending ? (
          <ProductGridSkeleton count={5} label="Loading trending products" />
        ) : trending.isError ? (
          <div className="flex items-center gap-3">
            <p role="alert" className="text-sm text-ink">
              {NETWORK_MESSAGES.content}
            </p>
            <Button variant="secondary" onClick={() => void trending.refetch()}>
              Try Again
            </Button>
          </div>
        ) : trending.data.length === 0 ? (
          <p className="text-sm text-muted">No trending products right now.</p>
        ) : (
          <ProductGrid
            items={trending.data}
            label="Trending products"
            onHoverItem={onHover}
            renderBadge={(item) => (hovered.has(item.id) ? <RatingBadge id={item.id} /> : null)}
          />
        )}
      </div>
    </section>
  );
}
