import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useRenderedAddress } from '../../../lib/rendered-address';
import { useQueryClient } from '@tanstack/react-query';
import { FilterChips } from '../../../components/listing/filter-chips';
import { FilterSidebar } from '../../../components/listing/filter-sidebar';
import { ItemResults } from '../../../components/listing/item-results';
import { FiltersButton, LISTING_FAILURE_TEXT } from '../../../components/listing/listing-states';
import { ResultCount } from '../../../components/listing/result-count';
import type { ListingState } from '../../../lib/listing-filters';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { canonicalListingQuery, listingItemsQueryOptions, useListingItems } from '../api/get-listing-items';
import { filterChips, listingDefaults, parseListingQuery, type ListingKind } from '../filters';

/**
 * The catalog, fabrics and jewel listings (spec 2 §2). The address query holds the state, so a
 * reload or a shared link shows the same list; it is rewritten with replace after each load.
 */
export function ListingScreen({
  kind,
  title,
  heading = title,
  catalogTitle = '',
}: {
  kind: ListingKind;
  /** The document title's name ('{title} | SSD', spec 2 §2). */
  title: string;
  /** The page's heading, when it differs from the title. */
  heading?: string;
  catalogTitle?: string;
}) {
  useDocumentTitle(title);
  const [params, setParams] = useSearchParams();
  const queryClient = useQueryClient();
  const [filtersOpen, setFiltersOpen] = useState(false);

  const defaults = useMemo(() => listingDefaults(kind, catalogTitle), [kind, catalogTitle]);
  const paramsText = params.toString();
  const state = useMemo(() => parseListingQuery(new URLSearchParams(paramsText), defaults), [paramsText, defaults]);
  const canonical = canonicalListingQuery(kind, catalogTitle, state);

  const items = useListingItems(listingItemsQueryOptions(kind, catalogTitle, state));

  // After each load the address shows the whole state (replace, not push). A page the server rendered
  // already starts at it (lib/rendered-address.ts), so its first load has nothing to rewrite.
  const loaded = items.isSuccess;
  useRenderedAddress(canonical, loaded);
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
      <h1 className="heading-page">{heading}</h1>
      <FilterChips
        sortedBy={sortedBy}
        chips={chips.map((chip) => chip.label)}
        onRemove={(index) => {
          const chip = chips[index];
          if (chip) apply(chip.without);
        }}
      />
      <div className="mt-5">
        <ItemResults
          query={items}
          failureText={LISTING_FAILURE_TEXT}
          onOpenFilters={() => setFiltersOpen(true)}
          header={<ResultCount total={items.total} />}
        />
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
