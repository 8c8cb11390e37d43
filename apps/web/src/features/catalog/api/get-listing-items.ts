import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ContentFilter } from '@ssd/shared/content';
import { LISTING_PAGE_SIZE } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { getItemsPage, itemsFilter, itemsQuery, sortParam } from '../../../lib/api/get-items';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { contentGet, type ContentQuery } from '../../../lib/content-client';
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

/*
 * In-stock items first under the default sort (docs/decisions/0042): the listing is read in two
 * parts, the in-stock items newest first, then the out-of-stock ones newest first. Under a price
 * or newest-first sort, or with In Stock ticked, it is one part, as the spec reads it.
 */
type ListingPart = 'all' | 'inStock' | 'outOfStock';

/** Where the next page starts: a part and the offset inside it. */
export interface ListingCursor {
  part: ListingPart;
  offset: number;
  /** In the in-stock part, once the first page counted them: how many products are out of stock. */
  outOfStock?: number;
}

export interface ListingPage {
  items: ProductCard[];
  /** Where the page after this one starts; undefined at the end of the listing. */
  next: ListingCursor | undefined;
  /** On the first page: how many products the whole listing has (meta.filter_count); else null. */
  total: number | null;
}

/** spec 2 §5: a quantity of 0 or less is out of stock (the column is never null). */
const OUT_OF_STOCK: ContentFilter = { quantity: { _lte: 0 } };

/** The read of each part of a listing: its content query without limit and offset. */
export interface ListingPlan {
  parts: readonly ListingPart[];
  query: (part: ListingPart) => ContentQuery;
}

export function listingPlan(state: ListingState): ListingPlan {
  const sort = sortParam(state.sort);
  const split = state.sort === 'relevance' && !state.inStock;
  return {
    parts: split ? ['inStock', 'outOfStock'] : ['all'],
    query: (part) => {
      if (part === 'inStock') return itemsQuery({ ...state, inStock: true }, sort);
      if (part === 'outOfStock') {
        const base = itemsFilter(state);
        const conditions = base && '_and' in base && Array.isArray(base._and) ? base._and : base ? [base] : [];
        return itemsQuery(state, sort, { filter: JSON.stringify({ _and: [...conditions, OUT_OF_STOCK] }) });
      }
      return itemsQuery(state, sort);
    },
  };
}

/** How many items a query matches, without reading any (limit 0, meta.filter_count). */
async function countItems(query: ContentQuery, signal: AbortSignal | undefined): Promise<number> {
  const body = await contentGet<unknown[]>('/content/items/items', { ...query, fields: 'id', limit: 0, meta: 'filter_count' }, signal);
  const count = body.meta?.filter_count;
  return typeof count === 'number' ? count : 0;
}

/**
 * One page of up to LISTING_PAGE_SIZE cards. The first page also counts the listing (and the
 * out-of-stock part, in parallel). An in-stock page that comes up short is filled from the
 * out-of-stock part, so the grid never shows an empty page while products remain.
 */
export async function readListingPage(plan: ListingPlan, cursor: ListingCursor, signal?: AbortSignal): Promise<ListingPage> {
  const pageSize = LISTING_PAGE_SIZE;
  const first = cursor.offset === 0 && cursor.part === plan.parts[0];
  const query = plan.query(cursor.part);
  const [page, outOfStockCount] = await Promise.all([
    getItemsPage(first ? { ...query, meta: 'filter_count' } : query, cursor.offset, signal, pageSize),
    first && cursor.part === 'inStock' ? countItems(plan.query('outOfStock'), signal) : Promise.resolve(null),
  ]);
  const total = first && page.total !== null ? page.total + (outOfStockCount ?? 0) : null;
  const outOfStock = outOfStockCount ?? cursor.outOfStock;
  if (page.items.length === pageSize) {
    return { items: page.items, next: { part: cursor.part, offset: cursor.offset + pageSize, outOfStock }, total };
  }
  if (cursor.part !== 'inStock' || outOfStock === 0) return { items: page.items, next: undefined, total };
  const wanted = pageSize - page.items.length;
  const rest = await getItemsPage(plan.query('outOfStock'), 0, signal, wanted);
  return {
    items: [...page.items, ...rest.items],
    next: rest.items.length === wanted ? { part: 'outOfStock', offset: wanted } : undefined,
    total,
  };
}

/** The item pages of a listing (spec 2 §7): its filters, sorted by price or newest first. */
export function listingItemsQueryOptions(kind: ListingKind, catalogTitle: string, state: ListingState) {
  const plan = listingPlan(state);
  return infiniteQueryOptions({
    queryKey: listingKeys.items(kind, catalogTitle, canonicalListingQuery(kind, catalogTitle, state)),
    queryFn: ({ pageParam, signal }) => readListingPage(plan, pageParam, signal),
    initialPageParam: { part: plan.parts[0]!, offset: 0 } as ListingCursor,
    getNextPageParam: (last: ListingPage) => last.next,
    // A listing is rebuilt from the address on every visit; no stale pages from before.
    staleTime: 0,
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
