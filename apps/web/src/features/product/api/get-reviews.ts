import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { REVIEWS_PAGE_SIZE } from '@ssd/shared/constants';
import type { Review } from '@ssd/shared/storefront';
import { checkedGet } from './checked-get';
import { reviewsContract } from './contracts';
import { productPageKeys } from './keys';

/** GET /api/product/reviews/{id}?limit=5&offset=…: pages of 5, newest first; more while a page is full. */
export function reviewsQueryOptions(id: number) {
  return infiniteQueryOptions({
    queryKey: productPageKeys.reviews(id),
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<Review[]> =>
      checkedGet(`/api/product/reviews/${id}`, reviewsContract, { limit: REVIEWS_PAGE_SIZE, offset: pageParam }, signal),
    getNextPageParam: (lastPage: Review[], _pages: Review[][], lastOffset: number) =>
      lastPage.length >= REVIEWS_PAGE_SIZE ? lastOffset + REVIEWS_PAGE_SIZE : undefined,
  });
}

export function useReviews(id: number) {
  return useInfiniteQuery(reviewsQueryOptions(id));
}
