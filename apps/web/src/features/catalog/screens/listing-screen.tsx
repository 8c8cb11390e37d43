import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { itemsQuery, sortParam, useInfiniteItems } from '../../../lib/use-infinite-items';
import { FilterSidebar } from '../components/filter-sidebar';
import { ItemResults } from '../components/item-results';
import { FiltersButton, LISTING_FAILURE_TEXT } from '../components/listing-states';
import { filterChips, listingDefaults, listingQuery, parseListingQuery, type ListingKind, type ListingState } from '../filters';

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
  const canonical = listingQuery(state, defaults).toString();

  const query = useMemo(() => itemsQuery(state, sortParam(state.sort)), [state]);
  const key = useMemo(() => ['listing', kind, catalogTitle, canonical] as const, [kind, catalogTitle, canonical]);
  const items = useInfiniteItems(key, query);

  // After each load the address shows the whole state (replace, not push).
  const loaded = items.isSuccess;
  useEffect(() => {
    if (loaded && paramsText !== canonical) setParams(new URLSearchParams(canonical), { replace: true });
  }, [loaded, paramsText, canonical, setParams]);

  const apply = useCallback(
    (next: ListingState) => {
      setFiltersOpen(false);
      const text = listingQuery(next, defaults).toString();
      // Back to the first page of 10 (a fresh query); the same filters again reload it.
      void queryClient.resetQueries({ queryKey: ['content', 'items', 'infinite', 'listing', kind, catalogTitle, text] });
      setParams(new URLSearchParams(text), { replace: true });
    },
    [defaults, queryClient, setParams, kind, catalogTitle],
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
