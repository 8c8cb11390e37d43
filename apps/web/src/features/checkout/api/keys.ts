import { userKeys } from '../../../lib/api/session-keys';

/*
 * Keys of the checkout's reads and mutations (docs/decisions/0022-web-data-layer.md). Under the user's
 * root, so the session drops them when it ends.
 */
export const checkoutKeys = {
  all: [...userKeys.all, 'checkout'] as const,
  /** GET /api/verify/order/payment/status/{id}: asks the provider and settles. */
  paymentVerification: (orderId: string) => [...checkoutKeys.all, 'payment-verification', orderId] as const,
  /** GET /api/verify/order/status/{id}: the order's status as the server knows it. */
  orderStatus: (orderId: string) => [...checkoutKeys.all, 'order-status', orderId] as const,
};

/** One checkout call of a kind at a time. */
export const checkoutMutationKeys = {
  reserve: [...checkoutKeys.all, 'reserve'] as const,
  reservationStatus: [...checkoutKeys.all, 'reservation-status'] as const,
  createOrder: [...checkoutKeys.all, 'create-order'] as const,
  retryOrder: [...checkoutKeys.all, 'retry-order'] as const,
  orderStatus: [...checkoutKeys.all, 'order-status'] as const,
  removeBought: [...checkoutKeys.all, 'remove-bought-from-cart'] as const,
};
