import { useQuery } from '@tanstack/react-query';
import { ResponseCode } from '@ssd/shared/api';
import type { RatingData, TagCount } from '@ssd/shared/storefront';
import { apiRequest } from '../../../lib/api-client';

export const TAGS_PATH = '/api/product/tags';

async function fetchTags(signal?: AbortSignal): Promise<TagCount[]> {
  const response = await apiRequest<unknown>('GET', TAGS_PATH, undefined, { signal });
  if (response.code !== ResponseCode.SUCCESS) throw new Error(response.message);
  return response.data as TagCount[];
}

/** Popular tags (GET /api/product/tags → [{title, count}], most used first); `enabled` lets them load lazily. */
export function usePopularTags(enabled = true) {
  return useQuery({ queryKey: ['product', 'tags'], queryFn: ({ signal }) => fetchTags(signal), enabled });
}

/** GET /api/product/rating/{id} → {avg_rating, total}; fetched when a card is hovered. */
export function useRating(id: number | null) {
  return useQuery({
    queryKey: ['product', 'rating', id],
    queryFn: async ({ signal }): Promise<RatingData> => {
      const response = await apiRequest<unknown>('GET', `/api/product/rating/${id}`, undefined, { signal });
      if (response.code !== ResponseCode.SUCCESS) throw new Error(response.message);
      return response.data as RatingData;
    },
    enabled: id !== null,
    staleTime: 5 * 60_000,
    retry: false,
  });
}
