import { queryOptions, useQuery } from '@tanstack/react-query';
import type { RatingData } from '@ssd/shared/storefront';
import { apiRequest } from '../api-client';
import { networkError } from '../api-error';
import { productKeys } from './storefront-keys';

/** Checked by hand, not with zod (docs/decisions/0015): the badges read these two numbers. */
function isRating(data: unknown): data is RatingData {
  if (typeof data !== 'object' || data === null) return false;
  const { avg_rating, total } = data as Record<string, unknown>;
  return (avg_rating === null || typeof avg_rating === 'number') && typeof total === 'number';
}

/** GET /api/product/rating/{id} → {avg_rating, total}. Public: a -2 is not a reason to leave the page. */
export async function getRating(id: number, signal?: AbortSignal): Promise<RatingData> {
  const { data } = await apiRequest<unknown>('GET', `/api/product/rating/${id}`, undefined, { signal, ignoreLoginNeeded: true });
  if (!isRating(data)) throw networkError(200);
  return data;
}

/**
 * A product's rating summary: the product page's badge and the rating a trending card shows on
 * hover read the same entry. Ratings move slowly, and a failure falls back to the product's own.
 */
export function ratingQueryOptions(id: number) {
  return queryOptions({
    queryKey: productKeys.rating(id),
    queryFn: ({ signal }) => getRating(id, signal),
    staleTime: 5 * 60_000,
    retry: false,
  });
}

export function useRating(id: number) {
  return useQuery(ratingQueryOptions(id));
}
