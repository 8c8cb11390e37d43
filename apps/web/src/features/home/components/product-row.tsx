import { useRef, type ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '@ssd/shared/storefront';
import { ProductCard } from '../../../components/product/product-card';
import { useAutoScrollRow, usePauseOnInteraction } from '../hooks';
import { RowSkeleton } from './row-skeleton';
import { SectionEmpty, SectionError } from './section-states';

/** A home row of product cards that auto-scrolls every 3.5 s, paused on hover or focus. */
export function ProductRow({
  id,
  title,
  items,
  isPending,
  isError,
  onRetry,
  emptyText,
  toolbar,
}: {
  id: string;
  title: string;
  items: readonly ProductCardData[] | undefined;
  isPending: boolean;
  isError: boolean;
  onRetry: () => void;
  emptyText: string;
  toolbar?: ReactNode;
}) {
  const row = useRef<HTMLUListElement | null>(null);
  const { paused, handlers } = usePauseOnInteraction();
  useAutoScrollRow(row, paused, Boolean(items && items.length > 1));
  const headingId = `${id}-heading`;

  return (
    <section aria-labelledby={headingId} className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="heading-section">
          {title}
        </h2>
        {toolbar}
      </div>
      <div className="mt-5" {...handlers}>
        {isPending ? (
          <RowSkeleton title={title} />
        ) : isError ? (
          <SectionError onRetry={onRetry} />
        ) : !items || items.length === 0 ? (
          <SectionEmpty text={emptyText} />
        ) : (
          <ul ref={row} aria-label={title} className="flex snap-x gap-4 overflow-x-auto pb-2">
            {items.map((item) => (
              <li key={item.id} className="w-44 shrink-0 snap-start sm:w-52">
                <ProductCard item={item} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
