import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentCatalog } from '@ssd/shared/content';
import { readItems } from '../../../lib/content-client';
import { homeKeys } from './keys';

/** GET /content/items/catalogs?sort=priority,title&fields=id,title,image */
export function catalogTilesQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.catalogTiles(),
    queryFn: ({ signal }) =>
      readItems<Pick<ContentCatalog, 'id' | 'title' | 'image'>>('catalogs', { sort: 'priority,title', fields: 'id,title,image' }, signal),
  });
}

export function useCatalogTiles() {
  return useQuery(catalogTilesQueryOptions());
}
