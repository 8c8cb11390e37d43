/**
 * The filters and sort of the item listings and the search results (spec 2 §3, §5): what the
 * filter sidebar edits, the chips show and the address keeps. The content query they become is
 * built in ./api/get-items.ts.
 */

export const SORT_OPTIONS = ['relevance', 'price --low to high', 'price --high to low', 'newest first'] as const;
export type SortName = (typeof SORT_OPTIONS)[number];

/** What the sidebar's sort choices and the 'Sorted by' chip say. */
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

/** A listing's whole state: its filters and its sort. */
export interface ListingState extends ItemFilters {
  sort: SortName;
}

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
