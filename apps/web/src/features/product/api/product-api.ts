import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { ResponseCode } from '@ssd/shared/api';
import { REVIEWS_PAGE_SIZE, SUGGESTED_DEFAULT_LIMIT } from '@ssd/shared/constants';
import { contentItemSchema, type ContentItem } from '@ssd/shared/content';
import {
  ratingDataSchema,
  reviewsDataSchema,
  suggestedDataSchema,
  type ProductCard,
  type RatingData,
  type Review,
} from '@ssd/shared/storefront';
import { apiRequest } from '../../../lib/api-client';
import { contentGet } from '../../../lib/content-client';
import type { z } from '@ssd/shared/zod';

export const PRODUCT_FIELDS = '*,images.id,images.directus_files_id';

/** The error a failed envelope call carries: the server's message (spec 1 §8). */
export class EnvelopeError extends Error {
  readonly code: number;

  constructor(code: number, message: string) {
    super(message);
    this.name = 'EnvelopeError';
    this.code = code;
  }
}

/** Calls the product API and returns the parsed data, or throws the server's message. */
async function envelopeData<S extends z.ZodType>(
  path: string,
  schema: S,
  query: Record<string, number> | undefined,
  signal: AbortSignal,
): Promise<z.infer<S>> {
  const response = await apiRequest<unknown>('GET', path, undefined, { query, signal, ignoreLoginNeeded: true });
  if (response.code !== ResponseCode.SUCCESS) throw new EnvelopeError(response.code, response.message);
  const parsed = schema.safeParse(response.data);
  if (!parsed.success) throw new EnvelopeError(ResponseCode.FAILURE, 'Failed to connect to our server.');
  return parsed.data;
}

export const productQueryKey = (id: number) => ['product', id] as const;

/** The product (spec 2 §7): GET /content/items/items/{id}?fields=*,images.id,images.directus_files_id. */
export function useProduct(id: number | null) {
  return useQuery({
    queryKey: productQueryKey(id ?? 0),
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<ContentItem> => {
      const body = await contentGet<unknown>(`/content/items/items/${id}`, { fields: PRODUCT_FIELDS }, signal);
      const parsed = contentItemSchema.safeParse(body.data);
      if (!parsed.success) throw new Error('The product answer did not have the expected shape');
      return parsed.data;
    },
  });
}

/** GET /api/product/rating/{id}. */
export function useRating(id: number | null) {
  return useQuery({
    queryKey: ['product', id ?? 0, 'rating'],
    enabled: id !== null,
    queryFn: ({ signal }): Promise<RatingData> => envelopeData(`/api/product/rating/${id}`, ratingDataSchema, undefined, signal),
  });
}

/** GET /api/product/reviews/{id}?limit=5&offset=…: pages of 5, newest first; more while a page is full. */
export function useReviews(id: number | null) {
  return useInfiniteQuery({
    queryKey: ['product', id ?? 0, 'reviews'],
    enabled: id !== null,
    initialPageParam: 0,
    queryFn: ({ pageParam, signal }): Promise<Review[]> =>
      envelopeData(`/api/product/reviews/${id}`, reviewsDataSchema, { limit: REVIEWS_PAGE_SIZE, offset: pageParam }, signal),
    getNextPageParam: (lastPage, _pages, lastOffset) =>
      lastPage.length >= REVIEWS_PAGE_SIZE ? lastOffset + REVIEWS_PAGE_SIZE : undefined,
  });
}

/** GET /api/product/suggested?id&limit=10 ('You May Like'); the item itself is never among them. */
export function useSuggested(id: number | null) {
  return useQuery({
    queryKey: ['product', id ?? 0, 'suggested'],
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<ProductCard[]> => {
      const cards = await envelopeData('/api/product/suggested', suggestedDataSchema, { id: id ?? 0, limit: SUGGESTED_DEFAULT_LIMIT }, signal);
      return cards.filter((card) => card.id !== id);
    },
  });
}
