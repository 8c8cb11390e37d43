import { useQuery } from '@tanstack/react-query';
import { readItems } from '../../../lib/content-client';

/** Catalog titles for the filter sidebar: GET /content/items/catalogs?fields=title&sort=priority,title. */
export function useCatalogOptions(enabled = true) {
  return useQuery({
    queryKey: ['content', 'catalogs', 'titles'],
    queryFn: ({ signal }) => readItems<{ title: string }>('catalogs', { fields: 'title', sort: 'priority,title' }, signal),
    select: (rows) => rows.map((row) => row.title),
    enabled,
  });
}
