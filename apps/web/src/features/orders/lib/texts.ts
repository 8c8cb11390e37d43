import { formatOrderDate, formatStoreTime } from '@ssd/shared/dates';
import type { ReorderResult } from '@ssd/shared/orders';

/** The orders screens' own words (the spec's messages are ORDERS_MESSAGES in @ssd/shared/orders). */
export const ORDERS_TEXT = {
  myOrders: 'My Orders',
  orderDetails: 'Order Details',
  shopNow: 'Shop Now',
  tryAgain: 'Try Again',
  refresh: 'Refresh',
  loadingOrders: 'Loading your orders',
  loadingOrder: 'Loading the order',
  reorder: 'Reorder',
  retryPayment: 'Retry Payment',
  support: 'Support',
  rateReview: 'Rate/Review',
  viewInvoice: 'View invoice',
  orderSupport: 'Order Support',
  previousRequests: 'Previous requests',
  noPreviousRequests: 'No previous requests for this order.',
  staffReply: 'Reply from SSD',
  supportPlaceholder: 'Please provide details that help us assist you quickly',
  submit: 'Submit',
  submitting: 'Submitting…',
  close: 'Close',
  saveReview: 'Submit review',
  savingReview: 'Saving…',
} as const;

/** 'Placed on Tue, 3rd Jan '25' (spec 3 §2, §9). */
export const placedOnText = (iso: string) => `Placed on ${formatOrderDate(iso)}`;

/** A support request's created time: "Tue, 3rd Jan '25, 4:05 pm", in India time like every date of the store. */
export function createdTimeText(iso: string): string {
  return `${formatOrderDate(iso)}, ${formatStoreTime(iso)}`;
}

const SKIP_REASONS: Record<ReorderResult['skipped'][number]['reason'], string> = {
  out_of_stock: 'out of stock',
  gone: 'no longer sold',
};

/** 'Added to cart: Silk Saree, Gold Jhumki.' */
export const reorderAddedText = (added: ReorderResult['added']) => `Added to cart: ${added.map((item) => item.title).join(', ')}.`;

/** 'Could not add: Kota Suit (out of stock), Old Bangle (no longer sold).' */
export const reorderSkippedText = (skipped: ReorderResult['skipped']) =>
  `Could not add: ${skipped.map((item) => `${item.title} (${SKIP_REASONS[item.reason]})`).join(', ')}.`;
