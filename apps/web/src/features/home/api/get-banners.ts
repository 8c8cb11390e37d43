import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContentBanner } from '@ssd/shared/content';
import { readItems } from '../../../lib/content-client';
import { homeKeys } from './keys';

/** GET /content/items/banners (all fields). */
export function bannersQueryOptions() {
  return queryOptions({
    queryKey: homeKeys.banners(),
    queryFn: ({ signal }) => readItems<ContentBanner>('banners', undefined, signal),
  });
}

export function useBanners() {
  return useQuery(bannersQueryOptions());
}
