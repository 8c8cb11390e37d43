/*
 * What the payment verification screen makes of an order's status (docs/decisions/0024): paid (any
 * status an order reaches only after its payment), not paid (failed, expired, cancelled: the order
 * ended without a payment that counts), or still waiting (pending).
 */
export type VerifyOutcome = 'confirmed' | 'unpaid' | 'pending';

const UNPAID = new Set(['failed', 'expired', 'cancelled']);

export function verifyOutcome(status: string): VerifyOutcome {
  if (status === 'pending') return 'pending';
  return UNPAID.has(status) ? 'unpaid' : 'confirmed';
}

/** The order details screen of one order (spec 3 §2, /orders/details/{id+}). */
export const orderDetailsPath = (orderId: string) => `/orders/details/${encodeURIComponent(orderId)}`;
