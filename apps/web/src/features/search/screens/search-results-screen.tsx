import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useParams, useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useRenderedAddress } from '../../../lib/rendered-address';
import { FilterSidebar, SEARCH_SECTIONS } from '../../../components/listing/filter-sidebar';
import { ItemResults } from '../../../components/listing/item-results';
import { FiltersButton, SEARCH_FAILURE_TEXT } from '../../../components/listing/listing-states';
import { parseSort, type ListingState } from '../../../lib/listing-filters';
import { recordRecentSearch } from '../../../lib/recent-searches';
import { searchTextOf } from '@ssd/shared/search-path';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { CLEARED_SEARCH, searchQueryParams, searchResultsQueryOptions, useSearchResults } from '../api/get-search-results';
import { SearchBox } from '../components/search-box';
import { SearchedInstead } from '../components/searched-instead';
import { SearchZeroResults } from '../components/search-zero-results';

function splitList(value: string | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/**
 * /search/{id}: id is the base64 of the text; invalid or empty goes back to /search. The results
 * carry the search box with the text in it, so a shopper refines the search where they are.
 */
export function SearchResultsScreen() {
  const { id = '' } = useParams();
  const text = searchTextOf(id);
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
      ...CLEARED_SEARCH,
      sort: parseSort(read.get('sorted')),
      catalogs: splitList(read.get('catalog')),
      shops: splitList(read.get('shop')).map((shop) => shop.toLowerCase()),
    };
  }, [paramsText]);
  const canonical = searchQueryParams(text, state).toString();

  const items = useSearchResults(text, state);

  // A page the server rendered already starts at the canonical address (lib/rendered-address.ts).
  const loaded = items.isSuccess;
  useRenderedAddress(canonical, loaded);
  useEffect(() => {
    if (loaded && paramsText !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [loaded, paramsText, canonical, setParams]);

  const apply = useCallback(
    (next: ListingState) => {
      setFiltersOpen(false);
      // Back to the first page (a fresh query); the same filters again reload it.
      void queryClient.resetQueries({ queryKey: searchResultsQueryOptions(text, next).queryKey });
      setParams(searchQueryParams(text, next), { replace: true });
    },
    [queryClient, setParams, text],
  );

  const total = items.total ?? items.items.length;
  const noResults = items.isSuccess && items.items.length === 0;
  const header = (
    <>
      {items.searchedInstead ? <SearchedInstead typed={text} searched={items.searchedInstead} /> : null}
      <p role="status" className="mb-4 text-sm text-muted">
        Showing {items.items.length} of {total} result(s)
      </p>
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="heading-page">Showing results for {text}</h1>
      <div className="mt-4 max-w-2xl">
        {/* Keyed: a search for another text (a suggestion's link) starts the box anew with it. */}
        <SearchBox key={text} initialText={text} />
      </div>
      <div className="mt-6">
        {noResults ? (
          <>
            {header}
            <SearchZeroResults text={text} state={state} onOpenFilters={() => setFiltersOpen(true)} />
          </>
        ) : (
          <ItemResults
            query={items}
            failureText={SEARCH_FAILURE_TEXT}
            onOpenFilters={() => setFiltersOpen(true)}
            header={header}
          />
        )}
      </div>
      {/* No results: the help below has its own way to the filters; a floating button would cover its tags. */}
      {noResults ? null : <FiltersButton onClick={() => setFiltersOpen(true)} expanded={filtersOpen} />}
      <FilterSidebar
        open={filtersOpen}
        value={state}
        cleared={CLEARED_SEARCH}
        onApply={apply}
        onClose={() => setFiltersOpen(false)}
        sections={SEARCH_SECTIONS}
      />
    </div>
  );
}
