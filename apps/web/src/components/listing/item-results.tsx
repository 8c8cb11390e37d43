import { type ReactNode } from 'react';
import { LISTING_PAGE_SIZE } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { useEndMarker } from '../../lib/use-end-marker';
import { ProductGrid, ProductGridSkeleton } from '../product/product-grid';
import { Button } from '../ui/button';
import { EmptyPanel, FailurePanel, PageSpinner } from './listing-states';

/** What the grid needs of an infinite item query (a listing's or the search results'). */
export interface ItemResultsQuery {
  items: readonly ProductCard[];
  data?: { pages: readonly unknown[] };
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  isFetchNextPageError: boolean;
  fetchNextPage: () => Promise<unknown>;
  refetch: () => Promise<unknown>;
}

/**
 * The grid of an infinite item query (listings and search results): full loader on the first
 * load, the failure panel when the first load fails, the empty panel, then the grid with the end
 * marker that loads the next page and a small spinner while it does.
 */
export function ItemResults({
  query,
  failureText,
  onOpenFilters,
  header,
}: {
  query: ItemResultsQuery;
  failureText: string;
  onOpenFilters?: () => void;
  header?: ReactNode;
}) {
  const { items, isPending, isError, hasNextPage, isFetchingNextPage, fetchNextPage, refetch, isFetching, isFetchNextPageError } =
    query;
  const pages = query.data?.pages.length ?? 0;
  const canLoadMore = hasNextPage && !isFetchingNextPage && !isFetchNextPageError;
  const marker = useEndMarker(
    () => {
      if (canLoadMore) void fetchNextPage();
    },
    Boolean(canLoadMore),
    pages,
  );

  if (isPending) return <ProductGridSkeleton count={LISTING_PAGE_SIZE} />;
  if (isError && items.length === 0) {
    return <FailurePanel text={failureText} onRetry={() => void refetch()} busy={isFetching} />;
  }
  return (
    <>
      {header}
      {items.length === 0 ? (
        <EmptyPanel onOpenFilters={onOpenFilters} />
      ) : (
        <>
          <ProductGrid items={items} label="Products" />
          <div ref={marker} data-testid="end-marker" aria-hidden="true" className="h-px" />
          {isFetchingNextPage ? <PageSpinner /> : null}
          {isFetchNextPageError ? (
            <div className="flex justify-center py-6">
              <Button variant="secondary" onClick={() => void fetchNextPage()}>
                Try Again
              </Button>
            </div>
          ) : null}
        </>
      )}
    </>
  );
}
