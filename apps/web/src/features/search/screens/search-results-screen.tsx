import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { decodeBase64Url } from '@ssd/shared/base64';
import { SEARCH_PAGE_SIZE } from '@ssd/shared/constants';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { recordRecentSearch } from '../../../lib/recent-searches';
import { itemsQuery, NO_FILTERS, parseSort, searchSortParam, useInfiniteItems } from '../../../lib/use-infinite-items';
import { FilterSidebar, SEARCH_SECTIONS } from '../../catalog/components/filter-sidebar';
import { ItemResults } from '../../catalog/components/item-results';
import { FiltersButton, SEARCH_FAILURE_TEXT } from '../../catalog/components/listing-states';
import type { ListingState } from '../../catalog/filters';

const CLEARED: ListingState = { ...NO_FILTERS, sort: 'relevance' };

function splitList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** The address query of the results: for, sorted, catalog, shop. */
export function searchQueryParams(text: string, state: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('for', text);
  params.set('sorted', state.sort);
  if (state.catalogs.length > 0) params.set('catalog', state.catalogs.join(','));
  if (state.shops.length > 0) params.set('shop', state.shops.join(','));
  return params;
}

/** /search/{id}: id is the base64 of the text; invalid or empty goes back to /search. */
export function SearchResultsScreen() {
  const { id = '' } = useParams();
  const decoded = decodeBase64Url(id);
  const text = decoded?.trim() ?? '';
  if (!text) return <Navigate to="/search" replace />;
  return <SearchResults key={text} text={text} />;
}

function SearchResults({ text }: { text: string }) {
  useDocumentTitle(`Search: ${text}`);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);

  useEffect(() => {
    recordRecentSearch(text);
  }, [text]);

  const paramsText = params.toString();
  const state = useMemo<ListingState>(() => {
    const read = new URLSearchParams(paramsText);
    return {
      ...CLEARED,
      sort: parseSort(read.get('sorted')),
      catalogs: splitList(read.get('catalog')),
      shops: splitList(read.get('shop')).map((shop) => shop.toLowerCase()),
    };
  }, [paramsText]);
  const canonical = searchQueryParams(text, state).toString();

  const query = useMemo(
    () => itemsQuery(state, searchSortParam(state.sort), { search: text, meta: 'filter_count' }),
    [state, text],
  );
  const key = useMemo(() => ['search', canonical] as const, [canonical]);
  const items = useInfiniteItems(key, query, SEARCH_PAGE_SIZE);

  const loaded = items.isSuccess;
  useEffect(() => {
    if (loaded && paramsText !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [loaded, paramsText, canonical, setParams]);

  const apply = useCallback(
    (next: ListingState) => {
      setFiltersOpen(false);
      const nextText = searchQueryParams(text, next).toString();
      void queryClient.resetQueries({ queryKey: ['content', 'items', 'infinite', 'search', nextText] });
      setParams(new URLSearchParams(nextText), { replace: true });
    },
    [queryClient, setParams, text],
  );

  const total = items.total ?? items.items.length;
  const header = (
    <p role="status" className="mb-4 text-sm text-muted">
      Showing {items.items.length} of {total} result(s)
    </p>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="font-serif text-2xl font-bold text-maroon-800">Showing results for {text}</h1>
      <div className="mt-4">
        <ItemResults
          query={items}
          failureText={SEARCH_FAILURE_TEXT}
          onOpenFilters={() => setFiltersOpen(true)}
          header={header}
        />
      </div>
      <FiltersButton onClick={() => setFiltersOpen(true)} expanded={filtersOpen} />
      <FilterSidebar
        open={filtersOpen}
        value={state}
        cleared={CLEARED}
        onApply={apply}
        onClose={() => setFiltersOpen(false)}
        sections={SEARCH_SECTIONS}
      />
    </div>
  );
}
