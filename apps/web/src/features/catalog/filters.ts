import { SHOPS } from '@ssd/shared/constants';
import { formatRupeeBound } from '@ssd/shared/money';
import { NO_FILTERS, parseSort, parseTags, priceBound, SORT_LABELS, type ListingState } from '../../lib/listing-filters';

/** The three listing screens of spec 2 §2. */
export type ListingKind = 'catalog' | 'fabrics' | 'jewel';

/**
 * Where a listing starts and what Clear returns to (spec 2 filter sidebar): sort relevance, no
 * filters; the catalog screen keeps its catalog and no shop, the store screens keep their shop
 * and no catalog.
 */
export function listingDefaults(kind: ListingKind, catalogTitle = ''): ListingState {
  return {
    ...NO_FILTERS,
    sort: 'relevance',
    catalogs: kind === 'catalog' && catalogTitle ? [catalogTitle] : [],
    shops: kind === 'catalog' ? [] : [kind],
  };
}

function splitList(value: string): string[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

/** Reads the address query (sorted, catalog, shop, availability, min, max, tags); what is absent comes from `defaults`. */
export function parseListingQuery(params: URLSearchParams, defaults: ListingState): ListingState {
  const catalog = params.get('catalog');
  const shop = params.get('shop');
  return {
    sort: params.has('sorted') ? parseSort(params.get('sorted')) : defaults.sort,
    catalogs: catalog === null ? defaults.catalogs : splitList(catalog),
    shops: shop === null ? defaults.shops : splitList(shop).map((entry) => entry.toLowerCase()),
    inStock: params.get('availability') === 'in_stock',
    min: params.get('min') ?? '',
    max: params.get('max') ?? '',
    tags: params.get('tags') ?? '',
  };
}

/** The address query of a state; lists are written when not empty or when they differ from the defaults. */
export function listingQuery(state: ListingState, defaults: ListingState): URLSearchParams {
  const params = new URLSearchParams();
  params.set('sorted', state.sort.toLowerCase());
  if (state.catalogs.length > 0 || defaults.catalogs.length > 0) params.set('catalog', state.catalogs.join(','));
  if (state.shops.length > 0 || defaults.shops.length > 0) params.set('shop', state.shops.join(','));
  if (state.inStock) params.set('availability', 'in_stock');
  if (state.min.trim()) params.set('min', state.min.trim());
  if (state.max.trim()) params.set('max', state.max.trim());
  const tags = parseTags(state.tags);
  if (tags.length > 0) params.set('tags', tags.join(','));
  return params;
}

export function shopTitle(value: string): string {
  return SHOPS.find((shop) => shop.value === value)?.title ?? value;
}

/** One applied filter above the grid: what it says, and the state once it is removed. */
export interface FilterChip {
  label: string;
  without: ListingState;
}

/** The chips above the grid: 'Sorted by' and one per active filter, each removable on its own. */
export function filterChips(state: ListingState): { sortedBy: string; chips: FilterChip[] } {
  const chips: FilterChip[] = [];
  const add = (label: string, patch: Partial<ListingState>) => chips.push({ label, without: { ...state, ...patch } });
  if (state.inStock) add('In Stock', { inStock: false });
  for (const catalog of state.catalogs) add(catalog, { catalogs: state.catalogs.filter((entry) => entry !== catalog) });
  for (const shop of state.shops) add(shopTitle(shop), { shops: state.shops.filter((entry) => entry !== shop) });
  const min = priceBound(state.min);
  const max = priceBound(state.max);
  if (min !== null) add(`Min ${formatRupeeBound(min)}`, { min: '' });
  if (max !== null) add(`Max ${formatRupeeBound(max)}`, { max: '' });
  const tags = parseTags(state.tags);
  for (const tag of tags) add(`Tag: ${tag}`, { tags: tags.filter((entry) => entry !== tag).join(',') });
  return { sortedBy: SORT_LABELS[state.sort], chips };
}
