import type { ReactNode } from 'react';
import type { ProductCard as ProductCardData } from '@ssd/shared/storefront';
import { ProductCard, type CardHeadingLevel } from './product-card';
import { ProductCardSkeleton } from './product-card-skeleton';

/** 5 columns on wide screens (GRID_COLUMNS_WIDE), fewer on narrow ones. */
export const GRID_CLASSES = 'grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4 xl:grid-cols-5';

/** Cards in the first screenful load their images at once; the rest lazily. */
const EAGER_CARDS = 5;

export function ProductGrid({
  items,
  label,
  onHoverItem,
  renderBadge,
  cardHeadingLevel = 2,
}: {
  items: readonly ProductCardData[];
  label?: string;
  /**
   * A grid is mostly a page's main list, right under its h1 (listings, search results, a sale): its
   * cards' titles are h2 then, so no heading level is skipped. Under a section's h2, pass 3.
   */
  cardHeadingLevel?: CardHeadingLevel;
  onHoverItem?: (item: ProductCardData) => void;
  renderBadge?: (item: ProductCardData) => ReactNode;
}) {
  return (
    <ul className={GRID_CLASSES} aria-label={label}>
      {items.map((item, index) => (
        <li key={item.id}>
          <ProductCard
            item={item}
            eager={index < EAGER_CARDS}
            onHover={onHoverItem ? () => onHoverItem(item) : undefined}
            badge={renderBadge?.(item)}
            headingLevel={cardHeadingLevel}
          />
        </li>
      ))}
    </ul>
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
