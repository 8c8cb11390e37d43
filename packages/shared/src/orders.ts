import { z } from './zod';
import { customerDetailsSchema, orderIdSchema } from './checkout';
import { productIdSchema } from './input';
import { ORDER_STATUSES, PAYMENT_MODES, PAYMENT_STATUSES } from './status';
import { DEFAULT_SUPPORT_ISSUE_TYPE, SUPPORT_ISSUE_TYPES, SUPPORT_STATUSES } from './support';
import { ORDER_LIST_DEFAULT_LIMIT, ORDER_LIST_MAX_LIMIT, REVIEW_MAX_LENGTH, SUPPORT_MESSAGE_MAX_LENGTH } from './orders-messages';

export {
  ORDER_LIST_DEFAULT_LIMIT,
  ORDER_LIST_PAGE_SIZE,
  ORDER_LIST_MAX_LIMIT,
  REVIEWABLE_STATUSES,
  isReviewable,
  SUPPORTABLE_STATUSES,
  isSupportable,
  RETRYABLE_STATUSES,
  REVIEW_MAX_LENGTH,
  SUPPORT_MESSAGE_MAX_LENGTH,
  RETURN_WINDOW_DAYS,
  isWithinReturnWindow,
  ORDERS_MESSAGES,
} from './orders-messages';

/**
 * Contracts of the calls after the purchase (spec 3 §3 and §7): order history and details, the item
 * popup, reviews, support requests, reorder and retry. Prices are rupees with two decimals; dates are
 * ISO 8601 strings (the screens format them, e.g. "Tue, 3rd Jan '25").
 */


/** PostgreSQL refuses a NUL in text; free text with one is refused with a message instead of failing. */
const hasNoNul = (text: string): boolean => !text.includes('\u0000');


/** GET /api/order/list?limit=&skip= */
export const orderListQuerySchema = z.object({
  limit: z.coerce
    .number({ error: 'limit must be a whole number.' })
    .int({ error: 'limit must be a whole number.' })
    .min(1, { error: 'limit must be at least 1.' })
    .max(ORDER_LIST_MAX_LIMIT, { error: `limit must be at most ${ORDER_LIST_MAX_LIMIT}.` })
    .default(ORDER_LIST_DEFAULT_LIMIT),
  skip: z.coerce
    .number({ error: 'skip must be a whole number.' })
    .int({ error: 'skip must be a whole number.' })
    .min(0, { error: 'skip must be 0 or more.' })
    .max(1_000_000, { error: 'skip is too large.' })
    .default(0),
});

/** Order in history (spec 3 §3): only orders that are not pending and have a non-pending item, with only those items. */
export const orderInHistorySchema = z.object({
  order_id: z.string(),
  placed_on: z.iso.datetime(),
  order_status: z.enum(ORDER_STATUSES),
  items: z.array(
    z.object({
      /** The product, or null when it has since been deleted (the line keeps its own copy). */
      item_id: z.number().int().nullable(),
      item_status: z.enum(ORDER_STATUSES),
      image: z.string(),
      title: z.string(),
      item_title: z.string(),
    }),
  ),
});
export type OrderInHistory = z.infer<typeof orderInHistorySchema>;
export const orderListSchema = z.array(orderInHistorySchema);

/** Order item (spec 3 §3). */
export const orderItemSchema = z.object({
  item_id: z.number().int().nullable(),
  item_title: z.string(),
  item_image: z.string(),
  item_selling_price: z.number(),
  item_original_price: z.number(),
  quantity: z.number().int(),
  item_status: z.enum(ORDER_STATUSES),
  item_updated_at: z.iso.datetime(),
  /** Ours: the line's GST, so the details can show it as the checkout did. */
  applied_gst_rate: z.number(),
  gst_amount: z.number(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/**
 * Order in details (spec 3 §3), GET /api/order/details/{id}. order_amount_paid is 0 until the payment
 * succeeded. payable_amount, gst_split, customer_details and invoice_number are ours.
 */
export const orderDetailsSchema = z.object({
  order_id: z.string(),
  order_placed_on: z.iso.datetime(),
  order_status: z.enum(ORDER_STATUSES),
  original_price: z.number(),
  order_savings: z.number(),
  coupon_discount: z.number(),
  delivery_charge: z.number(),
  gst_total: z.number(),
  platform_fee: z.number(),
  order_total_sp: z.number(),
  payment_mode: z.enum(PAYMENT_MODES),
  payment_status: z.enum(PAYMENT_STATUSES),
  payment_id: z.string().nullable(),
  order_amount_paid: z.number(),
  payable_amount: z.number(),
  gst_split: z.object({ cgst: z.number(), sgst: z.number(), igst: z.number() }),
  customer_details: customerDetailsSchema,
  /** The GST invoice's number once the order is confirmed, else null. */
  invoice_number: z.string().nullable(),
  items: z.array(orderItemSchema),
});
export type OrderDetails = z.infer<typeof orderDetailsSchema>;

/** GET /api/order/item/details/{orderId}/{itemId}: order item detail (spec 3 §3). */
export const orderItemParamsSchema = z.object({ orderId: orderIdSchema, itemId: productIdSchema });
export const orderItemDetailSchema = z.object({
  order_id: z.string(),
  item_id: z.number().int(),
  curr_status: z.enum(ORDER_STATUSES),
  curr_updated_at: z.iso.datetime(),
  image: z.string(),
  item_title: z.string(),
  selling_price: z.number(),
  original_price: z.number(),
  quantity: z.number().int(),
});
export type OrderItemDetail = z.infer<typeof orderItemDetailSchema>;


/** POST /api/order/review (spec 3 §5): rating 1 to 5; review trimmed, null when empty. */
export const reviewRequestSchema = z.object({
  order_id: orderIdSchema,
  item_id: productIdSchema,
  rating: z
    .number({ error: 'Please select a rating between 1 and 5.' })
    .int({ error: 'Please select a rating between 1 and 5.' })
    .min(1, { error: 'Please select a rating between 1 and 5.' })
    .max(5, { error: 'Please select a rating between 1 and 5.' }),
  review: z
    .string()
    .max(REVIEW_MAX_LENGTH, { error: `A review can be at most ${REVIEW_MAX_LENGTH} characters.` })
    .refine(hasNoNul, { error: 'Your review contains a character that cannot be saved.' })
    .nullable()
    .optional()
    .transform((text) => (text == null || text.trim() === '' ? null : text.trim())),
});
export type ReviewRequest = z.input<typeof reviewRequestSchema>;

/** GET /api/order/review/{orderId}/{itemId}: the caller's own review of that item, or null. */
export const ownReviewSchema = z
  .object({ order_id: z.string().nullable(), item_id: z.number().int(), rating: z.number().int(), review: z.string().nullable() })
  .nullable();
export type OwnReview = z.infer<typeof ownReviewSchema>;



/** POST /api/order/support (spec 3 §5): message trimmed and not blank; one request per order. */
export const supportRequestSchema = z.object({
  order_id: orderIdSchema,
  issue_type: z.enum(SUPPORT_ISSUE_TYPES, { error: 'Please choose an issue type.' }).default(DEFAULT_SUPPORT_ISSUE_TYPE),
  message: z
    .string({ error: 'Please describe your issue.' })
    .transform((text) => text.trim())
    .pipe(
      z
        .string()
        .min(1, { error: 'Please describe your issue.' })
        .max(SUPPORT_MESSAGE_MAX_LENGTH, { error: `Please keep the description under ${SUPPORT_MESSAGE_MAX_LENGTH} characters.` })
        .refine(hasNoNul, { error: 'Your description contains a character that cannot be saved.' }),
    ),
});
export type SupportRequestInput = z.input<typeof supportRequestSchema>;
export const supportCreatedSchema = z.object({ id: z.number().int() });

/** GET /api/order/support/{id}: the order's requests, newest first (spec 3 §3 support request). */
export const supportRequestRecordSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  issue_type: z.enum(SUPPORT_ISSUE_TYPES),
  message: z.string(),
  status: z.enum(SUPPORT_STATUSES),
  created_at: z.iso.datetime(),
  /** Staff's answer (the admin console's support queue), null until they reply. */
  staff_reply: z.string().nullable(),
  replied_at: z.iso.datetime().nullable(),
});
export type SupportRequestRecord = z.infer<typeof supportRequestRecordSchema>;
export const supportRequestListSchema = z.array(supportRequestRecordSchema);

/** POST /api/cart/reorder {id}: what went into the cart, and what could not, with why. */
export const reorderRequestSchema = z.object({ id: orderIdSchema });
export const reorderResultSchema = z.object({
  added: z.array(z.object({ item_id: z.number().int(), title: z.string() })),
  skipped: z.array(z.object({ item_id: z.number().int().nullable(), title: z.string(), reason: z.enum(['gone', 'out_of_stock']) })),
});
export type ReorderResult = z.infer<typeof reorderResultSchema>;

/** POST /api/order/retry {id}: answers a created order (createdOrderSchema of ./checkout). */
export const retryRequestSchema = z.object({ id: orderIdSchema });

