import { ProductCardSkeleton } from '../../../components/product/product-card-skeleton';

/** A product row while it loads: five skeleton cards the size of the real ones, announced as loading. */
export function RowSkeleton({ title }: { title: string }) {
  return (
    <div role="status" aria-label={`Loading ${title}`} className="flex gap-4 overflow-hidden">
      {Array.from({ length: 5 }, (_, index) => (
        <div key={index} className="w-44 shrink-0 sm:w-52">
          <ProductCardSkeleton />
        </div>
      ))}
    </div>
  );
}
