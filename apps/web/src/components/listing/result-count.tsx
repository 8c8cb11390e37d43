import { formatIndianNumber } from '@ssd/shared/money';

/** '1 product', '24 products', '1,234 products' (the store's Indian digit grouping). */
export function productCountText(count: number): string {
  return `${formatIndianNumber(count)} ${count === 1 ? 'product' : 'products'}`;
}

/**
 * How many products the filters match, over the grid (all of them, not only the pages loaded so
 * far). A status, so a screen reader hears the new count after filters change.
 */
export function ResultCount({ total }: { total: number | null }) {
  if (total === null) return null;
  return (
    <p role="status" className="mb-4 text-sm font-medium text-muted">
      {productCountText(total)}
    </p>
  );
}
