import { and, eq } from 'drizzle-orm';
import { isReviewable, ORDERS_MESSAGES, type OwnReview } from '@ssd/shared/orders';
import type { Database } from '../../db/client';
import { itemReviews } from '../../db/schema';
import { fail } from '../../lib/envelope';
import { ownOrderLine } from './own-order';

export interface ReviewInput {
  order_id: string;
  item_id: number;
  rating: number;
  /** Already trimmed, null when empty (reviewRequestSchema). */
  review: string | null;
}

const reviewColumns = { order_id: itemReviews.order_id, item_id: itemReviews.item_id, rating: itemReviews.rating, review: itemReviews.review };

/**
 * POST /api/order/review: the buyer rates a product of their order once its line is confirmed, packed,
 * shipped or delivered. One review per shopper and product (unique index item_reviews_user_item_key):
 * a second call, from this order or another, replaces it. items.rating follows by trigger (migration 0004).
 */
export async function saveReview(db: Database, userId: string, input: ReviewInput, now: Date): Promise<NonNullable<OwnReview>> {
  const { line } = await ownOrderLine(db, userId, input.order_id, input.item_id);
  if (!isReviewable(line.item_status)) throw fail.unprocessable(ORDERS_MESSAGES.reviewNotAllowed);
  const [saved] = await db
    .insert(itemReviews)
    .values({ user_id: userId, item_id: input.item_id, order_id: input.order_id, rating: input.rating, review: input.review, created_at: now, updated_at: now })
    .onConflictDoUpdate({
      target: [itemReviews.user_id, itemReviews.item_id],
      set: { order_id: input.order_id, rating: input.rating, review: input.review, updated_at: now },
    })
    .returning(reviewColumns);
  if (!saved) throw new Error('the review upsert returned no row');
  return saved;
}

/**
 * GET /api/order/review/{orderId}/{itemId}: the caller's review of a product of their order (written
 * from any order, or seeded), or null, so the popup can prefill its form.
 */
export async function ownReview(db: Database, userId: string, orderId: string, itemId: number): Promise<OwnReview> {
  await ownOrderLine(db, userId, orderId, itemId);
  const [review] = await db
    .select(reviewColumns)
    .from(itemReviews)
    .where(and(eq(itemReviews.user_id, userId), eq(itemReviews.item_id, itemId)));
  return review ?? null;
}

