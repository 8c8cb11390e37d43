import { queryOptions, useQuery } from '@tanstack/react-query';
import type { TagCount } from '@ssd/shared/storefront';
import { apiRequest } from '../api-client';
import { productKeys } from './storefront-keys';

export const TAGS_PATH = '/api/product/tags';

/** GET /api/product/tags → [{title, count}], most used first. */
export async function getTags(signal?: AbortSignal): Promise<TagCount[]> {
  const { data } = await apiRequest<unknown>('GET', TAGS_PATH, undefined, { signal });
  return Array.isArray(data) ? (data as TagCount[]) : [];
}

export function tagsQueryOptions() {
  return queryOptions({ queryKey: productKeys.tags(), queryFn: ({ signal }) => getTags(signal) });
}

/** Popular tags (home and the search screen); `enabled` lets them load when they come into view. */
export function usePopularTags(enabled = true) {
  return useQuery({ ...tagsQueryOptions(), enabled });
}
