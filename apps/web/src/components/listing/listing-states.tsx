import { LoaderCircle, SlidersHorizontal } from 'lucide-react';
import { Button } from '../ui/button';

export const EMPTY_TEXT = 'No matching products found. Try adjusting your filters.';
/** spec 2 listings (typographic apostrophe). */
export const LISTING_FAILURE_TEXT =
  'We’re having trouble connecting to the server. Please check your internet connection and try again.';
/** spec 2 search results (straight apostrophe, as the spec writes it). */
export const SEARCH_FAILURE_TEXT =
  "We're having trouble connecting to the server. Please check your internet connection and try again.";

export function EmptyPanel({ onOpenFilters }: { onOpenFilters?: () => void }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-maroon-100 bg-white px-4 py-12 text-center">
      <p className="text-ink">{EMPTY_TEXT}</p>
      {onOpenFilters ? (
        <Button variant="secondary" onClick={onOpenFilters}>
          Open Filters
        </Button>
      ) : null}
    </div>
  );
}

export function FailurePanel({ text, onRetry, busy }: { text: string; onRetry: () => void; busy?: boolean }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-2xl border border-maroon-100 bg-white px-4 py-12 text-center">
      <p role="alert" className="max-w-md text-ink">
        {text}
      </p>
      <Button onClick={onRetry} disabled={busy}>
        Try Again
      </Button>
    </div>
  );
}

/** The small spinner of later pages. */
export function PageSpinner() {
  return (
    <div role="status" className="flex justify-center py-6">
      <LoaderCircle aria-hidden="true" className="size-6 animate-spin text-maroon-700" />
      <span className="sr-only">Loading more products</span>
    </div>
  );
}

export function FiltersButton({ onClick, expanded }: { onClick: () => void; expanded: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      className="fixed right-4 bottom-20 z-40 inline-flex items-center gap-2 rounded-full bg-maroon-700 px-5 py-3 text-sm font-semibold text-white shadow-lg hover:bg-maroon-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-maroon-700 md:bottom-6"
    >
      <SlidersHorizontal aria-hidden="true" className="size-4" />
      Filters
    </button>
  );
}
