import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { LISTING_PAGE_SIZE } from '@ssd/shared/constants';
import { getItemsPage, itemsQuery, sortParam, VISIT_READ_FRESH_MS, type ItemsPage } from '../../../lib/api/get-items';
import { itemKeys } from '../../../lib/api/storefront-keys';
import type { ContentQuery } from '../../../lib/content-client';
import type { ListingState } from '../../../lib/listing-filters';
import { listingDefaults, listingQuery, type ListingKind } from '../filters';

/** The pages of one listing, named by its kind, its catalog and its canonical address query. */
export const listingKeys = {
  items: (kind: ListingKind, catalogTitle: string, canonical: string) => itemKeys.infinite('listing', kind, catalogTitle, canonical),
};

/** The address query that names a listing's state (the same state always gives the same text). */
export function canonicalListingQuery(kind: ListingKind, catalogTitle: string, state: ListingState): string {
  return listingQuery(state, listingDefaults(kind, catalogTitle)).toString();
}

/**
 * In-stock first under the default sort (docs/decisions/0042, 0044): relevance reads
 * `-in_stock,-created_on` — the content service's computed in_stock (quantity > 0) — so the in-stock
 * products come newest first, then the out-of-stock ones, in one read per page. A price or
 * newest-first sort, or In Stock ticked, stays exactly as the spec reads it.
 */
export const IN_STOCK_FIRST = '-in_stock,-created_on';

export function listingSort(state: ListingState): string {
  return state.sort === 'relevance' && !state.inStock ? IN_STOCK_FIRST : sortParam(state.sort);
}

export type ListingPage = ItemsPage;

/** One page of up to LISTING_PAGE_SIZE cards; the first also counts the whole listing (meta.filter_count). */
export function readListingPage(query: ContentQuery, offset: number, signal?: AbortSignal): Promise<ListingPage> {
  return getItemsPage(offset === 0 ? { ...query, meta: 'filter_count' } : query, offset, signal, LISTING_PAGE_SIZE);
}

/** The item pages of a listing (spec 2 §7): its filters, sorted by price or newest first. */
export function listingItemsQueryOptions(kind: ListingKind, catalogTitle: string, state: ListingState) {
  const query = itemsQuery(state, listingSort(state));
  return infiniteQueryOptions({
    queryKey: listingKeys.items(kind, catalogTitle, canonicalListingQuery(kind, catalogTitle, state)),
    queryFn: ({ pageParam, signal }) => readListingPage(query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: ListingPage) => (last.items.length < LISTING_PAGE_SIZE ? undefined : last.offset + LISTING_PAGE_SIZE),
    // A listing is rebuilt from the address on every visit; no stale pages from before.
    staleTime: VISIT_READ_FRESH_MS,
    retry: false,
  });
}

/** A listing's pages with their cards flattened and the count of the first page. */
export function useListingItems(options: ReturnType<typeof listingItemsQueryOptions>) {
  const result = useInfiniteQuery(options);
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const total = result.data?.pages[0]?.total ?? null;
  return { ...result, items, total };
}
