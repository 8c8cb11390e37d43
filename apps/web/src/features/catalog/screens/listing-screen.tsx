import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { FilterSidebar } from '../../../components/listing/filter-sidebar';
import { ItemResults } from '../../../components/listing/item-results';
import { FiltersButton, LISTING_FAILURE_TEXT } from '../../../components/listing/listing-states';
import { useInfiniteItems } from '../../../lib/api/get-items';
import type { ListingState } from '../../../lib/listing-filters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { canonicalListingQuery, listingItemsQueryOptions } from '../api/get-listing-items';
import { filterChips, listingDefaults, parseListingQuery, type ListingKind } from '../filters';

const CHIP = 'rounded-full border border-maroon-200 bg-white px-3 py-1 text-xs font-medium text-ink';

/**
 * The catalog, fabrics and jewel listings (spec 2 §2). The address query holds the state, so a
 * reload or a shared link shows the same list; it is rewritten with replace after each load.
 */
export function ListingScreen({ kind, title, catalogTitle = '' }: { kind: ListingKind; title: string; catalogTitle?: string }) {
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const defaults = useMemo(() => listingDefaults(kind, catalogTitle), [kind, catalogTitle]);
  const paramsText = params.toString();
  const state = useMemo(() => parseListingQuery(new URLSearchParams(paramsText), defaults), [paramsText, defaults]);
  const canonical = canonicalListingQuery(kind, catalogTitle, state);

  const items = useInfiniteItems(listingItemsQueryOptions(kind, catalogTitle, state));

  // After each load the address shows the whole state (replace, not push).
  const loaded = items.isSuccess;
  useEffect(() => {
    if (loaded && paramsText !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [loaded, paramsText, canonical, setParams]);

  const apply = useCallback(
    (next: ListingState) => {
      setFiltersOpen(false);
      // Back to the first page of 10 (a fresh query); the same filters again reload it.
      void queryClient.resetQueries({ queryKey: listingItemsQueryOptions(kind, catalogTitle, next).queryKey });
      setParams(new URLSearchParams(canonicalListingQuery(kind, catalogTitle, next)), { replace: true });
    },
    [queryClient, setParams, kind, catalogTitle],
  );

  const { sortedBy, chips } = filterChips(state);

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <h1 className="font-serif text-3xl font-bold text-maroon-800">{title}</h1>
      <ul aria-label="Applied filters" className="mt-3 flex flex-wrap gap-2">
        <li className={`${CHIP} border-maroon-700 bg-maroon-50`}>Sorted by: {sortedBy}</li>
        {chips.map((chip) => (
          <li key={chip} className={CHIP}>
            {chip}
          </li>
        ))}
      </ul>
      <div className="mt-5">
        <ItemResults query={items} failureText={LISTING_FAILURE_TEXT} onOpenFilters={() => setFiltersOpen(true)} />
      </div>
      <FiltersButton onClick={() => setFiltersOpen(true)} expanded={filtersOpen} />
      <FilterSidebar
        open={filtersOpen}
        value={state}
        cleared={defaults}
        onApply={apply}
        onClose={() => setFiltersOpen(false)}
      />
    </div>
  );
}
