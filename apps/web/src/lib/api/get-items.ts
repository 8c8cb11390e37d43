import { infiniteQueryOptions, useInfiniteQuery, type QueryKey } from '@tanstack/react-query';
import type { ContentFilter } from '@ssd/shared/content';
import { LISTING_PAGE_SIZE } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { CARD_FIELDS } from '../card-fields';
import { contentGet, type ContentQuery } from '../content-client';
import { parseTags, priceBound, type ItemFilters, type SortName } from '../listing-filters';

/**
 * The item reads of the listings and the search results (spec 2 §7) and the infinite scroll they
 * share (spec 2 §4, §9): pages of 10, offset +10, finished when a page comes back with fewer than
 * 10. Each feature names its pages with a key from src/lib/api/storefront-keys.ts (itemKeys.infinite).
 */

/** spec 2 §3: price, -price, anything else newest first (relevance behaves as newest first in listings). */
export function sortParam(sort: SortName): string {
  if (sort === 'price --low to high') return 'price';
  if (sort === 'price --high to low') return '-price';
  return '-created_on';
}

/** Search sorts by rank when the sort is relevance: no sort parameter at all. */
export function searchSortParam(sort: SortName): string | undefined {
  return sort === 'relevance' ? undefined : sortParam(sort);
}

/** The content filter of spec 2 §7, or null when nothing narrows the list. */
export function itemsFilter(filters: ItemFilters): ContentFilter | null {
  const conditions: ContentFilter[] = [];
  if (filters.catalogs.length > 0) conditions.push({ catalog: { _in: [...filters.catalogs] } });
  const shops = filters.shops.filter((shop) => shop.trim() !== '');
  if (shops.length > 0 && !shops.some((shop) => shop.toLowerCase() === 'all')) {
    const byShop = shops.map((shop): ContentFilter => ({ shop: { _icontains: shop } }));
    conditions.push(byShop.length === 1 ? byShop[0]! : { _or: byShop });
  }
  if (filters.inStock) conditions.push({ quantity: { _gt: 0 } });
  const tags = parseTags(filters.tags);
  if (tags.length > 0) conditions.push({ _or: tags.map((tag): ContentFilter => ({ tags: { _icontains: tag } })) });
  const min = priceBound(filters.min);
  if (min !== null) conditions.push({ price: { _gte: min } });
  const max = priceBound(filters.max);
  if (max !== null) conditions.push({ price: { _lte: max } });
  return conditions.length > 0 ? { _and: conditions } : null;
}

/** The query of one page, without limit and offset. */
export function itemsQuery(filters: ItemFilters, sort: string | undefined, extra: ContentQuery = {}): ContentQuery {
  const filter = itemsFilter(filters);
  return {
    fields: CARD_FIELDS,
    ...(filter ? { filter: JSON.stringify(filter) } : {}),
    ...(sort ? { sort } : {}),
    ...extra,
  };
}

export interface ItemsPage {
  items: ProductCard[];
  offset: number;
  /** meta.filter_count when asked for. */
  total: number | null;
}

/** GET /content/items/items: one page of cards. */
export async function getItemsPage(
  query: ContentQuery,
  offset: number,
  signal?: AbortSignal,
  pageSize = LISTING_PAGE_SIZE,
): Promise<ItemsPage> {
  const body = await contentGet<ProductCard[]>('/content/items/items', { ...query, limit: pageSize, offset }, signal);
  const count = body.meta?.filter_count;
  return { items: body.data, offset, total: typeof count === 'number' ? count : null };
}

/**
 * How long a listing's or a search's pages count as this visit's own. They are read afresh on every
 * visit, but not again at once: a server-rendered page's pages were read a moment before the app took
 * the page over (lib/server-reads.ts), and a shopper going back and forth within seconds sees no change.
 */
export const VISIT_READ_FRESH_MS = 10_000;

/** Infinite pages of items for a query, under `queryKey` (which must change when the query does). */
export function infiniteItemsQueryOptions(queryKey: QueryKey, query: ContentQuery, pageSize = LISTING_PAGE_SIZE) {
  return infiniteQueryOptions({
    queryKey,
    queryFn: ({ pageParam, signal }) => getItemsPage(query, pageParam, signal, pageSize),
    initialPageParam: 0,
    getNextPageParam: (last: ItemsPage) => (last.items.length < pageSize ? undefined : last.offset + pageSize),
    // A listing is rebuilt from the address on every visit; no stale pages from before.
    staleTime: VISIT_READ_FRESH_MS,
    retry: false,
  });
}

export type InfiniteItemsOptions = ReturnType<typeof infiniteItemsQueryOptions>;

/** The pages of `options` with their items flattened and the total of the first page. */
export function useInfiniteItems(options: InfiniteItemsOptions) {
  const result = useInfiniteQuery(options);
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const total = result.data?.pages[0]?.total ?? null;
  return { ...result, items, total };
}
