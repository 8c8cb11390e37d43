import { Skeleton } from '../ui/skeleton';

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
