import { infiniteQueryOptions, useInfiniteQuery, type QueryClient } from '@tanstack/react-query';
import { SEARCH_PAGE_SIZE } from '@ssd/shared/constants';
import type { ProductCard } from '@ssd/shared/storefront';
import { itemsQuery, searchSortParam, VISIT_READ_FRESH_MS, type ItemsPage } from '../../../lib/api/get-items';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { contentGet, type ContentQuery } from '../../../lib/content-client';
import { NO_FILTERS, type ListingState } from '../../../lib/listing-filters';
import { suggestionKeys, usableSuggestion } from './get-spelling-suggestion';

/** Search results start unfiltered, by relevance; Clear in the drawer returns here. */
export const CLEARED_SEARCH: ListingState = { ...NO_FILTERS, sort: 'relevance' };

/** The address query of the results: for, sorted, catalog, shop. */
export function searchQueryParams(text: string, state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('for', text);
  params.set('sorted', state.sort);
  if (state.catalogs.length > 0) params.set('catalog', state.catalogs.join(','));
  if (state.shops.length > 0) params.set('shop', state.shops.join(','));
  return params;
}

/** The pages of one search, named by its canonical address query. */
export const searchKeys = {
  results: (canonical: string) => itemKeys.infinite('search', canonical),
};

/** One page of results. `suggestion` (first page only): the spelling the server searched instead, or null. */
export interface SearchPage extends ItemsPage {
  suggestion: string | null;
}

/**
 * GET /content/items/items for one page. The first page also asks `meta=suggestion`
 * (docs/decisions/0050): the server answers a spelling only when the text as typed matched nothing
 * (its typo fallback ran), so a search that matches as typed pays nothing for it. The answer also
 * fills the "Did you mean" read of the zero-results help, which then needs no read of its own.
 */
async function getSearchPage(client: QueryClient, text: string, query: ContentQuery, offset: number, signal: AbortSignal): Promise<SearchPage> {
  const first = offset === 0;
  const meta = first ? 'filter_count,suggestion' : 'filter_count';
  const body = await contentGet<ProductCard[]>('/content/items/items', { ...query, meta, limit: SEARCH_PAGE_SIZE, offset }, signal);
  const count = body.meta?.filter_count;
  const answered = first && body.meta !== undefined && 'suggestion' in body.meta;
  const raw = answered && typeof body.meta?.suggestion === 'string' ? body.meta.suggestion : null;
  if (answered) client.setQueryData(suggestionKeys.of(text), raw);
  return { items: body.data, offset, total: typeof count === 'number' ? count : null, suggestion: usableSuggestion(raw, text) };
}

/** The item pages of a search (spec 2 §7): ranked unless sorted, with the number of matches. */
export function searchResultsQueryOptions(text: string, state: ListingState) {
  const query = itemsQuery(state, searchSortParam(state.sort), { search: text });
  return infiniteQueryOptions({
    queryKey: searchKeys.results(searchQueryParams(text, state).toString()),
    queryFn: ({ pageParam, signal, client }) => getSearchPage(client, text, query, pageParam, signal),
    initialPageParam: 0,
    getNextPageParam: (last: SearchPage) => (last.items.length < SEARCH_PAGE_SIZE ? undefined : last.offset + SEARCH_PAGE_SIZE),
    // Rebuilt from the address on every visit, as the listings are (lib/api/get-items.ts).
    staleTime: VISIT_READ_FRESH_MS,
    retry: false,
  });
}

/**
 * A search's pages with their items flattened, the first page's total, and `searchedInstead`: the
 * spelling whose results these are when the text as typed matched nothing, else null.
 */
export function useSearchResults(text: string, state: ListingState) {
  const result = useInfiniteQuery(searchResultsQueryOptions(text, state));
  const first = result.data?.pages[0];
  const items = result.data?.pages.flatMap((page) => page.items) ?? [];
  return { ...result, items, total: first?.total ?? null, searchedInstead: items.length > 0 ? (first?.suggestion ?? null) : null };
}
