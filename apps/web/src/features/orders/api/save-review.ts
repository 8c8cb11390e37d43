import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { reviewRequestSchema } from '@ssd/shared/orders';
import type { z } from '@ssd/shared/zod';
import { apiRequest } from '../../../lib/api-client';
import { productKeys } from '../../../lib/api/storefront-keys';
import { orderKeys, orderMutationKeys } from './keys';

export const SAVE_REVIEW_PATH = '/api/order/review';

/** What is sent: the rating 1 to 5, the review trimmed or null (spec 3 §5), as reviewRequestSchema leaves it. */
export type ReviewToSave = z.output<typeof reviewRequestSchema>;

/** POST /api/order/review {order_id, item_id, rating, review}: saves (or replaces) the shopper's review of the item. */
export async function saveReview(review: ReviewToSave): Promise<void> {
  await apiRequest<unknown>('POST', SAVE_REVIEW_PATH, review);
}

/**
 * After a save, the shopper's own review is read again, and so is everything read about the product
 * (its rating badge, its reviews, trending cards' ratings): they all live under the shared
 * `productKeys.item(id)` prefix, so the product feature's keys need not be known here.
 */
export function useSaveReview(orderId: string, itemId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationKey: orderMutationKeys.review(orderId, itemId),
    mutationFn: saveReview,
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: orderKeys.ownReview(orderId, itemId) }),
        client.invalidateQueries({ queryKey: productKeys.item(itemId) }),
      ]),
  });
}
