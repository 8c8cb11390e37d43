import { infiniteItemsQueryOptions, itemsQuery, sortParam } from '../../../lib/api/get-items';
import { itemKeys } from '../../../lib/api/storefront-keys';
import type { ListingState } from '../../../lib/listing-filters';
import { listingDefaults, listingQuery, type ListingKind } from '../filters';

/** The pages of one listing, named by its kind, its catalog and its canonical address query. */
export const listingKeys = {
  items: (kind: ListingKind, catalogTitle: string, canonical: string) => itemKeys.infinite('listing', kind, catalogTitle, canonical),
};

/** The address query that names a listing's state (the same state always gives the same text). */
export function canonicalListingQuery(kind: ListingKind, catalogTitle: string, state: ListingState): string {
  return listingQuery(state, listingDefaults(kind, catalogTitle)).toString();
}

/** The item pages of a listing (spec 2 §7): its filters, sorted by price or newest first. */
export function listingItemsQueryOptions(kind: ListingKind, catalogTitle: string, state: ListingState) {
  return infiniteItemsQueryOptions(
    listingKeys.items(kind, catalogTitle, canonicalListingQuery(kind, catalogTitle, state)),
    itemsQuery(state, sortParam(state.sort)),
  );
}
