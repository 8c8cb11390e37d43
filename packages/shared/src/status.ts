/** Order and item status labels of spec 3 §4, and the payment labels. */

export const ORDER_STATUS_LABELS = {
  pending: 'pending',
  failed: 'Payment Failed',
  expired: 'expired',
  confirmed: 'confirmed',
  packed: 'packed',
  shipped: 'shipped',
  out_for_delivery: 'out for delivery',
  delivered: 'delivered',
  cancelled: 'cancelled',
  return_requested: 'Return requested',
  return_request_accepted: 'Return request accepted',
  return_accepted: 'Return accepted',
  refund_done: 'Returned and refunded',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUS_LABELS;
export const ORDER_STATUSES = Object.keys(ORDER_STATUS_LABELS) as [OrderStatus, ...OrderStatus[]];

/** Statuses the chatbot treats as 'confirmed orders' (spec 1 §4). */
export const CONFIRMED_TYPE_STATUSES: readonly OrderStatus[] = [
  'confirmed',
  'packed',
  'shipped',
  'out_for_delivery',
  'delivered',
];

export const PAYMENT_STATUSES = ['pending', 'success', 'failed'] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const PAYMENT_MODE_LABELS = { cod: 'Cash on delivery', online: 'Online' } as const;
export type PaymentMode = keyof typeof PAYMENT_MODE_LABELS;
export const PAYMENT_MODES = Object.keys(PAYMENT_MODE_LABELS) as [PaymentMode, ...PaymentMode[]];

/** An unknown status is shown as it came, rather than hidden. */
export function orderStatusLabel(status: string): string {
  return (ORDER_STATUS_LABELS as Record<string, string>)[status] ?? status;
}
