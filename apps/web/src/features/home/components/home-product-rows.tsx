import { useTrending } from '../../../lib/api/get-trending';
import { NewArrivals } from './new-arrivals';
import { ProductRow } from './product-row';

/**
 * Home's product rows, New Arrivals and Trending. They sit below the fold, so home loads this
 * module, with the product cards, when the rows come near the viewport.
 */
export function HomeProductRows() {
  const trending = useTrending();
  return (
    <>
      <NewArrivals />
      <ProductRow
        id="trending"
        title="Trending"
        items={trending.data}
        isPending={trending.isPending}
        isError={trending.isError}
        onRetry={() => void trending.refetch()}
        emptyText="No trending products right now."
      />
    </>
  );
}
