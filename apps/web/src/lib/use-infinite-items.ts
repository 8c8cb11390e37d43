import { useEffect, useRef } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { ContentFilter } from '@ssd/shared/content';
import { LISTING_PAGE_SIZE, INFINITE_SCROLL_MARGIN_PX } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { CARD_FIELDS } from './card-fields';
import { contentGet, type ContentQuery } from './content-client';

/**
 * The item reads of the listings, search and sale (spec 2 §7) and the infinite scroll they share
 * (spec 2 §4, §9): pages of 10, offset +10, finished when a page comes back with fewer than 10.
 */

export const SORT_OPTIONS = ['relevance', 'price --low to high', 'price --high to low', 'newest first'] as const;
export type SortName = (typeof SORT_OPTIONS)[number];

export const SORT_LABELS: Record<SortName, string> = {
  relevance: 'Relevance',
  'price --low to high': 'Price: low to high',
  'price --high to low': 'Price: high to low',
  'newest first': 'Newest first',
};

/** A sorted= value from the address (lower-cased sort name); anything unknown is relevance. */
export function parseSort(value: string | null | undefined): SortName {
  const lower = (value ?? '').trim().toLowerCase();
  return (SORT_OPTIONS as readonly string[]).includes(lower) ? (lower as SortName) : 'relevance';
}

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

export interface ItemFilters {
  catalogs: readonly string[];
  shops: readonly string[];
  inStock: boolean;
  /** As typed: a bound is used only when not empty and numeric. */
  min: string;
  max: string;
  /** As typed: comma separated. */
  tags: string;
}

export const NO_FILTERS: ItemFilters = { catalogs: [], shops: [], inStock: false, min: '', max: '', tags: '' };

/** spec 2 §5: a price bound counts only when it is not empty and numeric. */
export function priceBound(value: string): number | null {
  const text = value.trim();
  if (!text) return null;
  const number = Number(text);
  return Number.isFinite(number) ? number : null;
}

/** spec 2 §5: tags trimmed, blanks dropped. */
export function parseTags(value: string): string[] {
  return value
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
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

export async function fetchItemsPage(
  query: ContentQuery,
  offset: number,
  signal?: AbortSignal,
  pageSize = LISTING_PAGE_SIZE,
): Promise<ItemsPage> {
  const body = await contentGet<ProductCard[]>('/content/items/items', { ...query, limit: pageSize, offset }, signal);
  const count = body.meta?.filter_count;
  return { items: body.data, offset, total: typeof count === 'number' ? count : null };
}

/** Infinite pages of items for a query; the key must change when the query does. */
export function useInfiniteItems(key: readonly unknown[], query: ContentQuery, pageSize = LISTING_PAGE_SIZE) {
  const result = useInfiniteQuery({
    queryKey: ['content', 'items', 'infinite', ...key],
    queryFn: ({ pageParam, signal }) => fetchItemsPage(query, pageParam, signal, pageSize),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.items.length < pageSize ? undefined : last.offset + pageSize),
    // A listing is rebuilt from the address on every visit; no stale pages from before.
    staleTime: 0,
    retry: false,
  });
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  const total = result.data?.pages[0]?.total ?? null;
  return { ...result, items, total };
}

/**
 * Calls `onVisible` when the end marker comes within 25 px of the viewport (spec 2 §4). Returns
 * the ref for the marker. `resetKey` (the page count) observes afresh after each page, so a
 * marker still in view loads the next page too.
 */
export function useEndMarker(onVisible: () => void, enabled: boolean, resetKey: unknown = null) {
  const ref = useRef<HTMLDivElement | null>(null);
  const callback = useRef(onVisible);
  useEffect(() => {
    callback.current = onVisible;
  }, [onVisible]);
  useEffect(() => {
    const node = ref.current;
    if (!enabled || !node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) callback.current();
      },
      { rootMargin: `${INFINITE_SCROLL_MARGIN_PX}px` },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [enabled, resetKey]);
  return ref;
}
