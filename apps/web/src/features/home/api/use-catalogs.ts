import { useQuery } from '@tanstack/react-query';
import type { ContentCatalog } from '@ssd/shared/content';
import { readItems } from '../../../lib/content-client';

/** A catalog (category) tile: the fields home asks for. */
export type CatalogTile = Pick<ContentCatalog, 'id' | 'title' | 'image'>;

export const catalogsQueryKey = ['content', 'catalogs', 'tiles'] as const;

/** GET /content/items/catalogs?sort=priority,title&fields=id,title,image */
export function useCatalogs() {
  return useQuery({
    queryKey: catalogsQueryKey,
    queryFn: ({ signal }) =>
      readItems<CatalogTile>('catalogs', { sort: 'priority,title', fields: 'id,title,image' }, signal),
  });
}
