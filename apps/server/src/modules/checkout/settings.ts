import type { Fees } from '@ssd/shared/pricing';

/** The checkout's numbers that are configuration, not code (README: Configuration). */
export interface CheckoutSettings extends Fees {
  /** How long a reservation holds its units before the sweeper gives them back. */
  holdMs: number;
  /** How long a placed order waits for its payment; its stock stays held as long. */
  orderPaymentMs: number;
  /** The seller's state: GST is CGST + SGST for deliveries inside it, IGST otherwise. */
  sellerState: string;
}

/** ₹99 delivery, free from ₹1,499; ₹9 platform fee; holds of 10 minutes (docs/decisions/0020-gst-and-fees.md). */
export const DEFAULT_CHECKOUT_SETTINGS: CheckoutSettings = {
  deliveryChargePaise: 9_900,
  freeDeliveryFromPaise: 149_900,
  platformFeePaise: 900,
  holdMs: 10 * 60_000,
  orderPaymentMs: 15 * 60_000,
  sellerState: 'Karnataka',
};
