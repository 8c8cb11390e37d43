import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useCatalogTitles } from '../../lib/api/get-catalog-titles';
import { itemsFilter } from '../../lib/api/get-items';
import { itemKeys } from '../../lib/api/storefront-keys';
import { readItems } from '../../lib/content-client';
import { NO_FILTERS } from '../../lib/listing-filters';

/**
 * Which of `titles` have at least one product in `shops`: one small read per catalog (fields id,
 * limit 1), in parallel. The catalogs table does not say which shop a catalog belongs to; the
 * products do, so a new catalog shows under its shop as soon as it has a product there.
 */
export function catalogsInShopsQueryOptions(titles: readonly string[], shops: readonly string[]) {
  return queryOptions({
    queryKey: [...itemKeys.all, 'catalogs-in-shops', [...shops].sort().join(','), titles.join(',')] as const,
    queryFn: async ({ signal }) => {
      const found = await Promise.all(
        titles.map(async (title) => {
          const filter = itemsFilter({ ...NO_FILTERS, catalogs: [title], shops });
          const rows = await readItems<{ id: number }>('items', { fields: 'id', limit: 1, filter: JSON.stringify(filter) }, signal);
          return rows.length > 0 ? title : null;
        }),
      );
      return found.filter((title): title is string => title !== null);
    },
  });
}

/** True when the shop list narrows the products (spec 2 §7: none, or 'all', means every shop). */
function narrowsShops(shops: readonly string[]): boolean {
  return itemsFilter({ ...NO_FILTERS, shops }) !== null;
}

/**
 * The catalogs the filter sidebar offers: those with products in the chosen shops (every catalog
 * when no shop is chosen), plus any already ticked, so it can be unticked. If the shop check
 * fails, every catalog is offered rather than none.
 */
export function useCatalogOptions(shops: readonly string[], ticked: readonly string[], enabled: boolean) {
  const catalogs = useCatalogTitles(enabled);
  const titles = catalogs.data ?? [];
  const narrowed = narrowsShops(shops);
  const inShops = useQuery({
    ...catalogsInShopsQueryOptions(titles, shops),
    enabled: enabled && narrowed && titles.length > 0,
    // Ticking another shop keeps the current list until the new one arrives.
    placeholderData: keepPreviousData,
  });
  const available = narrowed && inShops.data ? new Set(inShops.data) : null;
  const offered = available ? titles.filter((title) => available.has(title) || ticked.includes(title)) : titles;
  const pending = catalogs.isPending || (narrowed && inShops.isPending && titles.length > 0);
  return { titles: pending ? [] : offered, isPending: pending };
}
