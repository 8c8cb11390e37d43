import { Skeleton } from '../ui/skeleton';
import { GRID_CLASSES } from './product-grid';

export function ProductCardSkeleton() {
  return (
    <div data-testid="product-card-skeleton" className="overflow-hidden rounded-xl border border-maroon-100 bg-white">
      <Skeleton className="aspect-[4/5] w-full rounded-none" />
      <div className="space-y-2 p-3">
        <Skeleton className="h-4 w-4/5" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </div>
  );
}

/** The full loader of a grid's first load: `count` skeleton cards, announced as loading. */
export function ProductGridSkeleton({ count, label = 'Loading products' }: { count: number; label?: string }) {
  return (
    <div role="status" aria-label={label} aria-busy="true">
      <div className={GRID_CLASSES}>
        {Array.from({ length: count }, (_, index) => (
          <ProductCardSkeleton key={index} />
        ))}
      </div>
    </div>
  );
}
