import { EmptyPanel } from '../../../components/listing/listing-states';
import { ProductGridSkeleton } from '../../../components/product/product-grid';
import { PopularTags } from '../../../components/storefront/popular-tags';
import { itemsFilter } from '../../../lib/api/get-items';
import type { ListingState } from '../../../lib/listing-filters';
import { CLEARED_SEARCH, useSearchResults } from '../api/get-search-results';
import { DidYouMean } from './did-you-mean';
import { TrendingNow } from './trending-now';

/** How many Popular Tags the zero-results help offers: a handful to pick from, not the whole list. */
const SUGGESTED_TAGS = 12;

/**
 * A search that found nothing (spec 2 search results, issue 12 item 4). When filters narrow it
 * and the text alone finds something, the filters are the cause: the spec's 'Try adjusting your
 * filters' panel. Otherwise the text is: the help names the query, offers the corrected spelling
 * when the store knows one ("Did you mean ‘silk’?"), Popular Tags and Trending Now, so the shopper
 * has somewhere to go (docs/decisions/0043, 0044).
 */
export function SearchZeroResults({
  text,
  state,
  onOpenFilters,
}: {
  text: string;
  state: ListingState;
  onOpenFilters: () => void;
}) {
  if (itemsFilter(state) === null) return <NoMatchForText text={text} />;
  return <FilteredZeroResults text={text} onOpenFilters={onOpenFilters} />;
}

/** Filters are applied: ask whether the text alone finds anything before blaming them. */
function FilteredZeroResults({ text, onOpenFilters }: { text: string; onOpenFilters: () => void }) {
  // The unfiltered search's own query, so Clear in the drawer finds its first page cached.
  const unfiltered = useSearchResults(text, CLEARED_SEARCH);
  if (unfiltered.isPending) return <ProductGridSkeleton count={5} label="Checking the search without filters" />;
  // When the check fails we cannot tell; the spec's text is the safe answer.
  if (unfiltered.isError || unfiltered.items.length > 0) return <EmptyPanel onOpenFilters={onOpenFilters} />;
  return <NoMatchForText text={text} />;
}

/** Nothing matches the text itself: name it, offer the spelling the store knows, and tags and trending pieces instead. */
function NoMatchForText({ text }: { text: string }) {
  return (
    <div>
      <div className="rounded-2xl border border-maroon-100 bg-white px-4 py-8 text-center">
        <h2 className="heading-section break-words">No products found for ‘{text}’.</h2>
        <DidYouMean text={text} />
        <p className="mx-auto mt-2 max-w-xl text-ink">
          Check the spelling or try a shorter, more general word — or start from a popular tag or a trending piece below.
        </p>
      </div>
      <PopularTags limit={SUGGESTED_TAGS} />
      <TrendingNow />
    </div>
  );
}
