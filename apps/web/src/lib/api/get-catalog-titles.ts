import { queryOptions, useQuery } from '@tanstack/react-query';
import { readItems } from '../content-client';
import { catalogKeys } from './storefront-keys';

/** Catalog titles for the filter sidebar: GET /content/items/catalogs?fields=title&sort=priority,title. */
export function catalogTitlesQueryOptions() {
  return queryOptions({
    queryKey: catalogKeys.titles(),
    queryFn: ({ signal }) => readItems<{ title: string }>('catalogs', { fields: 'title', sort: 'priority,title' }, signal),
    select: (rows) => rows.map((row) => row.title),
  });
}

export function useCatalogTitles(enabled = true) {
  return useQuery({ ...catalogTitlesQueryOptions(), enabled });
}
