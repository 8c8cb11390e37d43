import { SEARCH_PAGE_SIZE } from '@ssd/shared/constants';
import { infiniteItemsQueryOptions, itemsQuery, searchSortParam } from '../../../lib/api/get-items';
import { itemKeys } from '../../../lib/api/storefront-keys';
import { NO_FILTERS, type ListingState } from '../../../lib/listing-filters';

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

/** The item pages of a search (spec 2 §7): ranked unless sorted, with the number of matches. */
export function searchResultsQueryOptions(text: string, state: ListingState) {
  return infiniteItemsQueryOptions(
    searchKeys.results(searchQueryParams(text, state).toString()),
    itemsQuery(state, searchSortParam(state.sort), { search: text, meta: 'filter_count' }),
    SEARCH_PAGE_SIZE,
  );
}
