import type { OrderStatus } from './status';

/**
 * The orders' page sizes, rules and texts (spec 3 §2, §4, §8, §9), free of zod so that the orders
 * screens can import them without building the contracts (docs/decisions/0015, 0058). ./orders.ts, the
 * contracts, re-exports them.
 */

/** spec 3 §9: the API's own page size; the My Orders screen asks for 5, the chatbot for 10. */
export const ORDER_LIST_DEFAULT_LIMIT = 4;
export const ORDER_LIST_PAGE_SIZE = 5;
export const ORDER_LIST_MAX_LIMIT = 50;

/** Items of these statuses may be rated and reviewed (spec 3 §2 and §4). */
export const REVIEWABLE_STATUSES: readonly OrderStatus[] = ['confirmed', 'packed', 'shipped', 'delivered'];
export const isReviewable = (status: string): boolean => (REVIEWABLE_STATUSES as readonly string[]).includes(status);

/**
 * Orders that may have a support request (docs/decisions/0025): every status an order reaches only once
 * paid — the Support button's statuses (spec 3 §4) and the chatbot's confirmed-type ones (spec 1 §4).
 */
export const SUPPORTABLE_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
  'return_requested',
  'return_request_accepted',
  'return_accepted',
  'refund_done',
];
export const isSupportable = (status: string): boolean => (SUPPORTABLE_STATUSES as readonly string[]).includes(status);

/** Statuses whose order may be paid again (spec 3 §4 buttons; the server decides). */
export const RETRYABLE_STATUSES: readonly OrderStatus[] = ['failed', 'expired', 'cancelled'];

export const REVIEW_MAX_LENGTH = 2000;
export const SUPPORT_MESSAGE_MAX_LENGTH = 2000;

/**
 * The return policy's window (the Returns page): a Return/Exchange request within this many days of an
 * item's delivery puts the order's delivered items in return_requested (docs/decisions/0033).
 */
export const RETURN_WINDOW_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;
/** Whether an item delivered at `deliveredAt` may still be returned at `now`. */
export const isWithinReturnWindow = (deliveredAt: Date | string, now: Date): boolean =>
  now.getTime() - new Date(deliveredAt).getTime() <= RETURN_WINDOW_DAYS * DAY_MS;

/** Texts of spec 3 §2 and §8 for orders, reviews, support, reorder and retry. */
export const ORDERS_MESSAGES = {
  loginToContinue: 'Please login to continue.',
  noOrders: 'You have not placed any orders yet. Start shopping.',
  orderNotFound: "Sorry, we couldn't find any order matching the provided details.",
  reviewSaved: 'Thanks for your review!',
  reviewFailed: 'Failed to save review',
  ratingRange: 'Please select a rating between 1 and 5.',
  reviewNotAllowed: 'Only items that are confirmed, packed, shipped or delivered can be reviewed.',
  supportCreated: 'Support request created.',
  supportFailed: 'Failed to create support request.',
  supportLogin: 'Please login to contact support.',
  supportExists: 'A support request already exists for this order.',
  /** Ours: a request on an order that was never paid (pending, failed, expired, cancelled). */
  supportNotAllowed: 'Support requests can be raised once an order is confirmed.',
  describeIssue: 'Please describe your issue.',
  /** Ours: a Return/Exchange request before anything was delivered, or after the return window. */
  returnNotDelivered: 'A return can be requested once your order is delivered.',
  returnWindowClosed: `Returns can be requested within ${RETURN_WINDOW_DAYS} days from delivery.`,
  reorderLogin: 'Please login to reorder.',
  reorderFailed: 'Unable to reorder items.',
  retryNotPossible: 'Retry not possible',
  retryFailed: 'Unable to retry payment. Try from order details.',
} as const;
