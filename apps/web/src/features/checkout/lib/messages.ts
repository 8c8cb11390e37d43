/** The checkout's texts of spec 3 §2 and §8 (Toasts and messages: Payment, Checkout statuses). */
export const CHECKOUT_TEXT = {
  reservationCancelled: 'Reservation cancelled',
  orderCancelled: 'Order cancelled',
  orderExpired: 'Order expired',
  paymentSdkNotReady: 'Payment SDK not ready. Please refresh.',
  paymentOpenFailed: 'Failed to make payment. Please try again later.',
  paymentFailed: 'Payment failed.',
  paymentCancelled: 'Payment cancelled.',
  noItemsHeading: 'No Items in Your Order',
  noItemsText: 'Your order list is empty',
  /** Ours: the spec names no failure of the reservation call; the server's message follows it. */
  reserveFailedHeading: 'We could not hold your items',
  /** spec 3 §8 (Reorder and retry). */
  retryNotPossible: 'Retry not possible',
  retryFailed: 'Unable to retry payment. Try from order details.',
  retrying: 'Getting your order ready for payment…',
} as const;

/** 'Your reservation expires in 9m 5s' (spec 3 §2 step 1). */
export const reservationCountdownText = (countdown: string) => `Your reservation expires in ${countdown}`;

/** The order-expiry countdown of step 2; the spec shows none of its words, so it reads like step 1's. */
export const orderCountdownText = (countdown: string) => `Your order expires in ${countdown}`;
